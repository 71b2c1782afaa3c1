// Everything the suite and its reports write (failure messages, attachments, reports) passes through here:
// card numbers are masked to the first 6 and last 4 digits; the crypto key and private keys never appear.
// In contracts/ because both the suite (at the source of evidence) and reporting/ (again before a report is
// written) apply it, and neither may import the other.
import { isLuhnValid } from './luhn.js';

const PEM_PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g;
const DIGIT_RUN = /(?<!\d)\d{13,19}(?!\d)/g;
/** A card number under a `…pan` key inside JSON text, masked even when it fails Luhn (the non-Luhn checks send such). */
const PAN_FIELD = /("(?:\w*_)?pan"\s*:\s*")(\d{13,})"/gi;

/** Luhn check of a digit string (contracts/luhn.ts), re-exported for the scanners. */
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

/** Card numbers the suite sent: masked wherever they appear, also glued to other digits. */
const sentPans = new Set<string>();
const MAX_SENT_PANS = 100_000;

/**
 * Registers the card numbers in a request body the suite is about to send. A provider may quote them
 * back inside a longer digit run (a digest input is api_key + transaction + amount + recipient_pan + …),
 * where no digit-run rule could tell them apart.
 */
export function registerSentCardNumbers(body: string | undefined): void {
  if (!body || !/pan"/i.test(body)) return;
  for (const m of body.matchAll(PAN_FIELD)) if (sentPans.size < MAX_SENT_PANS) sentPans.add(m[2]!);
}

/** Masks every registered card number (13 to 19 digits) inside a run of digits. */
function maskSentPans(run: string): string {
  let out = run;
  for (let i = 0; i + 13 <= out.length; i++)
    for (let length = 13; length <= 19 && i + length <= out.length; length++)
      if (sentPans.has(out.slice(i, i + length))) {
        out = out.slice(0, i) + maskPan(out.slice(i, i + length)) + out.slice(i + length);
        break;
      }
  return out;
}

/** Hex words this long are digests, ids or file names, not card numbers. */
const HEX_TOKEN_MIN = 32;
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/**
 * Is text[start, end) part of a hex word of at least 32 characters (a sha256 signature, a sha1 file name)?
 * One digit run in ten passes the Luhn check by chance: masking it would garble the signature a replay
 * command sends, and a scanner would see a card number that never was one.
 */
function inHexToken(text: string, start: number, end: number): boolean {
  let a = start;
  let b = end;
  while (a > 0 && isHex(text.charCodeAt(a - 1))) a--;
  while (b < text.length && isHex(text.charCodeAt(b))) b++;
  return b - a >= HEX_TOKEN_MIN;
}

/** Digits after `<digit>.`: the fraction of a number (a time such as 2.5256180000000006 s), not a card number. */
const isFraction = (text: string, start: number) => text.charAt(start - 1) === '.' && /\d/.test(text.charAt(start - 2));

/** Does the digit run text[start, end) read as a card number (Luhn-valid, not in a digest, not a fraction)? */
function readsAsCardNumber(text: string, run: string, start: number): boolean {
  return luhnValid(run) && !inHexToken(text, start, start + run.length) && !isFraction(text, start);
}

/** What reads as a card number in a text: Luhn-valid runs of 13 to 19 digits, outside hex words and fractions. */
export function cardNumberRuns(text: string): { run: string; index: number }[] {
  return [...text.matchAll(DIGIT_RUN)].filter((m) => readsAsCardNumber(text, m[0], m.index!)).map((m) => ({ run: m[0], index: m.index! }));
}

/**
 * Redacts free text: secrets, PEM private keys, and digit runs of card length that pass the Luhn check
 * (amounts and phone numbers are shorter, so they stay readable; digests are left whole).
 */
export function redactText(text: string): string {
  let out = text.replace(PEM_PRIVATE_KEY, '[private key redacted]');
  for (const s of secrets) out = out.split(s).join('[crypto_key redacted]');
  out = out.replace(PAN_FIELD, (_m, head: string, pan: string) => `${head}${maskPan(pan)}"`);
  if (sentPans.size > 0) out = out.replace(/\d{13,}/g, maskSentPans);
  return out.replace(DIGIT_RUN, (run: string, offset: number, whole: string) => (readsAsCardNumber(whole, run, offset) ? maskPan(run) : run));
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
    // Built from entries: `out['__proto__'] = v` would set the prototype and drop the key from the evidence.
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [redactText(k), PAN_KEYS.test(k) && typeof v === 'string' && /^\d{13,19}$/.test(v) ? maskPan(v) : redactJson(v)]),
    );
  }
  return value;
}
