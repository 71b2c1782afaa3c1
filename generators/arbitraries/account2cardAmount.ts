import type fc from 'fast-check';
import { amount, type AmountConstraints } from './amount.js';

/** Options of {@link account2cardAmount}. */
export type Account2CardAmountConstraints = AmountConstraints;

/** A valid account-to-card amount: 100 000 to 1 500 000 kopecks inclusive, biased to the edges. */
export function account2cardAmount(constraints: Account2CardAmountConstraints = {}): fc.Arbitrary<number> {
  return amount('account2card', constraints);
}
