// The Allure reports end to end: a small conformance run with faults (failures and passes) and a profile
// that skips one check, then `npm run report` (scripts/report.ts) into the same temporary reports directory.
// The directory report, served over HTTP, and the single-file report, opened from disk (file://), must both
// show summary.json's totals; the single file must list every check, file a failing check under the rule
// it failed, and open that rule's section in the document copy beside it.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import type { Summary } from '../../reporting/summary-model.js';
import { readSummary, runSuite, serveDirectory, tempReportsDir, type SuiteRun } from './support.js';
import { runChildSync, scriptArgs } from '../../scripts/child-run.js';

const SCHEMA_CHECK = 'every invoice success body matches the documented schema';

let run: SuiteRun;
let summary: Summary;
let profilePath: string;
/** `npm run report` for a reports directory. */
const reportOf = (dir: string) =>
  runChildSync(process.execPath, scriptArgs('scripts/report.ts'), { cwd: REPO_ROOT, env: { ...process.env, PTS_REPORTS_DIR: dir } });
const report = () => reportOf(run.dir);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const dir = tempReportsDir('pts-allure-');
  profilePath = `${dir}.profile.json`;
  writeFileSync(profilePath, JSON.stringify({ antifraud: { invoiceClientIp: null } }));
  run = await runSuite({
    projects: ['invoice'],
    grep: `amount|anti-fraud|${SCHEMA_CHECK}|created_at has the shape`,
    dir,
    env: { PTS_FAULTS: 'invoice-amount-max-off-by-one,created-at-millis', PROFILE: profilePath },
  });
  expect(run.code, run.stdout.slice(-3000)).toBe(1);
  summary = readSummary(dir);
  expect(summary.totals.failed).toBeGreaterThan(0);
  expect(summary.totals.passed).toBeGreaterThan(0);
  expect(summary.totals.skipped).toBeGreaterThan(0);
});

// What a report page did besides rendering: requests to other hosts (refused: the report must not need them)
// and script errors, shown when a wait fails. Tests that open a report call watch(page) first.
let offMachine: string[] = [];
let pageErrors: string[] = [];

test.afterEach(() => {
  expect(offMachine, 'the report loads nothing from another host (Allure analytics removed by scripts/report.ts)').toEqual([]);
});

test.afterAll(() => {
  run?.cleanup();
  if (profilePath) rmSync(profilePath, { force: true });
});

async function watch(page: Page): Promise<void> {
  offMachine = [];
  pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    offMachine.push(route.request().url());
    return route.abort();
  });
}

/**
 * Waits until the report shows `locator`; a failure says what else the page did meanwhile. The bound is generous: the
 * single-file report is 7 MB of HTML that its script decodes, and it runs first in npm test, on a machine busy to its last core.
 */
async function shows(locator: Locator): Promise<void> {
  try {
    await expect(locator).toBeVisible({ timeout: 150_000 });
  } catch (e) {
    // What the page had come to, for a wait that fails only inside the whole npm test (not reproduced alone).
    const state = await locator
      .page()
      .evaluate(
        () =>
          `readyState ${document.readyState}, ${document.documentElement.outerHTML.length} characters, text: ${JSON.stringify(document.body?.innerText.slice(0, 300) ?? '')}`,
      )
      .catch((err: unknown) => `not readable (${(err as Error).message})`);
    throw new Error(
      `${(e as Error).message}\nscript errors on the page: ${pageErrors.join(' | ') || 'none'}; other hosts asked: ${offMachine.join(', ') || 'none'}; the page: ${state}`,
      {
        cause: e,
      },
    );
  }
}

/** The totals the report's header shows, as summary.json counts them. */
async function shownTotals(page: Page) {
  const shown = async (status: string): Promise<number> => {
    const item = page.getByTestId(`metadata-item-${status}`);
    if ((await item.count()) === 0) return 0; // a status with no tests is not shown
    return Number((await item.getByTestId('metadata-value').innerText()).trim());
  };
  await shows(page.getByTestId('metadata-item-total'));
  return {
    total: await shown('total'),
    passed: await shown('passed'),
    failed: (await shown('failed')) + (await shown('broken')),
    skipped: await shown('skipped'),
  };
}

const expectedTotals = () => ({
  total: summary.totals.total,
  passed: summary.totals.passed + summary.totals.flaky,
  failed: summary.totals.failed,
  skipped: summary.totals.skipped,
});

test('npm run report writes both reports, and keeps history between builds', () => {
  // job-summary.md links only what exists: the run's HTML report, the Allure report once it is built.
  const jobSummary = () => readFileSync(join(run.dir, 'job-summary.md'), 'utf8');
  expect(jobSummary()).toContain("[Playwright's report](html/index.html)");
  expect(jobSummary()).not.toContain('](allure-single-file/index.html)');
  // So does the overview, index.html.
  const overview = () => readFileSync(join(run.dir, 'index.html'), 'utf8');
  expect(overview()).not.toContain('href="allure-single-file/index.html"');
  const first = report();
  expect(jobSummary()).toContain('[the Allure report](allure-single-file/index.html)');
  expect(overview()).toContain('href="allure-single-file/index.html"');
  expect(first.code, first.stderr + first.stdout).toBe(0);
  expect(first.stdout).toContain('history');
  expect(first.stdout).toContain(join(run.dir, 'allure-single-file', 'index.html'));
  const second = report(); // a second build reads the first's history entry
  expect(second.code, second.stderr + second.stdout).toBe(0);
  expect(second.stdout).toContain('1 earlier run(s) carried over');
  expect(readFileSync(join(run.dir, 'allure-history.jsonl'), 'utf8').trim().split('\n'), 'one history line per build, not per report').toHaveLength(2);
  expect(existsSync(join(run.dir, 'allure-report', 'awesome')), 'one report at the top level, not nested').toBe(false);
  const single = readdirSync(join(run.dir, 'allure-single-file'));
  expect(
    single.filter((f) => f.endsWith('.js') || f.endsWith('.css')),
    'scripts and styles are inside index.html',
  ).toEqual([]);
});

test('the directory report, served over HTTP, shows the totals of summary.json', async ({ page }) => {
  const server = await serveDirectory(join(run.dir, 'allure-report'));
  try {
    await watch(page);
    await page.goto(`${server.url}index.html`);
    expect(await shownTotals(page)).toEqual(expectedTotals());
  } finally {
    await server.close();
  }
});

test('the single-file report opens from disk with the totals and every check of summary.json', async ({ page }) => {
  await watch(page);
  await page.goto(`file://${join(run.dir, 'allure-single-file', 'index.html')}`);
  expect(await shownTotals(page)).toEqual(expectedTotals());
  // Open every section of the tree (failing ones start open), then read the checks it lists.
  const closed = page.getByTestId('tree-section').filter({ has: page.locator('[data-testid=tree-arrow] svg:not([class*="--opened"])') });
  for (let i = 0; i < 100 && (await closed.count()) > 0; i++) await closed.first().getByTestId('tree-section-title').click();
  await expect(closed).toHaveCount(0);
  const listed = (await page.getByTestId('tree-leaf-title').allInnerTexts()).map((t) => t.replace(/\s*\[[A-Z][A-Z0-9_ -]*\]$/, ''));
  expect(listed.sort()).toEqual(summary.checks.map((c) => c.title.split(' › ').pop()!).sort());
});

test('a failing check is filed under the rule it failed, lists its other rules as not proven, and opens the section', async ({ page }) => {
  const schema = summary.checks.find((c) => c.title === SCHEMA_CHECK)!;
  expect(schema).toMatchObject({ status: 'failed', failedRule: 'DOC-PAY-CREATED_AT' });
  expect(schema.rules[0], 'the check declares another rule first').not.toBe('DOC-PAY-CREATED_AT');
  await watch(page);
  await page.goto(`file://${join(run.dir, 'allure-single-file', 'index.html')}`);
  await shows(page.getByTestId('search-input'));
  await page.getByTestId('search-input').fill(SCHEMA_CHECK);
  const leaf = page.getByTestId('tree-leaf-title').filter({ hasText: SCHEMA_CHECK });
  // Filed under the story and feature of the rule it failed, not of the first rule it declares.
  await expect(leaf).toHaveCount(1);
  const sections = page.getByTestId('tree-section-title');
  await expect(sections.filter({ hasText: /^DOC-PAY-CREATED_AT created_at has the shape/ })).toBeVisible();
  await expect(sections.filter({ hasText: /^Resources and their fields \/ payment object$/ })).toBeVisible();
  await expect(sections.filter({ hasText: new RegExp(`^${schema.rules[0]} `) })).toHaveCount(0);
  await leaf.click();

  const description = page.frameLocator('[data-testid=test-result-description-frame]').locator('body');
  // The description frame is written after the result opens: on a loaded machine that takes seconds, as the report does.
  await expect(description).toContainText('The check failed on DOC-PAY-CREATED_AT', { timeout: 60_000 });
  await expect(description).toContainText('Not proven in this run');
  for (const id of schema.rules.filter((r) => r !== 'DOC-PAY-CREATED_AT')) await expect(description).toContainText(id);

  const link = page.getByTestId('test-result-meta-link').filter({ hasText: 'rule section: Resources and their fields / payment object' });
  const [section] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await section.waitForURL(/#payment-object$/);
  expect(section.url()).toBe(`file://${join(run.dir, 'spec', 'payment-transfer-service.html')}#payment-object`);
  await expect(section.locator(':target')).toHaveText('payment object');
});

test('the Allure results carry the labels of rule() and links into spec/', () => {
  const results = readdirSync(join(run.dir, 'allure-results')).filter((f) => f.endsWith('-result.json'));
  const parsed = results.map(
    (f) =>
      JSON.parse(readFileSync(join(run.dir, 'allure-results', f), 'utf8')) as {
        name: string;
        labels: { name: string; value: string }[];
        links: { type: string; url: string }[];
      },
  );
  const labelled = parsed.find((r) => r.labels.some((l) => l.name === 'epic'))!;
  expect(labelled.labels.map((l) => l.name)).toEqual(expect.arrayContaining(['epic', 'feature', 'story', 'severity', 'tag']));
  for (const r of parsed)
    for (const l of r.links)
      expect(l, r.name).toMatchObject({ type: 'tms', url: expect.stringMatching(/^\.\.\/spec\/(payment-transfer-service|defaults)\.html#[a-z0-9-]+$/) });
});

test('npm run report exits 2 with a clear message when there are no results', () => {
  const dir = tempReportsDir('pts-allure-empty-');
  try {
    const r = reportOf(dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no Allure results in ${join(dir, 'allure-results')}`);
    expect(existsSync(join(dir, 'allure-report'))).toBe(false);
    expect(existsSync(join(dir, 'allure-single-file'))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
