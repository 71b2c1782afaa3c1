import { isLuhnValid } from '../../generators/arbitraries/luhnPan.js';

// Everything the suite writes (failure messages, attachments, reports) passes through here:
// card numbers are masked to the first 6 and last 4 digits; the crypto key and private keys never appear.

const PEM_PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g;
const DIGIT_RUN = /(?<!\d)\d{13,19}(?!\d)/g;
/** A card number under a `…pan` key inside JSON text, masked even when it fails Luhn (the non-Luhn checks send such). */
const PAN_FIELD = /("(?:\w*_)?pan"\s*:\s*")(\d{13,19})"/gi;

/** Luhn check of a digit string (the generators' implementation, re-exported for the scanners). */
export const luhnValid = isLuhnValid;

export function maskPan(pan: string): string {
  if (pan.length < 13) return pan;
  return pan.slice(0, 6) + '*'.repeat(pan.length - 10) + pan.slice(-4);
}

let secrets: string[] = [];

/** Registers values that must never be written anywhere (the crypto key). Short values are refused: masking them would garble evidence. */
export function registerSecret(value: string | undefined): void {
  if (value && value.length >= 4 && !secrets.includes(value)) secrets = [...secrets, value].sort((a, b) => b.length - a.length);
}

/**
 * Redacts free text: secrets, PEM private keys, and digit runs of card length that pass the Luhn check
 * (amounts and phone numbers are shorter, so they stay readable).
 */
export function redactText(text: string): string {
  let out = text.replace(PEM_PRIVATE_KEY, '[private key redacted]');
  for (const s of secrets) out = out.split(s).join('[crypto_key redacted]');
  out = out.replace(PAN_FIELD, (_m, head: string, pan: string) => `${head}${maskPan(pan)}"`);
  return out.replace(DIGIT_RUN, (run) => (luhnValid(run) ? maskPan(run) : run));
}

const PAN_KEYS = /(^|_)pan$/i;

/**
 * Redacts a JSON value: any string under a key ending in `pan` is masked even when it fails Luhn, and a
 * number whose digits look like a card number is masked too (as text), since a merchant's payload may
 * carry one as a JSON number and it would otherwise be written in full.
 */
export function redactJson(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'number') {
    const text = String(value);
    const masked = redactText(text);
    return masked === text ? value : masked;
  }
  if (Array.isArray(value)) return value.map(redactJson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[redactText(k)] = PAN_KEYS.test(k) && typeof v === 'string' && /^\d{13,19}$/.test(v) ? maskPan(v) : redactJson(v);
    }
    return out;
  }
  return value;
}
