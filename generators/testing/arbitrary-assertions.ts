/**
 * Contract assertions every arbitrary of the suite must satisfy (after fast-check's own
 * `ArbitraryAssertions`): the same seed gives the same values; every value satisfies the
 * arbitrary's predicate; shrinking a failing value gives a counterexample no bigger than it,
 * and strictly smaller for at least one seed. Each throws an Error naming the assertion
 * and the seed that broke it.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { readFcSeed } from '../settings.js';

/** Options shared by the assertions. */
interface ArbitraryAssertionOptions {
  /** Values (or seeds) to try. Default 100. */
  numRuns?: number;
  /** First seed; the assertions derive further seeds from it. Default `FC_SEED` or 42. */
  seed?: number;
}

function baseSeed(options: ArbitraryAssertionOptions): number {
  return options.seed ?? readFcSeed() ?? 42;
}

/** The values one `fc.check` run of `numRuns` draws from `arb` with `seed` (the run index is known there, see runIndex.ts). */
function valuesOfCheck<T>(arb: fc.Arbitrary<T>, seed: number, numRuns: number): T[] {
  const values: T[] = [];
  fc.check(
    fc.property(arb, (v) => {
      values.push(v);
    }),
    { seed, numRuns },
  );
  return values;
}

/**
 * Same seed → the same sequence of values (deep equality, bytes included), both through
 * `fc.sample` (values drawn by weight) and through `fc.check` (classes drawn by turns in the
 * first runs).
 */
function assertProduceSameValueGivenSameSeed<T>(arb: fc.Arbitrary<T>, options: ArbitraryAssertionOptions = {}): void {
  const numRuns = options.numRuns ?? 100;
  const seed = baseSeed(options);
  for (let i = 0; i < 5; i++) {
    const s = seed + i;
    for (const [how, draw] of [
      ['fc.sample', () => fc.sample(arb, { seed: s, numRuns })],
      ['fc.check', () => valuesOfCheck(arb, s, numRuns)],
    ] as const) {
      const a = draw();
      const b = draw();
      const at = a.findIndex((v, k) => !isDeepStrictEqual(v, b[k]));
      if (at !== -1 || a.length !== b.length) {
        throw new Error(`assertProduceSameValueGivenSameSeed: ${how}, seed ${s}, value #${at} differs: ${fc.stringify(a[at])} vs ${fc.stringify(b[at])}`);
      }
    }
  }
}

/** Every produced value satisfies `isCorrect` (which may also throw with its own message). */
export function assertProduceCorrectValues<T>(arb: fc.Arbitrary<T>, isCorrect: (value: T) => boolean | void, options: ArbitraryAssertionOptions = {}): void {
  const seed = baseSeed(options);
  const details = fc.check(
    fc.property(arb, (v) => isCorrect(v) !== false),
    { seed, numRuns: options.numRuns ?? 100, endOnFailure: true },
  );
  if (details.failed) {
    const why = details.errorInstance instanceof Error ? `: ${details.errorInstance.message}` : '';
    throw new Error(
      `assertProduceCorrectValues: seed ${details.seed}, path ${details.counterexamplePath}, incorrect value ${fc.stringify(details.counterexample?.[0])}${why}`,
    );
  }
}

/** Options of {@link assertShrinkProducesSmallerValues}. */
interface ShrinkAssertionOptions<T> extends ArbitraryAssertionOptions {
  /** Size of a value; a shrunk counterexample must not be bigger. Default the length of `fc.stringify(value)`. */
  size?: (value: T) => number;
  /** The values that fail the property being shrunk. Default: every value fails. */
  fails?: (value: T) => boolean;
}

/**
 * For `numRuns` seeds: take the first failing value (no shrinking) and the shrunk
 * counterexample of the same seed. The shrunk one must still fail, must be no bigger, and
 * for at least one seed strictly smaller (shrinking does something).
 */
function assertShrinkProducesSmallerValues<T>(arb: fc.Arbitrary<T>, options: ShrinkAssertionOptions<T> = {}): void {
  const numRuns = options.numRuns ?? 20;
  // Printed length, with false counted as long as true: fast-check shrinks true toward false, one character longer.
  const size = options.size ?? ((v: T) => fc.stringify(v).replace(/\bfalse\b/g, 'true').length);
  const fails = options.fails ?? (() => true);
  const seed = baseSeed(options);
  let strictlySmaller = 0;
  let counted = 0;
  for (let i = 0; i < numRuns; i++) {
    const s = seed + i;
    const property = fc.property(arb, (v) => !fails(v));
    const first = fc.check(property, { seed: s, numRuns: 100, endOnFailure: true });
    if (!first.failed) continue;
    const shrunk = fc.check(property, { seed: s, numRuns: 100 });
    if (!shrunk.failed || shrunk.counterexample === null) {
      throw new Error(`assertShrinkProducesSmallerValues: seed ${s} failed without shrinking but not with it`);
    }
    const v0 = first.counterexample![0];
    const v1 = shrunk.counterexample[0];
    if (!fails(v1)) throw new Error(`assertShrinkProducesSmallerValues: seed ${s}, shrunk value ${fc.stringify(v1)} no longer fails`);
    const s0 = size(v0);
    const s1 = size(v1);
    if (s1 > s0) {
      throw new Error(`assertShrinkProducesSmallerValues: seed ${s}, shrunk ${fc.stringify(v1)} (size ${s1}) is bigger than ${fc.stringify(v0)} (size ${s0})`);
    }
    counted++;
    if (s1 < s0) strictlySmaller++;
  }
  if (counted === 0) throw new Error(`assertShrinkProducesSmallerValues: no failing value in ${numRuns} seeds from ${seed}`);
  if (strictlySmaller === 0) {
    throw new Error(`assertShrinkProducesSmallerValues: over ${counted} seeds from ${seed}, shrinking never gave a strictly smaller value`);
  }
}

/** All three contract assertions at once. */
export function assertArbitraryContract<T>(arb: fc.Arbitrary<T>, isCorrect: (value: T) => boolean | void, options: ShrinkAssertionOptions<T> = {}): void {
  assertProduceSameValueGivenSameSeed(arb, options);
  assertProduceCorrectValues(arb, isCorrect, options);
  assertShrinkProducesSmallerValues(arb, { ...options, numRuns: Math.min(options.numRuns ?? 20, 20) });
}
