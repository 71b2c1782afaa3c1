import { constants, createHmac, createPublicKey, hash, randomFillSync, verify, type KeyObject } from 'node:crypto';
import type { FaultSet } from './faults/catalog.js';

/** One-shot hash (no Hash object per request: measurably faster on the invoice path). */
export function sha256Hex(input: string): string {
  return hash('sha256', input, 'hex');
}

/** HMAC-SHA256, lower-case hex (fault signature-hmac-accepted). */
export function hmacSha256Hex(key: string, input: string): string {
  return createHmac('sha256', key).update(input, 'utf8').digest('hex');
}

/** Random bytes for page tokens, refilled once per 256 tokens (pooled, as randomUUID pools its entropy). */
const TOKEN_BYTES = 16;
const tokenPool = Buffer.alloc(TOKEN_BYTES * 256);
let tokenOffset = tokenPool.length;

/** 128 random bits as 32 lower-case hex digits. */
export function randomToken(): string {
  if (tokenOffset === tokenPool.length) {
    randomFillSync(tokenPool);
    tokenOffset = 0;
  }
  return tokenPool.toString('hex', tokenOffset, (tokenOffset += TOKEN_BYTES));
}

/**
 * Does `given` equal the hex digest `expected` (sha256Hex: 64 lower-case digits)? Letter case of
 * the hex digits is ignored unless `caseSensitive` (profile signatureCaseInsensitive false, fault
 * signature-case-sensitive). Timing-safe: every one of the 64 digits is compared, without a branch
 * on their values. A plain loop rather than two Buffers and crypto.timingSafeEqual: the Buffers
 * cost more than the sha256 itself.
 */
export function digestMatches(expected: string, given: string, faults: FaultSet, caseSensitive: boolean): boolean {
  if (faults.has('signature-prefix-only')) {
    return given.slice(0, 8).toLowerCase() === expected.slice(0, 8).toLowerCase() && given.length >= 8;
  }
  if (given.length !== 64) return false;
  const caseBit = caseSensitive ? 0 : 0x20;
  let diff = 0;
  for (let i = 0; i < 64; i++) {
    const e = expected.charCodeAt(i);
    const c = given.charCodeAt(i);
    const letter = ((0x60 - e) >> 8) & caseBit; // 0x20 where e is a-f (and case is ignored), else 0
    // c must be e, or (e a letter) its upper case: equal up to the case bit, and equal once lower-cased.
    diff |= ((c ^ e) & ~letter) | ((c | letter) ^ e);
  }
  return diff === 0;
}

/** Luhn check of a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Appends the Luhn check digit to `partial` (computed in one pass, not by trying ten digits). */
export function withLuhnDigit(partial: string): string {
  let sum = 0;
  let double = true; // the check digit will be rightmost, so partial's last digit is doubled
  for (let i = partial.length - 1; i >= 0; i--) {
    let d = partial.charCodeAt(i) - 48;
    if (d < 0 || d > 9) throw new Error('withLuhnDigit: digits only');
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return partial + String((10 - (sum % 10)) % 10);
}

export type XSignEncoding = 'base64' | 'base64url' | 'hex';

/** The strict shape of each encoding the profile may name (account2card.xSignEncoding). */
const X_SIGN_SHAPE: Record<XSignEncoding, RegExp> = {
  base64: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  base64url: /^[A-Za-z0-9_-]+={0,2}$/,
  hex: /^(?:[0-9a-fA-F]{2})+$/,
};

export function publicKeyFromPem(pem: string): KeyObject {
  return createPublicKey(pem);
}

/**
 * X-Sign: RSASSA-PKCS1-v1_5 SHA-256 signature over the exact request body bytes, in the profile's
 * encoding (default base64, standard alphabet, padded).
 */
export function xSignValid(body: Buffer, header: string, key: KeyObject, encoding: XSignEncoding = 'base64', pssToo = false): boolean {
  if (header.length === 0 || !X_SIGN_SHAPE[encoding].test(header)) return false;
  try {
    const signature = Buffer.from(header, encoding);
    if (verify('sha256', body, key, signature)) return true;
    // Fault xsign-pss-accepted: a verifier that tries the other padding too.
    return pssToo && verify('sha256', body, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_AUTO }, signature);
  } catch {
    return false;
  }
}
