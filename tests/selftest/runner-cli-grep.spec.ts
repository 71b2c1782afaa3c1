// The run's --grep and --grep-invert as the whole-run teardown takes them (suite/runner/cli-grep.ts): every
// spelling Playwright's command line accepts, read as Playwright reads it.
import { test, expect } from '@playwright/test';
import { cliGrep } from '../../suite/runner/cli-grep.js';

test('every spelling of --grep and --grep-invert, the last one winning', () => {
  for (const args of [['-g', '@documented'], ['-g@documented'], ['--grep', '@documented'], ['--grep=@documented'], ['-g', 'x', '--grep=@documented']])
    expect(cliGrep(['test', '--project=invoice', ...args]).grep?.source, args.join(' ')).toBe('@documented');
  expect(cliGrep(['test', '-G', '@profile']).grepInvert?.source).toBe('@profile');
  expect(cliGrep(['test', '--grep-invert=@profile'])).toEqual({ grepInvert: /@profile/i });
  expect(cliGrep(['test', '--project=invoice'])).toEqual({});
});

test('a pattern is case-insensitive unless written /source/flags, as Playwright reads it', () => {
  expect(cliGrep(['-g', 'AMOUNT']).grep!.test('amount min')).toBe(true);
  expect(cliGrep(['-g', '/AMOUNT/']).grep!.test('amount min')).toBe(false);
  const literal = cliGrep(['-g', '/amount/gi']).grep!;
  expect([literal.test('amount'), literal.test('amount')], 'no global flag: the same answer every time').toEqual([true, true]);
});
