// A command's options as data: the one table its command line is parsed by (node:util's parseArgs) and its help is
// written from (scripts/cli-help.ts), so that the two cannot say different things. The suite's subcommands declare
// theirs in scripts/commands.ts, the reference provider its own in mock/cli-options.ts.
import type { ParseArgsConfig } from 'node:util';

/** An option: `value` names its argument (a string option), none for a switch. */
export interface OptionSpec {
  name: string;
  short?: string;
  value?: string;
  /** What its value must be, checked before anything runs: a whole number (`count`), also a share (`workers`: 50%), `I/N`. */
  valueForm?: 'count' | 'workers' | 'shard';
  /** May be given more than once (`--project a --project b`), or take several values (Playwright's --project). */
  multiple?: true;
  meaning: string;
  /** The value the command uses when the option is absent; the command reads it from here (optionDefault). */
  default?: string;
  /** An environment variable the option may be given in instead; the option wins. */
  env?: string;
  /** Its name in earlier versions: that spelling is refused with one line naming this one. */
  formerly?: string;
}

/** The parseArgs configuration of `options`. */
export function parseConfig(options: readonly OptionSpec[]): NonNullable<ParseArgsConfig['options']> {
  return Object.fromEntries(
    options.map((o) => [
      o.name,
      { type: o.value ? ('string' as const) : ('boolean' as const), ...(o.short ? { short: o.short } : {}), multiple: !!o.multiple },
    ]),
  );
}

/** The default of the option `name` of `options`: a programming error when the table gives none. */
export function optionDefault(options: readonly OptionSpec[], name: string): string {
  const value = options.find((o) => o.name === name)?.default;
  if (value === undefined) throw new Error(`option --${name} declares no default`);
  return value;
}
