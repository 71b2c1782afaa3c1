import { createHmac, randomUUID } from 'node:crypto';
import type { FaultSet } from './faults/catalog.js';
import { stringifyJson } from './json-text.js';
import { asciiJson, callbackPayload, plainDecimal, roundNumbers } from './callback-payload.js';
import { paymentJson } from './present.js';
import type { Profile } from './profile.js';
import type { Payment } from './store.js';
import type { VariationSet } from './variations/catalog.js';

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [200, 1000, 3000, 10000];
const DEFAULT_TRY_TIMEOUT_MS = 3000;
/** undici's headersTimeout: how long fetch waits for an answer's head when nothing else ends the try. */
const UNDICI_HEADERS_TIMEOUT_MS = 300_000;
/** Variation callback-delayed: the first delivery waits this long. */
const FIRST_DELIVERY_DELAY_MS = 3000;

type Headers = Record<string, string>;
/** What every try of one callback sends: the first try's body, the later tries' (the same unless a fault rebuilds them), the headers. */
type Tries = { body: string; retryBody: string; headers: Headers };

/**
 * Delivers `{transaction, payment, payload}` to the merchant's callbackUrl on every change to
 * a final state; a try not answered 2xx (or failing) is repeated after the configured delays,
 * max(1, profile callbacks.minDeliveries) tries in all. stop() clears pending timers and aborts
 * tries in flight.
 */
export class CallbackDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private stopped = false;
  private readonly tries: number;
  private readonly contentType: string;
  private readonly firstDelayMs: number;
  private readonly onceMore: boolean;
  private readonly extraHeaders: boolean;
  private readonly pretty: boolean;
  private readonly ascii: boolean;
  private readonly plainNumbers: boolean;
  private readonly honourRetryAfter: boolean;
  private readonly delaysMs: readonly number[];
  private readonly tryTimeoutMs: number;

  constructor(
    delaysMs: readonly number[],
    private readonly faults: FaultSet,
    private readonly variations: VariationSet,
    profile: Profile,
    tryTimeoutMs: number = DEFAULT_TRY_TIMEOUT_MS,
  ) {
    if (!Array.isArray(delaysMs) || delaysMs.some((d) => !Number.isFinite(d) || d < 0)) {
      throw new Error('startProvider: callbackRetryDelaysMs must be non-negative numbers');
    }
    if (!Number.isFinite(tryTimeoutMs) || tryTimeoutMs <= 0) throw new Error('startProvider: callbackTryTimeoutMs must be a positive number');
    // Fault callback-retries-back-to-back: the retry loop's pause removed. Fault callback-try-without-timeout: only
    // the HTTP client's own header time limit (undici's 300 s) ends a try nobody answers.
    this.delaysMs = faults.has('callback-retries-back-to-back') ? [0] : delaysMs;
    this.tryTimeoutMs = faults.has('callback-try-without-timeout') ? UNDICI_HEADERS_TIMEOUT_MS : tryTimeoutMs;
    this.tries = !profile.callbacks.enabled ? 0 : faults.has('callback-no-retry') ? 1 : Math.max(1, profile.callbacks.minDeliveries);
    this.contentType = variations.has('callback-no-charset') ? 'application/json' : 'application/json; charset=utf-8';
    this.firstDelayMs = variations.has('callback-delayed') ? FIRST_DELIVERY_DELAY_MS : 0;
    this.onceMore = variations.has('callback-at-least-once');
    this.extraHeaders = variations.has('callback-extra-headers');
    this.pretty = variations.has('callback-pretty');
    this.ascii = variations.has('callback-unicode-escapes');
    this.plainNumbers = variations.has('callback-payload-jsonb');
    this.honourRetryAfter = variations.has('callback-retry-after-honoured');
  }

  /** Snapshot of the payment now, sent (and re-sent) as is. */
  paymentFinal(p: Payment): void {
    const url = p.merchant.callbackUrl;
    if (!url || this.stopped || this.tries === 0) return;
    const payload = callbackPayload(p.payload ?? {}, this.faults, this.variations);
    const body = this.write(p, payload);
    // Fault callback-retry-rebuilt-from-store: tries after the first are built again from the stored payment,
    // whose payload numbers went through a DOUBLE column printed with 15 significant digits.
    const retryBody = this.faults.has('callback-retry-rebuilt-from-store') ? this.write(p, roundNumbers(payload, 15, true)) : body;
    const headers: Headers = { 'content-type': this.contentType };
    if (this.extraHeaders) {
      headers['user-agent'] = 'PTS-Callbacks/2.1 (+https://pts.example/docs/callbacks)';
      headers['x-request-id'] = randomUUID();
      headers['x-signature'] = createHmac('sha256', p.merchant.cryptoKey).update(body, 'utf8').digest('hex');
    }
    const tries = { body, retryBody, headers };
    if (this.firstDelayMs > 0) this.schedule(this.firstDelayMs, () => this.attempt(url, tries, 0, false));
    else void this.attempt(url, tries, 0, false);
  }

  /** The callback body's text: compact or (variation callback-pretty) pretty, payload first; all ASCII (variation callback-unicode-escapes). */
  private write(p: Payment, payload: Record<string, unknown>): string {
    // Fault callback-transaction-lower-cased: the transaction as a uuid column gives it back.
    const transaction = this.faults.has('callback-transaction-lower-cased') ? p.transaction.toLowerCase() : p.transaction;
    const number = this.plainNumbers ? plainDecimal : undefined;
    let text: string;
    if (this.pretty) {
      const payment = JSON.stringify(paymentJson(p, this.faults), null, 2).replaceAll('\n', '\n  ');
      text = `{\n  "payload": ${stringifyJson(payload, 2, 1, number)},\n  "payment": ${payment},\n  "transaction": ${JSON.stringify(transaction)}\n}\n`;
    } else {
      const head = JSON.stringify({ transaction, payment: paymentJson(p, this.faults) });
      text = `${head.slice(0, -1)},"payload":${stringifyJson(payload, 0, 0, number)}}`;
    }
    return this.ascii ? asciiJson(text) : text;
  }

  private schedule(ms: number, fn: () => Promise<void>): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      void fn();
    }, ms);
    this.timers.add(t);
  }

  /** One try; `extra` marks the one more delivery after a 2xx (variation callback-at-least-once). */
  private async attempt(url: string, tries: Tries, index: number, extra: boolean): Promise<void> {
    if (this.stopped) return;
    const ac = new AbortController();
    this.inFlight.add(ac);
    const timer = setTimeout(() => ac.abort(), this.tryTimeoutMs);
    let delivered: boolean;
    /** No further try although this one was not taken (faults callback-4xx-final, callback-reset-final). */
    let final: boolean;
    let retryAfterMs = 0;
    try {
      const body = index === 0 ? tries.body : tries.retryBody;
      // A redirect is an answer like any other that is no 2xx (fault callback-follows-redirect: followed).
      const redirect = this.faults.has('callback-follows-redirect') ? 'follow' : 'manual';
      const res = await fetch(url, { method: 'POST', headers: tries.headers, body, signal: ac.signal, redirect });
      await res.arrayBuffer().catch(() => undefined);
      delivered = res.status >= 200 && res.status < 300;
      // Fault callback-4xx-final: a 4xx is taken as the merchant's final word; only a 5xx is tried again.
      final = this.faults.has('callback-4xx-final') && res.status >= 400 && res.status < 500;
      // Variation callback-retry-after-honoured: a Retry-After in seconds delays the next try.
      if (this.honourRetryAfter) retryAfterMs = Math.min(10, Number(res.headers.get('retry-after')) || 0) * 1000;
    } catch {
      delivered = false;
      // Fault callback-reset-final: a connection that breaks (not a timeout) is taken as an address gone for good.
      final = this.faults.has('callback-reset-final') && !ac.signal.aborted;
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(ac);
    }
    if (this.stopped || extra) return;
    const delay = this.delaysMs[Math.min(index, this.delaysMs.length - 1)] ?? 0; // the last delay repeats
    if (delivered) {
      if (this.onceMore) this.schedule(delay, () => this.attempt(url, tries, index + 1, true));
      return;
    }
    if (final || index + 1 >= this.tries) return;
    this.schedule(Math.max(delay, retryAfterMs), () => this.attempt(url, tries, index + 1, false));
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const ac of this.inFlight) ac.abort();
    this.inFlight.clear();
  }
}
