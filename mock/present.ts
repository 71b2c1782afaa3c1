import { randomInt } from 'node:crypto';
import type { FaultSet } from './faults/catalog.js';
import type { Payment } from './store.js';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** UTC `YYYYMMDDTHHMMSS.ffffffZ`, microseconds from the high-resolution clock. */
export function createdAt(faults: FaultSet, nowMs = performance.timeOrigin + performance.now()): string {
  if (faults.has('created-at-local-time')) nowMs += 3 * 3600_000; // Moscow time, still suffixed Z
  const d = new Date(Math.floor(nowMs));
  if (faults.has('created-at-iso')) return d.toISOString();
  const micros = Math.min(999_999, Math.floor((nowMs - Math.floor(nowMs / 1000) * 1000) * 1000));
  const base =
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return faults.has('created-at-millis') ? `${base}.${pad(d.getUTCMilliseconds(), 3)}Z` : `${base}.${pad(micros, 6)}Z`;
}

/** n random decimal digits (n <= 14). */
export const digits = (n: number) => String(randomInt(0, 10 ** n)).padStart(n, '0');

export const FPS_HOLDER = 'Иванов Иван Иванович';

/** The documented payment object. */
export function paymentJson(p: Payment, faults: FaultSet): Record<string, unknown> {
  const body: Record<string, unknown> = { id: p.id, state: p.state };
  if (!(faults.has('error-code-omitted') && p.errorCode === null && p.errorDescription === null)) {
    body.error_code = p.errorCode;
    body.error_description = p.errorDescription;
  }
  body.credentials = p.credentials;
  body.created_at = p.createdAt;
  return body;
}

export function maskPan(pan: string): string {
  return pan.length <= 10 ? pan : pan.slice(0, 6) + '*'.repeat(pan.length - 10) + pan.slice(-4);
}

/** 123456 kopecks -> "1 234,56 ₽". */
export function rubles(kopecks: number): string {
  const whole = Math.trunc(kopecks / 100);
  const frac = Math.abs(Math.round(kopecks - whole * 100));
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${pad(frac)} ₽`;
}

/** 123456 kopecks -> "1234.56 RUB". */
export function rublesPlain(kopecks: number): string {
  return `${(kopecks / 100).toFixed(2)} RUB`;
}
