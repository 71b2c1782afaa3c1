// The whole-run depth plan of certification (suite/harness/depth-plan.ts): the properties share what the budget
// leaves after the other checks, the part of each taken as it starts; what one leaves goes to the next; the run's
// measure of the other checks raises the expectation, never lowers it; the costs the costly checks declare, and a
// top-up of the run's payments, are set aside from the start; never less than the floor. And a property given a part by
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

const plan = (o: Partial<DepthPlan> = {}): DepthPlan => ({
  requests: 1000,
  rate: 5,
  properties: 4,
  others: 10,
  declared: 0,
  reserved: 0,
  progress: '/nonexistent',
  ...o,
});
const progress = (o: Partial<typeof NO_PROGRESS>) => ({ ...NO_PROGRESS, ...o });

test('before any check: the budget less the expected cost of the other checks, in equal parts', () => {
  expect(propertyRequests(plan(), NO_PROGRESS)).toBe((1000 - 10 * OTHER_CHECK_REQUESTS) / 4);
  expect(requestsMs(plan(), 225)).toBe(45_000); // 225 requests at 5 a second
});

test('a share below 1 takes that weight against the properties still to come', () => {
  const full = 1000 - 10 * OTHER_CHECK_REQUESTS;
  expect(propertyRequests(plan(), NO_PROGRESS, 0.5)).toBe(Math.round((full * 0.5) / 3.5));
});

test('the other checks are never expected to cost less than the expectation, though the first ones were cheap', () => {
  const done = progress({ properties: 1, others: 5, propertyRequests: 100, otherRequests: 5 });
  expect(propertyRequests(plan(), done)).toBe(Math.round((1000 - 100 - 5 - 5 * OTHER_CHECK_REQUESTS) / 3));
});

test('what the finished checks sent is taken off; costly other checks raise what the ones to come are expected to cost', () => {
  // 8 others sent 400 (50 each, against the 10 expected): the 2 to come are expected at (400 + 10·5) / (8 + 5).
  const done = progress({ properties: 2, others: 8, propertyRequests: 300, otherRequests: 400 });
  const perOther = (400 + OTHER_CHECK_REQUESTS * 5) / 13;
  expect(propertyRequests(plan(), done)).toBe(Math.round((1000 - 300 - 400 - 2 * perOther) / 2));
  // The last property takes all that is left.
  expect(propertyRequests(plan(), { ...done, properties: 3, others: 10, otherRequests: 500 })).toBe(1000 - 300 - 500);
});

test('what the costly checks declare is set aside from the start, whatever the order they run in; once run, what they sent counts instead', () => {
  // Two of the ten others declare 400 in all: the first property's part leaves them that, and 8 others at 10.
  const p = plan({ declared: 2, reserved: 400 });
  expect(propertyRequests(p, NO_PROGRESS)).toBe((1000 - 400 - 8 * OTHER_CHECK_REQUESTS) / 4);
  // One of them ran (declared 300, sent 350): the other's 100 is still set aside; the cheap others' mean is theirs alone.
  const done = progress({ properties: 1, others: 3, propertyRequests: 100, otherRequests: 360, declared: 1, declaredAbout: 300, declaredSent: 350 });
  const perOther = Math.max(OTHER_CHECK_REQUESTS, (10 + OTHER_CHECK_REQUESTS * 5) / (2 + 5));
  expect(propertyRequests(p, done)).toBe(Math.round((1000 - 100 - 360 - 100 - 6 * perOther) / 3));
});

test('a check that tops the run up to N payments after the earliest of each operation is expected to create those the run has not', () => {
  const p = plan({ declared: 1, reserved: 20, topUp: { followers: 300, earliest: 3, ops: ['invoice', 'account2card'] } });
  const left = (topUp: number) => 1000 - 20 - 9 * OTHER_CHECK_REQUESTS - topUp;
  expect(propertyRequests(p, NO_PROGRESS)).toBe(Math.round(left(300) / 4));
  // An operation without its earliest payments yet: the check makes them at the end, and all the followers after them.
  expect(propertyRequests(p, progress({ payments: { invoice: 500, account2card: 2 } }))).toBe(Math.round(left(300) / 4));
  expect(propertyRequests(p, progress({ payments: { invoice: 100, account2card: 20 } }))).toBe(Math.round(left(180) / 4));
  // A run that created more than that sets nothing aside for it; nor does one whose top-up has run.
  expect(propertyRequests(p, progress({ payments: { invoice: 800, account2card: 100 } }))).toBe(Math.round(left(0) / 4));
  const toppedUp = progress({ others: 1, otherRequests: 200, declared: 1, declaredAbout: 20, declaredSent: 200, toppedUp: true, payments: { invoice: 3 } });
  expect(propertyRequests(p, toppedUp)).toBe(Math.round((1000 - 200 - 9 * OTHER_CHECK_REQUESTS) / 4));
  // With invoices only (no X-Sign key), the account-to-card payments the run never makes are not waited for.
  const invoicesOnly = plan({ declared: 1, reserved: 20, topUp: { followers: 300, earliest: 3, ops: ['invoice'] } });
  expect(propertyRequests(invoicesOnly, progress({ payments: { invoice: 400 } }))).toBe(Math.round(left(0) / 4));
});

test('a property left nothing still gets the floor: its value classes', () => {
  expect(propertyRequests(plan(), progress({ properties: 1, others: 9, propertyRequests: 900, otherRequests: 300 }))).toBe(FLOOR_REQUESTS);
});

test('the progress file: one line per finished check, summed by kind', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pts-depth-test-'));
  try {
    const p = plan({ progress: join(dir, 'progress.jsonl') });
    expect(readDepthProgress(p)).toEqual(NO_PROGRESS);
    recordDepthProgress(p, { property: false, requests: 7, payments: { invoice: 2 } });
    recordDepthProgress(p, { property: true, requests: 40, payments: { invoice: 10, account2card: 20 } });
    recordDepthProgress(p, { property: false, requests: 3, payments: {} });
    expect(readDepthProgress(p)).toEqual(
      progress({ properties: 1, others: 2, propertyRequests: 40, otherRequests: 10, payments: { invoice: 12, account2card: 20 } }),
    );
    recordDepthProgress(p, { property: false, requests: 120, payments: {}, declared: { about: 100 } });
    recordDepthProgress(p, { property: false, requests: 250, payments: { invoice: 240 }, declared: { about: 20, topUp: { followers: 300, earliest: 3 } } });
    expect(readDepthProgress(p)).toEqual(
      progress({
        properties: 1,
        others: 4,
        propertyRequests: 40,
        otherRequests: 380,
        payments: { invoice: 252, account2card: 20 },
        declared: 2,
        declaredAbout: 120,
        declaredSent: 370,
        toppedUp: true,
      }),
    );
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
