// Property checks: fast-check drives generated requests through a check; a failure becomes a
// CheckFailure of the shrunk counterexample, with the seed and path that replay it.
import fc from 'fast-check';
import { test } from '@playwright/test';
import { propertyParameters } from '../../generators/settings.js';
import type { RuleId } from '../../contracts/index.js';
import { CheckFailure } from './failure.js';
import { targetOf } from './targets.js';

/** Runs per property when FC_NUM_RUNS is unset: enough to vary every field, cheap enough for seconds-long runs. */
export const DEFAULT_RUNS = 25;

export async function forAll<T>(
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  options: { rule: RuleId; numRuns?: number },
): Promise<void> {
  // A matrix target may set its own depth (the kill matrix runs faults shallower than its clean run).
  const targetRuns = targetOf(test.info())?.numRuns;
  const params = { ...propertyParameters({ numRuns: options.numRuns ?? DEFAULT_RUNS }), ...(targetRuns ? { numRuns: targetRuns } : {}) };
  const details = await fc.check(fc.asyncProperty(arbitrary, check), params);
  if (!details.failed) return;
  const replay = `${replayCommand(details.seed, details.counterexamplePath ?? '')}  (failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s))`;
  const cause = details.errorInstance;
  if (cause instanceof CheckFailure) throw new CheckFailure({ ...cause.details, replay });
  throw new CheckFailure({
    rule: options.rule,
    expected: 'the property holds for every generated input',
    received: `${cause instanceof Error ? cause.message : String(cause)}; counterexample ${fc.stringify(details.counterexample)}`,
    replay,
  });
}

/** The exact command that replays this property's failure: seed, path, project and test title. */
function replayCommand(seed: number, path: string): string {
  const info = test.info();
  const title = info.title.replace(/ \[[^\]]*\]$/, '').replace(/["\\$`]/g, '.');
  return `FC_SEED=${seed} FC_PATH=${path} npm run conformance -- --project=${info.project.name} -g "${title}"`;
}
