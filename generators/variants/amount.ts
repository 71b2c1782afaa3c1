/** Invalid amounts of an operation (generators/amounts.ts), and a valid amount written as other JSON literals. */
import { AMOUNT_LIMITS, amountEdges, amountLiterals, storageWidthAmounts, type AmountCase } from '../amounts.js';
import type { MerchantCredentials } from '../signing.js';
import { cloneBody, collateralKeys, freshBody, resignAsSent } from './body.js';
import type { RuleId } from '../../contracts/index.js';
import { kindOf, type InvalidVariant } from './types.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { requiredRule } from '../../contracts/operation-facts.js';

/**
 * The invalid amount edges as variants keyed `amount`: out-of-range integers break the
 * documented limit (DOC-LIMIT-…) when accepted and PRO-VAL-AMOUNT-RANGE when keyed otherwise;
 * fractions and strings break the documented integer type (DOC-…-REQ-AMOUNT) when accepted and
 * PRO-VAL-TYPES when keyed otherwise.
 * A case with `rawJsonAmount` carries `rawBody`, the body text with that literal, and its
 * signature is taken over those digits.
 */
export function amountVariants(operation: PaymentOperation, creds: MerchantCredentials): InvalidVariant[] {
  if (AMOUNT_LIMITS[operation] === undefined) throw new Error(`amountVariants: unknown operation '${String(operation)}'`);
  return amountEdges(operation)
    .filter((c) => !c.valid)
    .map((c) => variantOf(operation, creds, c));
}

/** The amounts past the widths implementations store them in ({@link storageWidthAmounts}), as variants keyed `amount`. */
export function storageWidthVariants(operation: PaymentOperation, creds: MerchantCredentials): InvalidVariant[] {
  if (AMOUNT_LIMITS[operation] === undefined) throw new Error(`storageWidthVariants: unknown operation '${String(operation)}'`);
  return storageWidthAmounts(operation).map((c) => variantOf(operation, creds, c));
}

function variantOf(operation: PaymentOperation, creds: MerchantCredentials, c: AmountCase): InvalidVariant {
  const body = cloneBody(freshBody(operation, creds));
  body.amount = c.value;
  resignAsSent(operation, body, creds, ['amount'], c.rawJsonAmount);
  // "amount is a required integer in kopecks": a fraction or a string accepted breaks it; an integer out of range the limit.
  const rule: RuleId = c.reason === 'type' ? requiredRule(operation, 'amount') : AMOUNT_LIMITS[operation].rule;
  const variant: InvalidVariant = {
    label: `amount = ${c.label}`,
    body,
    breaks: ['amount'],
    mayAlsoReport: collateralKeys(operation, ['amount']),
    // Accepted, it breaks the document (limit or type); refused but not keyed amount, the profile's rule.
    rule,
    keysRule: c.reason === 'type' ? 'PRO-VAL-TYPES' : 'PRO-VAL-AMOUNT-RANGE',
    kind: kindOf(rule),
    expectRequired: false,
  };
  if (c.rawJsonAmount !== undefined) variant.rawBody = withAmountText(body, c.value, c.rawJsonAmount);
  return variant;
}

/** The body's JSON text with the amount written as `literal` instead of the serialised `value`. */
function withAmountText(body: Record<string, unknown>, value: unknown, literal: string): string {
  const text = JSON.stringify(body);
  const needle = `"amount":${JSON.stringify(value)}`;
  if (!text.includes(needle)) throw new Error(`amount variants: cannot splice the raw amount into ${text}`);
  return text.replace(needle, `"amount":${literal}`);
}

/** A body whose amount is the operation's min written as another literal, signed over the min's digits. */
export interface AmountLiteralBody {
  label: string;
  /** The body text sent, with the literal in it. */
  rawBody: string;
  /** Whether the text is valid JSON (the literal a JSON number equal to min). */
  json: boolean;
}

/** Fresh signed bodies carrying {@link amountLiterals}: the digest is taken over the plain digits of min. */
export function amountLiteralBodies(operation: PaymentOperation, creds: MerchantCredentials): AmountLiteralBody[] {
  const { min } = AMOUNT_LIMITS[operation];
  return amountLiterals(operation).map((l) => {
    const body = cloneBody(freshBody(operation, creds));
    body.amount = min;
    resignAsSent(operation, body, creds, []);
    return { label: `amount = ${l.label}`, rawBody: withAmountText(body, min, l.literal), json: l.json };
  });
}
