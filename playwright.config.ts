import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { CONFORMANCE_PROJECTS } from './tests/harness/projects.js';
import { RUN_FACTS_KEY, runFacts } from './tests/harness/reporters/run-facts.js';

// Environment switches are read here, once.
const CI = !!process.env.CI;
const debianChromium = '/usr/bin/chromium';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

// Debian's Chromium where present (Playwright cannot download its own here); Playwright's otherwise.
const chromiumLaunch = existsSync(debianChromium)
  ? {
      executablePath: debianChromium,
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

export default defineConfig({
  globalSetup: './tests/harness/global-setup.ts',
  // Kept by blob reports, so that merge-reports can tell which provider, profile and seed the shards ran with.
  metadata: { [RUN_FACTS_KEY]: runFacts() },
  forbidOnly: CI,
  retries: 0,
  // Checks wait on the provider, the browser and callbacks more than they compute: more workers than cores.
  workers: 4,
  // Console, then the report files, all under PTS_REPORTS_DIR (default reports) so that tests, shards and
  // certification runs can write elsewhere. The summary reporter empties allure-results first (allure-playwright appends).
  reporter: [
    [CI ? 'line' : 'list'],
    ['html', { outputFolder: `${process.env.PTS_REPORTS_DIR || 'reports'}/html`, open: 'never' }],
    ['junit', { outputFile: `${process.env.PTS_REPORTS_DIR || 'reports'}/junit.xml` }],
    ['./tests/harness/reporters/allure.ts', { resultsDir: `${process.env.PTS_REPORTS_DIR || 'reports'}/allure-results`, suiteTitle: true, links: { tms: { nameTemplate: 'rule section: %s' } } }],
    ['./tests/harness/reporters/summary-reporter.ts', { cleanDirs: [`${process.env.PTS_REPORTS_DIR || 'reports'}/allure-results`] }],
  ],
  outputDir: 'reports/test-results',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunch,
  },
  projects: [
    { name: 'selftest', testDir: 'tests/selftest', metadata: { offline: true } },
    { name: 'provider', testDir: 'mock/tests' },
    // Tests of the suite's own reports and of its behaviour against hostile providers; they run the suite in child processes.
    { name: 'reporting', testDir: 'tests/reporting' },
    { name: 'reliability', testDir: 'tests/reliability' },
    // Every check stands alone (fresh transactions), so an area's checks spread over all workers: the waits of
    // the page and callback checks overlap the property checks instead of following them.
    ...CONFORMANCE_PROJECTS.map((area) => ({ name: area, testDir: `tests/conformance/${area}`, fullyParallel: true, metadata: { conformance: true } })),
  ],
});
