// The whole-run depth plan of certification (suite/harness/depth-plan.ts): the properties share what the budget
// leaves after the other checks, the part of each taken as it starts; what one leaves goes to the next; the run's
// measure of the other checks raises the expectation, never lowers it; never less than the floor. And a property given a part by
// the plan runs until it is spent and passes with the examples it ran (no "cut short": that is the plan).
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANNOTATION, RUN_ENV, type DepthPlan } from '../../contracts/run-protocol.js';
import {
  FLOOR_REQUESTS,
  NO_PROGRESS,
  OTHER_CHECK_REQUESTS,
  propertyRequests,
  readDepthPlan,
  readDepthProgress,
  recordDepthProgress,
  requestsMs,
} from '../../suite/harness/depth-plan.js';
import { forAll } from '../../suite/harness/property.js';

const plan = (o: Partial<DepthPlan> = {}): DepthPlan => ({ requests: 1000, rate: 5, properties: 4, others: 10, progress: '/nonexistent', ...o });

test('before any check: the budget less the expected cost of the other checks, in equal parts', () => {
  expect(propertyRequests(plan(), NO_PROGRESS)).toBe((1000 - 10 * OTHER_CHECK_REQUESTS) / 4);
  expect(requestsMs(plan(), 225)).toBe(45_000); // 225 requests at 5 a second
});

test('a share below 1 takes that weight against the properties still to come', () => {
  const full = 1000 - 10 * OTHER_CHECK_REQUESTS;
  expect(propertyRequests(plan(), NO_PROGRESS, 0.5)).toBe(Math.round((full * 0.5) / 3.5));
});

test('the other checks are never expected to cost less than the expectation, though the first ones were cheap', () => {
  const done = { properties: 1, others: 5, propertyRequests: 100, otherRequests: 5 };
  expect(propertyRequests(plan(), done)).toBe(Math.round((1000 - 100 - 5 - 5 * OTHER_CHECK_REQUESTS) / 3));
});

test('what the finished checks sent is taken off; costly other checks raise what the ones to come are expected to cost', () => {
  // 8 others sent 400 (50 each, against the 10 expected): the 2 to come are expected at (400 + 10·5) / (8 + 5).
  const done = { properties: 2, others: 8, propertyRequests: 300, otherRequests: 400 };
  const perOther = (400 + OTHER_CHECK_REQUESTS * 5) / 13;
  expect(propertyRequests(plan(), done)).toBe(Math.round((1000 - 300 - 400 - 2 * perOther) / 2));
  // The last property takes all that is left.
  expect(propertyRequests(plan(), { ...done, properties: 3, others: 10, otherRequests: 500 })).toBe(1000 - 300 - 500);
});

test('a property left nothing still gets the floor: its value classes', () => {
  expect(propertyRequests(plan(), { properties: 1, others: 9, propertyRequests: 900, otherRequests: 300 })).toBe(FLOOR_REQUESTS);
});

test('the progress file: one line per finished check, summed by kind', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pts-depth-test-'));
  try {
    const p = plan({ progress: join(dir, 'progress.jsonl') });
    expect(readDepthProgress(p)).toEqual(NO_PROGRESS);
    recordDepthProgress(p, { property: false, requests: 7 });
    recordDepthProgress(p, { property: true, requests: 40 });
    recordDepthProgress(p, { property: false, requests: 3 });
    expect(readDepthProgress(p)).toEqual({ properties: 1, others: 2, propertyRequests: 40, otherRequests: 10 });
    expect(readDepthPlan({ [RUN_ENV.depthPlan]: JSON.stringify(p) })).toEqual(p);
    expect(readDepthPlan({})).toBeUndefined();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a property given a part by the plan runs until it is spent and passes with the examples it ran', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pts-depth-test-'));
  const before = { plan: process.env[RUN_ENV.depthPlan], runs: process.env.FC_NUM_RUNS };
  // 20 requests at 20 a second, less the 10 streams in flight: half a second of examples of 50 ms each, then a drain.
  process.env[RUN_ENV.depthPlan] = JSON.stringify(plan({ requests: 20, rate: 20, properties: 1, others: 0, progress: join(dir, 'p.jsonl') }));
  delete process.env.FC_NUM_RUNS;
  const started = performance.now();
  try {
    await forAll(fc.integer(), () => new Promise((r) => setTimeout(r, 50)), { rule: 'DOC-LIMIT-INV-AMOUNT' });
  } finally {
    if (before.plan === undefined) delete process.env[RUN_ENV.depthPlan];
    else process.env[RUN_ENV.depthPlan] = before.plan;
    if (before.runs !== undefined) process.env.FC_NUM_RUNS = before.runs;
    rmSync(dir, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  expect(seconds).toBeGreaterThan(0.9);
  expect(seconds).toBeLessThan(3);
  const examples = Number(test.info().annotations.find((a) => a.type === ANNOTATION.examples)?.description);
  expect(examples).toBeGreaterThanOrEqual(18);
  expect(test.info().annotations.some((a) => a.type === ANNOTATION.cutShort)).toBe(false);
});
