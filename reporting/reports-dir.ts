// Where the reports go, and what they are called inside that folder. PTS_REPORTS_DIR (default `reports`),
// relative to the repository root, so tests, shards and certification runs can write elsewhere than the
// main run. The command (scripts/cli.ts) sets it absolute, relative to the folder it is started in (under npm run,
// the root; an installed package's user, their own folder). The names are the layout a reader of a downloaded reports/ folder sees.
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPORTS_DIR_ENV = 'PTS_REPORTS_DIR';
export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

export function reportsDir(env: Record<string, string | undefined> = process.env): string {
  const dir = env[REPORTS_DIR_ENV]?.trim() || 'reports';
  return isAbsolute(dir) ? dir : resolve(REPO_ROOT, dir);
}

/** Files and folders of a reports directory. Reports one level down (html/, allure-*) reach the documents as ../spec/. */
export const REPORT_FILES = {
  summary: 'summary.json',
  requirementsJson: 'requirements.json',
  requirementsMd: 'requirements.md',
  /** Totals and failed rules as Markdown, for a CI job summary ($GITHUB_STEP_SUMMARY). */
  jobSummary: 'job-summary.md',
  junit: 'junit.xml',
  html: 'html',
  testResults: 'test-results',
  allureResults: 'allure-results',
  allureReport: 'allure-report',
  /** The Allure report as one HTML file that opens from disk: allure-single-file/index.html. */
  allureSingleFile: 'allure-single-file',
  allureHistory: 'allure-history.jsonl',
  /** The interface document and the profile description, as Markdown and as HTML with heading ids. */
  spec: 'spec',
  /** The run's front page: verdict and totals, the three charts below, links to the other reports. */
  overview: 'index.html',
  /** Charts (SVG): rules by area and verdict; latency per operation and page action; requests and failures over the run's time. */
  rulesChart: 'chart-rules.svg',
  latencyChart: 'chart-latency.svg',
  timelineChart: 'chart-timeline.svg',
  /** `compare`'s output, in its --out folder. */
  compareMd: 'compare.md',
  compareJson: 'compare.json',
  /** `compare --trend`'s: a page, p95 per operation and the verdict counts across the runs (SVG), and their figures. */
  trendPage: 'trend.html',
  trendLatencyChart: 'trend-latency.svg',
  trendVerdictsChart: 'trend-verdicts.svg',
  trendJson: 'trend.json',
} as const;
