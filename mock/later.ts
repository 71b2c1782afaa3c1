/** Deferred work of a provider (a press that settles later, a state stored late): cleared on close. */
export class Later {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  /** Runs `fn` after `ms`, unless the provider closes first. */
  run(ms: number, fn: () => void): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  /** Resolves after `ms` (a simulated round trip of a concurrency fault); never resolves once closed. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.run(ms, resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
