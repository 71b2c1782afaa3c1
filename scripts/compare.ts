// `npm run compare -- OLD NEW [--fail-on-new] [--out DIR]`: compares two runs. OLD and NEW are summary.json
// files or report directories holding one (summaries of older suite versions too). Prints the differences,
// rule status changes included (passed, failed, not proven, not run), and the latency regressions by the OLD run's
// threshold, and writes DIR/compare.md and .json (DIR: --out, else $PTS_REPORTS_DIR, else reports).
// `--trend RUN1 … RUNn` (oldest first): the same for the last two, and the trend across all of them beside it
// (trend.html, its charts, trend.json).
// Exit codes: 0 (also when there are new failures or latency regressions), 1 new failures with --fail-on-new (or
// latency regressions, when the OLD run's threshold says gate fail), 2 unreadable input.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareSummaries, comparisonLines, renderComparisonMarkdown } from '../reporting/compare.js';
import { latencyFailsCompare } from '../reporting/latency-compare.js';
import { REPORT_FILES } from '../reporting/reports-dir.js';
import { readSummary, SummaryError, type Summary } from '../reporting/summary-file.js';
import { trendOf } from '../reporting/trend.js';
import { writeTrend } from '../reporting/trend-report.js';
import { parseConfig } from '../contracts/command-line.js';
import { scriptArgs } from './args.js';
import { ownOptionsOf } from './commands.js';
import { EXIT, isSetupError, reportsDir } from './gate/preflight.js';

async function main(): Promise<number> {
  let failOnNew: boolean;
  let trend: boolean;
  let out: string;
  let paths: string[];
  try {
    const { values, positionals } = scriptArgs(process.argv.slice(2), parseConfig(ownOptionsOf('compare')));
    failOnNew = values['fail-on-new'] === true;
    trend = values.trend === true;
    out = (values.out as string | undefined) ?? reportsDir();
    paths = positionals;
  } catch (e) {
    if (isSetupError(e)) {
      console.error(`compare: ${e.message}`);
      return EXIT.setup;
    }
    throw e;
  }
  if (trend ? paths.length < 2 : paths.length !== 2) {
    console.error(
      'compare: usage: npm run compare -- OLD NEW [--fail-on-new] [--out DIR], or --trend RUN1 RUN2 ... RUNn, oldest first (summary.json files or report directories)',
    );
    return EXIT.setup;
  }
  let summaries: Summary[];
  try {
    summaries = paths.map((p) => readSummary(p));
  } catch (e) {
    if (e instanceof SummaryError) {
      console.error(`compare: ${e.message}`);
      return EXIT.setup;
    }
    throw e;
  }
  // The newest two: with --trend, the last release against the one before it.
  const [oldAt, newAt] = [paths.length - 2, paths.length - 1];
  const comparison = compareSummaries(summaries[oldAt]!, summaries[newAt]!, paths[oldAt]!, paths[newAt]!);
  for (const line of comparisonLines(comparison)) console.log(line);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, REPORT_FILES.compareMd), renderComparisonMarkdown(comparison));
  writeFileSync(join(out, REPORT_FILES.compareJson), JSON.stringify(comparison, null, 2) + '\n');
  console.log(`compare: ${join(out, REPORT_FILES.compareMd)}`);
  if (trend) {
    await writeTrend(out, trendOf(paths.map((path, i) => ({ path, summary: summaries[i]! }))));
    console.log(`compare: trend of ${paths.length} runs: ${join(out, REPORT_FILES.trendPage)}`);
  }
  const fails = comparison.newFailures.length > 0 || latencyFailsCompare(comparison.latency);
  return failOnNew && fails ? EXIT.failures : EXIT.conformant;
}

process.exitCode = await main();
