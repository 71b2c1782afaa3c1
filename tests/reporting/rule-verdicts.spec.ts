// Verdicts per rule from what failed, end to end: a slice of the invoice project against the embedded provider
// with one fault that breaks only DOC-PAY-CREATED_AT. Exactly that rule fails; the other rules the failing
// checks declare are not proven (unless another check passed them); summary.json, requirements.* and
// job-summary.md say so; and Playwright's HTML report, opened from disk, links each check to its sections.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import type { Summary } from '../../reporting/summary-model.js';
import type { Traceability } from '../../reporting/requirements-report.js';
import { readRequirements, readSummary, runSuite, tempReportsDir, type SuiteRun } from './support.js';

const FAULT = 'created-at-millis';
const BROKEN = 'DOC-PAY-CREATED_AT';
/**
 * The two checks the fault fails (the schema check declares more rules than it fails), two that pass rules the schema
 * check also declares, and the one that judges the classes of the transaction's echo. Each failing check costs the
 * child run a new worker, which the rest of the project would add nothing to here.
 */
const SLICE = [
  'every invoice success body matches the documented schema',
  'created_at has the shape',
  'every deeplink key is',
  'credentials are either',
  'the invoice response echoes the request transaction',
];

let run: SuiteRun;
let summary: Summary;
let trace: Traceability;

test.beforeAll(async () => {
  run = await runSuite({ projects: ['invoice'], grep: SLICE.join('|'), dir: tempReportsDir('pts-verdicts-'), env: { PTS_FAULTS: FAULT } });
  expect(run.code, `the run fails on the fault:\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-2000)}`).toBe(1);
  summary = readSummary(run.dir);
  expect(summary.checks, 'the whole slice ran').toHaveLength(SLICE.length);
  trace = readRequirements(run.dir);
});

test.afterAll(() => run?.cleanup());

test(`one fault of ${BROKEN}: exactly that rule fails, the failing checks' other rules are not proven`, () => {
  const failing = summary.checks.filter((c) => c.status === 'failed');
  expect(failing.length, 'more than one check trips over the fault').toBeGreaterThan(1);
  for (const c of failing) expect(c.failedRule, c.id).toBe(BROKEN);
  expect(summary.suiteErrors).toEqual([]);

  const status = new Map(trace.rules.map((r) => [r.id, r]));
  expect(trace.rules.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual([BROKEN]);
  expect(status.get(BROKEN)!.failedBy!.sort()).toEqual(failing.map((c) => c.id).sort());

  const passedBy = (id: string) => summary.checks.some((c) => c.rules.includes(id) && (c.status === 'passed' || c.status === 'flaky'));
  const coDeclared = [...new Set(failing.flatMap((c) => c.rules))].filter((id) => id !== BROKEN);
  const notProven = coDeclared.filter((id) => !passedBy(id));
  expect(notProven.length, 'the schema check declares rules no other check of the project proves').toBeGreaterThan(0);
  for (const id of coDeclared) {
    const row = status.get(id)!;
    if (passedBy(id)) expect(row.status, `${id} is passed by another check`).toBe('passed');
    else {
      expect(row.status, id).toBe('not proven');
      expect(row.notProvenBy, id).toEqual(failing.filter((c) => c.rules.includes(id)).map((c) => ({ check: c.id, failedRule: BROKEN })));
    }
  }
  // Nothing else changed status: every other rule is passed, not run or untestable.
  expect(
    trace.rules
      .filter((r) => r.status === 'not proven')
      .map((r) => r.id)
      .sort(),
  ).toEqual(notProven.sort());
  expect(Object.fromEntries(Object.entries(summary.rules).map(([id, r]) => [id, r.status]))).toEqual(
    Object.fromEntries(trace.rules.map((r) => [r.id, r.status])),
  );
});

test('requirements.md says why, links every section into spec/, and job-summary.md lists the failed rule', () => {
  const md = readFileSync(join(run.dir, 'requirements.md'), 'utf8');
  const schemaCheck = summary.checks.find((c) => c.status === 'failed' && c.rules.length > 1)!;
  const row = (id: string) => md.split('\n').find((l) => l.startsWith(`| ${id} |`)) ?? '';
  expect(row(BROKEN)).toMatch(/\| failed \|/);
  expect(row(BROKEN)).toContain(`failed in ${schemaCheck.id}`);
  const unproven = trace.rules.find((r) => r.status === 'not proven')!;
  expect(row(unproven.id)).toContain(`| not proven |`);
  expect(row(unproven.id)).toContain(`not proven: ${schemaCheck.id} failed on ${BROKEN}`);
  expect(row(BROKEN)).toContain('](spec/payment-transfer-service.html#payment-object)');
  expect(md).toMatch(/passed \d+ · failed 1 · warned \d+ · not proven \d+ · not judged 0 · not run \d+ · untestable \d+/);

  const job = readFileSync(join(run.dir, 'job-summary.md'), 'utf8');
  expect(job).toMatch(/^## Payment Transfer Service conformance: \d+ check\(s\) failed, 1 rule\(s\) failed/);
  expect(job).toContain(
    `| ${summary.totals.total} | ${summary.totals.passed} | ${summary.totals.warned ?? 0} | ${summary.totals.failed} | ${summary.totals.notJudged} | ${summary.totals.skipped} | ${summary.totals.flaky} |`,
  );
  expect(job).toMatch(new RegExp(`### Failed rules \\(1\\)[\\s\\S]*\\| ${BROKEN} \\| documented \\|`));
  expect(job).toContain(`### Not proven (${trace.counts['not proven']})`);
});

test('value-class coverage: the invoice echo judged every transaction class; places of projects not run say so, in summary.json and requirements.*', () => {
  const row = (field: string, place: string) => summary.coverage.find((r) => r.field === field && r.place === place);
  const echo = row('invoice.transaction', 'answer echo')!;
  expect(echo.status).toBe('complete');
  expect(echo.checked).toEqual(echo.known);
  expect(echo.known.length).toBeGreaterThan(1);
  expect(echo.checks).toContain('invoice › suite/conformance/invoice/invoice.spec.ts › the invoice response echoes the request transaction');
  for (const place of ['status answer', 'callback', 'callback re-delivery']) expect(row('invoice.transaction', place)?.status, place).toBe('not run');
  expect(trace.coverage).toEqual(summary.coverage);
  const md = readFileSync(join(run.dir, 'requirements.md'), 'utf8');
  const header = md.split('\n').find((l) => l.startsWith('| Field |'))!;
  const cells = (line: string) => line.split(' | ').map((c) => c.replace(/^\| |\|$/g, '').trim());
  const column = cells(header).indexOf('answer echo');
  const line = md.split('\n').find((l) => l.startsWith('| invoice.transaction |'))!;
  expect(cells(line)[column]).toBe(`${echo.known.length}/${echo.known.length}`);
  expect(cells(line)[cells(header).indexOf('callback')]).toBe('not run');
  expect(md).toContain('### Gaps (0)');
});

test('the HTML report, opened from disk, links a failing check to the section of the rule it failed', async ({ page }) => {
  await page.goto(`file://${join(run.dir, 'html', 'index.html')}`);
  await page.getByText('every invoice success body matches the documented schema').first().click();
  const link = page.getByRole('link', { name: /^rule section: Resources and their fields \/ payment object \(DOC-PAY-CREATED_AT/ });
  await expect(link).toBeVisible();
  const [section] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await section.waitForURL(/\/spec\/payment-transfer-service\.html#payment-object$/);
  expect(section.url()).toBe(`file://${join(run.dir, 'spec', 'payment-transfer-service.html')}#payment-object`);
  await expect(section.locator(':target')).toHaveText('payment object');
  // Each rule's section, not only the first rule's.
  await expect(page.getByRole('link', { name: /^rule section: Resources and their fields \/ Payment \(in the invoice response\)/ })).toBeVisible();
});
