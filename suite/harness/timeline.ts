// The interleaving of requests sent at once, as evidence: when each left and when its answer came, in
// milliseconds from the first send. A concurrency failure quotes it whole.
import type { Exchange } from './exchange.js';

export class Timeline {
  private readonly start = performance.now();
  private readonly events: { at: number; text: string }[] = [];

  /** Notes an event now. */
  mark(text: string): void {
    this.events.push({ at: performance.now() - this.start, text });
  }

  /** Sends one request of a burst, noting when it left and what came back (`answer` summarises it). */
  async send(label: string, request: () => Promise<Exchange>, answer: (exchange: Exchange) => string): Promise<Exchange> {
    this.mark(`→ ${label}`);
    const exchange = await request();
    this.mark(`← ${label}: ${answer(exchange)}`);
    return exchange;
  }

  toString(): string {
    return [...this.events]
      .sort((a, b) => a.at - b.at)
      .map((e) => `+${e.at.toFixed(1)} ms ${e.text}`)
      .join(' | ');
  }
}

/** "HTTP 200 id=17 state=processing" or "HTTP 422 {transaction: [...]}" or the transport error, short. */
export function briefAnswer(exchange: Exchange): string {
  const res = exchange.response;
  if (!res) return exchange.transportError ?? 'no response';
  const body = res.json as { payment?: { id?: unknown; state?: unknown } } | undefined;
  if (body?.payment) return `HTTP ${res.status} id=${String(body.payment.id)} state=${String(body.payment.state)}`;
  return `HTTP ${res.status} ${res.bodyText.slice(0, 120)}`;
}
