// `compare --trend`'s page, trend.html beside compare.md: the two charts (SVG files beside it) and the figures per run.
import { OPERATIONS, PAGE_ACTIONS } from '../contracts/operations.js';
import { escapeHtml, fileHref, htmlPage } from './html.js';
import { REPORT_FILES } from './reports-dir.js';
import type { TrendRun } from './trend.js';

export function trendHtml(runs: readonly TrendRun[], charts: { latency: boolean; verdicts: boolean }): string {
  const names = [...OPERATIONS, ...PAGE_ACTIONS].filter((name) => runs.some((r) => r.p95[name] !== undefined));
  const img = (file: string, alt: string) => `<figure><img src="${fileHref(file)}" alt="${escapeHtml(alt)}"></figure>`;
  const td = (v: string | number | undefined) => `<td>${escapeHtml(v === undefined ? '–' : String(v))}</td>`;
  return htmlPage('Payment Transfer Service conformance: trend', [
    '<h1>Payment Transfer Service conformance: trend</h1>',
    `<p>${runs.length} runs, in the order given: ${runs.map((r) => `<code>${escapeHtml(r.path)}</code>`).join(', ')}.</p>`,
    ...(charts.verdicts ? [img(REPORT_FILES.trendVerdictsChart, 'Checks passed, failed, warned and not judged across the runs')] : []),
    ...(charts.latency ? [img(REPORT_FILES.trendLatencyChart, 'p95 latency per operation and page action across the runs, log scale')] : []),
    '<table>',
    `<tr><th>run</th><th>started</th><th>checks</th><th>passed</th><th>failed</th><th>warned</th><th>not judged</th>${names.map((n) => `<th>${escapeHtml(n)} p95 ms</th>`).join('')}</tr>`,
    ...runs.map(
      (r) =>
        `<tr>${td(r.label)}${td(r.startedAt)}${td(r.checks.total)}${td(r.checks.passed)}${td(r.checks.failed)}${td(r.checks.warned)}${td(r.checks.notJudged)}${names.map((n) => td(r.p95[n])).join('')}</tr>`,
    ),
    '</table>',
    `<p><a href="${fileHref(REPORT_FILES.compareMd)}">compare.md</a>: the last two runs compared.</p>`,
  ]);
}
