// What a failure does to the gate (contracts/levels.ts, docs/rules.md): a rule whose basis is advice warns by
// default: its check stops there and passes, the rule is warned, the run exits 0; the profile's gate section makes it
// fail. Child runs of one check (a transaction used by one operation is free on the other) against the provider with
// the fault that keeps transactions unique across operations, which that advice rule alone judges.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { readSummary, runSuite, tempReportsDir } from './support.js';

const RULE = 'PRO-VAL-TRANSACTION-PER-OPERATION';
const CHECK = 'a transaction used by an invoice starts an account to card payment';

async function runUnder(gate?: object) {
  const dir = tempReportsDir();
  const profile = join(dir, '..', `${dir.split('/').pop()}-profile.json`);
  if (gate) writeFileSync(profile, JSON.stringify({ gate }));
  const run = await runSuite({
    projects: ['account2card'],
    grep: CHECK,
    dir,
    env: { PTS_FAULTS: 'duplicate-check-across-operations', ...(gate ? { PROFILE: profile } : {}) },
  });
  try {
    return { code: run.code, summary: readSummary(dir), output: `${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}` };
  } finally {
    run.cleanup();
    rmSync(profile, { force: true });
  }
}

test('an advice rule broken warns under the default profile: the check stops there and passes, the run exits 0', async () => {
  const { code, summary, output } = await runUnder();
  expect(code, output).toBe(0);
  const check = summary.checks.find((c) => c.title.startsWith(CHECK))!;
  expect(check.status).toBe('warned');
  expect(check.failedRule).toBe(RULE);
  expect(summary.rules[RULE]?.status).toBe('warned');
  expect(summary.totals).toMatchObject({ failed: 0, warned: 1 });
  expect(summary.warnings?.find((w) => w.rule === RULE)?.text).toMatch(/expected .*is accepted.*; received HTTP 422/);
});

test('gate.rules makes that rule fail: the check fails naming it, the run exits 1', async () => {
  const { code, summary, output } = await runUnder({ rules: { [RULE]: 'fail' } });
  expect(code, output).toBe(1);
  expect(summary.rules[RULE]?.status).toBe('failed');
  expect(summary.checks.find((c) => c.title.startsWith(CHECK))?.status).toBe('failed');
});
