import type { IdSource } from './ids.js';
import type { Merchant } from './merchants.js';

export type Operation = 'invoice' | 'account2card';
export type Credentials = { card_pan: string } | { phone: string; holder: string };

export interface Payment {
  /** The public id: sequential, or random (variation payment-id-large). */
  readonly id: number;
  /** Order of creation: the store's own key (public ids may be random or, under a fault, repeated). */
  readonly seq: number;
  readonly operation: Operation;
  readonly merchant: Merchant;
  /** As sent by the merchant (echoed unchanged). */
  readonly transaction: string;
  readonly amount: number;
  state: string;
  /** A string, or a number (variation error-code-number). */
  errorCode: string | number | null;
  errorDescription: string | null;
  readonly credentials: Credentials;
  readonly createdAt: string;
  /** Invoice only: the payment-page token, the merchant's payload (parsed JSON, unchanged). */
  readonly token?: string;
  readonly payload?: Record<string, unknown>;
  readonly returnUrl?: string;
  readonly description?: string;
}

export type NewPayment = Omit<Payment, 'id' | 'seq'>;

const isFinal = (state: string) => state === 'deposited' || state === 'declined';

const key = (merchant: Merchant, transaction: string) => `${merchant.apiKey}\u0000${transaction.toLowerCase()}`;

/** FIFO of values with O(1) amortised push/shift (Set/Map iteration from the front degrades under churn). */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(v: T): void {
    this.items.push(v);
  }

  peek(): T | undefined {
    return this.head < this.items.length ? this.items[this.head] : undefined;
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const v = this.items[this.head++];
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return v;
  }
}

/**
 * In-memory payments, bounded: beyond `maxPayments` the oldest FINAL payment is evicted
 * first (then the oldest of any state). The transaction-uniqueness index is bounded too
 * (twice maxPayments entries, oldest forgotten first).
 */
export class PaymentStore {
  private nextSeq = 1;
  /** Smallest seq that may still be stored (seqs grow with age). */
  private oldestSeq = 1;
  private readonly payments = new Map<number, Payment>();
  /** Seqs in order of becoming final (may hold seqs already evicted). */
  private readonly finals = new Fifo<number>();
  private readonly byToken = new Map<string, Payment>();
  private readonly byTransaction = new Map<string, Payment>();
  private readonly used = new Set<string>();
  private readonly usedOrder = new Fifo<string>();

  constructor(
    private readonly maxPayments: number,
    private readonly ids: IdSource,
  ) {
    if (!Number.isInteger(maxPayments) || maxPayments < 1) throw new Error('startProvider: maxPayments must be a positive integer');
  }

  get size(): number {
    return this.payments.size;
  }

  isUsed(op: Operation, merchant: Merchant, transaction: string): boolean {
    return this.used.has(`${op}\u0000${key(merchant, transaction)}`);
  }

  /** The id the next payment would get (fault ids-reused-under-load reads it before a round trip). */
  peekId(): number {
    return this.ids.peek();
  }

  /** Stores a new payment under the next id, or under `id` (taken earlier by peekId). */
  add(p: NewPayment, id?: number): Payment {
    const payment = p as Payment;
    (payment as { seq: number }).seq = this.nextSeq++;
    (payment as { id: number }).id = this.ids.take(id);
    this.payments.set(payment.seq, payment);
    if (isFinal(payment.state)) this.finals.push(payment.seq); // a profile whose invoices start final
    if (payment.token) this.byToken.set(payment.token, payment);
    const k = key(payment.merchant, payment.transaction);
    this.byTransaction.set(k, payment); // latest payment wins
    const u = `${payment.operation}\u0000${k}`;
    if (!this.used.has(u)) {
      this.used.add(u);
      this.usedOrder.push(u);
    }
    this.evict();
    return payment;
  }

  byPageToken(token: string): Payment | undefined {
    return this.byToken.get(token);
  }

  find(merchant: Merchant, transaction: string): Payment | undefined {
    return this.byTransaction.get(key(merchant, transaction));
  }

  /** Moves a payment to a final state. */
  finalize(p: Payment, state: 'deposited' | 'declined', errorCode: string | number | null, errorDescription: string | null): void {
    const wasFinal = isFinal(p.state);
    p.state = state;
    p.errorCode = errorCode;
    p.errorDescription = errorDescription;
    if (!wasFinal) this.finals.push(p.seq);
  }

  private evict(): void {
    while (this.payments.size > this.maxPayments) {
      let seq: number | undefined;
      while (this.finals.length > 0 && !this.payments.has(this.finals.peek()!)) this.finals.shift();
      if (this.finals.length > 0) seq = this.finals.shift()!;
      else {
        while (!this.payments.has(this.oldestSeq)) this.oldestSeq++;
        seq = this.oldestSeq;
      }
      const p = this.payments.get(seq)!;
      this.payments.delete(seq);
      this.ids.release(p.id);
      if (p.token) this.byToken.delete(p.token);
      const k = key(p.merchant, p.transaction);
      if (this.byTransaction.get(k) === p) this.byTransaction.delete(k);
    }
    while (this.used.size > this.maxPayments * 2) this.used.delete(this.usedOrder.shift()!);
  }
}
