import { randomInt } from 'node:crypto';
import type { FaultSet } from './faults/catalog.js';
import type { Payment } from './store.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYYMMDDTHHMMSS` of the last second formatted: every payment within that second reuses it. */
let lastSecond = NaN;
let lastSecondText = '';

function secondText(second: number): string {
  if (second !== lastSecond) {
    const d = new Date(second * 1000);
    lastSecondText =
      `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` + `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
    lastSecond = second;
  }
  return lastSecondText;
}

/** UTC `YYYYMMDDTHHMMSS.ffffffZ`, microseconds from the high-resolution clock. */
export function createdAt(faults: FaultSet, nowMs = performance.timeOrigin + performance.now()): string {
  if (faults.has('created-at-local-time')) nowMs += 3 * 3600_000; // Moscow time, still suffixed Z
  if (faults.has('created-at-iso')) return new Date(Math.floor(nowMs)).toISOString();
  const second = Math.floor(Math.floor(nowMs) / 1000); // of the whole millisecond: never a second ahead of it
  let base = secondText(second);
  // Fault created-at-month-early: the month as getUTCMonth() gives it, zero-based.
  if (faults.has('created-at-month-early')) base = base.slice(0, 4) + pad(new Date(second * 1000).getUTCMonth()) + base.slice(6);
  if (faults.has('created-at-millis')) return `${base}.${pad(Math.floor(nowMs) - second * 1000, 3)}Z`;
  const micros = Math.min(999_999, Math.floor((nowMs - second * 1000) * 1000));
  return `${base}.${pad(micros, 6)}Z`;
}

/** n random decimal digits (n <= 14). */
export const digits = (n: number) => String(randomInt(0, 10 ** n)).padStart(n, '0');

export const FPS_HOLDER = 'Иванов Иван Иванович';

/** Fault error-code-omitted: a payment without error has no error_code/error_description keys. */
const omitsErrors = (p: Payment, faults: FaultSet) => faults.has('error-code-omitted') && p.errorCode === null && p.errorDescription === null;

/** The documented payment object. */
export function paymentJson(p: Payment, faults: FaultSet): Record<string, unknown> {
  const body: Record<string, unknown> = { id: p.id, state: p.state };
  if (!omitsErrors(p, faults)) {
    body.error_code = p.errorCode;
    body.error_description = p.errorDescription;
  }
  body.credentials = p.credentials;
  body.created_at = p.createdAt;
  return body;
}

/** Printable ASCII without a quote or a backslash: JSON.stringify copies it unchanged between quotes. */
const VERBATIM = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** The JSON string literal of `s`, as JSON.stringify writes it. */
export const jsonString = (s: string): string => (VERBATIM.test(s) ? `"${s}"` : JSON.stringify(s));

/** A value of error_code / error_description as JSON.stringify writes it. */
const jsonScalar = (v: string | number | null): string => (v === null ? 'null' : typeof v === 'string' ? jsonString(v) : JSON.stringify(v));

/**
 * JSON.stringify(paymentJson(p, faults)), written directly: same keys, same order, same bytes
 * (JSON.stringify of the invoice answer object was about a fifth of the invoice handler's time).
 * For the plain serializer only: the JSON variations reshape the object instead.
 */
export function paymentJsonText(p: Payment, faults: FaultSet): string {
  const errors = omitsErrors(p, faults) ? '' : `"error_code":${jsonScalar(p.errorCode)},"error_description":${jsonScalar(p.errorDescription)},`;
  const c = p.credentials;
  const credentials = 'card_pan' in c ? `{"card_pan":${jsonString(c.card_pan)}}` : `{"phone":${jsonString(c.phone)},"holder":${jsonString(c.holder)}}`;
  return `{"id":${JSON.stringify(p.id)},"state":${jsonString(p.state)},${errors}"credentials":${credentials},"created_at":${jsonString(p.createdAt)}}`;
}

export function maskPan(pan: string): string {
  return pan.length <= 10 ? pan : pan.slice(0, 6) + '*'.repeat(pan.length - 10) + pan.slice(-4);
}

/** 1234567 -> "1 234 567": thousands grouped from the right. */
export const groupThousands = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** 123456 kopecks -> "1 234,56 ₽". */
export function rubles(kopecks: number): string {
  const whole = Math.trunc(kopecks / 100);
  const frac = Math.abs(Math.round(kopecks - whole * 100));
  return `${groupThousands(whole)},${pad(frac)} ₽`;
}

/** 123456 kopecks -> "1234.56 RUB". */
export function rublesPlain(kopecks: number): string {
  return `${(kopecks / 100).toFixed(2)} RUB`;
}
