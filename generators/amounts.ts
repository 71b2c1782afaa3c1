/**
 * Amount limits (payment-transfer-service.md, Limits) and the edge cases around them.
 * Amounts are integers in kopecks; both bounds are inclusive.
 */
import { AMOUNT_LIMITS } from '../contracts/operation-facts.js';
import type { PaymentOperation } from '../contracts/operations.js';

/** Each operation's inclusive range in kopecks and its rule (the request schemas', contracts/operation-facts.ts). */
export { AMOUNT_LIMITS };

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

/**
 * Integer amounts past the widths implementations store amounts in (ASVS 5.0 1.4.2: integer overflow),
 * every one out of range: the int32 edges, 2^32 + min and 2^64 + min (which wrap to min in 32 and 64
 * bits: a provider that range-checks the stored value accepts them as min), 2^53 − 1 (the largest
 * integer a double holds exactly), 2^63 (one past int64), -0 and a 400-digit integer (past any double).
 * The ones a JS number cannot write exactly are JSON integer literals (`rawJsonAmount`).
 */
export function storageWidthAmounts(operation: PaymentOperation): AmountCase[] {
  const range = AMOUNT_LIMITS[operation];
  if (range === undefined) throw new Error(`storageWidthAmounts: unknown operation '${String(operation)}'`);
  const { min } = range;
  const number = (label: string, value: number): AmountCase => ({ label: `${label} (${value})`, value, valid: false, reason: 'range' });
  const literal = (label: string, text: string): AmountCase => ({
    label: `${label} (${text.length > 24 ? `${text.slice(0, 12)}…, ${text.length} digits` : text})`,
    value: Number(text),
    valid: false,
    reason: 'range',
    rawJsonAmount: text,
  });
  return [
    number('2^31 - 1, the largest int32', 2 ** 31 - 1),
    number('2^31, one past int32', 2 ** 31),
    number('-2^31, the smallest int32', -(2 ** 31)),
    number('2^32 + min, min in 32 bits', 2 ** 32 + min),
    number('2^53 - 1, the largest exact double', 2 ** 53 - 1),
    literal('2^63, one past int64', (2n ** 63n).toString()),
    literal('2^64 + min, min in 64 bits', (2n ** 64n + BigInt(min)).toString()),
    literal('-0', '-0'),
    literal('a 400-digit integer', `1${'0'.repeat(399)}`),
  ];
}

/** A JSON text for `amount` other than plain digits, and whether it is valid JSON. */
interface AmountLiteral {
  label: string;
  /** The text written after `"amount":`. */
  literal: string;
  /** Valid JSON (a number equal to the operation's min); otherwise not JSON at all. */
  json: boolean;
}

/**
 * The operation's min written other ways. Valid JSON numbers equal to an integer (exponent, zero
 * fraction): the document says "integer", JSON Schema counts 1e4 an integer, many parsers refuse it,
 * so a provider may take them or refuse them keyed amount. And number forms JSON does not have
 * (leading zero, plus sign, hex, a trailing point, NaN, Infinity): a body that is not JSON.
 */
export function amountLiterals(operation: PaymentOperation): AmountLiteral[] {
  const range = AMOUNT_LIMITS[operation];
  if (range === undefined) throw new Error(`amountLiterals: unknown operation '${String(operation)}'`);
  const { min } = range;
  const exponent = String(min).length - String(min).replace(/0+$/, '').length;
  const mantissa = min / 10 ** exponent;
  const json = (label: string, literal: string): AmountLiteral => ({ label: `${label} (${literal})`, literal, json: true });
  const notJson = (label: string, literal: string): AmountLiteral => ({ label: `${label} (${literal})`, literal, json: false });
  return [
    json('exponent', `${mantissa}e${exponent}`),
    json('upper-case signed exponent', `${mantissa}E+${exponent}`),
    json('fraction and exponent', `${mantissa}.0e${exponent}`),
    json('zero fraction', `${min}.0`),
    json('negative exponent', `${min * 10}e-1`),
    notJson('leading zero', `0${min}`),
    notJson('plus sign', `+${min}`),
    notJson('hexadecimal', `0x${min.toString(16)}`),
    notJson('trailing point', `${min}.`),
    notJson('NaN', 'NaN'),
    notJson('Infinity', 'Infinity'),
  ];
}
