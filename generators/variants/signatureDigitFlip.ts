import fc from 'fast-check';
import type { MerchantCredentials } from '../signing.js';
import { cloneBody, digestAsSent } from './body.js';
import { flipHexDigit } from './signature.js';
import type { SignatureTampering } from './types.js';
import type { PaymentOperation } from '../../contracts/operations.js';

/** One hex digit of a digest changed: at `position` (0..63), `delta` (1..15) values further, mod 16. */
export interface DigitFlip {
  position: number;
  delta: number;
}

/**
 * Every single-digit change of a 64-digit hex digest: all 64 positions, all 15 other values. Shrinks
 * toward position 0, next digit value. Drawn apart from the body it is applied to, so that a property
 * can apply each flip to a fresh body (a fresh transaction), also while shrinking.
 */
export function digitFlips(): fc.Arbitrary<DigitFlip> {
  return fc.record({ position: fc.integer({ min: 0, max: 63 }), delta: fc.integer({ min: 1, max: 15 }) });
}

/** The tampering of a valid body whose signature is its correct digest with one digit flipped. */
export function applyDigitFlip(operation: PaymentOperation, creds: MerchantCredentials, validBody: unknown, flip: DigitFlip): SignatureTampering {
  const body = cloneBody(validBody);
  const correct = digestAsSent(operation, body, creds.cryptoKey);
  return {
    label: `signature with hex digit ${flip.position} changed by +${flip.delta}`,
    body: { ...body, signature: flipHexDigit(correct, flip.position, flip.delta) },
    rule: operation === 'invoice' ? 'DOC-AUTH-INV-DIGEST' : 'DOC-AUTH-A2C-DIGEST',
    kind: 'documented',
  };
}
