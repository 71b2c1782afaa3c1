import fc from 'fast-check';
import { AMOUNT_LIMITS } from '../amounts.js';
import { classed, selectClasses, valueClass, type ValueClass } from './classed.js';
import type { PaymentOperation } from '../../contracts/operations.js';

/** Options of {@link amount}. */
export interface AmountConstraints {
  /** Smallest amount in kopecks; at least the operation's minimum. Default the operation's minimum. */
  min?: number;
  /** Largest amount in kopecks; at most the operation's maximum. Default the operation's maximum. */
  max?: number;
  /** Weight of each edge class (`minimum`, `maximum`, `just-above-minimum`, `just-below-maximum`) after the first runs; 0 leaves them out. Default 1. */
  edgeWeight?: number;
  /** Names of the classes to draw from (see {@link amountClasses}). Default all. */
  classes?: readonly string[];
}

/** Width of the `just-above-minimum` and `just-below-maximum` bands, in kopecks (one ruble). */
export const NEAR_EDGE = 100;

/**
 * Generates like `arb`, shrinks like `fc.integer({min, max})` without context (toward `min`), so
 * a counterexample becomes the smallest failing amount whichever class it was drawn from.
 */
class ShrinkTowardMin extends fc.Arbitrary<number> {
  private readonly whole: fc.Arbitrary<number>;
  constructor(
    private readonly arb: fc.Arbitrary<number>,
    min: number,
    max: number,
  ) {
    super();
    this.whole = fc.integer({ min, max });
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<number> {
    return new fc.Value(this.arb.generate(mrng, biasFactor).value, undefined);
  }
  canShrinkWithoutContext(value: unknown): value is number {
    return this.whole.canShrinkWithoutContext(value);
  }
  shrink(value: number, context: unknown): fc.Stream<fc.Value<number>> {
    return this.whole.shrink(value, context);
  }
}

/**
 * The value classes of an amount in [min, max] (kopecks, integers, both bounds inclusive):
 * `interior` (uniform, more than a ruble from either bound), `minimum`, `maximum`,
 * `just-above-minimum` and `just-below-maximum` (within a ruble), `middle` (within 0.05 % of the
 * range either side of its midpoint), `power-of-ten` (10 000, 100 000, ...: round amounts whose digit
 * count changes at the next kopeck), `lowest-decade` (below ten times the minimum, which a
 * uniform draw almost never reaches). Classes empty in a narrow range are left out.
 */
export function amountClasses(operation: PaymentOperation, constraints: AmountConstraints = {}): ValueClass<number>[] {
  const limits = AMOUNT_LIMITS[operation];
  if (limits === undefined) throw new Error(`amount: unknown operation '${String(operation)}'`);
  const min = constraints.min ?? limits.min;
  const max = constraints.max ?? limits.max;
  const edgeWeight = constraints.edgeWeight ?? 1;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < limits.min || max > limits.max || min > max) {
    throw new Error(`amount: for ${operation}, min/max must be integers with ${limits.min} <= min <= max <= ${limits.max}, got ${min}..${max}`);
  }
  if (!Number.isInteger(edgeWeight) || edgeWeight < 0) throw new Error(`amount: edgeWeight must be an integer >= 0, got ${edgeWeight}`);
  const mid = Math.floor((min + max) / 2);
  const halfBand = Math.max(1, Math.floor((max - min) / 2000));
  const powers = [1e4, 1e5, 1e6, 1e7, 1e8].filter((p) => p >= min && p <= max);
  const range = (name: string, lo: number, hi: number, weight = 1): ValueClass<number> | undefined =>
    lo > hi ? undefined : valueClass(name, fc.integer({ min: lo, max: hi }), (a) => Number.isInteger(a) && a >= lo && a <= hi, weight);
  // Half the time the value next to the bound itself (min+1, max-1): the off-by-one a provider gets wrong.
  const nearEdge = (name: string, lo: number, hi: number, next: number, weight: number): ValueClass<number> | undefined =>
    lo > hi
      ? undefined
      : valueClass(name, fc.oneof(fc.constant(next), fc.integer({ min: lo, max: hi })), (a) => Number.isInteger(a) && a >= lo && a <= hi, weight);
  const classes: (ValueClass<number> | undefined)[] = [
    range('interior', min + NEAR_EDGE + 1, max - NEAR_EDGE - 1, 4),
    edgeWeight > 0 ? valueClass('minimum', fc.constant(min), (a) => a === min, edgeWeight) : undefined,
    edgeWeight > 0 && max > min ? valueClass('maximum', fc.constant(max), (a) => a === max, edgeWeight) : undefined,
    edgeWeight > 0 ? nearEdge('just-above-minimum', min + 1, Math.min(min + NEAR_EDGE, max - 1), min + 1, edgeWeight) : undefined,
    edgeWeight > 0 ? nearEdge('just-below-maximum', Math.max(max - NEAR_EDGE, min + 1), max - 1, max - 1, edgeWeight) : undefined,
    range('middle', Math.max(min, mid - halfBand), Math.min(max, mid + halfBand)),
    powers.length > 0 ? valueClass('power-of-ten', fc.constantFrom(...powers), (a) => powers.includes(a)) : undefined,
    10 * min <= max ? range('lowest-decade', min + NEAR_EDGE + 1, Math.min(10 * min - 1, max - NEAR_EDGE - 1)) : undefined,
  ];
  const present = classes.filter((c): c is ValueClass<number> => c !== undefined);
  return selectClasses('amount', present, constraints.classes).map((c) => ({ ...c, arbitrary: new ShrinkTowardMin(c.arbitrary, min, max) }));
}

/**
 * A valid amount of an operation: an integer in kopecks within the inclusive limits, drawn from
 * {@link amountClasses}, class i at run i of a property's first runs, then by weight. Shrinks
 * toward the minimum whatever the class.
 */
export function amount(operation: PaymentOperation, constraints: AmountConstraints = {}): fc.Arbitrary<number> {
  return classed('amount', amountClasses(operation, constraints), { crossShrink: false });
}

/** Options of {@link rubleFormClasses}. */
export type RubleFormConstraints = Pick<AmountConstraints, 'min' | 'max'>;

const KOPECK_FORMS: readonly { name: string; kopecks: fc.Arbitrary<number>; test: (k: number) => boolean }[] = [
  { name: 'whole-rubles', kopecks: fc.constant(0), test: (k) => k === 0 },
  { name: 'kopecks-below-ten', kopecks: fc.integer({ min: 1, max: 9 }), test: (k) => k >= 1 && k <= 9 },
  { name: 'kopecks-round-ten', kopecks: fc.integer({ min: 1, max: 9 }).map((t) => t * 10), test: (k) => k >= 10 && k % 10 === 0 },
  { name: 'kopecks-two-digits', kopecks: fc.integer({ min: 11, max: 99 }).filter((k) => k % 10 !== 0), test: (k) => k > 10 && k % 10 !== 0 },
];

/**
 * How an amount reads in rubles, beside its place in the range ({@link amountClasses}). By its kopecks:
 * `whole-rubles` (.00, which a page may write without decimals), `kopecks-below-ten` (.01 to .09, whose
 * padding a page can lose: 10.05 is not 10.5), `kopecks-round-ten` (.10 to .90, which a page may write
 * with one decimal) and `kopecks-two-digits`; by the digits of its rubles, `rubles-N-digits` for every N
 * the range holds (where the thousands separators go). Every amount is in one class of each kind; classes
 * the range cannot hold are left out.
 */
export function rubleFormClasses(operation: PaymentOperation, constraints: RubleFormConstraints = {}): ValueClass<number>[] {
  const limits = AMOUNT_LIMITS[operation];
  if (limits === undefined) throw new Error(`rubleFormClasses: unknown operation '${String(operation)}'`);
  const min = constraints.min ?? limits.min;
  const max = constraints.max ?? limits.max;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < limits.min || max > limits.max || min > max) {
    throw new Error(`rubleFormClasses: for ${operation}, min/max must be integers with ${limits.min} <= min <= max <= ${limits.max}, got ${min}..${max}`);
  }
  const inRange = (a: number) => Number.isInteger(a) && a >= min && a <= max;
  const rublesOf = (a: number) => Math.trunc(a / 100);
  // Every kopeck pattern occurs within a ruble of any amount: a range of a ruble or more holds them all.
  const near = Array.from({ length: Math.min(max - min + 1, 200) }, (_, i) => min + i);
  const kopeckClasses = KOPECK_FORMS.filter((f) => near.some((a) => f.test(a % 100))).map((f) =>
    valueClass(
      f.name,
      fc
        .tuple(fc.integer({ min: rublesOf(min), max: rublesOf(max) }), f.kopecks)
        .map(([r, k]) => r * 100 + k)
        .filter(inRange),
      (a: number) => inRange(a) && f.test(a % 100),
    ),
  );
  const digits = (a: number) => String(rublesOf(a)).length;
  const digitClasses: ValueClass<number>[] = [];
  for (let d = digits(min); d <= digits(max); d++) {
    const lo = Math.max(min, d === 1 ? 0 : 10 ** (d - 1) * 100);
    const hi = Math.min(max, 10 ** d * 100 - 1);
    if (lo <= hi) digitClasses.push(valueClass(`rubles-${d}-digits`, fc.integer({ min: lo, max: hi }), (a: number) => inRange(a) && digits(a) === d));
  }
  return [...kopeckClasses, ...digitClasses];
}
