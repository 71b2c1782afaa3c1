import { digestMatches, sha256Hex } from '../crypto.js';
import type { FaultSet } from '../faults/catalog.js';
import type { Merchant } from '../merchants.js';
import type { ValidationErrors } from '../respond.js';

/**
 * Checks the sha256 `signature` against sha256(parts joined + crypto_key); `alsoAccept`
 * lists other part lists a fault lets through. Reports a failure keyed `signature`.
 */
export function checkSignature(
  errors: ValidationErrors,
  faults: FaultSet,
  merchant: Merchant,
  signature: string,
  parts: readonly string[],
  alsoAccept: ReadonlyArray<readonly string[]> = [],
): void {
  const ok = [parts, ...alsoAccept].some((p) => digestMatches(sha256Hex(p.join('') + merchant.cryptoKey), signature, faults));
  if (ok) return;
  errors.add(
    'signature',
    faults.has('leaks-crypto-key')
      ? `Invalid signature: expected the sha256 of "${parts.join('')}${merchant.cryptoKey}".`
      : 'Invalid signature.',
  );
}

/** Did the request carry `value` as a present string (so it can enter a digest)? */
export const presentString = (value: unknown): value is string => typeof value === 'string' && value !== '';
