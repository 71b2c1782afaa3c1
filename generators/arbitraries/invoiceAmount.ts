import type fc from 'fast-check';
import { amount, type AmountConstraints } from './amount.js';

/** Options of {@link invoiceAmount}. */
export type InvoiceAmountConstraints = AmountConstraints;

/** A valid invoice amount: 10 000 to 40 000 000 kopecks inclusive, biased to the edges. */
export function invoiceAmount(constraints: InvoiceAmountConstraints = {}): fc.Arbitrary<number> {
  return amount('invoice', constraints);
}
