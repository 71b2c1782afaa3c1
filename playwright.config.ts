import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { CONFORMANCE_PROJECTS } from './tests/harness/projects.js';

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
  forbidOnly: CI,
  retries: 0,
  reporter: CI ? [['line']] : [['list']],
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
    ...CONFORMANCE_PROJECTS.map((area) => ({ name: area, testDir: `tests/conformance/${area}`, metadata: { conformance: true } })),
  ],
});
