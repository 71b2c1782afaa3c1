// reports/job-summary.md: the run in a few lines of Markdown for a CI job's summary page
// (GitHub Actions: `cat reports/job-summary.md >> "$GITHUB_STEP_SUMMARY"`): totals, the failed rules
// with the checks that failed them, the rules left not proven, and failures that name no rule; links to the
// reports beside it that exist (the Allure report only once `npm run report` has built it); the rules by area and
// verdict and the latency as charts GitHub draws (job-summary-charts.ts), with their figures in tables.
import { requirementOf } from '../contracts/requirements.js';
import { notJudgedCause, notJudgedExplained } from '../contracts/run-protocol.js';
import { latencyChartMarkdown, rulesChartMarkdown } from './job-summary-charts.js';
import { cell } from './markdown.js';
import { REPORT_FILES } from './reports-dir.js';
import { runVerdict } from './run-verdict.js';
import { RULE_STATUSES, type Summary } from './summary-model.js';

/** The reports beside job-summary.md that exist when it is written: only those are linked. */
export interface JobSummaryLinks {
  /** Playwright's HTML report, html/index.html (written by the run's html reporter). */
  html: boolean;
  /** The Allure report as one file, allure-single-file/index.html (written by `npm run report`). */
  allure: boolean;
}

/** The last line: links, relative to the reports folder, to the reports that exist; how to build the Allure report when it does not. */
function detailsLine(links: JobSummaryLinks): string {
  const link = (text: string, path: string) => `[${text}](${path})`;
  const reports = [
    link('the overview with its charts', REPORT_FILES.overview),
    link(REPORT_FILES.requirementsMd, REPORT_FILES.requirementsMd),
    link(REPORT_FILES.summary, REPORT_FILES.summary),
    ...(links.html ? [link("Playwright's report", `${REPORT_FILES.html}/index.html`)] : []),
    ...(links.allure ? [link('the Allure report', `${REPORT_FILES.allureSingleFile}/index.html`) + ' (one file, opens from disk)'] : []),
  ];
  const allure = links.allure
    ? ''
    : ` The Allure report is built by \`payment-transfer-conformance report\` (\`npm run report\` in a clone; ${REPORT_FILES.allureSingleFile}/index.html, one file that opens from disk).`;
  return `Details: ${reports.join(', ')}.${allure}`;
}

export function jobSummaryMarkdown(s: Summary, links: JobSummaryLinks = { html: false, allure: false }): string {
  const t = s.totals;
  const rules = Object.entries(s.rules);
  const count = (status: string) => rules.filter(([, r]) => r.status === status).length;
  const failed = rules.filter(([, r]) => r.status === 'failed');
  const notProven = rules.filter(([, r]) => r.status === 'not proven').map(([id]) => id);
  const failures = new Map(s.checks.map((c) => [c.id, c.failure]));
  const notJudged = s.checks.filter((c) => c.status === 'not judged');
  const warnings = s.warnings ?? [];
  const verdict = runVerdict(s);
  const provider = s.embedded ? `the embedded reference provider (${s.baseUrl ?? 'no address'})` : (s.baseUrl ?? 'unknown provider');
  const lines = [
    `## Payment Transfer Service conformance: ${verdict}`,
    '',
    `Against ${cell(provider)}; suite ${cell(s.suiteVersion)}; profile digest \`${cell(s.profileDigest?.slice(0, 12) ?? 'unknown')}\`${s.fcSeed !== null ? `; FC_SEED=${s.fcSeed}` : ''}.`,
    '',
    '| | total | passed | warned | failed | not judged | skipped | flaky |',
    '|---|---|---|---|---|---|---|---|',
    `| tests | ${t.total} | ${t.passed} | ${t.warned ?? 0} | ${t.failed} | ${t.notJudged ?? 0} | ${t.skipped} | ${t.flaky} |`,
    '',
    `Rules: ${RULE_STATUSES.map((st) => `${count(st)} ${st}`).join(' · ')}.`,
    '',
    `### Failed rules (${failed.length})`,
    '',
  ];
  if (failed.length === 0) lines.push('None.');
  else {
    lines.push('| rule | kind | title | failed in |', '|---|---|---|---|');
    for (const [id, r] of failed)
      lines.push(
        `| ${id} | ${r.kind} | ${cell(requirementOf(id).title)} | ${(r.failedBy ?? []).map((c) => `${cell(c)}: ${cell(failures.get(c))}`).join('<br>')} |`,
      );
  }
  if (notProven.length > 0)
    lines.push(
      '',
      `### Not proven (${notProven.length})`,
      '',
      `${notProven.join(', ')}: their checks failed on another rule first (see ${REPORT_FILES.requirementsMd}).`,
    );
  if (notJudged.length > 0)
    lines.push(
      '',
      `### Not judged: ${[...new Set(notJudged.map((c) => notJudgedCause(c.notJudged)))].join('; ')} (${notJudged.length})`,
      '',
      ...[...new Set(notJudged.map((c) => notJudgedExplained(c.notJudged)))].map((why) => `No verdict either way: ${why}.`),
      '',
      ...notJudged.map((c) => `- ${cell(c.id)}: ${cell(c.notJudged)}`),
    );
  if (warnings.length > 0)
    lines.push(
      '',
      `### Warnings (${warnings.length})`,
      '',
      'Failures the profile only warns of: rules whose basis is advice (a SHOULD, a MAY, hardening), findings at `warn`, rules the `gate` section lowers (docs/rules.md). The gate passes them; the exit code does not change.',
      '',
      '| rule | check | what was seen |',
      '|---|---|---|',
      ...warnings.map((w) => `| ${cell(w.rule)} | ${cell(w.check)} | ${cell(w.text)} |`),
    );
  if (s.suiteErrors.length > 0)
    lines.push(
      '',
      `### Failures that name no rule (${s.suiteErrors.length})`,
      '',
      'An error of the suite or its setup, not a verdict on the provider:',
      '',
      ...s.suiteErrors.map((c) => `- ${cell(c)}: ${cell(failures.get(c))}`),
    );
  for (const chart of [rulesChartMarkdown(s.rules), latencyChartMarkdown(s.latency)]) if (chart.length > 0) lines.push('', ...chart);
  lines.push('', detailsLine(links), '');
  return lines.join('\n');
}
