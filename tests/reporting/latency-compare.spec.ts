// Latency across two real runs, the acceptance test of the latency report: a slice of the status area against the
// reference provider, then against one whose every answer comes 50 ms late (variation network-latency-50ms). The first
// run's summary.json, charts and overview; compare flags the operations that got slower by the first run's threshold,
// nothing when a run meets itself, and fails --fail-on-new only where that threshold's gate says fail; --trend draws
// the runs side by side.
import { test, expect } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbedded, type Embedded } from '../../suite/runner/embedded.js';
import { compareSummaries, type Comparison } from '../../reporting/compare.js';
import { readSummary as readSummaryFile } from '../../reporting/summary-file.js';
import type { Summary } from '../../reporting/summary-model.js';
import { childEnv, runScript, tempDir } from './gate-support.js';
import { readSummary, runSuite, type SuiteRun } from './support.js';

/** Status checks of many requests, invoices created among them; no whole-run check (the teardown takes the grep too, and would cost a worker). */
const GREP = 'a status request with a wrong signature is refused keyed|a status request without api_key|the status of a new invoice';
/**
 * The baseline's threshold, tighter than the default (×1.5 and +25 ms): on a shared 2-core machine the p95 of a
 * loopback request reaches tens of milliseconds, and the 50 ms the provider adds must stand out of that whatever the load.
 */
const THRESHOLD = { p95Growth: { ratio: 1.2, ms: 10 }, gate: 'warn' } as const;

let dir: string;
let providers: Embedded;
let base: SuiteRun;
let slow: SuiteRun;

test.beforeAll(async () => {
  dir = tempDir('latency');
  const profile = join(dir, 'profile.json');
  writeFileSync(profile, JSON.stringify({ latency: THRESHOLD }));
  providers = await startEmbedded([{}, { variations: ['network-latency-50ms'] }], { callbackRetryDelaysMs: [100] });
  // One request at a time: sixteen in flight at once would queue for the cores of a loaded machine, and that queue,
  // not the provider, would make the p95 of both runs.
  const run = (name: string, baseUrl: string) =>
    runSuite({
      projects: ['status'],
      grep: GREP,
      dir: join(dir, name),
      env: { ...providers.env, BASE_URL: baseUrl, PROFILE: profile, FC_NUM_RUNS: '8', MAX_IN_FLIGHT: '1' },
    });
  // One after the other: two runs at once would share the cores, and each other's load would be in both latencies.
  base = await run('base', providers.providers[0]!.url);
  slow = await run('slow', providers.providers[1]!.url);
  for (const r of [base, slow]) expect(r.code, `${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`).toBe(0);
});

test.afterAll(async () => {
  await providers?.close();
});

test('summary.json has the latency of each operation the run sent, its timeline, and the threshold in force', () => {
  const s = readSummary(base.dir);
  const { status, invoice } = s.latency!.operations;
  for (const e of [status!, invoice!]) {
    expect(e.count).toBeGreaterThan(0);
    expect(e.p50).toBeGreaterThan(0);
    expect(e.p50).toBeLessThanOrEqual(e.p95);
    expect(e.p95).toBeLessThanOrEqual(e.p99);
    expect(e.p99).toBeLessThanOrEqual(e.max);
    expect(e.max, 'within REQUEST_TIMEOUT').toBeLessThan(10_000);
    expect(e.histogram).toMatch(/^HISTF/);
  }
  expect(status!.count, 'a status request per example at least').toBeGreaterThanOrEqual(8);
  expect(s.latency!.threshold).toEqual(THRESHOLD);
  // The timeline counts every request the checks say they sent, and no answer was missing.
  const requests = s.checks.reduce((sum, c) => sum + (c.requests ?? 0), 0);
  expect(s.timeline!.buckets.reduce((sum, b) => sum + b.requests, 0)).toBe(requests);
  expect(s.timeline!.buckets.every((b) => b.unanswered === 0 && b.failedChecks === 0)).toBe(true);
  // Every answer of the slow provider waited 50 ms.
  expect(readSummary(slow.dir).latency!.operations.status!.p50).toBeGreaterThanOrEqual(50);
});

test('the run writes its charts as SVG and an overview that links every report beside it', () => {
  const file = (name: string) => readFileSync(join(base.dir, name), 'utf8');
  const shows = (chart: string, texts: (string | RegExp)[]) => {
    const svg = file(chart);
    expect(svg.startsWith('<svg '), chart).toBe(true);
    for (const text of texts) expect(typeof text === 'string' ? svg.includes(text) : text.test(svg), `${chart}: ${text}`).toBe(true);
  };
  shows('chart-rules.svg', ['>every operation<', '>status<', '>passed<']);
  shows('chart-latency.svg', [/>invoice \(\d+\)</, />status \(\d+\)</]);
  shows('chart-timeline.svg', ['requests sent', 'checks failed']);
  const html = file('index.html');
  const targets = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
  expect(targets).toEqual(
    expect.arrayContaining([
      'chart-rules.svg',
      'chart-latency.svg',
      'chart-timeline.svg',
      'html/index.html',
      'requirements.md',
      'summary.json',
      'job-summary.md',
    ]),
  );
  for (const target of targets) expect(existsSync(join(base.dir, target)), target).toBe(true);
  expect(html).toContain('<strong>passed</strong>');
  const job = file('job-summary.md');
  expect(job.match(/```mermaid\nxychart-beta|```mermaid\n%%\{init[^\n]*\nxychart-beta/g)).toHaveLength(2);
});

test('compare flags the operations that got slower, by the old run’s threshold; a run against itself, none', async () => {
  const out = join(dir, 'compare');
  const r = await runScript('scripts/compare.ts', [base.dir, slow.dir, '--out', out, '--fail-on-new'], childEnv());
  expect(r.code, `gate warn: the exit code does not change\n${r.stdout}${r.stderr}`).toBe(0);
  const c = JSON.parse(readFileSync(join(out, 'compare.json'), 'utf8')) as Comparison;
  expect(c.latency!.thresholdFrom).toBe('old run');
  expect(c.latency!.threshold).toEqual(THRESHOLD);
  // The status requests, most of the run's, each 50 ms later. (The invoices the checks create are fewer, and slower to
  // make: on a loaded machine their p95 is more the machine's than the provider's.)
  expect(c.latency!.regressions, JSON.stringify(c.latency!.changes)).toContain('status');
  for (const name of c.latency!.regressions) {
    const change = c.latency!.changes.find((x) => x.name === name)!;
    expect(change.new!.p95, name).toBeGreaterThan(change.old!.p95 * THRESHOLD.p95Growth.ratio);
  }
  expect(r.stdout).toMatch(/LATENCY grown: status: p95 [\d.]+ → [\d.]+ ms/);
  expect(readFileSync(join(out, 'compare.md'), 'utf8')).toMatch(
    /\| status \| \d+ → \d+ \| [\d.]+ → [\d.]+ \| [\d.]+ → [\d.]+ \| [\d.]+ → [\d.]+ \| ×[\d.]+, \+[\d.]+ ms \| \*\*grown\*\* \|/,
  );

  // A run against itself, and the slow run against the fast one: nothing grew.
  const [fast, slowed] = [readSummaryFile(base.dir), readSummaryFile(slow.dir)];
  expect(compareSummaries(fast, fast, 'base', 'base').latency!.regressions).toEqual([]);
  expect(compareSummaries(slowed, fast, 'slow', 'base').latency!.regressions).toEqual([]);
});

test('a regression fails compare --fail-on-new when the old run’s threshold says gate fail, and --trend draws the runs', async () => {
  // The baseline as a run under a profile with latency.gate fail would have recorded it.
  const strict = readSummary(base.dir) as Summary;
  strict.latency!.threshold = { ...THRESHOLD, gate: 'fail' };
  mkdirSync(join(dir, 'strict'), { recursive: true });
  writeFileSync(join(dir, 'strict', 'summary.json'), JSON.stringify(strict));
  const fail = await runScript('scripts/compare.ts', [join(dir, 'strict'), slow.dir, '--out', join(dir, 'strict-out'), '--fail-on-new'], childEnv());
  expect(fail.code, fail.stdout).toBe(1);
  expect(fail.stdout).toContain('gate fail: compare --fail-on-new exits 1');

  const out = join(dir, 'trend');
  const t = await runScript('scripts/compare.ts', ['--trend', base.dir, slow.dir, base.dir, '--out', out], childEnv());
  expect(t.code, t.stderr).toBe(0);
  const trend = JSON.parse(readFileSync(join(out, 'trend.json'), 'utf8')) as { runs: { label: string; p95: Record<string, number> }[] };
  expect(trend.runs.map((r) => r.label)).toEqual(['1. base', '2. slow', '3. base']);
  expect(trend.runs[1]!.p95.status).toBeGreaterThan(trend.runs[0]!.p95.status!);
  expect(readFileSync(join(out, 'trend-latency.svg'), 'utf8')).toMatch(/^<svg [\s\S]*>status</);
  expect(readFileSync(join(out, 'trend-verdicts.svg'), 'utf8')).toMatch(/^<svg [\s\S]*>passed</);
  expect(readFileSync(join(out, 'trend.html'), 'utf8')).toContain('<img src="trend-latency.svg"');
  // The last two compared: the newest against the one before.
  expect((JSON.parse(readFileSync(join(out, 'compare.json'), 'utf8')) as Comparison).latency!.regressions).toEqual([]);
  const three = await runScript('scripts/compare.ts', [base.dir, slow.dir, base.dir, '--out', out], childEnv());
  expect(three.code, 'three runs without --trend').toBe(2);
});
