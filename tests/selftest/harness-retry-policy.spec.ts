// How often the client sends a request again, by the kind each earlier try recorded: the kinds that made the
// provider unavailable share one count, a timeout has its own, and a wait asked for by Retry-After is bounded.
import { test, expect } from '@playwright/test';
import type { RetryKind, TransportRetry } from '../../suite/harness/exchange.js';
import { MAX_429_RETRIES, MAX_TIMEOUT_RETRIES, MAX_UNAVAILABLE_RETRIES, mayRetry, retryAfterMs, retryKindOf } from '../../suite/harness/retry-policy.js';

const tries = (...kinds: RetryKind[]): TransportRetry[] => kinds.map((kind) => ({ kind, cause: `a try of kind ${kind}`, waitedMs: 0 }));

test.describe('the retry policy @harness', () => {
  test('a connection lost or a gateway answer: sent again twice at most, the two kinds counted together', () => {
    expect(MAX_UNAVAILABLE_RETRIES).toBe(2);
    for (const kind of ['connection', 'gateway'] as const) {
      expect(mayRetry(tries(), kind)).toBe(true);
      expect(mayRetry(tries('connection'), kind)).toBe(true);
      expect(mayRetry(tries('connection', 'gateway'), kind)).toBe(false);
      expect(mayRetry(tries('gateway', 'retry-after'), kind)).toBe(false);
    }
  });

  test('no answer in time: sent again once, whatever else the request met', () => {
    expect(MAX_TIMEOUT_RETRIES).toBe(1);
    expect(mayRetry(tries('connection', 'gateway'), 'timeout')).toBe(true);
    expect(mayRetry(tries('timeout'), 'timeout')).toBe(false);
    // A timeout uses none of the count of the kinds that made the provider unavailable.
    expect(mayRetry(tries('timeout', 'connection'), 'connection')).toBe(true);
  });

  test('an answer asking to wait (Retry-After): sent again up to five times, the other tries of unavailability counted in', () => {
    expect(MAX_429_RETRIES).toBe(5);
    expect(mayRetry(tries('retry-after', 'retry-after', 'retry-after', 'retry-after'), 'retry-after')).toBe(true);
    expect(mayRetry(tries('retry-after', 'retry-after', 'retry-after', 'connection', 'gateway'), 'retry-after')).toBe(false);
    expect(mayRetry(tries('timeout', 'retry-after', 'retry-after', 'retry-after', 'retry-after'), 'retry-after')).toBe(true);
  });

  test('transport trouble: a timeout or a lost connection is tried again, a broken answer never', () => {
    expect(retryKindOf('timeout')).toBe('timeout');
    expect(retryKindOf('unavailable')).toBe('connection');
    expect(retryKindOf('defect')).toBeUndefined();
  });

  test('the wait: as Retry-After says in seconds or as a date, at most a minute; without one, doubling from a second', () => {
    expect(retryAfterMs('3', 1)).toBe(3000);
    expect(retryAfterMs(' 0 ', 4)).toBe(0);
    expect(retryAfterMs('3600', 1)).toBe(60_000);
    const inTenSeconds = retryAfterMs(new Date(Date.now() + 10_000).toUTCString(), 1);
    expect(inTenSeconds).toBeGreaterThan(8_000);
    expect(inTenSeconds).toBeLessThanOrEqual(10_000);
    expect(retryAfterMs(new Date(Date.now() - 10_000).toUTCString(), 1)).toBe(0);
    expect([1, 2, 3, 7, 8].map((attempt) => retryAfterMs(undefined, attempt))).toEqual([1000, 2000, 4000, 60_000, 60_000]);
    expect(retryAfterMs('soon', 2)).toBe(2000);
  });
});
