// Invariants over the whole run: what must hold across every payment the run created, read from the run's
// ledger (suite/harness/ledger.ts) once the other areas have finished (the whole-run project is the teardown
// of every conformance area, playwright.config.ts). Each answer was right on its own; these compare them:
// payments of both operations, created seconds apart, created early and asked about late, whose payment has
// changed state since. A failure shows the two payments, or the two moments, that disagree. Each check also
// creates what it needs itself, so that a short run (one area, a matrix target at a few examples a property,
// the project alone) still meets what it looks for.
import { createdAtTime, type Payment, type RuleId, type StatusResponse } from '../../contracts/index.js';
import { creatablePaymentOperations, type PaymentOperation } from '../../contracts/operations.js';
import { isFinalState } from '../../contracts/operation-facts.js';
import { buildStatusRequest } from '../../generators/builders.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { expectAccepted, expectSchema } from '../harness/expect-response.js';
import { fetchPage } from '../harness/page-client.js';
import { eventually } from '../harness/eventually.js';
import { CheckFailure, describeResponse, ProviderUnavailable } from '../harness/failure.js';
import { sameJson } from '../harness/json.js';
import { PAYMENT_RESPONSE_RULES } from '../harness/schema-rules.js';
import { ledgerOf, type LedgerPayment, type LedgerSnapshot } from '../harness/ledger.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { expectProfileValidation, shapeRule } from '../harness/variants.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS, article } from './operations.js';

/**
 * At least this many payments follow the earliest ones whose status is asked (the check creates the rest when
 * the run made fewer): a store that keeps only the last few hundred payments is met by every run; a default
 * run creates thousands.
 */
const FOLLOWERS = 300;
/** Earliest payments of each operation asked about, and payments sampled across the run besides them. */
const EARLIEST = 3;
const SAMPLE = 8;
/** Requests the checks' own payments are sent in at once (one at a time under RATE_LIMIT). */
const AT_ONCE = 10;

/** The operations whose success answer carries the payment (account to card: with an X-Sign key and the profile's success body). */
function paymentOperations(api: ProviderApi): PaymentOperation[] {
  return creatablePaymentOperations(api.profile, api.merchant.privateKeyPem !== undefined);
}

/** A payment of the check's own: accepted, and so in the ledger. Its transaction. */
async function create(api: ProviderApi, op: PaymentOperation): Promise<string> {
  const spec = PAYMENT_OPERATIONS[op];
  const body = spec.build(api);
  expectAccepted(await spec.send(api, body), spec.successRule, `${article(spec.request)} the check creates`);
  return String(body.transaction);
}

/** `rounds` payments of each operation in turn, each sent after the previous one was answered. */
async function createInTurn(api: ProviderApi, rounds: number): Promise<void> {
  for (let i = 0; i < rounds; i++) for (const op of paymentOperations(api)) await create(api, op);
}

/** `count` invoices, several at once where the run may send at once. */
async function createMany(api: ProviderApi, count: number): Promise<void> {
  const width = Math.max(1, Math.min(AT_ONCE, api.atOnce));
  for (let done = 0; done < count; done += width) await Promise.all(Array.from({ length: Math.min(width, count - done) }, () => create(api, 'invoice')));
}

const at = (ms: number) => new Date(ms).toISOString();

/** A payment of the ledger, as a failure shows it: what, when and by which check. */
export function described(p: LedgerPayment): string {
  return `${OPERATION_NAMES[p.op].label} ${p.transaction} (id ${JSON.stringify(p.id)}, created_at ${JSON.stringify(p.createdAt)}; sent ${at(p.sentAt)}, answered ${at(p.answeredAt)}, by ${p.by})`;
}

/** One payment per operation and transaction: a transaction may name a payment of each operation (uniqueness is per operation). */
const paymentKey = (p: LedgerPayment) => `${p.op} ${p.transaction.toLowerCase()}`;

/**
 * Payments whose transaction names no other payment, nor a create whose answer the network lost (which may have
 * made one): the status of the transaction can only be theirs.
 */
function alone(snapshot: LedgerSnapshot): LedgerPayment[] {
  const uses = new Map<string, number>();
  for (const p of [...snapshot.payments, ...snapshot.lostCreates]) uses.set(p.transaction.toLowerCase(), (uses.get(p.transaction.toLowerCase()) ?? 0) + 1);
  return snapshot.payments.filter((p) => uses.get(p.transaction.toLowerCase()) === 1);
}

/** The state each payment was last seen in: its creating answer's, or a later status answer's. */
function lastStates(ledger: LedgerSnapshot): (p: LedgerPayment) => unknown {
  const seen = new Map<string, unknown>();
  for (const s of ledger.statuses) seen.set(`${s.transaction.toLowerCase()} ${JSON.stringify(s.id)}`, s.state);
  return (p) => seen.get(`${p.transaction.toLowerCase()} ${JSON.stringify(p.id)}`) ?? p.state;
}

/** How many payments of the ledger were sent after `p` was answered. */
const followersOf = (payments: readonly LedgerPayment[], p: LedgerPayment) => payments.filter((q) => q.sentAt > p.answeredAt).length;

/** `count` payments spread evenly over `list`. */
function spread<T>(list: readonly T[], count: number): T[] {
  if (list.length <= count) return [...list];
  return Array.from({ length: count }, (_, i) => list[Math.floor(((i + 0.5) * list.length) / count)]!);
}

/** Ids are unique over every payment of the run, of both operations, however far apart created. */
export function paymentIdsUniqueAcrossRun(): ApiCheck {
  return {
    name: 'paymentIdsUniqueAcrossRun()',
    title: 'no two payments of the run share an id, whichever operation created them and however far apart',
    rules: ['DOC-PAY-ID-UNIQUE'],
    async run({ api }) {
      await createInTurn(api, 3);
      const { payments } = ledgerOf(api).read();
      const byId = new Map<string, LedgerPayment>();
      for (const p of payments) {
        if (p.id === undefined || p.id === null) continue; // the answer's shape is the schema checks' to judge
        const id = JSON.stringify(p.id);
        const first = byId.get(id);
        if (first === undefined) byId.set(id, p);
        else if (paymentKey(first) !== paymentKey(p))
          throw new CheckFailure({
            rule: 'DOC-PAY-ID-UNIQUE',
            expected: `each of the run's ${payments.length} payments with an id of its own`,
            received: `id ${id} identifies two payments: ${described(first)}; and ${described(p)}`,
          });
      }
    },
  };
}

/**
 * Early payments are still known at the end of the run, with at least FOLLOWERS payments created after them:
 * the status reports each with the id, credentials and created_at its creating answer gave (and a final state
 * unchanged), and the page of an early processing invoice still opens.
 */
export function paymentsStayKnown(): ApiCheck {
  const rule: RuleId = 'PRO-PAY-STAYS-KNOWN';
  return {
    name: 'paymentsStayKnown()',
    title: `the earliest payments of the run and a sample of the others are still known at its end (at least ${FOLLOWERS} payments later): same id, credentials and created_at; the page of an early invoice still opens`,
    rules: [rule],
    // A status of each early payment of the two operations and of the sample, the page; and the top-up.
    requests: { about: 2 * EARLIEST + SAMPLE + 1, topUp: { followers: FOLLOWERS, earliest: EARLIEST } },
    async run({ api }) {
      const { status, paymentPage } = api.profile;
      requireProfile(
        status.enabled || paymentPage.enabled,
        'profile status.enabled and paymentPage.enabled are false: nothing shows whether a payment is still known',
      );
      const ledger = ledgerOf(api);
      for (const op of paymentOperations(api)) if (!alone(ledger.read()).some((p) => p.op === op)) await create(api, op);
      const earliest = (snapshot: LedgerSnapshot) =>
        paymentOperations(api).flatMap((op) =>
          alone(snapshot)
            .filter((p) => p.op === op)
            .slice(0, EARLIEST),
        );
      const latestOfEarliest = earliest(ledger.read()).reduce((a, b) => (b.answeredAt > a.answeredAt ? b : a));
      const missing = FOLLOWERS - followersOf(ledger.read().payments, latestOfEarliest);
      if (missing > 0) await step(`${missing} more payments after the earliest ones`, () => createMany(api, missing));

      const snapshot = ledger.read();
      const first = earliest(snapshot);
      const sample = spread(
        alone(snapshot).filter((p) => !first.includes(p)),
        SAMPLE,
      );
      const stateOf = lastStates(snapshot);
      const when = (p: LedgerPayment) => `${described(p)}; ${followersOf(snapshot.payments, p)} payments were created after it`;
      // What an early payment is asked is asked of a new one too when the early one fails: a provider that answers
      // every payment wrongly breaks the rule of that answer, not this one.
      const rightAway = async <T>(p: LedgerPayment, judge: (q: LedgerPayment, rule: RuleId) => Promise<T>, otherwise: RuleId): Promise<T> => {
        try {
          return await judge(p, rule);
        } catch (late) {
          if (!(late instanceof CheckFailure)) throw late;
          const transaction = await create(api, p.op);
          const fresh = ledger.read().payments.find((q) => q.transaction === transaction && q.op === p.op);
          if (fresh) await judge(fresh, otherwise);
          throw late;
        }
      };
      if (status.enabled)
        for (const p of [...first, ...sample]) {
          const now = (await rightAway(p, (q, named) => expectStatusAsCreated(api, q, named, when), 'PRO-STATUS-SUCCESS')).state;
          const before = stateOf(p);
          if (isFinalState(before) && now !== before)
            throw new CheckFailure({ rule: 'PRO-STATE-FINAL', expected: `state ${String(before)}, as last seen (${when(p)})`, received: `state ${now}` });
        }
      const page = paymentPage.enabled ? first.find((p) => p.redirectUrl !== undefined && stateOf(p) === 'processing') : undefined;
      if (page) await rightAway(page, (q, named) => expectPageOpens(api, q.redirectUrl!, named, when(q)), 'PRO-PAGE-CONTENT');
    },
  };
}

/** The status reports the payment with the id, credentials and created_at its creating answer gave; that payment. */
async function expectStatusAsCreated(api: ProviderApi, p: LedgerPayment, rule: RuleId, when: (p: LedgerPayment) => string): Promise<Payment> {
  const exchange = await api.status(buildStatusRequest(api.merchant, p.transaction));
  if (exchange.response?.status !== api.profile.http.success)
    throw new CheckFailure({
      rule,
      expected: `the status of ${when(p)}: HTTP ${api.profile.http.success} with its payment`,
      received: describeResponse(exchange),
      exchange,
    });
  const now = expectSchema<StatusResponse>(exchange, 'PRO-STATUS-SUCCESS', 'status-response', 'the status response', PAYMENT_RESPONSE_RULES).payment;
  const created = { id: p.id, credentials: p.credentials, created_at: p.createdAt };
  for (const field of ['id', 'credentials', 'created_at'] as const)
    if (!sameJson(now[field], created[field]))
      throw new CheckFailure({
        rule,
        expected: `payment.${field} as created: ${JSON.stringify(created[field])} (${when(p)})`,
        received: `payment.${field} ${JSON.stringify(now[field])} at ${at(Date.now())}`,
        exchange,
      });
  return now;
}

/**
 * The page behind redirect_url still answers (following redirects, as a browser would): a page the provider has
 * forgotten does not. A page that could not be had for transport trouble is no verdict.
 */
async function expectPageOpens(api: ProviderApi, url: string, rule: RuleId, what: string): Promise<void> {
  const answer = await fetchPage(url, api.requestTimeoutMs / 1000);
  const before = answer.tries.length > 0 ? ` (after ${answer.tries.length + 1} tries: ${answer.tries.map((t) => t.cause).join('; ')})` : '';
  if ('transportError' in answer && answer.kind === 'unavailable') throw new ProviderUnavailable(`GET ${url}: ${answer.transportError}${before}`);
  if ('status' in answer && answer.status >= 200 && answer.status <= 299) return;
  const received = 'status' in answer ? `HTTP ${answer.status} ${answer.contentType} ${answer.text.slice(0, 300)}` : `no answer: ${answer.transportError}`;
  throw new CheckFailure({ rule, expected: `the payment page of ${what} still opens: GET ${url} answered 2xx`, received: received + before });
}

/**
 * created_at tells the time of creation by the suite's clock: every payment's is between its request's sending
 * and its answer, within the profile's tolerance; and no payment sent after another was answered carries a
 * created_at earlier than the other's by more than the tolerance.
 */
export function createdAtFollowsCreation(): ApiCheck {
  return {
    name: 'createdAtFollowsCreation()',
    title: "every payment's created_at is the time of its request by the suite's clock, and a payment created after another is not stamped earlier",
    rules: ['DOC-PAY-CREATED_AT-ORDER', 'DOC-PAY-CREATED_AT'],
    async run({ api }) {
      const toleranceSeconds = api.profile.invoice.createdAtToleranceSeconds;
      requireProfile(
        toleranceSeconds > 0,
        "profile invoice.createdAtToleranceSeconds is 0: the provider's clock is not compared, and no skew between payments is stated",
      );
      const tolerance = toleranceSeconds * 1000;
      await createInTurn(api, 2);
      const timed: { p: LedgerPayment; t: number }[] = [];
      for (const p of ledgerOf(api).read().payments) {
        const t = typeof p.createdAt === 'string' ? createdAtTime(p.createdAt) : undefined;
        if (t === undefined)
          throw new CheckFailure({ rule: 'DOC-PAY-CREATED_AT', expected: 'created_at like 20240131T235959.123456Z', received: described(p) });
        if (t < p.sentAt - tolerance || t > p.answeredAt + tolerance)
          throw new CheckFailure({
            rule: 'DOC-PAY-CREATED_AT',
            expected: `created_at between the request's sending and its answer, within ${toleranceSeconds} s (profile invoice.createdAtToleranceSeconds)`,
            received: described(p),
          });
        timed.push({ p, t });
      }
      // Sweep in order of sending; `latest` is the latest-stamped payment answered before the one at hand was sent.
      const bySent = [...timed].sort((a, b) => a.p.sentAt - b.p.sentAt);
      const byAnswer = [...timed].sort((a, b) => a.p.answeredAt - b.p.answeredAt);
      let latest: { p: LedgerPayment; t: number } | undefined;
      let j = 0;
      for (const later of bySent) {
        for (; j < byAnswer.length && byAnswer[j].p.answeredAt < later.p.sentAt; j++) if (!latest || byAnswer[j].t > latest.t) latest = byAnswer[j];
        if (latest && later.t < latest.t - tolerance)
          throw new CheckFailure({
            rule: 'DOC-PAY-CREATED_AT-ORDER',
            expected: `a payment sent after another was answered stamped no earlier than it, beyond ${toleranceSeconds} s (profile invoice.createdAtToleranceSeconds)`,
            received: `${described(later.p)} is stamped ${((latest.t - later.t) / 1000).toFixed(3)} s before ${described(latest.p)}`,
          });
      }
    },
  };
}

/**
 * A transaction stays used whatever happened to its payment since: the earliest transactions of the run and those
 * whose payment was last seen paid or declined are still refused on their operation, keyed transaction.
 */
export function usedTransactionsStayUsed(): ApiCheck {
  return {
    name: 'usedTransactionsStayUsed()',
    title: 'the earliest transactions of the run, and those of payments since paid or declined, are still refused as duplicates at its end',
    rules: ['PRO-VAL-DUPLICATE-TRANSACTION'],
    async run({ api }) {
      requireProfile(api.profile.validation.duplicateTransactionRejected, 'profile validation.duplicateTransactionRejected is false');
      const ledger = ledgerOf(api);
      for (const op of paymentOperations(api)) if (!ledger.read().payments.some((p) => p.op === op)) await create(api, op);
      const snapshot = ledger.read();
      const stateOf = lastStates(snapshot);
      for (const op of paymentOperations(api)) {
        const mine = snapshot.payments.filter((p) => p.op === op);
        const picked = [...new Set([...mine.slice(0, 2), ...mine.filter((p) => isFinalState(stateOf(p))).slice(0, 4)])];
        for (const p of picked)
          await step(`${OPERATION_NAMES[op].label} ${p.transaction} again`, async () => {
            const spec = PAYMENT_OPERATIONS[op];
            const exchange = await spec.send(api, spec.build(api, { transaction: p.transaction }));
            withEarlier(`its transaction was used by ${described(p)}, last seen ${String(stateOf(p))}`, () =>
              expectProfileValidation(api, exchange, { rule: 'PRO-VAL-DUPLICATE-TRANSACTION', breaks: ['transaction'], shapeRule: shapeRule(op) }),
            );
          });
      }
    },
  };
}

/** A failure of `judge`, with the earlier payment it concerns added to what was expected. */
function withEarlier(earlier: string, judge: () => unknown): void {
  try {
    judge();
  } catch (e) {
    if (!(e instanceof CheckFailure)) throw e;
    throw new CheckFailure({ ...e.details, expected: `${e.details.expected}; ${earlier}` });
  }
}

/** The suite's clock must cover at least this much of the run for the clock's rate to show (the check paces invoices until it does). */
const CLOCK_SPAN_MS = 8_000;
/** Clocks of constant offset a provider may stamp with (nodes apart within the tolerance); a frozen clock needs one a second. */
const MAX_CLOCKS = 4;
/** created_at may be cut to the whole second (its microseconds may be .000000), and the suite's clock reads whole milliseconds. */
const STAMP_RESOLUTION_MS = 1000;
const TIMING_SLACK_MS = 50;

/**
 * The fewest clocks of constant offset that explain every created_at: payment p was stamped by a clock of offset d
 * only if d lies in [created_at - answered, created_at - sent] (widened by the stamp's resolution). The least
 * number of points meeting every such interval (sorted by their ends, greedily) is that number of clocks.
 */
function clocksNeeded(payments: readonly { p: LedgerPayment; t: number }[]): { count: number; runs: { p: LedgerPayment; t: number }[][] } {
  const intervals = payments
    .map((x) => ({ x, lo: x.t - x.p.answeredAt - STAMP_RESOLUTION_MS - TIMING_SLACK_MS, hi: x.t - x.p.sentAt + TIMING_SLACK_MS }))
    .sort((a, b) => a.hi - b.hi);
  const runs: { p: LedgerPayment; t: number }[][] = [];
  let point = -Infinity;
  for (const i of intervals) {
    if (i.lo > point) {
      point = i.hi;
      runs.push([]);
    }
    runs[runs.length - 1]!.push(i.x);
  }
  return { count: runs.length, runs };
}

/**
 * created_at keeps time with the suite's clock: over at least CLOCK_SPAN_MS of the run, every payment's created_at
 * is its moment of creation plus the constant offset of one of at most MAX_CLOCKS clocks. A constant skew, or nodes
 * apart within the tolerance, pass; a clock frozen or cached, one that jumps back and forth or runs at another rate,
 * needs a new offset every few seconds.
 */
export function createdAtKeepsTime(): ApiCheck {
  const rule: RuleId = 'PRO-PAY-CREATED_AT-CLOCK';
  return {
    name: 'createdAtKeepsTime()',
    title: `the differences between payments' created_at follow the suite's clock over the run (at most ${MAX_CLOCKS} clocks of constant offset; not frozen, cached, jumping or at another rate)`,
    rules: [rule],
    async run({ api }) {
      const ledger = ledgerOf(api);
      const span = () => {
        const { payments } = ledger.read();
        return payments.length === 0 ? 0 : payments[payments.length - 1]!.answeredAt - Math.min(...payments.map((p) => p.sentAt));
      };
      if (span() < CLOCK_SPAN_MS)
        await step(`invoices paced until the run's payments span ${CLOCK_SPAN_MS / 1000} s`, () =>
          eventually(
            () => create(api, 'invoice').then(span),
            (s) => s >= CLOCK_SPAN_MS,
            CLOCK_SPAN_MS + api.requestTimeoutMs,
          ),
        );
      const timed = ledger.read().payments.flatMap((p) => {
        const t = typeof p.createdAt === 'string' ? createdAtTime(p.createdAt) : undefined;
        return t === undefined ? [] : [{ p, t }];
      });
      const { count, runs } = clocksNeeded(timed);
      if (count <= MAX_CLOCKS) return;
      const bySent = [...timed].sort((a, b) => a.p.sentAt - b.p.sentAt);
      const [a, b] = [bySent[0]!, bySent[bySent.length - 1]!];
      throw new CheckFailure({
        rule,
        expected: `the run's ${timed.length} created_at values explained by at most ${MAX_CLOCKS} clocks of constant offset (each stamp within ${STAMP_RESOLUTION_MS} ms of its moment plus its clock's offset)`,
        received:
          `${count} clocks needed, a new one every ${((b.p.sentAt - a.p.sentAt) / count / 1000).toFixed(1)} s on average; ` +
          `the first and last payments are ${((b.p.sentAt - a.p.sentAt) / 1000).toFixed(3)} s apart by the suite's clock and ${((b.t - a.t) / 1000).toFixed(3)} s apart by created_at: ` +
          `${described(a.p)}; ${described(b.p)}; the first stamps of the first clocks: ${runs
            .slice(0, 3)
            .map((r) => JSON.stringify(r[0]!.p.createdAt))
            .join(', ')}`,
      });
    },
  };
}
