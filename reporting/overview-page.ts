// reports/index.html, the run's front page: its verdict and totals in a line, the three charts (charts.ts writes them
// beside it), the latency figures, and links to the other reports of the folder that exist. It is written from
// summary.json alone, so `npm run report` writes it again once the Allure report exists.
import { REPORT_FILES } from './reports-dir.js';
import { escapeHtml, fileHref, htmlPage } from './html.js';
import type { JobSummaryLinks } from './job-summary.js';
import { latencyRows } from './latency-section.js';
import { runVerdict } from './run-verdict.js';
import { RULE_STATUSES, type Summary } from './summary-model.js';

/** Which charts the folder holds (charts.ts removes those a run has no data for). */
export type ChartsPresent = Readonly<Record<'rulesChart' | 'latencyChart' | 'timelineChart', boolean>>;

const CHART_ALT: Readonly<Record<keyof ChartsPresent, string>> = {
  rulesChart: 'Rules by area and verdict (stacked bars)',
  latencyChart: 'Latency per operation and page action: p50, p95 and p99 in milliseconds, log scale',
  timelineChart: 'Requests, requests without an answer or answered 5xx, and failed checks over the run',
};

export function overviewHtml(s: Summary, links: JobSummaryLinks, charts: ChartsPresent): string {
  const t = s.totals;
  const rules = Object.values(s.rules);
  const ruleCounts = RULE_STATUSES.map((st) => `${rules.filter((r) => r.status === st).length} ${st}`).join(' · ');
  const provider = s.embedded ? `the embedded reference provider (${s.baseUrl ?? 'no address'})` : (s.baseUrl ?? 'unknown provider');
  const seconds = Math.round(s.durationMs / 1000);
  const totals = `${t.total} tests: ${t.passed} passed, ${t.warned ?? 0} warned, ${t.failed} failed, ${t.notJudged ?? 0} not judged, ${t.skipped} skipped, ${t.flaky} flaky`;
  const figure = (chart: keyof ChartsPresent) =>
    charts[chart] ? [`<figure><img src="${fileHref(REPORT_FILES[chart])}" alt="${escapeHtml(CHART_ALT[chart])}"></figure>`] : [];
  const rows = latencyRows(s.latency);
  const link = (text: string, path: string) => `<li><a href="${fileHref(path)}">${escapeHtml(text)}</a></li>`;
  return htmlPage('Payment Transfer Service conformance', [
    '<h1>Payment Transfer Service conformance</h1>',
    `<p class="verdict"><strong>${escapeHtml(runVerdict(s))}</strong> · ${escapeHtml(totals)} · rules: ${escapeHtml(ruleCounts)}</p>`,
    `<p>Against ${escapeHtml(provider)}; suite ${escapeHtml(s.suiteVersion)}; profile digest <code>${escapeHtml(s.profileDigest?.slice(0, 12) ?? 'unknown')}</code>` +
      `${s.fcSeed !== null ? `; FC_SEED=${escapeHtml(String(s.fcSeed))}` : ''}; started ${escapeHtml(s.startedAt)}, ${seconds} s.</p>`,
    ...figure('rulesChart'),
    ...figure('latencyChart'),
    ...(rows.length
      ? [
          '<table>',
          '<tr><th>operation or page action</th><th>timed</th><th>p50 ms</th><th>p95 ms</th><th>p99 ms</th><th>max ms</th></tr>',
          ...rows.map(
            ({ name, entry: e }) =>
              `<tr><td>${escapeHtml(name)}</td><td>${e.count}</td><td>${e.p50}</td><td>${e.p95}</td><td>${e.p99}</td><td>${e.max}</td></tr>`,
          ),
          '</table>',
        ]
      : []),
    ...figure('timelineChart'),
    '<h2>Reports</h2>',
    '<ul>',
    ...(links.html ? [link("Playwright's report", `${REPORT_FILES.html}/index.html`)] : []),
    ...(links.allure ? [link('the Allure report (one file)', `${REPORT_FILES.allureSingleFile}/index.html`)] : []),
    link('requirements: every rule, its verdict and its checks', REPORT_FILES.requirementsMd),
    link('summary.json', REPORT_FILES.summary),
    link('job summary', REPORT_FILES.jobSummary),
    '</ul>',
    ...(links.allure
      ? []
      : [
          '<p>The Allure report is built by <code>payment-transfer-conformance report</code> (<code>npm run report</code> in a clone), which links it here.</p>',
        ]),
  ]);
}
