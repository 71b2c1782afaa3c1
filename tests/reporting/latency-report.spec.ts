// The latency report from its parts, offline: the tests' histograms merged into summary.json's `latency`, the
// timeline's stretches, the charts as SVG naming what they show, the job summary's Mermaid charts and tables, and the
// growth rule compare applies with the OLD run's threshold.
import { test, expect } from '@playwright/test';
import { decodeLatency, encodeLatency, newLatencyHistogram, recordMs } from '../../contracts/latency-histogram.js';
import type { LatencyNote } from '../../contracts/run-protocol.js';
import { defaultProfile } from '../../contracts/profile.js';
import type { ProfileLatency } from '../../contracts/types.gen.js';
import { renderSvg } from '../../reporting/chart-render.js';
import { latencyChart } from '../../reporting/chart-latency.js';
import { rulesChart } from '../../reporting/chart-rules.js';
import { timelineChart } from '../../reporting/chart-timeline.js';
import { jobSummaryMarkdown } from '../../reporting/job-summary.js';
import { compareLatency, latencyFailsCompare, p95Grown } from '../../reporting/latency-compare.js';
import { latencySection, readLatencyNote } from '../../reporting/latency-section.js';
import { overviewHtml } from '../../reporting/overview-page.js';
import { timelineOf } from '../../reporting/timeline.js';
import type { Summary } from '../../reporting/summary-model.js';
import { fixtureSummary } from './gate-support.js';

const encoded = (...ms: number[]) => {
  const h = newLatencyHistogram();
  for (const v of ms) recordMs(h, v);
  return encodeLatency(h);
};

const START = Date.UTC(2026, 0, 1, 12, 0, 0);
const second = (fromStart: number) => START / 1000 + fromStart;

/** Two tests' attachments: one timed 100 status requests of 1..100 ms and a page load, the other 100 more and an invoice. */
const NOTES: LatencyNote[] = [
  {
    operations: { status: encoded(...Array.from({ length: 100 }, (_, i) => i + 1)) },
    pageActions: { 'page load': encoded(250) },
    seconds: [
      [second(0), 60, 0],
      [second(3), 40, 2],
    ],
  },
  {
    operations: { status: encoded(...Array.from({ length: 100 }, (_, i) => i + 1)), invoice: encoded(4, 6) },
    pageActions: {},
    seconds: [[second(7), 102, 1]],
  },
];

test('the tests’ histograms merge per operation and page action: counts add, percentiles of the whole', () => {
  const s = latencySection(NOTES, defaultProfile().latency);
  expect(s.threshold).toEqual({ p95Growth: { ratio: 1.5, ms: 25 }, gate: 'warn' });
  expect(Object.keys(s.operations)).toEqual(['invoice', 'status']);
  const status = s.operations.status!;
  expect(status.count).toBe(200);
  // 3 significant digits: each figure within 0.1 % of the value it stands for.
  expect(status.p50).toBeCloseTo(50, 0);
  expect(status.p95).toBeCloseTo(95, 0);
  expect(status.p99).toBeCloseTo(99, 0);
  expect(status.max).toBeCloseTo(100, 0);
  expect(decodeLatency(status.histogram).totalCount, 'the merged histogram is kept for compare').toBe(200);
  expect(s.operations.invoice).toMatchObject({ count: 2, max: 6 });
  expect(Object.keys(s.pageActions)).toEqual(['page load']);
  expect(s.pageActions['page load']!.count).toBe(1);
  expect(s.pageActions['page load']!.p50).toBeCloseTo(250, 0);
  // A damaged attachment is no latency, and a histogram that does not decode is left out.
  expect(readLatencyNote('{"operations": 3}')).toBeUndefined();
  expect(readLatencyNote('not json')).toBeUndefined();
  expect(latencySection([{ operations: { upload: 'garbage' }, pageActions: {}, seconds: [] }], null).operations).toEqual({});
});

test('the timeline counts requests, requests without an answer or 5xx, and failed checks per 5 s from the start', () => {
  const t = timelineOf(START, 12_000, NOTES, [START + 6_500, START + 11_000]);
  expect(t.bucketSeconds).toBe(5);
  expect(t.buckets).toEqual([
    { from: 0, requests: 100, unanswered: 2, failedChecks: 0 },
    { from: 5, requests: 102, unanswered: 1, failedChecks: 1 },
    { from: 10, requests: 0, unanswered: 0, failedChecks: 1 },
  ]);
  // A long run takes longer stretches: never more than 120 of them.
  const long = timelineOf(START, 3_600_000, NOTES, []);
  expect(long.bucketSeconds).toBe(30);
  expect(long.buckets).toHaveLength(120);
});

/** A summary with two rules judged and a latency section. */
function summary(): Summary {
  const s = fixtureSummary([
    { title: 'amounts', rules: ['DOC-LIMIT-INV-AMOUNT'], status: 'failed', failure: '[DOC-LIMIT-INV-AMOUNT] 40 000 001 accepted' },
    { title: 'status', rules: ['PRO-STATUS-NOT-FOUND'], status: 'passed' },
  ]) as Summary;
  return { ...s, latency: latencySection(NOTES, defaultProfile().latency), timeline: timelineOf(START, 12_000, NOTES, [START + 6_500]) };
}

test('the charts are SVG naming the areas, the operations and page actions, and the series they draw', async () => {
  const s = summary();
  const rules = await renderSvg(rulesChart(s.rules));
  expect(rules).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  for (const text of ['Rules by area and verdict', '>invoice<', '>status<', '>passed<', '>failed<']) expect(rules).toContain(text);
  const latency = await renderSvg(latencyChart(s.latency)!);
  for (const text of ['>invoice (2)<', '>status (200)<', '>page load (1)<', '>p95<', 'log scale']) expect(latency).toContain(text);
  const timeline = await renderSvg(timelineChart(s.timeline)!);
  for (const text of ['requests sent', 'no answer or 5xx', 'checks failed', 'seconds from the start of the run']) expect(timeline).toContain(text);
  expect(latencyChart(undefined), 'no chart without latency').toBeUndefined();
});

test('text from the run is escaped in the overview and in the charts', async () => {
  const s = { ...summary(), baseUrl: 'http://127.0.0.1:1/<script>alert(1)</script>', embedded: false };
  const html = overviewHtml(s, { html: true, allure: false }, { rulesChart: true, latencyChart: true, timelineChart: false });
  expect(html).not.toContain('<script>');
  expect(html).toContain('http://127.0.0.1:1/&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).toContain('<img src="chart-rules.svg"');
  expect(html).not.toContain('chart-timeline.svg');
  const svg = await renderSvg({ ...rulesChart(s.rules), title: 'a <b>bold</b> & "quoted" title' });
  expect(svg).toContain('a &lt;b&gt;bold&lt;/b&gt; &amp; "quoted" title');
});

test('the job summary draws the rules by area and the p95 per operation as Mermaid xycharts, and keeps their figures as tables', () => {
  const md = jobSummaryMarkdown(summary());
  const blocks = [...md.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks).toHaveLength(2);
  // Stacked by drawing the sums over one another, the largest first: every rule in red (failed), then the passed in green.
  expect(blocks[0]).toContain('xychart-beta');
  expect(blocks[0]).toContain('x-axis ["invoice", "status"]');
  expect(blocks[0]).toMatch(/ {2}bar \[1, 1\]\n {2}bar \[0, 1\]\n/);
  expect(blocks[0]).toContain('"plotColorPalette": "#c62828, #2e7d32"');
  expect(blocks[1]).toContain('x-axis ["invoice", "status", "page load"]');
  expect(blocks[1]).toMatch(/bar \[6(\.\d+)?, 95(\.\d+)?, 250(\.\d+)?\]/);
  // Read as text (GitLab, a terminal): the tables say it all.
  expect(md).toContain('Stacked from the bottom: passed (green), failed (red).');
  expect(md).toContain('| invoice | 0 | 1 |');
  expect(md).toMatch(/\| status \| 200 \| 50(\.\d+)? \| 95(\.\d+)? \| 99(\.\d+)? \| 100(\.\d+)? \|/);
  expect(md).toContain('### Failed rules (1)');
});

test("compare: a p95 grown past both of the old run's bounds is a regression; its gate decides --fail-on-new", () => {
  const growth = { ratio: 1.5, ms: 25 };
  expect(p95Grown(2, 20, growth), '×10 but only +18 ms: noise on a fast operation').toBe(false);
  expect(p95Grown(100, 140, growth), '+40 ms but only ×1.4').toBe(false);
  expect(p95Grown(40, 70, growth)).toBe(true);

  const withStatus = (ms: number[], threshold: ProfileLatency | null) => {
    const note: LatencyNote = { operations: { status: encoded(...ms) }, pageActions: {}, seconds: [] };
    return { ...summary(), latency: latencySection([note], threshold) };
  };
  const fast = Array.from({ length: 50 }, () => 3);
  const slow = Array.from({ length: 50 }, () => 60);
  const warn = withStatus(fast, { p95Growth: growth, gate: 'warn' });
  const c = compareLatency(warn, withStatus(slow, { p95Growth: { ratio: 100, ms: 1000 }, gate: 'fail' }))!;
  expect(c.thresholdFrom, "the OLD run's threshold, not the new one's").toBe('old run');
  expect(c.regressions).toEqual(['status']);
  const [change] = c.changes;
  expect(change).toMatchObject({ name: 'status', kind: 'operation', grown: true });
  // Figures within the histograms' 0.1 %.
  for (const [value, expected] of [
    [change!.old!.p95, 3],
    [change!.new!.p95, 60],
    [change!.p95Ratio!, 20],
    [change!.p95DeltaMs!, 57],
  ])
    expect(value).toBeCloseTo(expected!, 0);
  expect(latencyFailsCompare(c), 'gate warn: the exit code does not change').toBe(false);
  expect(latencyFailsCompare(compareLatency(withStatus(fast, { p95Growth: growth, gate: 'fail' }), warn)), 'faster: no regression').toBe(false);
  expect(latencyFailsCompare(compareLatency(withStatus(fast, { p95Growth: growth, gate: 'fail' }), withStatus(slow, null)))).toBe(true);
  expect(compareLatency(warn, warn)!.regressions, 'a run against itself').toEqual([]);
  // A summary that records no threshold (an older suite's): the default profile's.
  expect(compareLatency(withStatus(fast, null), withStatus(slow, null))).toMatchObject({ thresholdFrom: 'default profile', regressions: ['status'] });
  // Neither run timed anything: no latency section in the comparison.
  expect(compareLatency(fixtureSummary([]), fixtureSummary([]))).toBeUndefined();
});
