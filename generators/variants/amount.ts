/** Invalid amounts of an operation, from {@link amountEdges}. */
import { amountEdges } from '../amounts.js';
import type { MerchantCredentials } from '../signing.js';
import { cloneBody, collateralKeys, freshBody, resignAsSent } from './body.js';
import type { RuleId } from '../../contracts/index.js';
import { kindOf, type InvalidVariant } from './types.js';
import type { PaymentOperation } from '../../contracts/operations.js';

const RANGE_RULE: Record<PaymentOperation, RuleId> = {
  invoice: 'DOC-LIMIT-INV-AMOUNT',
  account2card: 'DOC-LIMIT-A2C-AMOUNT',
};

/** "amount is a required integer in kopecks": a fraction or a string accepted breaks it. */
const TYPE_RULE: Record<PaymentOperation, RuleId> = {
  invoice: 'DOC-INV-REQ-AMOUNT',
  account2card: 'DOC-A2C-REQ-AMOUNT',
};

/**
 * The invalid amount edges as variants keyed `amount`: out-of-range integers break the
 * documented limit (DOC-LIMIT-…) when accepted and PRO-VAL-AMOUNT-RANGE when keyed otherwise;
 * fractions and strings break the documented integer type (DOC-…-REQ-AMOUNT) when accepted and
 * PRO-VAL-TYPES when keyed otherwise.
 * A case with `rawJsonAmount` carries `rawBody`, the body text with that literal, and its
 * signature is taken over those digits.
 */
export function amountVariants(operation: PaymentOperation, creds: MerchantCredentials): InvalidVariant[] {
  if (RANGE_RULE[operation] === undefined) throw new Error(`amountVariants: unknown operation '${String(operation)}'`);
  return amountEdges(operation)
    .filter((c) => !c.valid)
    .map((c) => {
      const body = cloneBody(freshBody(operation, creds));
      body.amount = c.value;
      resignAsSent(operation, body, creds, ['amount'], c.rawJsonAmount);
      const rule: RuleId = c.reason === 'type' ? TYPE_RULE[operation] : RANGE_RULE[operation];
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
      if (c.rawJsonAmount !== undefined) {
        const text = JSON.stringify(body);
        const needle = `"amount":${JSON.stringify(c.value)}`;
        if (!text.includes(needle)) throw new Error(`amountVariants: cannot splice the raw amount into ${text}`);
        variant.rawBody = text.replace(needle, `"amount":${c.rawJsonAmount}`);
      }
      return variant;
    });
}
