// Property checks: fast-check drives generated requests through a check; a failure becomes a CheckFailure of
// the shrunk counterexample, with the seed and path that replay it.
//
// Depth, first that applies: a matrix target's own runs (the test's `target runs` annotation), FC_NUM_RUNS, a
// whole-run depth plan (certify: TIME_BUDGET × RATE_LIMIT requests shared with the other checks, the property's
// part taken as it starts, suite/harness/depth-plan.ts), a time budget (TIME_BUDGET, turned by
// scripts/conformance.ts into PTS_PROPERTY_MS per property: as many runs as fit), DEFAULT_RUNS. A check that
// varies little, or costs much a run, takes a share of it.
//
// Depth does not wait on the round trip: the runs are split over several fast-check streams in flight at once
// (each its own fc.check with a seed derived from the run's, the streams together drawing every value class in
// their first runs), more of them when the worker's shortest recent round trip is long (round-trip.ts), so a provider
// a hundred milliseconds away costs little more wall time than one on loopback. The examples a seed draws depend on
// the number of streams: a replay line names its stream's own seed.
// A failing stream shrinks alone and is replayed alone: its replay line carries its own seed and path.
// Depth is also bounded by time (half the test's time limit), so that no property runs into a test timeout on a
// slow provider: one cut short passes with the number of examples it ran, reported. An example the provider was
// unavailable for (suite/harness/failure.ts ProviderUnavailable) is not judged; a property whose examples were
// mostly not judged is itself not judged.
import fc from 'fast-check';
import { test } from '@playwright/test';
import { streamRunIndexPlugin } from '../../generators/arbitraries/index.js';
import { propertyParameters, readFcNumRuns } from '../../generators/settings.js';
import type { RuleId } from '../../contracts/index.js';
import { ANNOTATION, RUN_ENV } from '../../contracts/run-protocol.js';
import { CheckFailure, ProviderUnavailable } from './failure.js';
import { judgeLoss } from './unavailability.js';
import { propertyRequests, readDepthPlan, readDepthProgress, requestsMs } from './depth-plan.js';
import { roundTripFloorMs } from './round-trip.js';
import { POOL_CONNECTIONS } from './transport-pool.js';

/**
 * Runs per property at the default depth: a request costs about a millisecond on loopback, so depth is cheap.
 * 700 makes a default run send about 12 000 requests (npm run bench:depth).
 */
export const DEFAULT_RUNS = 700;
/** Streams of a property when MAX_IN_FLIGHT does not say: requests in flight at once per worker, at the least. */
const DEFAULT_STREAMS = 16;
/**
 * Milliseconds of the shortest recent round trip that call for one stream more than one: 16 streams up to 32 ms,
 * 50 at 100 ms, as many as the worker's connections from 128 ms. A provider on loopback answers at least ten
 * times faster than that, whatever the load: its properties keep 16.
 */
const ROUND_TRIP_MS_PER_STREAM = 2;
/** Examples the provider was unavailable for that a property sends again after a control (suite/harness/unavailability.ts). */
const LOSSES_JUDGED = 3;
/** The share of a test's time limit a property's runs may take; the rest is for shrinking and what follows. */
const TIME_BOUND_SHARE = 0.5;

/** The worker's share of MAX_IN_FLIGHT, when set. */
let streamsPerWorker: number | undefined;

/** How many streams a property of this worker runs (the worker's share of MAX_IN_FLIGHT); set by the runner's fixtures. */
export function setPropertyStreams(streams: number): void {
  if (!(Number.isInteger(streams) && streams >= 1)) throw new Error(`setPropertyStreams: a whole number >= 1, got ${streams}`);
  streamsPerWorker = streams;
}

/** MAX_IN_FLIGHT's share, or else enough streams to keep the round trip's worth of examples in flight. */
function workerStreams(): number {
  if (streamsPerWorker !== undefined) return streamsPerWorker;
  const floor = roundTripFloorMs() ?? 0;
  return Math.min(POOL_CONNECTIONS, Math.max(DEFAULT_STREAMS, Math.ceil(floor / ROUND_TRIP_MS_PER_STREAM)));
}

interface PropertyOptions {
  /** The rule a failure that is not a CheckFailure names. */
  rule: RuleId;
  /** Fraction of the depth this property takes (a check that varies little, or costs much a run); default 1. */
  share?: number;
  /** Most runs whatever the depth (a check whose every run is heavy, such as a file of the profile's largest size). */
  maxRuns?: number;
  /** At most this many streams (1: examples that share one resource, such as a browser page); default the worker's. */
  streams?: number;
}

/** numRuns and the time bound of one property. */
interface Depth {
  numRuns: number;
  timeLimitMs: number;
  budgeted: boolean;
  /** At most this many streams (a plan's: what keeps the rate limit fed). */
  maxStreams?: number;
  /** A plan's part, in milliseconds: examples drawn after it send nothing, while those in flight finish. */
  partMs?: number;
}

/** Milliseconds between a plan's part being spent and fast-check's interruption: the examples in flight finish. */
function drainMs(streams: number, rate: number): number {
  return Math.ceil((streams / rate) * 1000) + 500;
}

function depth(share: number): Depth {
  const info = test.info();
  const bound = info.timeout > 0 ? Math.round(info.timeout * TIME_BOUND_SHARE) : Number.POSITIVE_INFINITY;
  const targetRuns = info.annotations.find((a) => a.type === ANNOTATION.targetRuns)?.description;
  const base = targetRuns !== undefined ? Number(targetRuns) : readFcNumRuns();
  const plan = base === undefined ? readDepthPlan() : undefined;
  if (plan !== undefined) {
    // Half a second's worth in flight keeps the rate limit fed up to half a second's round trip; more would only
    // wait in the limiter's queue. Those in flight when the part is spent still finish: the time is the part less them.
    const maxStreams = Math.max(2, Math.ceil(plan.rate / 2));
    const partMs = requestsMs(plan, Math.max(1, propertyRequests(plan, readDepthProgress(plan), share) - maxStreams));
    const timeLimitMs = partMs + drainMs(maxStreams, plan.rate);
    // The test's time limit grows by the property's part: the rest of it stays for shrinking and what follows.
    if (info.timeout > 0) info.setTimeout(info.timeout + timeLimitMs);
    return { numRuns: 1_000_000, timeLimitMs, budgeted: true, maxStreams, partMs };
  }
  if (base === undefined) {
    const budget = Number(process.env[RUN_ENV.propertyMs]);
    if (budget > 0) return { numRuns: 1_000_000, timeLimitMs: Math.min(budget, bound), budgeted: true };
  }
  return { numRuns: Math.max(1, Math.round((base ?? DEFAULT_RUNS) * share)), timeLimitMs: bound, budgeted: false };
}

/** The seed of stream `i`: stream 0 keeps the run's seed, the others derive theirs from it. */
function streamSeed(seed: number, i: number): number {
  return i === 0 ? seed : (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) + Math.imul(i, 0x85ebca6b)) | 0;
}

/** `total` runs over `n` streams, the first ones taking one more. */
function split(total: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
}

export async function forAll<T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>, options: PropertyOptions): Promise<void> {
  const { numRuns: runs, timeLimitMs, budgeted, maxStreams, partMs } = depth(options.share ?? 1);
  const numRuns = Math.min(runs, options.maxRuns ?? runs);
  const base = propertyParameters<[T]>({ numRuns, totalTimeLimitMs: Number.isFinite(timeLimitMs) ? timeLimitMs : undefined });
  const replaying = base.path !== undefined;
  const streams = replaying ? 1 : Math.max(1, Math.min(options.streams ?? workerStreams(), maxStreams ?? Infinity, numRuns));
  const started = performance.now();
  let winner: number | undefined;
  let judged = 0;
  let unjudged: ProviderUnavailable | undefined;
  let unjudgedCount = 0;
  const losses: { lost: ProviderUnavailable; value: T }[] = [];
  const spentAt = partMs === undefined ? undefined : started + partMs;
  const predicate = (stream: number) => async (value: T) => {
    if (winner !== undefined && winner !== stream) return; // another stream failed: this one drains without sending
    // A plan's part is spent: nothing more is sent (an example fast-check abandons at its interruption would still
    // wait in the rate limiter and be sent during the next check); the streams idle until the ones in flight are done.
    if (spentAt !== undefined && performance.now() >= spentAt) return new Promise<void>((r) => setTimeout(r, 50));
    try {
      await check(value);
      if (winner === undefined) judged++;
    } catch (e) {
      if (e instanceof ProviderUnavailable) {
        unjudgedCount++;
        unjudged = e;
        if (losses.length < LOSSES_JUDGED && !losses.some((l) => l.lost.exchange?.request.body === e.exchange?.request.body)) losses.push({ lost: e, value });
        return; // no verdict yet: judged once the streams are done, by what the loss follows: fast-check moves on (and a shrink step that meets it keeps the last failure)
      }
      winner ??= stream;
      if (winner === stream) throw e;
    }
  };
  // Every stream has at least one run: streams never exceed numRuns.
  const results = await Promise.all(
    split(numRuns, streams).map((n, i) =>
      fc.check(fc.asyncProperty(arbitrary, predicate(i)), {
        ...base,
        numRuns: n,
        seed: streamSeed(base.seed!, i),
        plugins: [...(base.plugins ?? []), ...(streams > 1 ? [streamRunIndexPlugin(i, streams) as fc.Plugin<[T]>] : [])],
      }),
    ),
  );
  const info = test.info();
  info.annotations.push({ type: ANNOTATION.examples, description: String(judged) });
  if (winner === undefined) unjudged = (await judgeLosses(losses)) ?? unjudged;
  if (unjudgedCount > 0 && winner === undefined && unjudgedCount > judged) throw unjudged!;
  const failed = winner === undefined ? undefined : results[winner];
  if (!failed?.failed) {
    const interrupted = results.some((r) => r.interrupted);
    if (interrupted && !budgeted)
      info.annotations.push({
        type: ANNOTATION.cutShort,
        description: `${judged} of ${numRuns} examples in ${((performance.now() - started) / 1000).toFixed(1)} s (time bound)`,
      });
    if (unjudgedCount > 0) info.annotations.push({ type: ANNOTATION.notJudged, description: `${unjudgedCount} example(s) not judged: ${unjudged!.message}` });
    return;
  }
  const shown = fc.stringify(failed.counterexample);
  const replay = `${replayCommand(failed.seed, failed.counterexamplePath ?? '', shown)}  (failed after ${judged} run(s), shrunk ${failed.numShrinks} time(s) to ${shown.length > 600 ? `${shown.slice(0, 600)}…` : shown})`;
  const cause = failed.errorInstance;
  if (cause instanceof CheckFailure) throw new CheckFailure({ ...cause.details, replay });
  throw new CheckFailure({
    rule: options.rule,
    expected: 'the property holds for every generated input',
    received: `${cause instanceof Error ? cause.message : String(cause)}; counterexample ${shown}`,
    replay,
  });
}

/**
 * The examples lost to transport trouble, sent again after a control: an input the provider fails on fails the
 * property, shown with the example (fast-check has no path for an example that did not fail when drawn).
 */
async function judgeLosses<T>(losses: readonly { lost: ProviderUnavailable; value: T }[]): Promise<ProviderUnavailable | undefined> {
  let last: ProviderUnavailable | undefined;
  for (const { lost, value } of losses) {
    try {
      last = await judgeLoss(lost);
    } catch (e) {
      if (!(e instanceof CheckFailure)) throw e;
      const shown = fc.stringify(value);
      throw new CheckFailure({ ...e.details, replay: `the example: ${shown.length > 600 ? `${shown.slice(0, 600)}…` : shown}` });
    }
  }
  return last;
}

/**
 * The exact command that replays this property's failure: seed, path, project and test title, and for a command
 * sequence the replayPath fast-check prints inside its counterexample (`shown`), without which the path does not replay.
 */
function replayCommand(seed: number, path: string, shown: string): string {
  const info = test.info();
  const replayPath = /\/\*replayPath="([^"]*)"\*\//.exec(shown)?.[1];
  // Regular-expression and shell characters become '.', which matches them too: the grep stays one word for the shell.
  const title = info.title.replace(/ \[[^\]]*\]$/, '').replace(/[.*+?^${}()|[\]\\"`!]/g, '.');
  return `${replayPath ? `FC_REPLAY_PATH=${replayPath} ` : ''}FC_SEED=${seed} FC_PATH=${path} npm run conformance -- --project=${info.project.name} -g "${title}"`;
}
