// A token bucket: at most `perSecond` takes per second, with a burst of one second's worth.
export class RateLimiter {
  private tokens: number;
  private last = performance.now();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly perSecond: number) {
    this.tokens = Math.min(perSecond, 1);
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
      this.tokens = Math.min(Math.max(this.perSecond, 1), this.tokens + ((now - this.last) / 1000) * this.perSecond);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await new Promise((r) => setTimeout(r, ((1 - this.tokens) / this.perSecond) * 1000));
    }
  }
}
