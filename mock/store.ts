import { isFinalState } from '../contracts/operation-facts.js';
import type { IdSource } from './ids.js';
import type { Merchant } from './merchants.js';

export type Operation = 'invoice' | 'account2card';
export type Credentials = { card_pan: string } | { phone: string; holder: string };

export interface Payment {
  /** The public id: sequential, or random (variation payment-id-large). */
  readonly id: number;
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

type NewPayment = Omit<Payment, 'id'>;

/** Transactions compare as UUIDs do, without regard to letter case (RFC 9562 4). */
const lowerCased = (transaction: string) => transaction.toLowerCase();
const asSent = (transaction: string) => transaction;

/**
 * Indexes of one merchant (by api_key), keyed by the lower-cased transaction alone: a parsed, flat
 * string hashes far cheaper than an `op + api_key + transaction` key built on every request.
 */
interface MerchantIndex {
  /** Latest payment per transaction, either operation. */
  readonly latest: Map<string, Payment>;
  /** Transactions used up by a successful payment, per operation. */
  readonly used: Record<Operation, Set<string>>;
}

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

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const v = this.items[this.head++];
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return v;
  }

  /** Keeps only the values `keep` accepts, in order. */
  retain(keep: (v: T) => boolean): void {
    this.items = this.items.slice(this.head).filter(keep);
    this.head = 0;
  }
}

/** How the store keeps payments and transactions: the reference provider's way unless a fault says otherwise. */
interface StoreOptions {
  /** Payments kept; beyond it the oldest FINAL payment is evicted first (then the oldest of any state). */
  maxPayments: number;
  /** Where ids come from; account-to-card payments from `account2cardIds` when they have a sequence of their own. */
  ids: IdSource;
  account2cardIds?: IdSource;
  /** Fault store-keeps-recent-only: the oldest payment is evicted whatever its state. */
  oldestFirst?: boolean;
  /** Transactions the uniqueness index keeps; default twice maxPayments. */
  usedKept?: number;
  /** Fault duplicate-check-across-operations: a transaction used on either operation counts as used on both. */
  usedAcrossOperations?: boolean;
  /** Fault duplicate-check-forgets-final: a transaction whose payment is final counts as free again. */
  finalFreesTransaction?: boolean;
  /** Variation transaction-unique-across-merchants: a transaction another merchant used on the operation counts as used. */
  usedAcrossMerchants?: boolean;
  /** Fault payment-index-shared-across-merchants: a new payment takes the place of every merchant's payment of its transaction. */
  latestAcrossMerchants?: boolean;
  /** Fault transaction-case-sensitive: transactions compare as written (an upper-cased used one is another). */
  caseSensitiveTransactions?: boolean;
}

/**
 * Marks a payment the store has dropped. Kept on the payment itself (a symbol: never serialised,
 * not part of Payment), so that eviction needs no key -> payment Map and its four operations per
 * request.
 */
const EVICTED = Symbol('evicted');
/** The how-many-th payment it was (its creation order). */
const SERIAL = Symbol('serial');
type Stored = Payment & { [EVICTED]?: true; [SERIAL]?: number };
const isStored = (p: Stored) => p[EVICTED] !== true;

/**
 * In-memory payments, bounded: beyond `maxPayments` the oldest FINAL payment is evicted
 * first (then the oldest of any state). The transaction-uniqueness index is bounded too
 * (twice maxPayments entries, oldest forgotten first).
 */
export class PaymentStore {
  private count = 0;
  /** Payments created so far, evicted ones included. */
  private created = 0;
  private readonly maxPayments: number;
  private readonly usedKept: number;
  /** Payments in order of creation; evicted ones are skipped when met (and compacted away). */
  private readonly all = new Fifo<Stored>();
  /** Payments in order of becoming final; evicted ones are skipped when met. */
  private readonly finals = new Fifo<Stored>();
  private readonly byToken = new Map<string, Payment>();
  private readonly merchants = new Map<string, MerchantIndex>();
  /** Uniqueness entries in the order they were made: the set holding each, and its key (two queues, no pair objects). */
  private readonly usedSets = new Fifo<Set<string>>();
  private readonly usedKeys = new Fifo<string>();

  private readonly txKey: (transaction: string) => string;

  constructor(private readonly options: StoreOptions) {
    this.txKey = options.caseSensitiveTransactions === true ? asSent : lowerCased;
    this.maxPayments = options.maxPayments;
    this.usedKept = options.usedKept ?? 2 * options.maxPayments;
    if (!Number.isInteger(this.maxPayments) || this.maxPayments < 1) throw new Error('startProvider: maxPayments must be a positive integer');
  }

  get size(): number {
    return this.count;
  }

  private index(merchant: Merchant): MerchantIndex {
    let ix = this.merchants.get(merchant.apiKey);
    if (ix === undefined) {
      ix = { latest: new Map(), used: { invoice: new Set(), account2card: new Set() } };
      this.merchants.set(merchant.apiKey, ix);
    }
    return ix;
  }

  isUsed(op: Operation, merchant: Merchant, transaction: string): boolean {
    if (this.options.usedAcrossMerchants === true && [...this.merchants.values()].some((other) => other.used[op].has(this.txKey(transaction)))) return true;
    const ix = this.merchants.get(merchant.apiKey);
    if (ix === undefined) return false;
    const k = this.txKey(transaction);
    const used = ix.used[op].has(k) || (this.options.usedAcrossOperations === true && ix.used[op === 'invoice' ? 'account2card' : 'invoice'].has(k));
    if (!used || this.options.finalFreesTransaction !== true) return used;
    const latest = ix.latest.get(k);
    return !(latest !== undefined && latest.operation === op && isFinalState(latest.state));
  }

  /** The id the next invoice would get (fault ids-reused-under-load reads it before a round trip). */
  peekId(): number {
    return this.options.ids.peek();
  }

  /** How many payments were created after `p`. */
  createdSince(p: Payment): number {
    return this.created - ((p as Stored)[SERIAL] ?? 0);
  }

  /** Stores a new payment under the next id, or under `id` (taken earlier by peekId). */
  add(p: NewPayment, id?: number): Payment {
    const payment = p as Stored;
    (payment as { id: number }).id = this.idsOf(payment.operation).take(id);
    payment[SERIAL] = ++this.created;
    this.count++;
    this.all.push(payment);
    if (isFinalState(payment.state) && !this.options.oldestFirst) this.finals.push(payment); // a profile whose invoices start final
    if (payment.token) this.byToken.set(payment.token, payment);
    const ix = this.index(payment.merchant);
    const k = this.txKey(payment.transaction);
    ix.latest.set(k, payment); // latest payment wins
    // A lookup table keyed by the transaction alone: another merchant's payment of that transaction is replaced.
    if (this.options.latestAcrossMerchants === true) for (const other of this.merchants.values()) if (other.latest.has(k)) other.latest.set(k, payment);
    const used = ix.used[payment.operation];
    const before = used.size;
    used.add(k);
    if (used.size !== before) {
      this.usedSets.push(used);
      this.usedKeys.push(k);
    }
    this.evict();
    return payment;
  }

  private idsOf(op: Operation): IdSource {
    return op === 'account2card' ? (this.options.account2cardIds ?? this.options.ids) : this.options.ids;
  }

  byPageToken(token: string): Payment | undefined {
    return this.byToken.get(token);
  }

  find(merchant: Merchant, transaction: string): Payment | undefined {
    return this.merchants.get(merchant.apiKey)?.latest.get(this.txKey(transaction));
  }

  /** Fault status-ignores-merchant: the latest payment of that transaction, whichever merchant made it. */
  findOfAnyMerchant(transaction: string): Payment | undefined {
    let found: Stored | undefined;
    for (const ix of this.merchants.values()) {
      const p = ix.latest.get(this.txKey(transaction)) as Stored | undefined;
      if (p !== undefined && (found === undefined || (p[SERIAL] ?? 0) > (found[SERIAL] ?? 0))) found = p;
    }
    return found;
  }

  /** Fault press-form-payment-id: the merchant's payment with that id, found by a scan (only that fault asks). */
  findById(merchant: Merchant, id: number): Payment | undefined {
    for (const p of this.merchants.get(merchant.apiKey)?.latest.values() ?? []) if (p.id === id) return p;
    return undefined;
  }

  /** Fault page-token-prefix: the invoice whose page token starts with `prefix`, found by a scan (only that fault asks). */
  byPageTokenPrefix(prefix: string): Payment | undefined {
    for (const [token, p] of this.byToken) if (token.startsWith(prefix)) return p;
    return undefined;
  }

  /** Fault page-by-id: the invoice with that id, of any merchant, found by a scan (only that fault asks). */
  invoiceWithId(id: number): Payment | undefined {
    for (const ix of this.merchants.values()) for (const p of ix.latest.values()) if (p.id === id && p.token !== undefined) return p;
    return undefined;
  }

  /** Moves a payment to a final state. */
  finalize(p: Payment, state: 'deposited' | 'declined', errorCode: string | number | null, errorDescription: string | null): void {
    const wasFinal = isFinalState(p.state);
    p.state = state;
    p.errorCode = errorCode;
    p.errorDescription = errorDescription;
    if (!wasFinal && isStored(p) && !this.options.oldestFirst) this.finals.push(p);
  }

  private evict(): void {
    while (this.count > this.maxPayments) {
      let p = this.finals.shift();
      while (p !== undefined && !isStored(p)) p = this.finals.shift();
      if (p === undefined) {
        p = this.all.shift()!;
        while (!isStored(p)) p = this.all.shift()!;
      }
      p[EVICTED] = true;
      this.count--;
      this.idsOf(p.operation).release(p.id);
      if (p.token) this.byToken.delete(p.token);
      const latest = this.merchants.get(p.merchant.apiKey)!.latest;
      const k = this.txKey(p.transaction);
      if (latest.get(k) === p) latest.delete(k);
    }
    // Final payments evicted out of order stay in `all` until met; drop them before they add up.
    if (this.all.length > 2 * this.maxPayments + 1024) this.all.retain(isStored);
    while (this.usedKeys.length > this.usedKept) this.usedSets.shift()!.delete(this.usedKeys.shift()!);
  }
}
