/**
 * fast-check run parameters for the whole suite, from the environment:
 *
 * - `FC_SEED`: integer seed; when unset a random one is drawn here (so it is known up front)
 *   and fast-check prints it with every failure.
 * - `FC_PATH`: counterexample path to replay (together with `FC_SEED`).
 * - `FC_NUM_RUNS`: runs per property; when unset, the caller's documented default.
 *
 * Shrinking is bounded in time: once a property has failed, shrinking stops after
 * `shrinkTimeLimitMs` (10 s by default) and the smallest counterexample found so far is
 * reported, with the seed and path that replay it (replaying resumes the shrinking).
 */
import fc from 'fast-check';

/** Options of {@link propertyParameters}. */
export interface PropertyDefaults {
  /** Runs per property when `FC_NUM_RUNS` is unset. */
  numRuns: number;
  /** Most milliseconds spent shrinking after the first failure. Default 10 000. */
  shrinkTimeLimitMs?: number;
  /**
   * Most milliseconds for the whole property (generation and shrinking), via fast-check's
   * `interruptAfterTimeLimit` plugin. An interruption before any failure counts as a pass
   * (the `markInterruptAsFailure: false` behaviour). Default: no limit.
   */
  totalTimeLimitMs?: number;
}

/** Default bound on shrinking time, in milliseconds. */
export const DEFAULT_SHRINK_TIME_LIMIT_MS = 10_000;

function readInteger(name: string, env: NodeJS.ProcessEnv, min: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) {
    throw new Error(`propertyParameters: ${name} must be an integer >= ${min}, got '${raw}'`);
  }
  return n;
}

/** A fresh random 32-bit seed. */
function randomSeed(): number {
  return (Math.random() * 0x1_0000_0000) | 0;
}

/**
 * A fast-check plugin that stops shrinking `timeLimitMs` after the first failure: from then
 * on every run is interrupted, so fast-check reports the smallest counterexample found so
 * far. Runs before the first failure are not limited.
 */
export function shrinkTimeLimit(timeLimitMs: number): fc.Plugin<unknown> {
  if (!(timeLimitMs >= 0)) throw new Error(`shrinkTimeLimit: timeLimitMs must be >= 0, got ${timeLimitMs}`);
  return () => {
    let firstFailureAt: number | undefined;
    const note = (out: fc.PreconditionFailure | fc.PropertyFailure | null): void => {
      if (out !== null && !fc.PreconditionFailure.isFailure(out) && firstFailureAt === undefined) {
        firstFailureAt = Date.now();
      }
    };
    return {
      decorateRun: (nestedRun) => (value) => {
        if (firstFailureAt !== undefined && Date.now() - firstFailureAt > timeLimitMs) {
          return new fc.PreconditionFailure(true);
        }
        const out = nestedRun(value);
        if (out !== null && typeof (out as Promise<unknown>).then === 'function') {
          return (out as Promise<fc.PreconditionFailure | fc.PropertyFailure | null>).then((r) => {
            note(r);
            return r;
          });
        }
        note(out as fc.PreconditionFailure | fc.PropertyFailure | null);
        return out;
      },
    };
  };
}

/**
 * The fast-check parameters of one property: seed and path from `FC_SEED`/`FC_PATH`,
 * runs from `FC_NUM_RUNS` or `defaults.numRuns`, shrinking bounded in time, verbose
 * failure reports (the failing run's values and the shrink steps).
 */
export function propertyParameters<T = unknown>(
  defaults: PropertyDefaults,
  env: NodeJS.ProcessEnv = process.env,
): fc.Parameters<T> {
  if (!Number.isInteger(defaults.numRuns) || defaults.numRuns < 1) {
    throw new Error(`propertyParameters: defaults.numRuns must be an integer >= 1, got ${defaults.numRuns}`);
  }
  const seed = readInteger('FC_SEED', env, Number.MIN_SAFE_INTEGER) ?? randomSeed();
  const numRuns = readInteger('FC_NUM_RUNS', env, 1) ?? defaults.numRuns;
  const path = env.FC_PATH !== undefined && env.FC_PATH.trim() !== '' ? env.FC_PATH.trim() : undefined;
  if (path !== undefined && !/^\d+(:\d+)*$/.test(path)) {
    throw new Error(`propertyParameters: FC_PATH must look like 0:1:2 (digits separated by colons), got '${path}'`);
  }
  const plugins: fc.Plugin<unknown>[] = [shrinkTimeLimit(defaults.shrinkTimeLimitMs ?? DEFAULT_SHRINK_TIME_LIMIT_MS)];
  if (defaults.totalTimeLimitMs !== undefined) {
    plugins.push(fc.interruptAfterTimeLimit(defaults.totalTimeLimitMs, { failOnInterrupt: false }));
  }
  return {
    seed,
    numRuns,
    ...(path !== undefined ? { path } : {}),
    verbose: fc.VerbosityLevel.Verbose,
    plugins: plugins as fc.Plugin<T>[],
  };
}

/**
 * How to replay one counterexample: `FC_SEED=<seed> FC_PATH=<path>`, followed by a short
 * instruction. Set both variables in the environment of the same test command (narrowed
 * with `--grep` to the failing test) to replay only that counterexample.
 */
export function describeReplay(seed: number, path: string): string {
  return `FC_SEED=${seed} FC_PATH=${path} (to replay: prefix the same test command, narrowed with --grep to this test, with these variables)`;
}
