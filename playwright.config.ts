import { defineConfig, devices } from '@playwright/test';
import { join } from 'node:path';
import { CONFORMANCE_PROJECTS, WHOLE_RUN_PROJECT } from './suite/runner/projects.js';
import { REPORT_FILES, reportsDir } from './reporting/reports-dir.js';
import { RUN_ENV } from './contracts/run-protocol.js';
import { RUN_FACTS_KEY, runFacts } from './reporting/run-facts.js';
import { findChromium } from './suite/runner/browser.js';
import { cliGrep } from './suite/runner/cli-grep.js';

/** Workers of a run unless --workers says otherwise. */
export const DEFAULT_WORKERS = 6;

/**
 * Most workers each project may take. A worker serves one project and costs about 2 s of CPU to start, and
 * Playwright runs projects one after another unless their limits leave workers free: so every project gets
 * few, and the projects run side by side (the waits of the page, callback and lifecycle checks overlap the
 * property checks). A matrix run (PTS_PLAN) has many more tests per project, and more workers each.
 */
const MATRIX = !!process.env.PTS_PLAN;
/**
 * The order the dispatcher takes projects in: the longest first (child runs, then the browser areas, whose
 * waits run on one or two workers each), so that the property areas fill the cores around them: browser areas started
 * last would add their waits to the end of the run (about half again the wall time of a default run on 2 cores).
 * A matrix run (npm test) takes its CPU-bound unit and small areas before lifecycle and the property areas: once the
 * child runs end, a free worker then goes to work that keeps a core busy, not to a third area of page waits (the cores
 * idled a fifth of a minute there), and the property areas, two workers each, end the run with both cores busy. Its
 * callbacks area, mostly waits, starts beside the child runs (two workers each), the page area with one worker then three.
 */
const PROJECT_ORDER = MATRIX
  ? ['reporting', 'reliability', 'callbacks', 'payment-page', 'selftest', 'provider', 'upload', 'status', 'lifecycle', 'invoice', 'account2card', 'whole-run']
  : ['reporting', 'reliability', 'payment-page', 'callbacks', 'lifecycle', 'selftest', 'provider', 'invoice', 'account2card', 'upload', 'status', 'whole-run'];
const PROJECT_WORKERS: Record<string, number> = MATRIX
  ? {
      selftest: 1,
      provider: 1,
      reporting: 2,
      reliability: 2,
      invoice: 2,
      account2card: 2,
      upload: 1,
      status: 1,
      // Two: with three, page and callback waits took every worker of npm test's six once the child runs ended.
      callbacks: 2,
      'payment-page': 3,
      lifecycle: 2,
      'whole-run': 2,
    }
  : {
      selftest: 2,
      provider: 2,
      reporting: 2,
      reliability: 2,
      // One each, so that both start at once (a second worker of invoice kept account to card waiting, and costs a
      // start-up): a property keeps its examples in flight as streams, so one worker loses it little depth.
      invoice: 1,
      account2card: 1,
      upload: 1,
      status: 1,
      // Two: its two checks that listen out the quiet time after a final state overlap (about 6 s each, mostly waiting).
      callbacks: 2,
      'payment-page': 1,
      lifecycle: 1,
      'whole-run': 1,
    };

/** Time limit of a test that runs the suite in child processes (reporting, reliability). */
const CHILD_RUN_TIMEOUT = 300_000;

// Environment switches are read here, once.
const CI = !!process.env.CI;
const REPORTS = reportsDir(); // PTS_REPORTS_DIR, default reports
const chromiumFound = findChromium();
// The gate's --reporter chooses the console reporter only, and its --shard adds a blob report: the report files
// (summary.json above all, which the gate's verdict reads) are written by every run, sharded or not.
const CONSOLE_REPORTERS = (process.env[RUN_ENV.consoleReporter]?.trim() || (CI ? 'line' : 'list')).split(',').map((name) => [name] as [string]);
const BLOB_DIR = process.env[RUN_ENV.blobDir]?.trim();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Conformance projects that drive Chromium: the gate looks for a browser before running them (scripts/gate/browser-setup.ts). */
const BROWSER_PROJECTS: readonly string[] = ['payment-page', 'callbacks', 'lifecycle'];

// Debian's Chromium headless shell, or its Chromium, where present (Playwright cannot download its own here); Playwright's otherwise.
// The same lookup as the gate's (PTS_SYSTEM_CHROMIUM names another system browser).
const chromiumLaunch =
  chromiumFound?.source === 'system'
    ? {
        executablePath: chromiumFound.path,
        args: [
          ...(isRoot ? ['--no-sandbox'] : []),
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      }
    : {};

const OWN = [
  { name: 'selftest', testDir: 'tests/selftest', workers: PROJECT_WORKERS.selftest, metadata: { offline: true } },
  { name: 'provider', testDir: 'mock/tests', workers: PROJECT_WORKERS.provider },
  // Tests of the suite's own reports and of its behaviour against hostile providers; they run the suite in child
  // processes. Their time limit only guards against a hung child: a child run on a loaded 2-core machine can take minutes.
  // One retry: the Allure page (4 MB) can miss its wait on a 2-core machine saturated by npm test's matrix.
  { name: 'reporting', testDir: 'tests/reporting', workers: PROJECT_WORKERS.reporting, timeout: CHILD_RUN_TIMEOUT, retries: 1 },
  { name: 'reliability', testDir: 'tests/reliability', workers: PROJECT_WORKERS.reliability, timeout: CHILD_RUN_TIMEOUT },
];

// Every check stands alone (fresh transactions), so an area's checks spread over its workers: the waits of the
// page and callback checks overlap the property checks instead of following them. The whole-run project is
// every other area's teardown: Playwright runs it once they and whatever depends on them have finished,
// whatever their results, also when only some of them are selected (a teardown comes with its project).
// Teardown, not a dependency: dependencies would split the areas into phases, each waiting for the last. A
// teardown's tests are not filtered by --grep: it takes the command line's as its own (cli-grep.ts).
const AREAS = CONFORMANCE_PROJECTS.map((area) => ({
  name: area,
  testDir: `suite/conformance/${area}`,
  fullyParallel: true,
  workers: PROJECT_WORKERS[area],
  ...(area === WHOLE_RUN_PROJECT ? cliGrep() : { teardown: WHOLE_RUN_PROJECT }),
  metadata: { conformance: true, browser: BROWSER_PROJECTS.includes(area) },
}));

export default defineConfig({
  globalSetup: './suite/runner/global-setup.ts',
  // Kept by blob reports, so that merge-reports can tell which provider, profile and seed the shards ran with.
  metadata: { [RUN_FACTS_KEY]: runFacts() },
  forbidOnly: CI,
  retries: 0,
  // Checks wait on the provider, the browser and callbacks more than they compute: more workers than cores.
  workers: DEFAULT_WORKERS,
  // Console, then the report files, all under PTS_REPORTS_DIR (default reports) so that tests, shards and
  // certification runs can write elsewhere. The order matters: the spec reporter adds the rule section
  // links to the checks in its onEnd, after junit and allure have written theirs and before html writes.
  reporter: [
    ...CONSOLE_REPORTERS,
    ['junit', { outputFile: join(REPORTS, REPORT_FILES.junit) }],
    ['./reporting/allure-reporter.ts', { resultsDir: join(REPORTS, REPORT_FILES.allureResults), suiteTitle: true }],
    ['./reporting/spec-reporter.ts', { outputDir: REPORTS, htmlDir: join(REPORTS, REPORT_FILES.html) }],
    ['html', { outputFolder: join(REPORTS, REPORT_FILES.html), open: 'never' }],
    ['./reporting/summary-reporter.ts', { outputDir: REPORTS }],
    // PLAYWRIGHT_BLOB_OUTPUT_DIR, when set, wins over this folder (Playwright's own rule).
    ...(BLOB_DIR ? [['blob', { outputDir: BLOB_DIR }] as const] : []),
  ],
  outputDir: join(REPORTS, REPORT_FILES.testResults),
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunch,
  },
  projects: [...OWN, ...AREAS].sort((a, b) => PROJECT_ORDER.indexOf(a.name) - PROJECT_ORDER.indexOf(b.name)),
});
