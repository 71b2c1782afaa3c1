// Property checks: fast-check drives generated requests through a check; a failure becomes a
// CheckFailure of the shrunk counterexample, with the seed and path that replay it.
//
// Depth, first that applies: a matrix target's own runs (the test's `target runs` annotation), FC_NUM_RUNS,
// a time budget (TIME_BUDGET, turned by scripts/conformance.ts into PTS_PROPERTY_MS per property: as many
// runs as fit), DEFAULT_RUNS. A check that varies little, or costs much a run, takes a share of it. Each
// property records how many examples it ran.
import fc from 'fast-check';
import { test } from '@playwright/test';
import { propertyParameters, readFcNumRuns } from '../../generators/settings.js';
import type { RuleId } from '../../contracts/index.js';
import { ANNOTATION, RUN_ENV } from '../../contracts/run-protocol.js';
import { CheckFailure } from './failure.js';

/**
 * Runs per property at the default depth: a request costs about a millisecond, so depth is cheap. 700 makes a
 * default run send about 12 000 requests in about 21 s on the 2-core machine (npm run bench:depth; 500 sent 8 700).
 */
export const DEFAULT_RUNS = 700;
export interface PropertyOptions {
  /** The rule a failure that is not a CheckFailure names. */
  rule: RuleId;
  /** Fraction of the depth this property takes (a check that varies little, or costs much a run); default 1. */
  share?: number;
  /** Most runs whatever the depth (a check whose every run is heavy, such as a file of the profile's largest size). */
  maxRuns?: number;
}

/** numRuns and, under a time budget, the time limit of one property (every property the same slice of the budget). */
function depth(share: number): { numRuns: number; timeLimitMs?: number } {
  const targetRuns = test.info().annotations.find((a) => a.type === ANNOTATION.targetRuns)?.description;
  const base = targetRuns !== undefined ? Number(targetRuns) : readFcNumRuns();
  if (base === undefined) {
    const budget = Number(process.env[RUN_ENV.propertyMs]);
    if (budget > 0) return { numRuns: 1_000_000, timeLimitMs: budget };
  }
  return { numRuns: Math.max(1, Math.round((base ?? DEFAULT_RUNS) * share)) };
}

export async function forAll<T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>, options: PropertyOptions): Promise<void> {
  const { numRuns: runs, timeLimitMs } = depth(options.share ?? 1);
  const numRuns = Math.min(runs, options.maxRuns ?? runs);
  const params = propertyParameters<[T]>({ numRuns, totalTimeLimitMs: timeLimitMs });
  const details = await fc.check(fc.asyncProperty(arbitrary, check), { ...params, numRuns });
  test.info().annotations.push({ type: ANNOTATION.examples, description: String(details.numRuns) });
  if (!details.failed) return;
  const shown = fc.stringify(details.counterexample);
  const replay = `${replayCommand(details.seed, details.counterexamplePath ?? '', shown)}  (failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s) to ${shown.length > 600 ? `${shown.slice(0, 600)}…` : shown})`;
  const cause = details.errorInstance;
  if (cause instanceof CheckFailure) throw new CheckFailure({ ...cause.details, replay });
  throw new CheckFailure({
    rule: options.rule,
    expected: 'the property holds for every generated input',
    received: `${cause instanceof Error ? cause.message : String(cause)}; counterexample ${shown}`,
    replay,
  });
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
