// Self-tests of the summary reporter: a small conformance run in a child process, against the embedded
// provider with faults (so some checks fail, one is skipped by the profile), into a temporary reports dir. Also
// where the HTML report and the Allure results of that run place each check.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { requirements } from '../../contracts/requirements.js';
import { loadProfile, profileDigest } from '../../contracts/profile.js';
import { cardNumberRuns } from '../../contracts/redaction.js';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import { ruleEntry, type Summary } from '../../reporting/summary-model.js';
import type { Traceability } from '../../reporting/requirements-report.js';
import { filesUnder, htmlReportTests, readSummary, runSuite, tempReportsDir, type SuiteRun } from './support.js';

const FAULTS = 'invoice-amount-max-off-by-one,leaks-crypto-key';
const GREP = 'amount|anti-fraud|signature';
const AMOUNT_CHECK = 'invoice › suite/conformance/invoice/invoice.spec.ts › invoice amounts outside 10 000..40 000 000 kopecks are refused keyed amount';
const ANTIFRAUD_CHECK = 'invoice › suite/conformance/invoice/invoice.spec.ts › an invoice that trips the anti-fraud trigger is refused with a {message} body';

let run: SuiteRun;
let summary: Summary;
let profilePath: string;

test.beforeAll(async () => {
  const dir = tempReportsDir();
  // The profile names no anti-fraud trigger, so that check is skipped with a reason.
  profilePath = join(dir, '..', `${dir.split('/').pop()}-profile.json`);
  writeFileSync(profilePath, JSON.stringify({ antifraud: { invoiceClientIp: null } }));
  run = await runSuite({ projects: ['invoice'], grep: GREP, dir, env: { PTS_FAULTS: FAULTS, PROFILE: profilePath } });
  expect(run.code, `the child run fails (it has failing checks):\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-2000)}`).toBe(1);
  summary = readSummary(dir);
});

test.afterAll(() => {
  run?.cleanup();
  if (profilePath) rmSync(profilePath, { force: true });
});

test('summary.json describes the run: version, provider, profile digest, totals', () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  expect(summary.suiteVersion).toBe(pkg.version);
  expect(Number.isNaN(Date.parse(summary.startedAt))).toBe(false);
  expect(summary.durationMs).toBeGreaterThan(0);
  expect(summary.embedded).toBe(true);
  expect(summary.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(summary.profileDigest).toBe(profileDigest(loadProfile(profilePath)));
  expect(summary.profileDigest).not.toBe(profileDigest(loadProfile()));
  // No FC_SEED was given: global setup drew the run's one seed, and the summary records it for a replay.
  expect(Number.isSafeInteger(summary.fcSeed)).toBe(true);
  const t = summary.totals;
  expect(t.total).toBe(t.passed + t.failed + t.skipped + t.flaky);
  expect(t.failed).toBeGreaterThan(0);
  expect(t.passed).toBeGreaterThan(0);
  expect(t.skipped).toBeGreaterThan(0);
  expect(Object.keys(summary.projects)).toEqual(['invoice']);
  expect(summary.projects.invoice).toEqual({ total: t.total, passed: t.passed + t.flaky, failed: t.failed, skipped: t.skipped });
  expect(summary.checks).toHaveLength(t.total); // every test of a conformance project is a check
});

test('the failing check is in summary.json with its rules, failure line, the rule it failed and response shape', () => {
  const check = summary.checks.find((c) => c.id === AMOUNT_CHECK);
  expect(check, `no check ${AMOUNT_CHECK} among ${summary.checks.map((c) => c.id).join('\n')}`).toBeDefined();
  expect(check).toMatchObject({
    project: 'invoice',
    file: 'suite/conformance/invoice/invoice.spec.ts',
    title: 'invoice amounts outside 10 000..40 000 000 kopecks are refused keyed amount',
    rules: ['DOC-LIMIT-INV-AMOUNT', 'PRO-VAL-AMOUNT-RANGE'],
    kind: 'documented',
    status: 'failed',
  });
  expect(check!.failure).toMatch(/^\[(DOC-LIMIT-INV-AMOUNT|PRO-VAL-AMOUNT-RANGE)\] /);
  expect(check!.failedRule).toBe(check!.failure!.slice(1, check!.failure!.indexOf(']')));
  expect(check!.responseShapes).toEqual(expect.arrayContaining([expect.stringMatching(/^HTTP \d{3} [{[a-z]/)]));
  expect(check!.responseShapes, 'sorted and distinct').toEqual([...new Set(check!.responseShapes)].sort());
  expect(summary.rules[check!.failedRule!]).toMatchObject({ status: 'failed' });
  expect(summary.rules[check!.failedRule!].failedBy).toContain(AMOUNT_CHECK);
  expect(summary.rules['DOC-LIMIT-INV-AMOUNT'].checks).toContain(AMOUNT_CHECK);
});

test('a check skipped by the profile carries the reason, and its rules are not run', () => {
  const check = summary.checks.find((c) => c.id === ANTIFRAUD_CHECK);
  expect(check).toMatchObject({ status: 'skipped', rules: ['PRO-ERR-ANTIFRAUD', 'DOC-ERR-ANTIFRAUD'], kind: 'profile' });
  expect(check!.skipReason).toContain('antifraud.invoiceClientIp is null');
  expect(check!.failure).toBeUndefined();
  expect(check!.responseShapes).toBeUndefined(); // skipped before any request
  for (const id of check!.rules) {
    const others = summary.checks.filter((c) => c.rules.includes(id) && c.id !== ANTIFRAUD_CHECK);
    if (others.length === 0) expect(summary.rules[id].status, id).toBe('not run');
  }
});

test('every rule status follows from what failed, and every check agrees with the requirement list', () => {
  expect(Object.keys(summary.rules)).toEqual(requirements.map((r) => r.id));
  const byId = new Map(summary.checks.map((c) => [c.id, c]));
  expect(byId.size, 'check ids are unique').toBe(summary.checks.length);
  for (const req of requirements) {
    const entry = summary.rules[req.id];
    const declaring = summary.checks.filter((c) => c.rules.includes(req.id));
    expect(entry.kind, req.id).toBe(req.kind);
    expect([...entry.checks].sort(), req.id).toEqual(declaring.map((c) => c.id).sort());
    expect(entry, req.id).toEqual(ruleEntry(req, summary.checks));
    if (entry.status === 'failed')
      expect(
        summary.checks.some((c) => c.status === 'failed' && c.failedRule === req.id),
        req.id,
      ).toBe(true);
    if (entry.status === 'passed')
      expect(
        declaring.some((c) => c.status === 'passed' || c.status === 'flaky'),
        req.id,
      ).toBe(true);
    if (entry.status === 'not proven')
      expect(
        declaring.some((c) => c.status === 'failed' && c.failedRule !== req.id),
        req.id,
      ).toBe(true);
  }
  for (const c of summary.checks) {
    expect(c.id).toBe(`${c.project} › ${c.file} › ${c.title}`);
    expect(c.title, 'the [IDs] suffix is gone').not.toMatch(/\[[A-Z]+-[A-Z0-9_-]+/);
    expect(c.kind).toBe(requirements.find((r) => r.id === c.rules[0])!.kind);
    expect(c.failure === undefined, c.id).toBe(c.status !== 'failed' && c.status !== 'flaky');
    expect(c.failedRule === undefined, `${c.id}: only a failed check has failedRule`).toBe(c.status !== 'failed');
  }
  expect(summary.suiteErrors).toEqual(summary.checks.filter((c) => c.status === 'failed' && c.failedRule === null).map((c) => c.id));
});

test('requirements.json and requirements.md carry the same verdicts', () => {
  const trace = JSON.parse(readFileSync(join(run.dir, 'requirements.json'), 'utf8')) as Traceability;
  expect(trace.projects).toEqual(['invoice']);
  expect(trace.rules.map((r) => [r.id, r.status])).toEqual(Object.entries(summary.rules).map(([id, r]) => [id, r.status]));
  const md = readFileSync(join(run.dir, 'requirements.md'), 'utf8');
  expect(md).toContain('| Rule | Kind | Section | Title | Basis | Level | Status | Check functions | Checks | Detail |');
  expect(md).toContain('## Rules no check covers');
  expect(md).toContain('## Failures that name no rule (0)');
  const amount = trace.rules.find((r) => r.id === 'DOC-LIMIT-INV-AMOUNT')!;
  expect(md).toMatch(
    new RegExp(
      `\\| DOC-LIMIT-INV-AMOUNT \\| documented \\| \\[Limits\\]\\(spec/payment-transfer-service\\.html#limits\\) \\| .* \\| document \\| fail \\| ${amount.status} \\| .*invoice\\.spec\\.ts`,
    ),
  );
  for (const r of trace.rules) expect(r.link, r.id).toMatch(/^spec\/(payment-transfer-service|defaults)\.html#[a-z0-9-]+$/);
  for (const id of trace.uncovered.documented) expect(md).toContain(`- ${id}: `);
});

test('no file under the reports directory holds a private key, the crypto key or a full card number', () => {
  const files = filesUnder(run.dir);
  expect(files.map((f) => f.slice(run.dir.length + 1))).toEqual(
    expect.arrayContaining([
      'summary.json',
      'requirements.json',
      'requirements.md',
      'job-summary.md',
      'junit.xml',
      'html/index.html',
      'spec/payment-transfer-service.html',
      'spec/defaults.md',
    ]),
  );
  let redactedLeak = false;
  for (const file of files) {
    const text = readFileSync(file, 'latin1');
    expect(text, file).not.toContain('PRIVATE KEY-----');
    // The embedded provider's crypto key is 48 hex digits; the leaks-crypto-key fault sends it glued to
    // the digest input. A hex run of 48+ digits other than a sha256 (64) or a shortened one (`…`) would be it.
    const runs = [...text.matchAll(/[0-9a-f]{48,}/g)]
      .filter((m) => m[0].length !== 64 && !/^(\.\.\.|…)/.test(text.slice(m.index + m[0].length)))
      .map((m) => m[0]);
    expect(runs, file).toEqual([]);
    redactedLeak ||= text.includes('[crypto_key redacted]');
  }
  expect(redactedLeak, 'the leaking provider answered with the key, and the reports show it redacted').toBe(true);
  for (const name of ['summary.json', 'requirements.json', 'requirements.md', 'job-summary.md']) {
    const text = readFileSync(join(run.dir, name), 'utf8');
    const pans = cardNumberRuns(text).filter((c) => c.run.length === 16);
    expect(pans, name).toEqual([]);
  }
});

test('the HTML report and Allure place each check at its row of the area table, not at the line that declares them all', async () => {
  const spec = 'suite/conformance/invoice/invoice.spec.ts';
  const lines = readFileSync(join(REPO_ROOT, spec), 'utf8').split('\n');
  const at = (row: string) => {
    const line = lines.findIndex((l) => l.trim() === row) + 1;
    expect(line, `${spec} has the row ${row}`).toBeGreaterThan(0);
    return `${spec}:${line}`;
  };
  const expected = {
    // A row of its own, and one of a list the table spreads.
    [ANTIFRAUD_CHECK]: { declaredAt: at('antifraudRefused(),'), checkSource: /^suite\/checks\/invoice-answer\.ts:\d+$/ },
    [AMOUNT_CHECK]: { declaredAt: at("...paymentOperationChecks('invoice'),"), checkSource: /^suite\/checks\/amounts\.ts:\d+$/ },
  };
  const declaringAll = `${spec}:${lines.findIndex((l) => l.startsWith('declareChecks(')) + 1}`;
  const titleOf = (id: string) => id.split(' › ').pop()!;

  const html = await htmlReportTests(join(run.dir, 'html'));
  for (const [id, { declaredAt }] of Object.entries(expected)) {
    const shown = html.find((t) => t.title.startsWith(`${titleOf(id)} [`));
    expect(shown && `${shown.location.file}:${shown.location.line}`, `the HTML report's place of ${id}`).toBe(declaredAt);
  }
  expect(html.filter((t) => `${t.location.file}:${t.location.line}` === declaringAll)).toEqual([]);

  const resultsDir = join(run.dir, 'allure-results');
  const results = readdirSync(resultsDir)
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(join(resultsDir, f), 'utf8')) as { name: string; parameters: { name: string; value: string; excluded?: boolean }[] });
  expect(results).toHaveLength(summary.checks.length);
  for (const [id, { declaredAt, checkSource }] of Object.entries(expected)) {
    const result = results.find((r) => r.name.startsWith(`${titleOf(id)} [`));
    expect(result?.parameters, `the Allure result of ${id}`).toEqual(
      expect.arrayContaining([
        { name: 'declared at', value: declaredAt, excluded: true },
        { name: 'check source', value: expect.stringMatching(checkSource), excluded: true },
      ]),
    );
  }
});
