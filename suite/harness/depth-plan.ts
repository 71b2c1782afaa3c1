// A whole-run depth plan (certify without FC_NUM_RUNS): the run may send TIME_BUDGET × RATE_LIMIT requests. The
// checks that are not properties cost what they cost (a fixed cost: their requests do not grow with depth); the
// properties share the rest. Each property, as it starts, takes its part of what is left: the budget less what the
// finished checks sent and what the other checks still to come are expected to send, divided among the properties
// still to run (weighted by their shares). What one property leaves unused (a maxRuns, a slow example) goes to the
// next ones, and an expected cost of the other checks that was too low is raised as the run measures it.
// The runs of a property draw its covering examples and value classes first (generators/arbitraries/classed.ts),
// so a property cut short by its part has sent those; a property never gets less than FLOOR_REQUESTS.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { RUN_ENV, type DepthPlan, type DepthProgressLine } from '../../contracts/run-protocol.js';

/**
 * Requests a check that is not a property is expected to send, until the run has measured its own: the mean of a
 * certification against the reference provider (1 740 requests over 169 such checks, FC_NUM_RUNS=1, summary.json).
 */
export const OTHER_CHECK_REQUESTS = 10;
/** How many checks' worth of weight that expectation keeps against the run's own measure. */
const PRIOR_WEIGHT = 5;
/** The fewest requests a property gets, whatever is left: today's 10-example certification, at a request an example. */
export const FLOOR_REQUESTS = 10;

/** What the finished checks of the run sent. */
export interface DepthProgress {
  properties: number;
  others: number;
  propertyRequests: number;
  otherRequests: number;
}

export const NO_PROGRESS: DepthProgress = { properties: 0, others: 0, propertyRequests: 0, otherRequests: 0 };

/** The run's plan, when certify set one. */
export function readDepthPlan(env: Record<string, string | undefined> = process.env): DepthPlan | undefined {
  const raw = env[RUN_ENV.depthPlan];
  return raw ? (JSON.parse(raw) as DepthPlan) : undefined;
}

/** The sums of the progress file (absent before the first check ends). */
export function readDepthProgress(plan: DepthPlan): DepthProgress {
  if (!existsSync(plan.progress)) return NO_PROGRESS;
  const p = { ...NO_PROGRESS };
  for (const line of readFileSync(plan.progress, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const l = JSON.parse(line) as DepthProgressLine;
    if (l.property) {
      p.properties++;
      p.propertyRequests += l.requests;
    } else {
      p.others++;
      p.otherRequests += l.requests;
    }
  }
  return p;
}

/** One finished check, appended (one short line: appends of several workers do not interleave). */
export function recordDepthProgress(plan: DepthPlan, line: DepthProgressLine): void {
  appendFileSync(plan.progress, JSON.stringify(line) + '\n');
}

/** The requests of the property starting now, of weight `share` (the others still to run weigh 1 each). */
export function propertyRequests(plan: DepthPlan, done: DepthProgress, share = 1): number {
  // Never below the expectation: the costly checks come in bursts (a sweep of every class of hard text sends 140
  // requests), so the cheap ones seen first would promise the properties what the later ones need.
  const perOther = Math.max(OTHER_CHECK_REQUESTS, (done.otherRequests + OTHER_CHECK_REQUESTS * PRIOR_WEIGHT) / (done.others + PRIOR_WEIGHT));
  const othersToCome = Math.max(0, plan.others - done.others) * perOther;
  const left = plan.requests - done.propertyRequests - done.otherRequests - othersToCome;
  const propertiesToCome = Math.max(1, plan.properties - done.properties);
  return Math.max(FLOOR_REQUESTS, Math.round((Math.max(0, left) * share) / (share + propertiesToCome - 1)));
}

/** The time those requests take at the plan's rate (the rate limit, not the provider, bounds a property there). */
export function requestsMs(plan: DepthPlan, requests: number): number {
  return Math.round((requests / plan.rate) * 1000);
}
