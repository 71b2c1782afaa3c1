import type { FaultSet } from './faults/catalog.js';
import { stringifyJson } from './json-text.js';
import { paymentJson } from './present.js';
import type { Payment } from './store.js';

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [200, 1000, 3000, 10000];
const TRY_TIMEOUT_MS = 3000;

/**
 * Delivers `{transaction, payment, payload}` to the merchant's callbackUrl on every change to
 * a final state; a try not answered 2xx (or failing) is repeated after the configured delays.
 * stop() clears pending timers and aborts tries in flight.
 */
export class CallbackDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private stopped = false;

  constructor(
    private readonly delaysMs: readonly number[],
    private readonly faults: FaultSet,
  ) {
    if (!Array.isArray(delaysMs) || delaysMs.some((d) => !Number.isFinite(d) || d < 0)) {
      throw new Error('startProvider: callbackRetryDelaysMs must be non-negative numbers');
    }
  }

  /** Snapshot of the payment now, sent (and re-sent) as is. */
  paymentFinal(p: Payment): void {
    const url = p.merchant.callbackUrl;
    if (!url || this.stopped) return;
    const head = JSON.stringify({ transaction: p.transaction, payment: paymentJson(p, this.faults) });
    const body = `${head.slice(0, -1)},"payload":${stringifyJson(this.payloadFor(p))}}`;
    const tries = this.faults.has('callback-no-retry') ? 1 : this.delaysMs.length + 1;
    void this.attempt(url, body, 0, tries);
  }

  private payloadFor(p: Payment): Record<string, unknown> {
    const payload = p.payload ?? {};
    if (this.faults.has('callback-drops-payload')) return { client_id: payload.client_id, client_ip: payload.client_ip };
    if (this.faults.has('callback-stringifies-numbers')) {
      return Object.fromEntries(
        Object.entries(payload).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v]),
      );
    }
    return payload;
  }

  private async attempt(url: string, body: string, index: number, tries: number): Promise<void> {
    if (this.stopped) return;
    const ac = new AbortController();
    this.inFlight.add(ac);
    const timer = setTimeout(() => ac.abort(), TRY_TIMEOUT_MS);
    let delivered = false;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body,
        signal: ac.signal,
      });
      await res.arrayBuffer().catch(() => undefined);
      delivered = res.status >= 200 && res.status < 300;
    } catch {
      delivered = false;
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(ac);
    }
    if (delivered || this.stopped || index + 1 >= tries) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      void this.attempt(url, body, index + 1, tries);
    }, this.delaysMs[index] ?? 0);
    this.timers.add(t);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const ac of this.inFlight) ac.abort();
    this.inFlight.clear();
  }
}
