// The seam of the status method's decisions: whose payments it finds, what it answers for an unknown one, and how
// the answer is made from the stored payment. The clean policy is the profile's: the merchant's own payment, as
// stored, now.
import { asReplicaHasIt } from '../faults/concurrency.js';
import { RECENT_PAYMENTS } from '../faults/history.js';
import type { Ctx } from '../context.js';
import { maskPan } from '../present.js';
import type { Payment } from '../store.js';
import type { SeamTable } from './apply.js';

export interface StatusAnswer {
  transaction: string;
  payment: Record<string, unknown>;
}

/** Changes the answer made for `found`. */
type Dressing = (answer: StatusAnswer, found: Payment, ctx: Pick<Ctx, 'store' | 'values'>) => StatusAnswer;

interface StatusPolicy {
  /** Found by transaction alone, whichever merchant's it is. */
  anyMerchant: boolean;
  /** The status answering an unknown transaction; null: the profile's. */
  notFoundStatus: number | null;
  /** The payment as the store that answers has it. */
  asRead: (found: Payment) => Payment;
  dressings: Dressing[];
  /** Headers the answer carries besides the common ones, given the path it answers. */
  headers: ((path: string) => Record<string, string>) | null;
  /** The answer's JSON text; null: as every answer is written. */
  text: ((answer: StatusAnswer, found: Payment) => string) | null;
  /** Milliseconds every status request waits before it is answered. */
  delayMs: number;
}

/** Fault status-waits-for-replica: the fixed wait that lets a replica catch up. */
const REPLICA_WAIT_MS = 2000;

export const cleanStatusPolicy = (): StatusPolicy => ({
  anyMerchant: false,
  notFoundStatus: null,
  asRead: (found) => found,
  dressings: [],
  headers: null,
  text: null,
  delayMs: 0,
});

/** The answer with the payment's id written twice: as the row's text column, then as the number the document states. */
function idTwice(answer: StatusAnswer): string {
  const { id, ...rest } = answer.payment;
  const payment = JSON.stringify({ id: String(id), ...rest }).replace(/}$/, `,"id":${JSON.stringify(id)}}`);
  return `{"transaction":${JSON.stringify(answer.transaction)},"payment":${payment}}`;
}

/** Status answers kept for a payment, and when (fault status-answers-cached). */
const STATUS_CACHE_MS = 30_000;
const statusCache = new WeakMap<object, { answer: StatusAnswer; at: number }>();

function cached(answer: StatusAnswer, found: Payment): StatusAnswer {
  const kept = statusCache.get(found);
  if (kept !== undefined && performance.now() - kept.at < STATUS_CACHE_MS) return kept.answer;
  statusCache.set(found, { answer, at: performance.now() });
  return answer;
}

export const STATUS_POLICY_SEAMS: SeamTable<StatusPolicy> = {
  // The lookup by transaction alone, the api_key only authenticating the caller.
  'status-ignores-merchant': (s) => void (s.anyMerchant = true),
  'status-unknown-200': (s) => void (s.notFoundStatus = 200),
  'status-lags': (s) => void (s.asRead = asReplicaHasIt),
  'status-id-string': (s) => void s.dressings.push((a) => ({ ...a, payment: { ...a.payment, id: String(a.payment.id) } })),
  // A "never return a full PAN" serializer on this method alone.
  'status-pan-masked': (s) =>
    void s.dressings.push((a) => {
      const card = (a.payment.credentials as { card_pan?: string } | undefined)?.card_pan;
      return card === undefined ? a : { ...a, payment: { ...a.payment, credentials: { card_pan: maskPan(card) } } };
    }),
  // An older payment is rebuilt from an archive that keeps no created_at: it gets the time of the question.
  'status-created-at-rebuilt': (s) =>
    void s.dressings.push((a, found, { store, values }) =>
      store.createdSince(found) >= RECENT_PAYMENTS ? { ...a, payment: { ...a.payment, created_at: values.createdAt() } } : a,
    ),
  // The transaction as a uuid column gives it back.
  'status-transaction-lower-cased': (s) => void s.dressings.push((a) => ({ ...a, transaction: a.transaction.toLowerCase() })),
  'status-answers-cached': (s) => void s.dressings.push(cached),
  // A gateway's response cache switched on for the status route, which its framework labels with its own address.
  'status-answers-public': (s) => void (s.headers = (path) => ({ 'cache-control': 'public, max-age=60', 'content-location': path })),
  // The row's fields written, then the answer's over them: JSON.parse reads the number, a streaming reader the text.
  'status-id-written-twice': (s) => void (s.text = idTwice),
  // A fixed sleep before every read, added once to let a lagging replica catch up, never taken out.
  'status-waits-for-replica': (s) => void (s.delayMs = REPLICA_WAIT_MS),
};
