/** Invalid amounts of an operation, from {@link amountEdges}. */
import { amountEdges } from '../amounts.js';
import type { MerchantCredentials } from '../signing.js';
import { cloneBody, collateralKeys, freshBody, resignAsSent } from './body.js';
import { kindOf, type InvalidVariant, type VariantOperation } from './types.js';

const RANGE_RULE: Record<VariantOperation, string> = {
  invoice: 'DOC-LIMIT-INV-AMOUNT',
  account2card: 'DOC-LIMIT-A2C-AMOUNT',
};

/**
 * The invalid amount edges as variants keyed `amount`: out-of-range integers break the
 * documented limit (DOC-LIMIT-…), fractions and strings break the type (PRO-VAL-TYPES).
 * A case with `rawJsonAmount` carries `rawBody`, the body text with that literal, and its
 * signature is taken over those digits.
 */
export function amountVariants(operation: VariantOperation, creds: MerchantCredentials): InvalidVariant[] {
  if (RANGE_RULE[operation] === undefined) throw new Error(`amountVariants: unknown operation '${String(operation)}'`);
  return amountEdges(operation)
    .filter((c) => !c.valid)
    .map((c) => {
      const body = cloneBody(freshBody(operation, creds));
      body.amount = c.value;
      resignAsSent(operation, body, creds, ['amount'], c.rawJsonAmount);
      const rule = c.reason === 'type' ? 'PRO-VAL-TYPES' : RANGE_RULE[operation];
      const variant: InvalidVariant = {
        label: `amount = ${c.label}`,
        body,
        breaks: ['amount'],
        mayAlsoReport: collateralKeys(operation, ['amount']),
        rule,
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
