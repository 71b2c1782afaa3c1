// `npm run report`: builds the Allure report (Allure 3, awesome plugin) from <reports>/allure-results, where
// <reports> is PTS_REPORTS_DIR (default reports), twice:
//   <reports>/allure-single-file/index.html  one file that opens from disk (file://), no server; the one to share
//   <reports>/allure-report/                 the directory report, for `npx allure open` or a web server
// Neither loads anything from another host: Allure's analytics tag is removed (reporting/allure-offline.ts).
// Both sit one folder below <reports>, beside spec/ (the documents the rule links point into), so the links
// work in a downloaded reports/ folder too (made clickable by reporting/allure-links.ts).
// History: Allure 3 keeps it in one JSONL file (historyPath in reporting/allurerc.mjs,
// <reports>/allure-history.jsonl); each run's build reads the earlier entries (per-test history, trend
// charts) and appends one. Keep that file between runs (CI: cache or restore it) and the trends continue.
// Exit codes: 0 reports written; 1 allure failed; 2 no results to report.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, REPORT_FILES, REPORTS_DIR_ENV, reportsDir } from '../reporting/reports-dir.js';
import { addSectionLinks } from '../reporting/allure-links.js';
import { removeAnalytics } from '../reporting/allure-offline.js';
import { writeSpecCopies } from '../reporting/spec-docs.js';
import { jobSummaryMarkdown } from '../reporting/job-summary.js';
import { chartsIn } from '../reporting/charts.js';
import { overviewHtml } from '../reporting/overview-page.js';
import { readSummary } from '../reporting/summary-file.js';
import { redactText } from '../contracts/redaction.js';
import { optionDefault, parseConfig } from '../contracts/command-line.js';
import { scriptArgs } from './args.js';
import { runChildSync } from './child-run.js';
import { ownOptionsOf } from './commands.js';

export const EXIT = { written: 0, allureFailed: 1, noResults: 2 } as const;
const ALLURE_CONFIG = join(REPO_ROOT, 'reporting/allurerc.mjs');

function historyEntries(file: string): number {
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '').length;
}

/** Allure's command line, run with this node (npx would add npm's own start-up); beside its entry point (dist/), found as a dependency. */
const ALLURE_CLI = join(dirname(fileURLToPath(import.meta.resolve('allure'))), '..', 'cli.js');

/** One `allure generate` into a fresh output folder (into an existing one Allure 3 nests a second report). */
function generate(results: string, output: string, dir: string, singleFile: boolean, historyLimit: string): boolean {
  rmSync(output, { recursive: true, force: true });
  const run = runChildSync(process.execPath, [ALLURE_CLI, 'generate', '--config', ALLURE_CONFIG, '--output', output, results], {
    cwd: REPO_ROOT,
    env: { ...process.env, [REPORTS_DIR_ENV]: dir, PTS_ALLURE_SINGLE_FILE: singleFile ? '1' : '0', PTS_ALLURE_HISTORY_LIMIT: historyLimit },
    console: true,
  });
  if (run.code === 0 && existsSync(join(output, 'index.html'))) {
    addSectionLinks(join(output, 'index.html')); // Allure shows relative links as text; this makes the rule sections clickable
    removeAnalytics(join(output, 'index.html')); // the report loads nothing from a third party
    return true;
  }
  console.error(`report: allure generate${singleFile ? ' (single file)' : ''} failed (exit ${run.code ?? run.signal})`);
  return false;
}

/** job-summary.md and the overview (index.html) again, now linking the Allure report this script built (they link only the reports that exist). */
function relinkJobSummary(dir: string): void {
  const file = join(dir, REPORT_FILES.jobSummary);
  if (!existsSync(file) || !existsSync(join(dir, REPORT_FILES.summary))) return;
  try {
    const summary = readSummary(join(dir, REPORT_FILES.summary));
    const links = { html: existsSync(join(dir, REPORT_FILES.html, 'index.html')), allure: true };
    writeFileSync(file, redactText(jobSummaryMarkdown(summary as Parameters<typeof jobSummaryMarkdown>[0], links)));
    const overview = join(dir, REPORT_FILES.overview);
    if (existsSync(overview)) writeFileSync(overview, redactText(overviewHtml(summary as Parameters<typeof overviewHtml>[0], links, chartsIn(dir))));
  } catch (e) {
    console.error(`report: ${REPORT_FILES.jobSummary} not updated: ${(e as Error).message}`);
  }
}

function main(): number {
  const options = ownOptionsOf('report');
  const historyLimit =
    (scriptArgs(process.argv.slice(2), parseConfig(options)).values['history-limit'] as string | undefined) ?? optionDefault(options, 'history-limit');
  const dir = reportsDir();
  const results = join(dir, REPORT_FILES.allureResults);
  const history = join(dir, REPORT_FILES.allureHistory);
  const shown = (p: string) => (relative(process.cwd(), p).startsWith('..') ? p : relative(process.cwd(), p) || '.');
  const count = existsSync(results) ? readdirSync(results).filter((f) => f.endsWith('-result.json')).length : 0;
  if (count === 0) {
    console.error(
      `report: no Allure results in ${shown(results)}; run the suite first (npm run conformance, or npx playwright test --project=<area>)` +
        (process.env[REPORTS_DIR_ENV] ? ` with the same ${REPORTS_DIR_ENV}` : ''),
    );
    return EXIT.noResults;
  }
  const before = historyEntries(history);
  // The runs write spec/ already; results from elsewhere (a downloaded allure-results/) may come without it.
  writeSpecCopies(dir);
  // The single file first: it reads the earlier history without appending, then the directory report appends this run.
  const single = join(dir, REPORT_FILES.allureSingleFile);
  const output = join(dir, REPORT_FILES.allureReport);
  if (!generate(results, single, dir, true, historyLimit) || !generate(results, output, dir, false, historyLimit)) return EXIT.allureFailed;
  relinkJobSummary(dir);
  const after = historyEntries(history);
  console.log(
    `report: ${count} results -> ${shown(join(single, 'index.html'))} (one file, opens from disk) and ${shown(join(output, 'index.html'))} ` +
      `(history ${shown(history)}: ${before === 0 ? 'started' : `${before} earlier run(s) carried over`}, ${after} now)`,
  );
  console.log(`report: open ${shown(join(single, 'index.html'))} in a browser, or serve the directory report with npx allure open ${shown(output)}`);
  return EXIT.written;
}

process.exitCode = main();
