/**
 * Amount limits (payment-transfer-service.md, Limits) and the edge cases around them.
 * Amounts are integers in kopecks; both bounds are inclusive.
 */
import type { PaymentOperation } from '../contracts/operations.js';

/** Inclusive amount range of an operation, in kopecks. */
export interface AmountRange {
  min: number;
  max: number;
}

/** Invoice: 100 to 400 000 rubles; account to card: 1 000 to 15 000 rubles. */
export const AMOUNT_LIMITS: Readonly<Record<PaymentOperation, AmountRange>> = {
  invoice: { min: 10_000, max: 40_000_000 },
  account2card: { min: 100_000, max: 1_500_000 },
};

/** One amount to try and whether a provider must accept it. */
export interface AmountCase {
  /** Human readable, e.g. `max+1 (40000001)`. */
  label: string;
  /** The JSON value of `amount` (the body object's value). */
  value: unknown;
  /** Whether the amount is valid: an integer within the inclusive range. */
  valid: boolean;
  /**
   * When set, the body serialiser must write `amount` as exactly this JSON text instead of
   * serialising `value` (a JSON integer literal a JS number cannot hold exactly). The digest
   * of such a body is taken over these digits.
   */
  rawJsonAmount?: string;
  /** Why it is invalid: out of range (an integer), or a wrong type (fraction, string). */
  reason?: 'range' | 'type';
}

/** The amount edge cases of an operation, valid and invalid, in a fixed order. */
export function amountEdges(operation: PaymentOperation): AmountCase[] {
  const range = AMOUNT_LIMITS[operation];
  if (range === undefined) throw new Error(`amountEdges: unknown operation '${String(operation)}'`);
  const { min, max } = range;
  const valid = (label: string, value: number): AmountCase => ({ label: `${label} (${value})`, value, valid: true });
  const range_ = (label: string, value: number): AmountCase => ({ label: `${label} (${value})`, value, valid: false, reason: 'range' });
  const type_ = (label: string, value: unknown): AmountCase => ({ label: `${label} (${JSON.stringify(value)})`, value, valid: false, reason: 'type' });
  const big = 2n ** 53n + 1n; // 9007199254740993: not representable as a JS number
  return [
    range_('min-1', min - 1),
    valid('min', min),
    valid('min+1', min + 1),
    valid('max-1', max - 1),
    valid('max', max),
    range_('max+1', max + 1),
    range_('zero', 0),
    range_('negative', -min),
    type_('fraction min+0.5', min + 0.5),
    type_('fraction max-0.01', max - 0.01),
    type_('numeric string', String(min)),
    range_('beyond 2^53 as a number', 2 ** 53 + 2),
    {
      label: `beyond 2^53 as a JSON integer literal (${big})`,
      value: Number(big),
      valid: false,
      reason: 'range',
      rawJsonAmount: big.toString(),
    },
  ];
}
