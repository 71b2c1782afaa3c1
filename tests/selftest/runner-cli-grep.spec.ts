// The run's --grep and --grep-invert as the whole-run teardown takes them, and its --project as global setup reads
// it to decide whether the run needs its one browser (suite/runner/cli-grep.ts, shared-browser.ts): every spelling
// Playwright's command line accepts, read as Playwright reads it.
import { test, expect } from '@playwright/test';
import { cliGrep, cliProjects } from '../../suite/runner/cli-grep.js';
import { browserSelected } from '../../suite/runner/shared-browser.js';

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

test('the projects a command line selects, in every spelling; none named selects all', () => {
  expect(cliProjects(['test', '--project=invoice', '--project=payment-page', '-g', 'x'])).toEqual(['invoice', 'payment-page']);
  expect(cliProjects(['test', '--project', 'invoice', 'status', '--workers=1'])).toEqual(['invoice', 'status']);
  expect(cliProjects(['test', '-g', 'amount'])).toEqual([]);
  expect(cliProjects(['test', '--', '--project=invoice'])).toEqual([]);
});

test('the run starts its one browser only when a selected project drives one', () => {
  expect(browserSelected([]), 'no project named: every project, the browser areas among them').toBe(true);
  expect(browserSelected(['invoice', 'account2card', 'status', 'upload', 'whole-run'])).toBe(false);
  expect(browserSelected(['selftest']), 'the offline self-tests open no page').toBe(false);
  expect(browserSelected(['invoice', 'payment-page'])).toBe(true);
  expect(browserSelected(['provider']), "the reference provider's tests open pages").toBe(true);
  expect(browserSelected(['*page*']), 'a pattern, as Playwright reads it').toBe(true);
  expect(browserSelected(['INVOICE', 'acc*']), 'patterns of API areas only').toBe(false);
});
