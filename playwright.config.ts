import { defineConfig, devices, type PlaywrightTestOptions } from '@playwright/test';
import { join } from 'node:path';
import { DEFAULT_WORKERS, dispatchOrder, WHOLE_RUN_AREA } from './contracts/areas.js';
import { REPORT_FILES, reportsDir } from './reporting/reports-dir.js';
import { RUN_ENV } from './contracts/run-protocol.js';
import { RUN_FACTS_KEY, runFacts } from './reporting/run-facts.js';
import { findChromium } from './suite/runner/browser.js';
import { cliGrep } from './suite/runner/cli-grep.js';

/** A matrix run (PTS_PLAN) takes each project's matrix workers and place (contracts/areas.ts says why each is what it is). */
const RUN_KIND = process.env.PTS_PLAN ? 'matrix' : 'run';

/** Playwright's defaults of the browser context options that have one (its `contextOptions` being empty here). */
const PLAYWRIGHT_CONTEXT_DEFAULTS: Partial<PlaywrightTestOptions> = {
  acceptDownloads: true,
  bypassCSP: false,
  colorScheme: 'light',
  contrast: 'no-preference',
  forcedColors: 'none',
  ignoreHTTPSErrors: false,
  javaScriptEnabled: true,
  locale: 'en-US',
  offline: false,
  reducedMotion: 'no-preference',
  serviceWorkers: 'allow',
  clientCertificates: [],
};

// Environment switches are read here, once.
const CI = !!process.env.CI;
const REPORTS = reportsDir(); // PTS_REPORTS_DIR, default reports
const chromiumFound = findChromium();
// The gate's --reporter chooses the console reporter only, and its --shard adds a blob report: the report files
// (summary.json above all, which the gate's verdict reads) are written by every run, sharded or not.
const CONSOLE_REPORTERS = (process.env[RUN_ENV.consoleReporter]?.trim() || (CI ? 'line' : 'list')).split(',').map((name) => [name] as [string]);
const BLOB_DIR = process.env[RUN_ENV.blobDir]?.trim();
const LISTING = process.argv.includes('--list');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
// Every worker loads this file too; only the runner's reporters read the run's facts (a profile digest costs a validation).
const IN_WORKER = process.env.TEST_WORKER_INDEX !== undefined;

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

// Every check stands alone (fresh transactions), so an area's checks spread over its workers: the waits of the
// page and callback checks overlap the property checks instead of following them. The whole-run project is
// every other area's teardown: Playwright runs it once they and whatever depends on them have finished,
// whatever their results, also when only some of them are selected (a teardown comes with its project).
// Teardown, not a dependency: dependencies would split the areas into phases, each waiting for the last. A
// teardown's tests are not filtered by --grep: it takes the command line's as its own (cli-grep.ts).
const PROJECTS = dispatchOrder(RUN_KIND).map((p) =>
  p.kind === 'own'
    ? {
        name: p.name,
        testDir: p.testDir,
        workers: p.workers[RUN_KIND],
        ...(p.timeoutMs === undefined ? {} : { timeout: p.timeoutMs }),
        ...(p.retries === undefined ? {} : { retries: p.retries }),
        ...(p.offline ? { metadata: { offline: true } } : {}),
      }
    : {
        name: p.name,
        testDir: p.testDir,
        fullyParallel: true,
        workers: p.workers[RUN_KIND],
        ...(p.wholeRun ? cliGrep() : { teardown: WHOLE_RUN_AREA }),
        metadata: { conformance: true, browser: p.browser },
      },
);

export default defineConfig({
  globalSetup: './suite/runner/global-setup.ts',
  // Kept by blob reports, so that merge-reports can tell which provider, profile and seed the shards ran with.
  metadata: IN_WORKER ? {} : { [RUN_FACTS_KEY]: runFacts() },
  forbidOnly: CI,
  retries: 0,
  workers: DEFAULT_WORKERS,
  // Console, then the report files, all under PTS_REPORTS_DIR (default reports) so that tests, shards and
  // certification runs can write elsewhere. The order matters: the spec reporter adds the rule section
  // links to the checks in its onEnd, after junit and allure have written theirs and before html writes.
  // `--list` runs nothing: it writes no report, and leaves the last run's where they are.
  reporter: LISTING
    ? CONSOLE_REPORTERS
    : [
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
    // Playwright's own defaults, as plain values: each context option left to Playwright is a fixture with a step
    // (a captured stack and a message to the runner) in every test, API checks and the project's own tests included.
    // The options whose default is "not set" are declared without a step in suite/runner/fixtures/config.ts.
    ...PLAYWRIGHT_CONTEXT_DEFAULTS,
    launchOptions: chromiumLaunch,
  },
  projects: PROJECTS,
});
