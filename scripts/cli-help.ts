// The help of the suite's command and of each subcommand, written from the rows of scripts/commands.ts and the
// variables of suite/runner/settings.ts: what it does, its options, its variables with their defaults, its exit
// codes and an example. Nothing here is a second list.
import { VARIABLES, type Variable } from '../suite/runner/settings.js';
import { CONFORMANCE_PROJECTS } from '../suite/runner/projects.js';
import type { OptionSpec } from '../contracts/command-line.js';
import { COMMAND, COMMANDS, COMMON_OPTIONS, type CommandSpec } from './commands.js';
import { optionsOf, spelling } from './cli-options.js';
import { TAGS } from './gate/tags.js';

const WIDTH = 100;

/** `text` in lines of at most WIDTH characters, each after `indent` spaces (the first after `first` characters). */
function wrap(text: string, indent: number, first = indent): string {
  const lines: string[] = [];
  let line = '';
  let room = WIDTH - first;
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
      room = WIDTH - indent;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** Two columns: a term padded to `col`, then its text wrapped under itself. */
function rows(pairs: ReadonlyArray<readonly [string, string]>, col: number): string[] {
  return pairs.map(([term, text]) => {
    const head = `  ${term}`;
    return head.length >= col ? `${head}\n${' '.repeat(col)}${wrap(text, col)}` : `${head.padEnd(col)}${wrap(text, col)}`;
  });
}

/** An option's meaning, then where else it may come from and what it is when absent, as the code reads them. */
function optionText(o: OptionSpec): string {
  const more = [...(o.env ? [`or ${o.env}`] : []), ...(o.default !== undefined ? [`default: ${o.default}`] : [])];
  return more.length ? `${o.meaning} (${more.join('; ')})` : o.meaning;
}

function optionRows(options: readonly OptionSpec[]): string[] {
  return rows(
    options.map((o) => [spelling(o), optionText(o)] as const),
    30,
  );
}

/** A variable's default as the help says it: "required …" and "unset: …" say it themselves. */
const defaultText = (text: string) => (/^(required|unset)\b/.test(text) ? text : `default: ${text}`);

function variableRows(spec: CommandSpec): string[] {
  const chosen: Variable[] = spec.variables === 'settings' ? [...VARIABLES] : VARIABLES.filter((v) => spec.variables.includes(v.name));
  return rows(
    chosen.map((v) => {
      const own = spec.defaults?.[v.name];
      const unset = spec.required?.includes(v.name)
        ? `required by ${spec.name}`
        : (spec.unsetMeans?.[v.name] ?? (own !== undefined ? `default: ${own} here; elsewhere ${v.default}` : defaultText(v.default)));
      return [v.name, `${v.meaning} (${unset})`] as const;
    }),
    22,
  );
}

/** The help of the command itself. */
export function commandHelp(version: string): string {
  return [
    `${COMMAND} ${version}: the conformance suite of the Payment Transfer Service`,
    '',
    `Usage: ${COMMAND} <command> [options]`,
    '       npm run <command> -- [options]           (in a clone)',
    '',
    'Commands:',
    ...rows(
      COMMANDS.map((c) => [c.name, c.summary] as const),
      22,
    ),
    '',
    'Options:',
    ...optionRows(COMMON_OPTIONS),
    '',
    wrap(`${COMMAND} <command> --help: what it does, its options, variables, exit codes and an example.`, 0),
    wrap(`Areas: ${CONFORMANCE_PROJECTS.join(', ')}. Tags: ${TAGS.join(', ')}.`, 0),
    'Exit codes: those of the command; 2 for an unknown command or option.',
    '',
    `Example: ${COMMAND} conformance --project=status`,
    '',
  ].join('\n');
}

/** The help of one subcommand. */
export function subcommandHelp(spec: CommandSpec): string {
  const variables = variableRows(spec);
  return [
    `Usage: ${COMMAND} ${spec.name} ${spec.usage}`,
    `       npm run ${spec.name} -- ...   (in a clone)`,
    '',
    wrap(spec.description, 0),
    '',
    'Options:',
    ...optionRows(optionsOf(spec)),
    ...(spec.playwright ? ['', wrap(`Areas (--project): ${CONFORMANCE_PROJECTS.join(', ')}. Tags (--grep): ${TAGS.join(', ')}.`, 0)] : []),
    ...(variables.length ? ['', 'Variables (from the environment, or from --settings where the environment does not set them):', ...variables] : []),
    '',
    'Exit codes:',
    ...rows(
      spec.exitCodes.map(([code, meaning]) => [String(code), meaning] as const),
      6,
    ),
    '',
    `Example: ${COMMAND} ${spec.example}`,
    '',
  ].join('\n');
}
