// How often a request is sent again, by the kind of trouble each try met (recorded with the try, exchange.ts):
// a connection lost or a gateway answer at once, twice at most; no answer in time once (each costs that long); an
// answer asking to wait (Retry-After) after that wait, five times at most. The kinds that made the provider
// unavailable share one count: a try lost on the connection and then answered 502 has used both of its two.
import type { RetryKind, TransportRetry } from './exchange.js';
import type { TransportKind } from './transport-errors.js';

/** Tries sent again after a connection refused or reset, a cut body, or a gateway answer without Retry-After. */
export const MAX_UNAVAILABLE_RETRIES = 2;
/** Tries sent again after no answer within REQUEST_TIMEOUT: each costs that long. */
export const MAX_TIMEOUT_RETRIES = 1;
/** Waits for a 429, and tries sent again after another answer with Retry-After. */
export const MAX_429_RETRIES = 5;
/** The longest Retry-After waited out; a longer one is waited this long. */
const MAX_RETRY_AFTER_SECONDS = 60;

/** The count each kind draws on, and the most it may reach. */
const POLICY: Record<RetryKind, { count: 'unavailable' | 'timeout'; max: number }> = {
  connection: { count: 'unavailable', max: MAX_UNAVAILABLE_RETRIES },
  gateway: { count: 'unavailable', max: MAX_UNAVAILABLE_RETRIES },
  'retry-after': { count: 'unavailable', max: MAX_429_RETRIES },
  timeout: { count: 'timeout', max: MAX_TIMEOUT_RETRIES },
};

/** Whether a request whose earlier tries met `retries` may be sent again after trouble of `kind`. */
export function mayRetry(retries: readonly TransportRetry[], kind: RetryKind): boolean {
  const { count, max } = POLICY[kind];
  let n = 0;
  for (const r of retries) if (POLICY[r.kind].count === count) n++;
  return n < max;
}

/** The retry kind of transport trouble: a timeout, or a connection that failed; a defect is never sent again. */
export function retryKindOf(kind: TransportKind): RetryKind | undefined {
  return kind === 'timeout' ? 'timeout' : kind === 'unavailable' ? 'connection' : undefined;
}

/** How long to wait before the `attempt`-th try again: as Retry-After says (seconds or a date, at most 60 s), else doubling from 1 s. */
export function retryAfterMs(header: string | undefined, attempt: number): number {
  if (header !== undefined) {
    const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
    if (Number.isFinite(seconds)) return Math.min(Math.max(seconds, 0), MAX_RETRY_AFTER_SECONDS) * 1000;
  }
  return Math.min(1000 * 2 ** (attempt - 1), MAX_RETRY_AFTER_SECONDS * 1000);
}
