// `npm run compare -- OLD NEW [--fail-on-new] [--out DIR]`: compares two runs. OLD and NEW are summary.json
// files or report directories holding one (summaries of older suite versions too). Prints the differences,
// rule status changes included (passed, failed, not proven, not run), and writes DIR/compare.md and .json
// (DIR: --out, else $PTS_REPORTS_DIR, else reports).
// Exit codes: 0 (also when there are new failures), 1 new failures with --fail-on-new, 2 unreadable input.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareSummaries, comparisonLines, renderComparisonMarkdown } from '../reporting/compare.js';
import { readSummary, SummaryError } from '../reporting/summary-file.js';
import { scriptArgs } from './args.js';
import { EXIT, isSetupError, reportsDir } from './gate/preflight.js';

function main(): number {
  let failOnNew: boolean;
  let out: string;
  let paths: string[];
  try {
    const { values, positionals } = scriptArgs(process.argv.slice(2), { 'fail-on-new': { type: 'boolean' }, out: { type: 'string' } });
    failOnNew = values['fail-on-new'] === true;
    out = values.out ?? reportsDir();
    paths = positionals;
  } catch (e) {
    if (isSetupError(e)) {
      console.error(`compare: ${e.message}`);
      return EXIT.setup;
    }
    throw e;
  }
  if (paths.length !== 2) {
    console.error('compare: usage: npm run compare -- OLD NEW [--fail-on-new] [--out DIR] (OLD, NEW: summary.json files or report directories)');
    return EXIT.setup;
  }
  let comparison;
  try {
    comparison = compareSummaries(readSummary(paths[0]), readSummary(paths[1]), paths[0], paths[1]);
  } catch (e) {
    if (e instanceof SummaryError) {
      console.error(`compare: ${e.message}`);
      return EXIT.setup;
    }
    throw e;
  }
  for (const line of comparisonLines(comparison)) console.log(line);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'compare.md'), renderComparisonMarkdown(comparison));
  writeFileSync(join(out, 'compare.json'), JSON.stringify(comparison, null, 2) + '\n');
  console.log(`compare: ${join(out, 'compare.md')}`);
  return failOnNew && comparison.newFailures.length > 0 ? EXIT.failures : EXIT.conformant;
}

process.exitCode = main();
