// A whole-run depth plan (certify without FC_NUM_RUNS): the run may send TIME_BUDGET × RATE_LIMIT requests. The
// checks that are not properties cost what they cost (a fixed cost: their requests do not grow with depth); the
// properties share the rest. Each property, as it starts, takes its part of what is left: the budget less what the
// finished checks sent and what the other checks still to come are expected to send, divided among the properties
// still to run (weighted by their shares). What one property leaves unused (a maxRuns, a slow example) goes to the
// next ones, and an expected cost of the other checks that was too low is raised as the run measures it.
// A costly check declares its cost (DeclaredRequests: a sweep's table, a top-up of the run's payments): that is set
// aside from the start, so the division holds whatever order the checks run in (a short run of one area too).
// The runs of a property draw its covering examples and value classes first (generators/arbitraries/classed.ts),
// so a property cut short by its part has sent those; a property never gets less than FLOOR_REQUESTS.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { ANNOTATION, RUN_ENV, type DeclaredRequests, type DepthPlan, type DepthProgressLine } from '../../contracts/run-protocol.js';
import type { PaymentOperation } from '../../contracts/operations.js';

/**
 * Requests a check that is not a property and declares no cost is expected to send, until the run has measured its
 * own: about the mean of a certification against the reference provider (summary.json, FC_NUM_RUNS=1).
 */
export const OTHER_CHECK_REQUESTS = 10;
/** How many checks' worth of weight that expectation keeps against the run's own measure. */
const PRIOR_WEIGHT = 5;
/** The fewest requests a property gets, whatever is left: today's 10-example certification, at a request an example. */
export const FLOOR_REQUESTS = 10;

/** What the finished checks of the run sent. */
interface DepthProgress {
  properties: number;
  others: number;
  propertyRequests: number;
  otherRequests: number;
  /** Of the other checks, those that declared a cost: how many, the sum of what they declared, and what they sent. */
  declared: number;
  declaredAbout: number;
  declaredSent: number;
  /** Payments the finished checks created, by operation, and whether a check that tops them up has run. */
  payments: Partial<Record<PaymentOperation, number>>;
  toppedUp: boolean;
}

export const NO_PROGRESS: DepthProgress = {
  properties: 0,
  others: 0,
  propertyRequests: 0,
  otherRequests: 0,
  declared: 0,
  declaredAbout: 0,
  declaredSent: 0,
  payments: {},
  toppedUp: false,
};

/** The run's plan, when certify set one. */
export function readDepthPlan(env: Record<string, string | undefined> = process.env): DepthPlan | undefined {
  const raw = env[RUN_ENV.depthPlan];
  return raw ? (JSON.parse(raw) as DepthPlan) : undefined;
}

/** The sums of the progress file (absent before the first check ends). */
export function readDepthProgress(plan: DepthPlan): DepthProgress {
  if (!existsSync(plan.progress)) return NO_PROGRESS;
  const p = { ...NO_PROGRESS, payments: { ...NO_PROGRESS.payments } };
  for (const line of readFileSync(plan.progress, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const l = JSON.parse(line) as DepthProgressLine;
    for (const [op, n] of Object.entries(l.payments) as [PaymentOperation, number][]) p.payments[op] = (p.payments[op] ?? 0) + n;
    if (l.property) {
      p.properties++;
      p.propertyRequests += l.requests;
      continue;
    }
    p.others++;
    p.otherRequests += l.requests;
    if (l.declared === undefined) continue;
    p.declared++;
    p.declaredAbout += l.declared.about;
    p.declaredSent += l.requests;
    if (l.declared.topUp !== undefined) p.toppedUp = true;
  }
  return p;
}

/** One finished check, appended (one short line: appends of several workers do not interleave). */
export function recordDepthProgress(plan: DepthPlan, line: DepthProgressLine): void {
  appendFileSync(plan.progress, JSON.stringify(line) + '\n');
}

/** A test's declared cost, from its annotations, as a progress line carries it. */
export function declaredOf(annotations: readonly { type: string; description?: string }[]): { declared?: DeclaredRequests } {
  const d = annotations.find((a) => a.type === ANNOTATION.declaredRequests)?.description;
  return d === undefined ? {} : { declared: JSON.parse(d) as DeclaredRequests };
}

/** The requests of the property starting now, of weight `share` (the others still to run weigh 1 each). */
export function propertyRequests(plan: DepthPlan, done: DepthProgress, share = 1): number {
  // The checks that declare no cost: never below the expectation, for the costly checks the run has not met yet.
  const plain = { done: done.others - done.declared, requests: done.otherRequests - done.declaredSent };
  const perOther = Math.max(OTHER_CHECK_REQUESTS, (plain.requests + OTHER_CHECK_REQUESTS * PRIOR_WEIGHT) / (plain.done + PRIOR_WEIGHT));
  const plainToCome = Math.max(0, plan.others - plan.declared - plain.done) * perOther;
  const declaredToCome = Math.max(0, plan.reserved - done.declaredAbout);
  const topUp = done.toppedUp ? 0 : toTopUp(plan, done.payments);
  const left = plan.requests - done.propertyRequests - done.otherRequests - plainToCome - declaredToCome - topUp;
  const propertiesToCome = Math.max(1, plan.properties - done.properties);
  return Math.max(FLOOR_REQUESTS, Math.round((Math.max(0, left) * share) / (share + propertiesToCome - 1)));
}

/**
 * The payments a top-up is expected to create: all of them while an operation it follows has too few payments to
 * have its earliest ones (the check makes them at the end, and the followers after them), else what the run's
 * payments fall short by.
 */
function toTopUp(plan: DepthPlan, payments: DepthProgress['payments']): number {
  const topUp = plan.topUp;
  if (topUp === undefined) return 0;
  if (topUp.ops.some((op) => (payments[op] ?? 0) < topUp.earliest)) return topUp.followers;
  const all = Object.values(payments).reduce((n, k) => n + k, 0);
  return Math.max(0, topUp.followers - all);
}

/** The time those requests take at the plan's rate (the rate limit, not the provider, bounds a property there). */
export function requestsMs(plan: DepthPlan, requests: number): number {
  return Math.round((requests / plan.rate) * 1000);
}
