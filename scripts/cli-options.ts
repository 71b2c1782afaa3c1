// A subcommand's command line, checked against its row of scripts/commands.ts before its script runs: an
// option it does not take, a missing value or a stray operand is a setup problem (exit 2, one line naming the
// options it takes, and the nearest to a mistyped one). The command's own options (--settings, --help, --version)
// are taken out; the rest go to the script in their order, which reads its own and passes Playwright's on.
import { parseArgs } from 'node:util';
import { parseConfig, type OptionSpec } from '../contracts/command-line.js';
import { didYouMean } from '../contracts/nearest-name.js';
import { ArgsError } from './args.js';
import { COMMON_OPTIONS, PLAYWRIGHT_OPTIONS, type CommandSpec } from './commands.js';

interface CommandLine {
  help: boolean;
  version: boolean;
  settingsFiles: string[];
  /** The arguments for the script, without the command's own. */
  rest: string[];
}

/** Every option the subcommand takes. */
export function optionsOf(spec: CommandSpec): OptionSpec[] {
  const taken = spec.playwright;
  const playwright = taken === undefined ? [] : taken === true ? PLAYWRIGHT_OPTIONS : PLAYWRIGHT_OPTIONS.filter((o) => taken.includes(o.name));
  return [...spec.options, ...playwright, ...COMMON_OPTIONS];
}

/** The option a token like `--name` or `--name=value` spells in its former name, if any. */
function formerSpelling(options: readonly OptionSpec[], arg: string): OptionSpec | undefined {
  return options.find((o) => o.formerly !== undefined && (arg === `--${o.formerly}` || arg.startsWith(`--${o.formerly}=`)));
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
  const options = optionsOf(spec);
  const names = options.map((o) => `--${o.name}`);
  for (const arg of args) {
    const renamed = formerSpelling(options, arg);
    if (renamed) throw new ArgsError(`--${renamed.formerly} is now --${renamed.name} (see ${spec.name} --help)`);
  }
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: parseConfig(options), strict: true, allowPositionals: true, tokens: true });
  } catch (e) {
    const m = (e as Error).message.split('\n')[0]!.replace(/\. To specify a positional.*$/, '');
    const unknown = /^Unknown option '(--?[^']+)'/.exec(m)?.[1];
    const near = unknown?.startsWith('--') ? didYouMean(unknown, names) : '';
    throw new ArgsError(`${m}${near || `; ${spec.name} takes ${names.join(', ')}`} (see ${spec.name} --help)`);
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
      afterProject = t.name === 'project' && spec.playwright !== undefined;
      if (t.name === 'settings' || t.name === 'help' || t.name === 'version') {
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
  if (!spec.playwright && !help && !version) {
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
    settingsFiles: (values.settings as string[] | undefined) ?? [],
    rest: args.filter((_, i) => !taken.has(i)),
  };
}
