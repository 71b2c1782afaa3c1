// `npm run report`: builds the Allure HTML report (Allure 3, awesome plugin, a directory report) from
// <reports>/allure-results into <reports>/allure-report, where <reports> is PTS_REPORTS_DIR (default reports).
// History: Allure 3 keeps it in one JSONL file (historyPath in tests/harness/reporters/allurerc.mjs,
// <reports>/allure-history.jsonl); each generation reads the earlier entries (per-test history, trend
// charts) and appends one. Keep that file between runs (CI: cache or restore it) and the trends continue.
// Exit codes: 0 report written; 1 allure failed; 2 no results to report.
// Arguments after `--` go to `allure generate` (e.g. `--history-limit 20`, `--open`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT, REPORTS_DIR_ENV, reportsDir } from '../tests/harness/reporters/reports-dir.js';

export const EXIT = { written: 0, allureFailed: 1, noResults: 2 } as const;
export const ALLURE_CONFIG = join(REPO_ROOT, 'tests/harness/reporters/allurerc.mjs');

function historyEntries(file: string): number {
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').length;
}

function main(): number {
  const dir = reportsDir();
  const results = join(dir, 'allure-results');
  const history = join(dir, 'allure-history.jsonl');
  const output = join(dir, 'allure-report');
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
  // A fresh directory each time: into an existing one Allure 3 writes a nested awesome/ report and leaves
  // the old top level in place. The history file lives beside the report, so nothing of it is lost.
  rmSync(output, { recursive: true, force: true });
  const run = spawnSync('npx', ['allure', 'generate', '--config', ALLURE_CONFIG, ...process.argv.slice(2), results], {
    cwd: REPO_ROOT,
    env: { ...process.env, [REPORTS_DIR_ENV]: dir },
    stdio: 'inherit',
  });
  if (run.status !== 0 || !existsSync(join(output, 'index.html'))) {
    console.error(`report: allure generate failed (exit ${run.status ?? run.signal})`);
    return EXIT.allureFailed;
  }
  const after = historyEntries(history);
  console.log(
    `report: ${count} results -> ${shown(join(output, 'index.html'))} ` +
      `(history ${shown(history)}: ${before === 0 ? 'started' : `${before} earlier run(s) carried over`}, ${after} now)`,
  );
  console.log(`report: open it with npx allure open ${shown(output)}`);
  return EXIT.written;
}

process.exitCode = main();
