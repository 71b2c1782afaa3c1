import fc from 'fast-check';
import type { MerchantCredentials } from '../signing.js';
import { cloneBody, digestAsSent } from './body.js';
import { flipHexDigit } from './signature.js';
import type { SignatureTampering, VariantOperation } from './types.js';

/**
 * Tamperings of a valid body's signature that change exactly one hex digit, over all 64
 * positions and all 15 other digit values. Shrinks toward position 0, next digit value.
 */
export function signatureDigitFlip(
  operation: VariantOperation,
  creds: MerchantCredentials,
  validBody: unknown,
): fc.Arbitrary<SignatureTampering> {
  const body = cloneBody(validBody);
  const correct = digestAsSent(operation, body, creds.cryptoKey);
  const rule = operation === 'invoice' ? 'DOC-AUTH-INV-DIGEST' : 'DOC-AUTH-A2C-DIGEST';
  return fc
    .record({ position: fc.integer({ min: 0, max: 63 }), delta: fc.integer({ min: 1, max: 15 }) })
    .map(({ position, delta }) => ({
      label: `signature with hex digit ${position} changed by +${delta}`,
      body: { ...body, signature: flipHexDigit(correct, position, delta) },
      rule,
      kind: 'documented' as const,
    }));
}
