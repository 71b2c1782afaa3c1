import { createHmac, randomUUID } from 'node:crypto';
import type { FaultSet } from './faults/catalog.js';
import { stringifyJson } from './json-text.js';
import { paymentJson } from './present.js';
import type { Profile } from './profile.js';
import type { Payment } from './store.js';
import type { VariationSet } from './variations/catalog.js';

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [200, 1000, 3000, 10000];
const TRY_TIMEOUT_MS = 3000;
/** Variation callback-delayed: the first delivery waits this long. */
export const FIRST_DELIVERY_DELAY_MS = 3000;

type Headers = Record<string, string>;

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

  constructor(
    private readonly delaysMs: readonly number[],
    private readonly faults: FaultSet,
    variations: VariationSet,
    profile: Profile,
  ) {
    if (!Array.isArray(delaysMs) || delaysMs.some((d) => !Number.isFinite(d) || d < 0)) {
      throw new Error('startProvider: callbackRetryDelaysMs must be non-negative numbers');
    }
    this.tries = !profile.callbacks.enabled ? 0 : faults.has('callback-no-retry') ? 1 : Math.max(1, profile.callbacks.minDeliveries);
    this.contentType = variations.has('callback-no-charset') ? 'application/json' : 'application/json; charset=utf-8';
    this.firstDelayMs = variations.has('callback-delayed') ? FIRST_DELIVERY_DELAY_MS : 0;
    this.onceMore = variations.has('callback-at-least-once');
    this.extraHeaders = variations.has('callback-extra-headers');
    this.pretty = variations.has('callback-pretty');
  }

  /** Snapshot of the payment now, sent (and re-sent) as is. */
  paymentFinal(p: Payment): void {
    const url = p.merchant.callbackUrl;
    if (!url || this.stopped || this.tries === 0) return;
    const body = this.pretty ? this.prettyBody(p) : this.body(p);
    const headers: Headers = { 'content-type': this.contentType };
    if (this.extraHeaders) {
      headers['user-agent'] = 'PTS-Callbacks/2.1 (+https://pts.example/docs/callbacks)';
      headers['x-request-id'] = randomUUID();
      headers['x-signature'] = createHmac('sha256', p.merchant.cryptoKey).update(body, 'utf8').digest('hex');
    }
    if (this.firstDelayMs > 0) this.schedule(this.firstDelayMs, () => this.attempt(url, body, headers, 0, false));
    else void this.attempt(url, body, headers, 0, false);
  }

  private body(p: Payment): string {
    const head = JSON.stringify({ transaction: p.transaction, payment: paymentJson(p, this.faults) });
    return `${head.slice(0, -1)},"payload":${stringifyJson(this.payloadFor(p))}}`;
  }

  /** Variation callback-pretty: two-space indent, payload first. */
  private prettyBody(p: Payment): string {
    const payment = JSON.stringify(paymentJson(p, this.faults), null, 2).replaceAll('\n', '\n  ');
    return `{\n  "payload": ${stringifyJson(this.payloadFor(p), 2, 1)},\n  "payment": ${payment},\n  "transaction": ${JSON.stringify(p.transaction)}\n}\n`;
  }

  private payloadFor(p: Payment): Record<string, unknown> {
    const payload = p.payload ?? {};
    if (this.faults.has('callback-drops-payload')) return { client_id: payload.client_id, client_ip: payload.client_ip };
    if (this.faults.has('callback-stringifies-numbers')) {
      return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v]));
    }
    return payload;
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
  private async attempt(url: string, body: string, headers: Headers, index: number, extra: boolean): Promise<void> {
    if (this.stopped) return;
    const ac = new AbortController();
    this.inFlight.add(ac);
    const timer = setTimeout(() => ac.abort(), TRY_TIMEOUT_MS);
    let delivered: boolean;
    try {
      const res = await fetch(url, { method: 'POST', headers, body, signal: ac.signal });
      await res.arrayBuffer().catch(() => undefined);
      delivered = res.status >= 200 && res.status < 300;
    } catch {
      delivered = false;
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(ac);
    }
    if (this.stopped || extra) return;
    const delay = this.delaysMs[Math.min(index, this.delaysMs.length - 1)] ?? 0; // the last delay repeats
    if (delivered) {
      if (this.onceMore) this.schedule(delay, () => this.attempt(url, body, headers, index + 1, true));
      return;
    }
    if (index + 1 >= this.tries) return;
    this.schedule(delay, () => this.attempt(url, body, headers, index + 1, false));
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const ac of this.inFlight) ac.abort();
    this.inFlight.clear();
  }
}
