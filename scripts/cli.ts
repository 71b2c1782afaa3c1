// The suite's command: `payment-transfer-conformance <command> [options]` (package.json "bin"; the npm scripts of
// the same names run it too). It reads the command line against the subcommand's row of scripts/commands.ts
// (help, version, unknown options: exit 2 with one line), applies --settings, places the reports in the current
// folder, and runs the subcommand's script in this process.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, REPORTS_DIR_ENV } from '../reporting/reports-dir.js';
import { VARIABLES } from '../suite/runner/settings.js';
import { ArgsError } from './args.js';
import { commandHelp, subcommandHelp } from './cli-help.js';
import { readCommandLine } from './cli-options.js';
import { COMMAND, COMMANDS, commandNamed } from './commands.js';
import { applySettingsFiles } from './settings-file.js';
import { didYouMean } from '../contracts/nearest-name.js';

const EXIT_SETUP = 2;
const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function complain(where: string, message: string): number {
  console.error(`${where}: ${message}`);
  return EXIT_SETUP;
}

/** Runs the subcommand; undefined when its script ran (it sets process.exitCode itself). */
async function main(argv: readonly string[]): Promise<number | undefined> {
  // `--settings FILE` may come before the command too (`… --settings ci.env conformance`).
  const before: string[] = [];
  let at = 0;
  while (argv[at] === '--settings' || argv[at]?.startsWith('--settings=')) {
    const n = argv[at] === '--settings' ? 2 : 1;
    before.push(...argv.slice(at, at + n));
    at += n;
  }
  const [name, ...after] = argv.slice(at);
  const args = [...after, ...before];
  const commands = COMMANDS.map((c) => c.name).join(', ');
  if (name === '--help' || name === '-h') {
    process.stdout.write(commandHelp(VERSION));
    return 0;
  }
  if (name === '--version' || name === '-V') {
    console.log(VERSION);
    return 0;
  }
  if (name === undefined) return complain(COMMAND, `no command given; the commands are ${commands} (see ${COMMAND} --help)`);
  const spec = commandNamed(name);
  if (spec === undefined)
    return complain(
      COMMAND,
      `no command named '${name}'${
        didYouMean(
          name,
          COMMANDS.map((c) => c.name),
        ) || `; the commands are ${commands}`
      } (see ${COMMAND} --help)`,
    );
  let line;
  try {
    line = readCommandLine(spec, args);
  } catch (e) {
    if (e instanceof ArgsError) return complain(spec.name, e.message);
    throw e;
  }
  if (line.version) {
    console.log(VERSION);
    return 0;
  }
  if (line.help) {
    process.stdout.write(subcommandHelp(spec));
    return 0;
  }
  const script = join(REPO_ROOT, spec.script);
  try {
    applySettingsFiles(line.settingsFiles);
  } catch (e) {
    if (e instanceof ArgsError) return complain(spec.name, e.message);
    throw e;
  }
  // Reports go where the user is (under `npm run`, the repository's root, as before): one absolute folder that
  // the runs in child processes, started in the package's folder, agree on.
  process.env[REPORTS_DIR_ENV] = resolve(process.env[REPORTS_DIR_ENV]?.trim() || 'reports');
  // So do the files the settings name: the runs read them from the package's folder, not the user's.
  for (const v of VARIABLES) {
    const value = v.file ? process.env[v.name]?.trim() : undefined;
    if (value) process.env[v.name] = resolve(value);
  }
  process.argv = [process.argv[0]!, script, ...line.rest];
  await import(pathToFileURL(script).href);
  return undefined;
}

const code = await main(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
