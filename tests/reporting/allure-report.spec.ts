// The Allure report end to end: a small conformance run with a fault (failures and passes) and a profile
// that skips one check, `npm run report` (scripts/report.ts) into the same temporary reports directory,
// then the report opened in Chromium: the totals it shows must be summary.json's.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { REPO_ROOT } from '../harness/reporters/reports-dir.js';
import { readSummary, runSuite, serveDirectory, tempReportsDir } from './support.js';

test('the Allure report shows the totals of summary.json, and keeps history between builds', async ({ page }) => {
  test.setTimeout(90_000);
  const dir = tempReportsDir('pts-allure-');
  const profilePath = `${dir}.profile.json`;
  writeFileSync(profilePath, JSON.stringify({ antifraud: { invoiceClientIp: null } }));
  try {
    const run = await runSuite(['--project=invoice', '-g', 'amount|anti-fraud', '--workers=2'], {
      reportsDir: dir,
      env: { PTS_FAULTS: 'invoice-amount-max-off-by-one', PROFILE: profilePath },
    });
    expect(run.code, run.output).toBe(1);
    const { totals } = readSummary(dir);
    expect(totals.failed).toBeGreaterThan(0);
    expect(totals.passed).toBeGreaterThan(0);
    expect(totals.skipped).toBeGreaterThan(0);

    const report = () =>
      spawnSync('npx', ['tsx', 'scripts/report.ts'], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, PTS_REPORTS_DIR: dir } });
    const first = report();
    expect(first.status, first.stderr + first.stdout).toBe(0);
    expect(first.stdout).toContain('history');
    const second = report(); // a second build reads the first's history entry
    expect(second.status, second.stderr + second.stdout).toBe(0);
    expect(second.stdout).toContain('1 earlier run(s) carried over');
    expect(readFileSync(join(dir, 'allure-history.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
    expect(existsSync(join(dir, 'allure-report', 'awesome')), 'one report at the top level, not nested').toBe(false);

    const server = await serveDirectory(join(dir, 'allure-report'));
    try {
      await page.goto(`${server.url}index.html`);
      const shown = async (status: string): Promise<number> => {
        const item = page.getByTestId(`metadata-item-${status}`);
        if ((await item.count()) === 0) return 0; // a status with no tests is not shown
        return Number((await item.getByTestId('metadata-value').innerText()).trim());
      };
      await expect(page.getByTestId('metadata-item-total')).toBeVisible({ timeout: 15_000 });
      const ui = {
        total: await shown('total'),
        passed: await shown('passed'),
        failed: (await shown('failed')) + (await shown('broken')),
        skipped: await shown('skipped'),
      };
      expect(ui).toEqual({ total: totals.total, passed: totals.passed + totals.flaky, failed: totals.failed, skipped: totals.skipped });
    } finally {
      await server.close();
    }

    // Labels from rule(): present in the results the report was built from.
    const results = spawnSync('grep', ['-l', '"name":"epic"', '-r', join(dir, 'allure-results')], { encoding: 'utf8' }).stdout.trim().split('\n');
    const labelled = JSON.parse(readFileSync(results[0], 'utf8')) as { labels: { name: string; value: string }[]; links: { type: string; url: string }[] };
    expect(labelled.labels.map((l) => l.name)).toEqual(expect.arrayContaining(['epic', 'feature', 'story', 'severity', 'tag']));
    expect(labelled.links[0]).toMatchObject({ type: 'tms', url: expect.stringMatching(/^(payment-transfer-service|defaults)\.md#[a-z0-9-]+$/) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(profilePath, { force: true });
  }
});

test('npm run report exits 2 with a clear message when there are no results', () => {
  const dir = tempReportsDir('pts-allure-empty-');
  try {
    const run = spawnSync('npx', ['tsx', 'scripts/report.ts'], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, PTS_REPORTS_DIR: dir } });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`no Allure results in ${join(dir, 'allure-results')}`);
    expect(existsSync(join(dir, 'allure-report'))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
