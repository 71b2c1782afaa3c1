// Even spacing: one take every 1/perSecond seconds at most, and no burst (a token bucket holding one token).
// A larger bucket would send a second's worth at once after a pause, or after the machine stalled, which a
// sandbox that counts requests in a sliding window answers with 429s.
export class RateLimiter {
  private tokens: number;
  private last = performance.now();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly perSecond: number) {
    this.tokens = 1;
  }

  take(): Promise<void> {
    // Chained so concurrent callers are served in order, one token each.
    const next = this.queue.then(() => this.acquire());
    this.queue = next;
    return next;
  }

  private async acquire(): Promise<void> {
    for (;;) {
      const now = performance.now();
      this.tokens = Math.min(1, this.tokens + ((now - this.last) / 1000) * this.perSecond);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await new Promise((r) => setTimeout(r, ((1 - this.tokens) / this.perSecond) * 1000));
    }
  }
}
