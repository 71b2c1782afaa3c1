import type { Ctx } from '../context.js';
import { digestMatches, sha256Hex } from '../crypto.js';
import type { Merchant } from '../merchants.js';
import type { ValidationErrors } from '../respond.js';

/**
 * Checks the sha256 `signature` against sha256(parts joined + crypto_key); `alsoAccept`
 * lists other part lists a fault lets through. Reports a failure keyed `signature`.
 */
export function checkSignature(
  errors: ValidationErrors,
  ctx: Ctx,
  merchant: Merchant,
  signature: string,
  parts: readonly string[],
  alsoAccept: ReadonlyArray<readonly string[]> = [],
): void {
  const { faults } = ctx;
  const caseSensitive = ctx.rules.signatureCaseSensitive;
  const expected = sha256Hex(parts.join('') + merchant.cryptoKey);
  if (digestMatches(expected, signature, faults, caseSensitive)) return;
  for (const p of alsoAccept) if (digestMatches(sha256Hex(p.join('') + merchant.cryptoKey), signature, faults, caseSensitive)) return;
  // Fault signature-any-merchant-key: the digest is tried with every merchant's crypto_key (a shared key ring).
  if (
    faults.has('signature-any-merchant-key') &&
    ctx.merchants.cryptoKeys().some((key) => digestMatches(sha256Hex(parts.join('') + key), signature, faults, caseSensitive))
  )
    return;
  errors.add('signature', refusal(errors, faults, parts, merchant, expected));
}

/** The message of a refused signature (faults leaks-crypto-key and signature-oracle tell too much). */
function refusal(errors: ValidationErrors, faults: Ctx['faults'], parts: readonly string[], merchant: Merchant, expected: string): string {
  if (faults.has('leaks-crypto-key')) return `Invalid signature: expected the sha256 of "${parts.join('')}${merchant.cryptoKey}".`;
  if (faults.has('signature-oracle')) return `Invalid signature, expected ${expected}.`;
  return errors.text.invalidSignature;
}

/** Did the request carry `value` as a present string (so it can enter a digest)? */
export const presentString = (value: unknown): value is string => typeof value === 'string' && value !== '';
