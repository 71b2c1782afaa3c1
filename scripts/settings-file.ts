// `--settings FILE`: settings kept in one file, in the format .env files and CI variables use (`KEY=value` lines,
// # comments, quotes), read by Node's own parser (util.parseEnv). As with `node --env-file`, the environment wins: a
// variable the environment already sets (even to nothing) keeps its value, and of several files the last one names a
// variable. The values land in process.env before anything reads it, so they are checked, used and redacted (the
// leak scan's secretsFor, the evidence's redaction) exactly as the environment's are. A name one letter or two away
// from a variable of the suite is a typo that would otherwise be ignored in silence: it is refused, with the name meant.
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { nearestName } from '../contracts/nearest-name.js';
import { MOCK_OPTIONS } from '../mock/cli-options.js';
import { VARIABLES } from '../suite/runner/settings.js';
import { ArgsError } from './args.js';

/** Every variable the suite and its reference provider read. */
const KNOWN = [...VARIABLES.map((v) => v.name), ...MOCK_OPTIONS.flatMap((o) => (o.env ? [o.env] : []))];

/** The variables of the files (the last file wins), or an ArgsError naming the file that cannot be read or a mistyped name. */
function readSettingsFiles(paths: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      throw new ArgsError(`--settings ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    const read = parseEnv(text);
    for (const name of Object.keys(read)) {
      const meant = KNOWN.includes(name) ? undefined : nearestName(name, KNOWN);
      if (meant !== undefined) throw new ArgsError(`--settings ${path}: ${name} is not a variable of the suite; did you mean ${meant}?`);
    }
    Object.assign(values, read);
  }
  return values;
}

/** Sets in `env` the files' variables it does not set itself; returns the names it set. */
export function applySettingsFiles(paths: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const set: string[] = [];
  for (const [name, value] of Object.entries(readSettingsFiles(paths))) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    set.push(name);
  }
  return set;
}
