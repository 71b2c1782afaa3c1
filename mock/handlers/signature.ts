import type { Ctx } from '../context.js';
import { digestMatches, sha256Hex } from '../crypto.js';
import type { Merchant } from '../merchants.js';
import type { ValidationErrors } from '../respond.js';

/**
 * Checks the sha256 `signature` against sha256(parts joined + crypto_key); `alsoAccept` lists other part lists the
 * operation's policy lets through. Reports a failure keyed `signature`.
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
  const policy = ctx.policy.signature;
  if (policy.anyMerchantKey && ctx.merchants.cryptoKeys().some((key) => digestMatches(sha256Hex(parts.join('') + key), signature, faults, caseSensitive)))
    return;
  errors.add('signature', policy.refusal?.(parts.join(''), merchant.cryptoKey, expected) ?? errors.text.invalidSignature);
}

/** Did the request carry `value` as a present string (so it can enter a digest)? */
export const presentString = (value: unknown): value is string => typeof value === 'string' && value !== '';
