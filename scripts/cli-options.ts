// A subcommand's command line, checked against its row of scripts/commands.ts before its script runs: an
// option it does not take, a missing value or a stray operand is a setup problem (exit 2, one line naming the
// options it takes). The command's own options (--env-file, --help, --version) are taken out; the rest go to
// the script in their order, which reads its own and passes Playwright's on.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ArgsError } from './args.js';
import { COMMON_OPTIONS, PLAYWRIGHT_OPTIONS, type CommandSpec, type OptionSpec } from './commands.js';

export interface CommandLine {
  help: boolean;
  version: boolean;
  envFiles: string[];
  /** The arguments for the script, without the command's own. */
  rest: string[];
}

/** Every option the subcommand takes. */
export function optionsOf(spec: CommandSpec): OptionSpec[] {
  return [...spec.options, ...(spec.playwright ? PLAYWRIGHT_OPTIONS : []), ...COMMON_OPTIONS];
}

function parseConfig(options: readonly OptionSpec[]): NonNullable<ParseArgsConfig['options']> {
  return Object.fromEntries(
    options.map((o) => [
      o.name,
      { type: o.value ? ('string' as const) : ('boolean' as const), ...(o.short ? { short: o.short } : {}), multiple: !!o.multiple },
    ]),
  );
}

/** What is wrong with an option's value, or undefined when it has the form the option takes. */
function badValue(form: NonNullable<OptionSpec['valueForm']>, value: string): string | undefined {
  if (form === 'shard') {
    const m = /^(\d+)\/(\d+)$/.exec(value);
    return m && Number(m[1]) >= 1 && Number(m[1]) <= Number(m[2]) ? undefined : 'not a shard I/N with 1 <= I <= N';
  }
  if (form === 'workers' && /^\d+%$/.test(value) && Number(value.slice(0, -1)) > 0) return undefined;
  if (/^\d+$/.test(value) && (form !== 'workers' || Number(value) > 0)) return undefined;
  return form === 'workers' ? 'not a positive whole number or a share such as 50%' : 'not a whole number';
}

/** `--name`, or `-s, --name`, with its value. */
export function spelling(o: OptionSpec): string {
  return `${o.short ? `-${o.short}, ` : ''}--${o.name}${o.value ? ` ${o.value}` : ''}`;
}

/** The command's own options out of `args`; an ArgsError for anything the subcommand does not take. */
export function readCommandLine(spec: CommandSpec, args: readonly string[]): CommandLine {
  // A script that prints its own help reads its own options too (the reference provider's are in mock/cli.ts).
  const options = spec.ownHelp ? COMMON_OPTIONS : optionsOf(spec);
  const names = options.map((o) => `--${o.name}`).join(', ');
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: parseConfig(options), strict: !spec.ownHelp, allowPositionals: true, tokens: true });
  } catch (e) {
    const m = (e as Error).message.split('\n')[0]!.replace(/\. To specify a positional.*$/, '');
    throw new ArgsError(`${m}; ${spec.name} takes ${names} (see ${spec.name} --help)`);
  }
  for (const t of parsed.tokens) {
    if (t.kind !== 'option' || t.value === undefined) continue;
    const option = options.find((o) => o.name === t.name);
    const bad = option?.valueForm && badValue(option.valueForm, t.value);
    if (bad) throw new ArgsError(`--${t.name} ${JSON.stringify(t.value)}: ${bad} (see ${spec.name} --help)`);
  }
  const taken = new Set<number>();
  let afterProject = false; // Playwright's --project takes the names that follow it
  const operands: string[] = [];
  for (const t of parsed.tokens) {
    if (t.kind === 'option') {
      afterProject = t.name === 'project' && spec.playwright === true;
      if (t.name === 'env-file' || t.name === 'help' || t.name === 'version') {
        taken.add(t.index);
        if (t.value !== undefined && !t.inlineValue) taken.add(t.index + 1);
      }
    } else if (t.kind === 'positional') {
      if (!afterProject) operands.push(t.value);
    } else afterProject = false;
  }
  const values = parsed.values as Record<string, unknown>;
  const help = values.help === true;
  const version = values.version === true;
  if (!spec.ownHelp && !spec.playwright && !help && !version) {
    const { min, max } = spec.operands ?? { min: 0, max: 0 };
    if (operands.length < min || (max !== undefined && operands.length > max))
      throw new ArgsError(
        max === 0
          ? `${spec.name} takes no operand (got ${operands.map((o) => `'${o}'`).join(' ')}); see ${spec.name} --help`
          : `${spec.name} takes ${min === max ? min : `${min} or more`} operand(s), got ${operands.length}: ${spec.name} ${spec.usage}`,
      );
  }
  return {
    help,
    version,
    envFiles: (values['env-file'] as string[] | undefined) ?? [],
    rest: args.filter((_, i) => !taken.has(i)),
  };
}
