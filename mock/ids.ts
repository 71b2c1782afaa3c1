import { randomInt } from 'node:crypto';

/**
 * Where payment ids come from. `peek` is the id the next payment would get; `take` hands it out (or the
 * one given: fault ids-reused-under-load takes an id it peeked before a round trip).
 */
export interface IdSource {
  peek(): number;
  take(id?: number): number;
  /** The payment with this id was evicted. */
  release(id: number): void;
}

/**
 * 1, 2, 3, … (the default); or start, start + step, …: variation ids-per-operation-disjoint numbers each
 * operation apart (invoices even, account to card odd), fault ids-per-operation each from 1.
 */
export class SequentialIds implements IdSource {
  private next: number;

  constructor(
    start = 1,
    private readonly step = 1,
  ) {
    this.next = start;
  }

  peek(): number {
    return this.next;
  }

  take(id = this.next): number {
    if (id >= this.next) this.next = id + this.step;
    return id;
  }

  release(): void {}
}

/** Fault payment-id-from-clock: the time in milliseconds (payments of one millisecond share it). */
export class ClockIds implements IdSource {
  peek(): number {
    return Date.now();
  }

  take(id = Date.now()): number {
    return id;
  }

  release(): void {}
}

/** Variation payment-id-large: random integers in [1, 2^53 - 1], unique among the stored payments. */
export class RandomIds implements IdSource {
  private readonly issued = new Set<number>();
  private pending: number | undefined;

  peek(): number {
    return (this.pending ??= this.draw());
  }

  take(id?: number): number {
    const v = id ?? this.peek();
    if (v === this.pending) this.pending = undefined;
    this.issued.add(v);
    return v;
  }

  release(id: number): void {
    this.issued.delete(id);
  }

  private draw(): number {
    for (;;) {
      // randomInt's range is below 2^48: 48 + 5 random bits make 53; every fourth id near the top of the range.
      const v = randomInt(4) === 0 ? Number.MAX_SAFE_INTEGER - randomInt(1_000_000) : randomInt(2 ** 48 - 1) * 32 + randomInt(32);
      if (v >= 1 && !this.issued.has(v) && v !== this.pending) return v;
    }
  }
}
