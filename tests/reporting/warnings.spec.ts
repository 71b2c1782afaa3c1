// Warnings reach the reports: a finding at "warn" (security.findings) lets its check pass, its rule is warned, and
// summary.json, job-summary.md and requirements.md list it. A child run of one check against the embedded
// provider with the fault that reflects any Origin with credentials, under a profile that only warns of it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Summary } from '../../reporting/summary-model.js';
import { readSummary, runSuite, tempReportsDir, type SuiteRun } from './support.js';

const RULE = 'PRO-SEC-CORS-NO-CREDENTIALED-ORIGIN';

let run: SuiteRun;
let summary: Summary;
let dir: string;
let profilePath: string;

test.beforeAll(async () => {
  dir = tempReportsDir();
  profilePath = join(dir, '..', `${dir.split('/').pop()}-profile.json`);
  writeFileSync(profilePath, JSON.stringify({ security: { findings: { corsCredentials: 'warn' } } }));
  run = await runSuite({ projects: ['invoice'], grep: "another site's origin", dir, env: { PTS_FAULTS: 'api-cors-reflects-origin', PROFILE: profilePath } });
  summary = readSummary(dir);
});

test.afterAll(() => {
  run?.cleanup();
  if (profilePath) rmSync(profilePath, { force: true });
});

test('a "warn" finding passes its check and never fails the run', () => {
  expect(run.code, `${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`).toBe(0);
  expect(summary.totals.failed).toBe(0);
  expect(summary.rules[RULE]?.status).toBe('warned');
});

test('the warning reaches summary.json: check, rule and what was seen', () => {
  const warnings = summary.warnings ?? [];
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatchObject({ rule: RULE, check: expect.stringContaining("another site's origin") as unknown as string });
  expect(warnings[0]!.text).toMatch(/Access-Control-Allow-Origin https:\/\/pts-[0-9a-f]+\.attacker\.example, Access-Control-Allow-Credentials true/);
});

test('job-summary.md and requirements.md show it', () => {
  const job = readFileSync(join(dir, 'job-summary.md'), 'utf8');
  expect(job).toContain('passed, 1 warning(s)');
  expect(job).toContain('### Warnings (1)');
  expect(job).toMatch(new RegExp(`\\| ${RULE} \\| .*another site's origin.* \\| .*Access-Control-Allow-Credentials true`));
  const requirements = readFileSync(join(dir, 'requirements.md'), 'utf8');
  expect(requirements).toContain('## Warnings (1)');
  expect(requirements).toMatch(new RegExp(`\\| ${RULE} \\|.*\\| warned \\|.*warning: invoice ›`));
});
