// The scripts' command lines, parsed by node:util's parseArgs. A script that hands the rest of its
// arguments to Playwright (the gate, certification) takes its own options out and passes the others on
// in their order; Playwright's `--project` (which takes several names) is read the same way.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A command line its script cannot use: exit code 2 with this one line. */
export class ArgsError extends Error {
  override name = 'ArgsError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * The script's own options (strictly: an unknown option or a missing value is an ArgsError) and its
 * positionals. For scripts that pass nothing on.
 */
export function scriptArgs<O extends Options>(args: readonly string[], options: O) {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: true });
  } catch (e) {
    throw new ArgsError((e as Error).message);
  }
}

/** The script's own string options, and every other argument, in order, for Playwright. */
export function ownOptions<N extends string>(args: readonly string[], names: readonly N[]): { values: Partial<Record<N, string>>; rest: string[] } {
  const options = Object.fromEntries(names.map((n) => [n, { type: 'string' as const }]));
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const values: Partial<Record<N, string>> = {};
  const taken = new Set<number>();
  for (const t of tokens) {
    if (t.kind !== 'option' || !names.includes(t.name as N)) continue;
    if (t.value === undefined) throw new ArgsError(`--${t.name} needs a value`);
    values[t.name as N] = t.value;
    taken.add(t.index);
    if (!t.inlineValue) taken.add(t.index + 1);
  }
  return { values, rest: args.filter((_, i) => !taken.has(i)) };
}

/** The values of Playwright's `--project=X` and `--project X [Y …]` in args, or undefined when there is none. */
export function projectArgs(args: readonly string[]): string[] | undefined {
  const { tokens } = parseArgs({
    args: [...args],
    options: { project: { type: 'string', multiple: true } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const names: string[] = [];
  let seen = false;
  let after = false; // positionals right after --project X are more project names
  for (const t of tokens) {
    if (t.kind === 'option' && t.name === 'project') {
      seen = true;
      if (t.value !== undefined) names.push(t.value);
      after = true;
    } else if (t.kind === 'positional' && after) names.push(t.value);
    else after = false;
  }
  return seen ? names : undefined;
}

/** scriptArgs, or the script's one-line complaint and exit code 2. */
export function scriptArgsOrExit<O extends Options>(script: string, args: readonly string[], options: O) {
  try {
    return scriptArgs(args, options);
  } catch (e) {
    console.error(`${script}: ${(e as Error).message}`);
    process.exit(2);
  }
}

/** A comma-separated option as a list (`--faults a,b`). */
export function listValue(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A positive whole number option (`--workers 4`), or the script's one-line complaint and exit code 2. */
export function countValue(script: string, name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (Number.isInteger(n) && n > 0) return n;
  console.error(`${script}: ${name} ${value} is not a positive whole number`);
  process.exit(2);
}
