import fc from 'fast-check';
import { AMOUNT_LIMITS, type AmountOperation } from '../amounts.js';

/** Options of {@link amount}. */
export interface AmountConstraints {
  /** Smallest amount in kopecks; at least the operation's minimum. Default the operation's minimum. */
  min?: number;
  /** Largest amount in kopecks; at most the operation's maximum. Default the operation's maximum. */
  max?: number;
  /** Relative weight of the edges (min, min+1, max-1, max) against the whole range. Default 1 against 4. */
  edgeWeight?: number;
}

/**
 * A valid amount of an operation: an integer in kopecks within the inclusive limits,
 * biased to the edges. Shrinks toward the minimum.
 */
export function amount(operation: AmountOperation, constraints: AmountConstraints = {}): fc.Arbitrary<number> {
  const limits = AMOUNT_LIMITS[operation];
  if (limits === undefined) throw new Error(`amount: unknown operation '${String(operation)}'`);
  const min = constraints.min ?? limits.min;
  const max = constraints.max ?? limits.max;
  const edgeWeight = constraints.edgeWeight ?? 1;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < limits.min || max > limits.max || min > max) {
    throw new Error(`amount: for ${operation}, min/max must be integers with ${limits.min} <= min <= max <= ${limits.max}, got ${min}..${max}`);
  }
  const edges = [...new Set([min, Math.min(min + 1, max), Math.max(max - 1, min), max])];
  const whole = fc.integer({ min, max });
  if (edgeWeight <= 0) return whole;
  return fc.oneof({ arbitrary: whole, weight: 4 }, { arbitrary: fc.constantFrom(...edges), weight: edgeWeight });
}
