import { createPublicKey, hash, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import type { FaultSet } from './faults/catalog.js';

/** One-shot hash (no Hash object per request: measurably faster on the invoice path). */
export function sha256Hex(input: string): string {
  return hash('sha256', input, 'hex');
}

const HEX64 = /^[0-9a-fA-F]{64}$/;

/**
 * Does `given` equal the hex digest `expected`? Letter case of the hex digits is ignored;
 * the comparison is timing-safe (equal-length buffers, constant time).
 */
export function digestMatches(expected: string, given: string, faults: FaultSet, caseSensitive: boolean): boolean {
  if (faults.has('signature-prefix-only')) {
    return given.slice(0, 8).toLowerCase() === expected.slice(0, 8).toLowerCase() && given.length >= 8;
  }
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  if (!HEX64.test(given)) {
    timingSafeEqual(a, a); // same work on every path
    return false;
  }
  const b = Buffer.from(caseSensitive ? given : given.toLowerCase(), 'utf8');
  return timingSafeEqual(a, b);
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

/** Appends the Luhn check digit to `partial`. */
export function withLuhnDigit(partial: string): string {
  for (let c = 0; c <= 9; c++) {
    if (luhnValid(partial + c)) return partial + c;
  }
  throw new Error('unreachable');
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
export function xSignValid(body: Buffer, header: string, key: KeyObject, encoding: XSignEncoding = 'base64'): boolean {
  if (header.length === 0 || !X_SIGN_SHAPE[encoding].test(header)) return false;
  try {
    return verify('sha256', body, key, Buffer.from(header, encoding));
  } catch {
    return false;
  }
}
