import type { Merchant } from './merchants.js';

export type Operation = 'invoice' | 'account2card';
export type Credentials = { card_pan: string } | { phone: string; holder: string };

export interface Payment {
  readonly id: number;
  readonly operation: Operation;
  readonly merchant: Merchant;
  /** As sent by the merchant (echoed unchanged). */
  readonly transaction: string;
  readonly amount: number;
  state: string;
  errorCode: string | null;
  errorDescription: string | null;
  readonly credentials: Credentials;
  readonly createdAt: string;
  /** Invoice only: the payment-page token, the merchant's payload (parsed JSON, unchanged). */
  readonly token?: string;
  readonly payload?: Record<string, unknown>;
  readonly returnUrl?: string;
  readonly description?: string;
}

export type NewPayment = Omit<Payment, 'id'>;

const key = (merchant: Merchant, transaction: string) => `${merchant.apiKey}\u0000${transaction.toLowerCase()}`;

/**
 * In-memory payments, bounded: beyond `maxPayments` the oldest FINAL payment is evicted
 * first (then the oldest of any state). The transaction-uniqueness index is bounded too
 * (twice maxPayments entries, oldest forgotten first).
 */
export class PaymentStore {
  private nextId = 1;
  private readonly payments = new Map<number, Payment>();
  private readonly finals = new Set<number>();
  private readonly byToken = new Map<string, Payment>();
  private readonly byTransaction = new Map<string, Payment>();
  private readonly used = new Set<string>();

  constructor(private readonly maxPayments: number) {
    if (!Number.isInteger(maxPayments) || maxPayments < 1) throw new Error('startProvider: maxPayments must be a positive integer');
  }

  get size(): number {
    return this.payments.size;
  }

  isUsed(op: Operation, merchant: Merchant, transaction: string): boolean {
    return this.used.has(`${op}\u0000${key(merchant, transaction)}`);
  }

  add(p: NewPayment): Payment {
    const payment: Payment = { ...p, id: this.nextId++ };
    this.payments.set(payment.id, payment);
    if (payment.token) this.byToken.set(payment.token, payment);
    const k = key(payment.merchant, payment.transaction);
    this.byTransaction.delete(k); // re-insert: latest payment wins, and keeps the index in age order
    this.byTransaction.set(k, payment);
    const u = `${payment.operation}\u0000${k}`;
    this.used.delete(u);
    this.used.add(u);
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
  finalize(p: Payment, state: 'deposited' | 'declined', errorCode: string | null, errorDescription: string | null): void {
    p.state = state;
    p.errorCode = errorCode;
    p.errorDescription = errorDescription;
    this.finals.delete(p.id);
    this.finals.add(p.id);
  }

  private evict(): void {
    while (this.payments.size > this.maxPayments) {
      const id: number = this.finals.values().next().value ?? this.payments.keys().next().value!;
      const p = this.payments.get(id)!;
      this.payments.delete(id);
      this.finals.delete(id);
      if (p.token) this.byToken.delete(p.token);
      const k = key(p.merchant, p.transaction);
      if (this.byTransaction.get(k) === p) this.byTransaction.delete(k);
    }
    while (this.used.size > this.maxPayments * 2) {
      this.used.delete(this.used.values().next().value!);
    }
  }
}
