// Where the value of each request field travels, and which value classes of its generator must reach each
// place in every default run: the one table of flow coverage (field × places). From the interface document
// and the profile:
// - the invoice answer echoes `transaction` (Resources: "echoed from the request"); the account-to-card
//   answer is {transaction, payment} with credentials {card_pan} = recipient_pan (profile);
// - the status answer is {transaction, payment} "as in the invoice response" (profile): the transaction again;
// - the payment page "shows the amount and the recipient" (profile): the amount, in rubles (the recipient is
//   the provider's, not a request field);
// - callbacks carry the transaction and "every payload.* parameter of the invoice request, unchanged in name,
//   type and value" (document, Events; profile), and so does every re-delivery of a callback.
// Not in the table, since no document states a place they show: the invoice's description and return_url
// (a page may show or use them), and account to card's amount, payer_fio and payer_phone (its answer carries
// none of them; no page or callback is stated for it). The profile states the status method for the invoice's
// answer shape only: the status of an account-to-card payment is not a place here.
//
// Where a place is cheap and a property drives it (the echoes, the status answer), the generators' first runs
// (class i at run i) bring every class there. Where each value costs a page or a callback, covering examples
// bring them: a few amounts that meet every amount class, rows of invoices whose client_id, client_ip and
// transaction take every class, and one payload that carries every payload.* class at once.
import fc from 'fast-check';
import {
  amountClasses,
  clientIdClasses,
  clientIpClasses,
  coveringRows,
  coveringValues,
  luhnPanClasses,
  payloadExtrasClasses,
  payloadExtrasCovering,
  returnUrlClasses,
  rubleFormClasses,
  uuidClasses,
  addressMatcher,
  longestDigitRun,
  MAX_FREE_TEXT_DIGIT_RUN,
  type CoveringExtras,
  type JsonValue,
  type ValueClass,
} from '../../generators/arbitraries/index.js';
import { coverageRecorder, type CoverageRecorder } from '../harness/coverage.js';

/** The places a request field's value is observable. */
export type Place = 'answer echo' | 'status answer' | 'payment page' | 'callback' | 'callback re-delivery' | 'return destination';

interface FlowRow<T, P extends Place> {
  /** The value classes the generators know for the field. */
  classes: () => readonly ValueClass<T>[];
  places: readonly P[];
}

/** Classes are built once: building some arbitraries costs tens of milliseconds. */
function row<T, P extends Place>(build: () => readonly ValueClass<T>[], places: readonly P[]): FlowRow<T, P> {
  let built: readonly ValueClass<T>[] | undefined;
  return { classes: () => (built ??= build()), places };
}

type Extras = Record<string, JsonValue>;
const CALLBACKS = ['callback', 'callback re-delivery'] as const;

/** Field × places, fed by the generators' value classes. */
export const FLOW = {
  'invoice.transaction': row(() => uuidClasses(), ['answer echo', 'status answer', ...CALLBACKS]),
  'invoice.amount': row(() => [...amountClasses('invoice'), ...rubleFormClasses('invoice')], ['payment page']),
  'invoice.payload.client_id': row(() => clientIdClasses(), CALLBACKS),
  'invoice.payload.client_ip': row(() => clientIpClasses(), CALLBACKS),
  'invoice.payload.*': row<Extras, (typeof CALLBACKS)[number]>(() => payloadExtrasClasses(), CALLBACKS),
  'account2card.transaction': row(() => uuidClasses(), ['answer echo']),
  'account2card.recipient_pan': row(() => luhnPanClasses(), ['answer echo']),
  // Where the payer is sent back (the document: "where the user is returned after payment"): a link, a redirect.
  'invoice.return_url': row(() => returnUrlClasses(), ['return destination']),
} as const;

export type FlowField = keyof typeof FLOW;
type ValueOf<F extends FlowField> = (typeof FLOW)[F] extends FlowRow<infer T, Place> ? T : never;
type PlaceOf<F extends FlowField> = (typeof FLOW)[F]['places'][number];

/** A recorder of the classes a check judges for `field` at `place` (declared at once: see harness/coverage.ts). */
export function flowRecorder<F extends FlowField>(field: F, place: PlaceOf<F>): CoverageRecorder<ValueOf<F>> {
  const { classes, places } = FLOW[field] as unknown as FlowRow<ValueOf<F>, Place>;
  return coverageRecorder(field, place, places, classes());
}

/** The amounts the page check shows: together they meet every class of the invoice amount (8 or 9 pages). */
export function pageAmounts(seed: number): number[] {
  return coveringValues(FLOW['invoice.amount'].classes(), seed);
}

/** The return_urls the return-destination check sends: together they meet every class of return_url (one page each). */
export function returnUrls(seed: number): string[] {
  return coveringValues(FLOW['invoice.return_url'].classes(), seed);
}

/** One invoice of a callback batch: its payload's documented fields, its transaction's class, its extras. */
export interface CallbackRow {
  client_id: string;
  client_ip: string;
  transaction: string;
  /** The generated payload.* extras; the first row carries every class at once, the others none. */
  covering: CoveringExtras;
}

/**
 * The invoices of a callback check: as many as the field that needs most values to meet its classes (an
 * invoice carries one client_id and one client_ip; about 8), each row a covering value of client_id,
 * client_ip and transaction (taken round again for fewer), the first one with the payload that carries
 * every payload.* class. `antifraudIp`: never a client_ip; `avoidKeys`: extra parameters the check adds itself.
 */
export function callbackRows(seed: number, antifraudIp: string | null, avoidKeys: readonly string[]): CallbackRow[] {
  const key = JSON.stringify([seed, antifraudIp, avoidKeys]);
  let rows = drawnRows.get(key);
  if (!rows) drawnRows.set(key, (rows = drawRows(seed, antifraudIp, avoidKeys)));
  return rows;
}

/** Batches drawn in this process: the callback checks of a worker draw the run's batch once (tens of milliseconds). */
const drawnRows = new Map<string, CallbackRow[]>();

function drawRows(seed: number, antifraudIp: string | null, avoidKeys: readonly string[]): CallbackRow[] {
  const trips = addressMatcher(antifraudIp ? [antifraudIp] : []);
  const rows = coveringRows(
    {
      client_id: FLOW['invoice.payload.client_id'].classes(),
      client_ip: FLOW['invoice.payload.client_ip'].classes(),
      transaction: FLOW['invoice.transaction'].classes(),
    },
    seed,
    // A client_id may meet several classes at once (astral, escapes, markup... in one text): fewer invoices.
    // Joined texts keep to the generators' rule that no free text reads as a card number.
    {
      client_ip: { accept: (ip) => !trips(ip) },
      client_id: { combine: (a, b) => `${a}${b}`, accept: (s) => longestDigitRun(s) <= MAX_FREE_TEXT_DIGIT_RUN, candidates: 4 },
    },
  );
  const [covering] = fc.sample(payloadExtrasCovering({ avoidKeys }), { seed, numRuns: 1 });
  return rows.map((r, i) => ({ ...r, covering: i === 0 ? covering! : { extras: {}, classOf: {} } }));
}

/** The extras of a covering value that belong to one class. */
export function extrasOfClass(c: CoveringExtras, name: string): Extras {
  return Object.fromEntries(Object.entries(c.extras).filter(([k]) => c.classOf[k] === name));
}

/** The values of a callback row as a callback place judges them: the transaction sent, client_id, client_ip, and the extras whole and class by class. */
export function callbackValues(
  r: Pick<CallbackRow, 'client_id' | 'client_ip' | 'covering'>,
  transaction: string,
): {
  transaction: string;
  client_id: string;
  client_ip: string;
  extras: Extras[];
} {
  const byClass = [...new Set(Object.values(r.covering.classOf))].map((name) => extrasOfClass(r.covering, name));
  return { transaction, client_id: r.client_id, client_ip: r.client_ip, extras: [r.covering.extras, ...byClass] };
}

/** The recorders of one callback place, for every field a callback carries. */
interface CallbackCoverage {
  /** Records a callback row judged at the place (see {@link callbackValues}). */
  record(row: Pick<CallbackRow, 'client_id' | 'client_ip' | 'covering'>, transaction: string): void;
}

export function callbackCoverage(place: (typeof CALLBACKS)[number]): CallbackCoverage {
  const transaction = flowRecorder('invoice.transaction', place);
  const clientId = flowRecorder('invoice.payload.client_id', place);
  const clientIp = flowRecorder('invoice.payload.client_ip', place);
  const extras = flowRecorder('invoice.payload.*', place);
  return {
    record(r, sentTransaction) {
      const v = callbackValues(r, sentTransaction);
      transaction(v.transaction);
      clientId(v.client_id);
      clientIp(v.client_ip);
      for (const e of v.extras) extras(e);
    },
  };
}

/**
 * The share of the depth the status check of a new invoice takes (statusOfNewInvoice): its examples, class i
 * of the transaction at run i, must still meet every transaction class at the default depth.
 */
export const STATUS_OF_NEW_INVOICE_SHARE = 0.25;
