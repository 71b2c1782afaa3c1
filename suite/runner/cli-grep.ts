// The run's --grep and --grep-invert, read from the runner's command line. Playwright applies them to the
// projects a run selects, but runs a teardown project whole (its tests are not filtered); the whole-run project,
// the teardown of every area, takes them as its own `grep` so that `--grep @documented` still judges documented
// rules only and a slice of an area (`-g amount`) brings no other checks along.

interface CliGrep {
  grep?: RegExp;
  grepInvert?: RegExp;
}

/** A pattern as Playwright reads it from its command line: `/source/flags`, or a case-insensitive expression. */
function asRegExp(pattern: string): RegExp {
  const literal = /^\/(.*)\/([gi]*)$/.exec(pattern);
  return literal ? new RegExp(literal[1]!, literal[2]!.replace('g', '')) : new RegExp(pattern, 'i');
}

/** The last value of an option in its spellings (`-g x`, `-gx`, `--grep x`, `--grep=x`). */
function optionValue(args: readonly string[], short: string, long: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (a === short || a === long) value = args[++i];
    else if (a.startsWith(`${long}=`)) value = a.slice(long.length + 1);
    else if (a.startsWith(short) && !a.startsWith('--') && a.length > short.length) value = a.slice(short.length);
  }
  return value;
}

/** The grep options of a `playwright test` command line (the runner's process.argv). */
export function cliGrep(args: readonly string[] = process.argv.slice(2)): CliGrep {
  const grep = optionValue(args, '-g', '--grep');
  const grepInvert = optionValue(args, '-G', '--grep-invert');
  return { ...(grep !== undefined ? { grep: asRegExp(grep) } : {}), ...(grepInvert !== undefined ? { grepInvert: asRegExp(grepInvert) } : {}) };
}
