// The page-header findings warn by default: a provider whose payment page sends no COOP and sets a cookie without a
// prefix passes the checks of the page's COOP and cookie prefix under the default profile, and summary.json lists both warnings with
// their rules. A child run of those two checks against the embedded provider with the two faults.
import { expect, test } from '@playwright/test';
import type { Summary } from '../../reporting/summary-model.js';
import { readSummary, runSuite, tempReportsDir, type SuiteRun } from './support.js';

let run: SuiteRun;
let summary: Summary;

test.beforeAll(async () => {
  const dir = tempReportsDir();
  run = await runSuite({
    projects: ['payment-page'],
    grep: 'carries Cross-Origin-Opener-Policy|are named __Host-',
    dir,
    env: { PTS_FAULTS: 'page-no-coop,page-cookie-unprefixed' },
  });
  summary = readSummary(dir);
});

test.afterAll(() => run?.cleanup());

test('no COOP and an unprefixed cookie are warnings under the default profile: the check passes, summary.json lists them', () => {
  expect(run.code, `${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`).toBe(0);
  expect(summary.totals.failed).toBe(0);
  expect(summary.rules['PRO-SEC-PAGE-COOP']?.status).toBe('warned');
  const warnings = summary.warnings ?? [];
  expect(warnings.find((w) => w.rule === 'PRO-SEC-PAGE-COOP')?.text).toMatch(/Cross-Origin-Opener-Policy \(none\)/);
  expect(warnings.find((w) => w.rule === 'PRO-SEC-PAGE-COOKIE-PREFIX')?.text).toMatch(/pts_session \(no prefix\)/);
  expect(
    warnings.every((w) => ['PRO-SEC-PAGE-COOP', 'PRO-SEC-PAGE-COOKIE-PREFIX'].includes(w.rule)),
    JSON.stringify(warnings),
  ).toBe(true);
});
