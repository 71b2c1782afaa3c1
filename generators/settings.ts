/**
 * fast-check run parameters for the whole suite, from the environment:
 *
 * - `FC_SEED`: integer seed; when unset a random one is drawn here (so it is known up front)
 *   and fast-check prints it with every failure.
 * - `FC_PATH`: counterexample path to replay (together with `FC_SEED`).
 * - `FC_REPLAY_PATH`: for a failing command sequence (fc.commands), the replayPath fast-check printed with it;
 *   without it the path of a shrunk sequence does not replay (which commands ran decides how it shrinks).
 * - `FC_NUM_RUNS`: runs per property; when unset, the caller's documented default.
 *
 * Shrinking is bounded in time: once a property has failed, shrinking stops after
 * `shrinkTimeLimitMs` (10 s by default) and the smallest counterexample found so far is
 * reported, with the seed and path that replay it (replaying resumes the shrinking).
 */
import fc from 'fast-check';

/** Options of {@link propertyParameters}. */
interface PropertyDefaults {
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
const DEFAULT_SHRINK_TIME_LIMIT_MS = 10_000;

/** The range of a fast-check seed: its generators are seeded with a 32-bit integer. */
export const SEED_RANGE = { min: -(2 ** 31), max: 2 ** 31 - 1 } as const;
/** The most runs FC_NUM_RUNS may ask for. */
export const MAX_NUM_RUNS = 1_000_000;

/** An integer variable within [min, max]; undefined when unset or blank. The one parser of FC_SEED and FC_NUM_RUNS. */
export function readIntegerVariable(name: string, env: NodeJS.ProcessEnv, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw.trim());
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new RangeError(`${name}=${raw.trim()} is not a whole number from ${min} to ${max}`);
  }
  return n;
}

/** FC_SEED, checked. */
export function readFcSeed(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return readIntegerVariable('FC_SEED', env, SEED_RANGE.min, SEED_RANGE.max);
}

/** FC_NUM_RUNS, checked. */
export function readFcNumRuns(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return readIntegerVariable('FC_NUM_RUNS', env, 1, MAX_NUM_RUNS);
}

/** FC_REPLAY_PATH: the commands' replayPath of a failure being replayed; undefined when unset or blank. */
export function readFcReplayPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const raw = env.FC_REPLAY_PATH?.trim();
  if (!raw) return undefined;
  if (!/^[A-Za-z0-9+/:]+$/.test(raw)) throw new RangeError(`FC_REPLAY_PATH=${raw} is not a replayPath fast-check prints (letters, digits, +, / and :)`);
  return raw;
}

/** A fresh random 32-bit seed. */
export function randomSeed(): number {
  return (Math.random() * 0x1_0000_0000) | 0;
}

/**
 * A fast-check plugin that stops shrinking `timeLimitMs` after the first failure: from then
 * on every run is interrupted, so fast-check reports the smallest counterexample found so
 * far. Runs before the first failure are not limited.
 */
function shrinkTimeLimit(timeLimitMs: number): fc.Plugin<unknown> {
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
export function propertyParameters<T = unknown>(defaults: PropertyDefaults, env: NodeJS.ProcessEnv = process.env): fc.Parameters<T> {
  if (!Number.isInteger(defaults.numRuns) || defaults.numRuns < 1) {
    throw new Error(`propertyParameters: defaults.numRuns must be an integer >= 1, got ${defaults.numRuns}`);
  }
  const seed = readFcSeed(env) ?? randomSeed();
  const numRuns = readFcNumRuns(env) ?? defaults.numRuns;
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
