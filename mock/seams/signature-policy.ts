// The seam of how a refused sha256 signature is judged and told: with which merchants' crypto_key the digest is
// tried, and what the refusal says. The clean policy tries the merchant's own key and says only that it is wrong.
import type { SeamTable } from './apply.js';

interface SignaturePolicy {
  /** The digest is tried with every merchant's crypto_key (a shared key ring). */
  anyMerchantKey: boolean;
  /** The refusal's message, from the digest's text without the key, the key and the expected digest; null: the wording's. */
  refusal: ((text: string, cryptoKey: string, expected: string) => string) | null;
}

export const cleanSignaturePolicy = (): SignaturePolicy => ({ anyMerchantKey: false, refusal: null });

export const SIGNATURE_POLICY_SEAMS: SeamTable<SignaturePolicy> = {
  'signature-any-merchant-key': (s) => void (s.anyMerchantKey = true),
  'leaks-crypto-key': (s) => void (s.refusal = (text, key) => `Invalid signature: expected the sha256 of "${text}${key}".`),
  'signature-oracle': (s) => void (s.refusal = (_text, _key, expected) => `Invalid signature, expected ${expected}.`),
};
