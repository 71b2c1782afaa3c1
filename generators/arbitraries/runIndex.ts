/**
 * The index of the fast-check run being generated, for arbitraries that draw their value
 * classes in turn during the first runs of a property (see `classed.ts`).
 *
 * fast-check hands an arbitrary only a random source and a bias factor, never the run index,
 * and each run's random source is independent of the others'. So a default run of 25 values
 * cannot be made to meet every class by weights alone: a field with only two classes drawn
 * half and half misses one in 2 × 2^-25 ≈ 6e-8 of runs, ten classes miss one in 10 × 0.9^25 ≈ 0.7.
 * A plugin sees the run index (`decorateGenerate(mrng, runId)`) and publishes it here for the
 * synchronous duration of that run's generation.
 *
 * The run index comes from fast-check itself, so a run replayed with `FC_SEED`/`FC_PATH`
 * draws the same class as the original run, and shrinking (which never generates) is
 * unaffected. `fc.sample` runs no plugins: there the index is unknown and the classes are
 * drawn by weight only.
 */
import fc from 'fast-check';

let current: number | undefined;

/** The index (from 0) of the fast-check run now generating its value; undefined outside `fc.check`/`fc.assert`. */
export function currentRunIndex(): number | undefined {
  return current;
}

/** A fast-check plugin that publishes the run index while a run's value is generated. */
export function runIndexPlugin(): fc.Plugin<unknown> {
  return () => ({
    decorateGenerate: (nestedGenerate) => (mrng, runId) => {
      const previous = current;
      current = runId;
      try {
        return nestedGenerate(mrng, runId);
      } finally {
        current = previous;
      }
    },
  });
}

/**
 * For a property run as several fast-check streams at once (suite/harness/property.ts): stream `stream` of
 * `streams` publishes run r as `r * streams + stream`, so that the streams together draw every class in their
 * first runs, as one stream of as many runs would. Passed in the stream's own parameters: fast-check applies it
 * inside the global plugin, so its index is the one generation sees.
 */
export function streamRunIndexPlugin(stream: number, streams: number): fc.Plugin<unknown> {
  return () => ({
    decorateGenerate: (nestedGenerate) => (mrng, runId) => {
      const previous = current;
      current = runId === undefined ? undefined : runId * streams + stream;
      try {
        return nestedGenerate(mrng, runId);
      } finally {
        current = previous;
      }
    },
  });
}

// Installed globally, once per process, so that every property of the suite gets the first-runs
// coverage without each caller remembering a parameter. Other arbitraries ignore it.
const INSTALLED = Symbol.for('pts.generators.runIndexPlugin');
const registry = globalThis as unknown as Record<symbol, boolean | undefined>;
if (registry[INSTALLED] !== true) {
  fc.installGlobalPlugin(runIndexPlugin());
  registry[INSTALLED] = true;
}
