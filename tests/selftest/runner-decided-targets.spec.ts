// A matrix target decided by one failure (a fault killed by its rule, a profile variant told apart): the first
// failure that decides it is kept for the target's other checks, which are then not run (fixtures/config.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { RUN_ENV } from '../../contracts/run-protocol.js';
import { decisionOf, recordDecision, type TargetPlan } from '../../suite/runner/targets.js';

test.describe('targets decided by one failure', () => {
  let dir: string;
  let before: string | undefined;

  test.beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pts-decided-'));
    writeFileSync(join(dir, 'plan.json'), '{"targets":[]}');
    before = process.env[RUN_ENV.plan];
    process.env[RUN_ENV.plan] = join(dir, 'plan.json');
  });

  test.afterEach(() => {
    if (before === undefined) delete process.env[RUN_ENV.plan];
    else process.env[RUN_ENV.plan] = before;
    rmSync(dir, { recursive: true, force: true });
  });

  const fault: TargetPlan = { name: 'fault x', mode: 'observe', decidedByOne: true, rules: ['DOC-LIMIT-INV-AMOUNT'] };

  test('a failure naming another rule decides nothing; the first naming its rule decides, and stays the one named', () => {
    expect(decisionOf(fault)).toBeUndefined();
    expect(recordDecision(fault, { rule: 'PRO-ERR-SERVER' }, 'serverErrorCheck')).toBe(false);
    expect(decisionOf(fault)).toBeUndefined();
    expect(recordDecision(fault, { rule: 'DOC-LIMIT-INV-AMOUNT' }, 'amountLimitCheck')).toBe(true);
    expect(recordDecision(fault, { rule: 'DOC-LIMIT-INV-AMOUNT' }, 'anotherCheck')).toBe(true);
    expect(decisionOf(fault)).toBe('amountLimitCheck failed naming DOC-LIMIT-INV-AMOUNT');
    expect(decisionOf({ ...fault, name: 'fault y' }), 'another target is not decided by it').toBeUndefined();
  });

  test('without rules any failure decides; a target not decided by one failure never is', () => {
    const variant: TargetPlan = { name: 'profile p under the default profile', mode: 'observe', decidedByOne: true };
    expect(recordDecision(variant, { rule: 'PRO-ERR-SERVER' }, 'someCheck')).toBe(true);
    expect(decisionOf(variant)).toBe('someCheck failed naming PRO-ERR-SERVER');
    const judged: TargetPlan = { name: 'clean', mode: 'judge' };
    expect(recordDecision(judged, { rule: 'PRO-ERR-SERVER' }, 'someCheck')).toBe(false);
    expect(decisionOf(judged)).toBeUndefined();
  });
});
