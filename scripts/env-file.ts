// `--env-file FILE`: settings kept in one file, in Node's own format (`KEY=value` lines, # comments, quotes),
// read by Node's own parser (util.parseEnv). As with `node --env-file`, the environment wins: a variable the
// environment already sets (even to nothing) keeps its value, and of several files the last one names a variable.
// The values land in process.env before anything reads it, so they are checked, used and redacted (the leak scan's
// secretsFor, the evidence's redaction) exactly as the environment's are.
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { ArgsError } from './args.js';

/** The variables of the files (the last file wins), or an ArgsError naming the file that cannot be read. */
export function readEnvFiles(paths: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      throw new ArgsError(`--env-file ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    Object.assign(values, parseEnv(text));
  }
  return values;
}

/** Sets in `env` the files' variables it does not set itself; returns the names it set. */
export function applyEnvFiles(paths: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const set: string[] = [];
  for (const [name, value] of Object.entries(readEnvFiles(paths))) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    set.push(name);
  }
  return set;
}
