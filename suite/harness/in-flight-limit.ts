// The most requests one client keeps in flight at once (MAX_IN_FLIGHT, shared by the workers): a waiting
// request takes the next free place in the order it asked.
export class InFlightLimit {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly max: number) {
    if (!(Number.isInteger(max) && max >= 1)) throw new Error(`InFlightLimit: max must be a whole number >= 1, got ${max}`);
  }

  async acquire(): Promise<void> {
    if (this.active < this.max) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next)
      next(); // the place passes on without being freed
    else this.active--;
  }
}
