// Requests at once: the defects between requests (a duplicate check and store that are not atomic, a
// page transition that checks and applies apart, ids handed out twice, a callback before its state is
// stored). Each failure quotes the interleaving: when every request left and what came back.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { Payment, StatusResponse } from '../../contracts/index.js';
import { buildStatusRequest } from '../../generators/builders.js';
import { expectAccepted, expectSchema, expectStatus, requireAnswers, responseOf } from '../harness/expect-response.js';
import type { Exchange } from '../harness/exchange.js';
import { CheckFailure, ProviderUnavailable } from '../harness/failure.js';
import { eventually } from '../harness/eventually.js';
import { sameJson } from '../harness/json.js';
import {
  allOnTabs,
  buttonFor,
  clickAnswered,
  createInvoice,
  type CreatedInvoice,
  openPaymentPage,
  requireButton,
  settledStatus,
  settleMs,
  statusOf,
  type FinalState,
  watchPressLost,
} from '../harness/payment-page.js';
import { navigationLanded } from '../harness/page-load.js';
import type { ProviderApi } from '../harness/provider-api.js';
import type { CallbackInbox } from '../harness/callback-receiver.js';
import { briefAnswer, Timeline } from '../harness/timeline.js';
import { expectProfileValidation, shapeRule } from '../harness/variants.js';
import { type ApiCheck, type BrowserCheck, requirePaymentPage, requireProfile } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { awaitDeliveries, describeDeliveries, expectCallbackBody, reportedState } from './callback-deliveries.js';
import { PAYMENT_OPERATIONS, article } from './operations.js';
import { PRESS_RULE } from './payment-page.js';

/** How many identical requests race, and how many distinct ones are in flight at once. */
const DUPLICATES_AT_ONCE = 8;
const INVOICES_AT_ONCE = 50;

/** Skips a race the configuration cannot send: RATE_LIMIT spaces requests, or MAX_IN_FLIGHT allows fewer at once. */
function requireConcurrent(api: ProviderApi, needed: number): void {
  requireProfile(api.atOnce > 1, 'RATE_LIMIT is set: the suite cannot send requests at once');
  requireProfile(api.atOnce >= needed, `MAX_IN_FLIGHT allows ${api.atOnce} request(s) at once per worker; this race sends ${needed}`);
}

/**
 * N copies of one request (one transaction) at once: exactly one accepted, every other refused keyed transaction.
 * Two bursts, each with its own transaction: the first also opens the pooled connections, so the second's copies
 * leave on open sockets in the same instant (opening connections spreads a burst's arrivals over milliseconds,
 * which on a busy machine can be longer than a provider's gap between its duplicate check and its store).
 */
export function concurrentDuplicatesOneAccepted(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `concurrentDuplicatesOneAccepted(${op})`,
    title: `${DUPLICATES_AT_ONCE} copies of ${article(spec.request)} with one transaction sent at once: exactly one accepted, the others refused keyed transaction`,
    rules: ['PRO-VAL-DUPLICATE-TRANSACTION', spec.successRule],
    async run({ api }) {
      spec.requireConfigured(api);
      requireConcurrent(api, DUPLICATES_AT_ONCE);
      requireProfile(api.profile.validation.duplicateTransactionRejected, 'profile validation.duplicateTransactionRejected is false');
      for (const burst of ['first burst', 'second burst, on open connections']) {
        const body = spec.build(api);
        const timeline = new Timeline();
        timeline.mark(burst);
        const answers = await Promise.all(
          Array.from({ length: DUPLICATES_AT_ONCE }, (_, i) =>
            timeline.send(`#${i + 1} ${spec.request} ${String(body.transaction)}`, () => spec.send(api, body, { retry: 'none' }), briefAnswer),
          ),
        );
        requireAnswers(answers);
        const accepted = answers.filter((x) => x.response !== undefined && x.response.status >= 200 && x.response.status < 300);
        if (accepted.length !== 1)
          throw new CheckFailure({
            rule: accepted.length === 0 ? spec.successRule : 'PRO-VAL-DUPLICATE-TRANSACTION',
            expected: `exactly one of ${DUPLICATES_AT_ONCE} identical requests accepted (one transaction, one payment)`,
            received: `${accepted.length} accepted: ${timeline}`,
            exchange: accepted[1] ?? answers[0],
          });
        for (const refused of answers.filter((x) => !accepted.includes(x)))
          expectProfileValidation(api, withTimeline(refused, timeline), {
            rule: 'PRO-VAL-DUPLICATE-TRANSACTION',
            breaks: ['transaction'],
            shapeRule: shapeRule(op),
          });
      }
    },
  };
}

/** The exchange, with the burst's interleaving added to what its failure shows. */
function withTimeline(exchange: Exchange, timeline: Timeline): Exchange {
  return exchange.response
    ? { ...exchange, response: { ...exchange.response, bodyText: `${exchange.response.bodyText}  [interleaving: ${timeline}]` } }
    : exchange;
}

/** N distinct invoices in flight at once: all accepted, ids distinct, and each status reports its own invoice. */
export function concurrentInvoicesDistinct(): ApiCheck {
  return {
    name: 'concurrentInvoicesDistinct()',
    title: `${INVOICES_AT_ONCE} distinct invoices in flight at once are all accepted with distinct ids, and each status matches its own invoice`,
    rules: ['DOC-PAY-ID-UNIQUE', 'PRO-INV-SUCCESS', 'PRO-STATUS-SUCCESS'],
    async run({ api }) {
      requireConcurrent(api, INVOICES_AT_ONCE);
      const spec = PAYMENT_OPERATIONS.invoice;
      const bodies = Array.from({ length: INVOICES_AT_ONCE }, () => spec.build(api));
      const timeline = new Timeline();
      const answers = await Promise.all(bodies.map((b, i) => timeline.send(`#${i + 1} invoice`, () => spec.send(api, b, { retry: 'none' }), briefAnswer)));
      // An invoice whose answer the network lost is left out (it may or may not exist); the race is judged on the
      // others, as long as most came back.
      const judged = answers.flatMap((x, i) => (x.unavailable ? [] : [i]));
      if (judged.length < INVOICES_AT_ONCE * 0.8) requireAnswers(answers);
      const payments = new Map(
        judged.map((i) => [i, (expectAccepted(answers[i], 'PRO-INV-SUCCESS', 'each of the invoices sent at once') as { payment: Payment }).payment]),
      );
      const byId = new Map<unknown, number[]>();
      for (const [i, p] of payments) byId.set(p.id, [...(byId.get(p.id) ?? []), i + 1]);
      const shared = [...byId.entries()].filter(([, who]) => who.length > 1);
      if (shared.length > 0)
        throw new CheckFailure({
          rule: 'DOC-PAY-ID-UNIQUE',
          expected: `${INVOICES_AT_ONCE} payments with ${INVOICES_AT_ONCE} distinct ids`,
          received: `${shared.map(([id, who]) => `id ${String(id)} given to invoices ${who.map((n) => `#${n}`).join(', ')}`).join('; ')}: ${timeline}`,
        });
      if (!api.profile.status.enabled) return;
      const statusTimeline = new Timeline();
      const statuses = await Promise.all(
        judged.map((i) =>
          statusTimeline.send(`#${i + 1} status`, () => api.status(buildStatusRequest(api.merchant, String(bodies[i].transaction))), briefAnswer),
        ),
      );
      statuses.forEach((exchange, k) => {
        const i = judged[k];
        expectStatus(exchange, 'PRO-STATUS-SUCCESS', api.profile.http.success, `the status of invoice #${i + 1}`);
        const got = expectSchema<StatusResponse>(exchange, 'PRO-STATUS-SUCCESS', 'status-response', 'the status response');
        const own = payments.get(i)!;
        if (got.transaction !== bodies[i].transaction || !(['id', 'credentials', 'created_at'] as const).every((f) => sameJson(got.payment[f], own[f])))
          throw new CheckFailure({
            rule: 'PRO-STATUS-SUCCESS',
            expected: `the status of invoice #${i + 1} reports its own payment ${JSON.stringify(own)}`,
            received: `${JSON.stringify(got)}; statuses asked at once: ${statusTimeline}`,
            exchange,
          });
      });
    },
  };
}

/**
 * Presses two buttons on two tabs of one page in the same instant, as a user's two clicks would: the second
 * tab is armed to click when it hears a BroadcastChannel message, which the first tab posts right before its
 * own click. Two Playwright clicks leave as far apart as the machine's load makes them, often more than the
 * gap between a provider's check and its write; these leave within a millisecond or so of each other.
 */
async function pressTogether(first: Locator, second: Locator, timeline: Timeline, [a, b]: [string, string], timeout: number): Promise<void> {
  const channel = `pts-press-${randomUUID()}`;
  await second.evaluate(
    (el, name) => {
      const ch = new BroadcastChannel(name);
      ch.onmessage = () => {
        ch.close();
        (el as HTMLElement).click();
      };
    },
    channel,
    { timeout },
  );
  timeline.mark(`→ ${a} and ${b}`);
  await first
    .evaluate(
      (el, name) => {
        const ch = new BroadcastChannel(name);
        ch.postMessage('press');
        ch.close();
        (el as HTMLElement).click();
      },
      channel,
      { timeout },
    )
    .catch((e: Error) => timeline.mark(`${a} refused: ${e.message.split('\n')[0]}`));
  timeline.mark(`← ${a} and ${b} pressed`);
}

/**
 * Races of Pay and Decline: a check-then-act window of 40 ms on a machine as loaded as a CI runner is missed by about
 * one race in thirty (the two presses leave further apart than the window); three races miss it together far less
 * than once in a hundred runs.
 */
const PRESS_RACES = 3;

/** One race of Pay and Decline: an invoice, its page on two tabs, the two presses in the same instant. */
interface PressRace extends CreatedInvoice {
  timeline: Timeline;
  lost: ReturnType<typeof watchPressLost>[];
}

async function racePresses(api: ProviderApi, page: Page, other: Page, n: number): Promise<PressRace> {
  const { body, response } = await createInvoice(api, 'PRO-STATE-FINAL');
  const timeline = new Timeline();
  timeline.mark(`race ${n} of ${PRESS_RACES}`);
  const lost: ReturnType<typeof watchPressLost>[] = [];
  try {
    await allOnTabs([
      openPaymentPage(page, response.redirect_url, 'PRO-PAGE-CONTENT', body.return_url),
      openPaymentPage(other, response.redirect_url, 'PRO-PAGE-CONTENT', body.return_url),
    ]);
    const [pay, decline] = await allOnTabs([
      requireButton(api, page, buttonFor(api, 'deposited'), 'PRO-PAGE-PAY'),
      requireButton(api, other, buttonFor(api, 'declined'), 'PRO-PAGE-DECLINE'),
    ]);
    // Both presses leave in the same instant; each tab then settles however its page answers (a refusal included).
    // The next race opens its page only once each press is answered: a page left with its press in flight may
    // take the press back with it.
    // A press is a navigation (form, link) or a non-GET request (script); other loads, such as a late image, are not.
    const answered = [page, other].map((tab) =>
      tab.waitForEvent('requestfinished', { predicate: (r) => r.isNavigationRequest() || r.method() !== 'GET', timeout: settleMs(api) }).catch(() => undefined),
    );
    lost.push(watchPressLost(page), watchPressLost(other));
    await pressTogether(pay, decline, timeline, ['Pay', 'Decline'], settleMs(api));
    await Promise.all(answered);
    // Each tab's navigation lands (a press redirected to its result loads it) before the next race opens a page there;
    // a tab the network left half-loaded is waited for no longer than the settle time: the status judges.
    await Promise.all([page, other].map((tab) => navigationLanded(tab, settleMs(api))));
  } catch (e) {
    // A tab whose page the network took away before its button could be armed: the race was not run.
    const why = lost.map((l) => l.why).find((w) => w !== undefined);
    if (why !== undefined && !(e instanceof CheckFailure)) throw new ProviderUnavailable(`Pay and Decline at once: ${why}`);
    throw e;
  } finally {
    for (const l of lost) l.stop();
  }
  return { body, response, timeline, lost };
}

/** One race judged: one final state within the settle time, which holds, and which every callback reports. */
async function judgeRace(api: ProviderApi, inbox: CallbackInbox, { body, response, timeline, lost }: PressRace): Promise<void> {
  const settled = await settledStatus(api, body.transaction, 'PRO-STATE-FINAL');
  // Both presses' answers lost on the way and nothing settled: whether either reached the provider is unknown.
  const lostWhy = lost.map((l) => l.why).filter((w) => w !== undefined);
  if (settled.state === 'processing' && lostWhy.length === lost.length) throw new ProviderUnavailable(`Pay and Decline at once: ${lostWhy.join('; ')}`);
  timeline.mark(`status: ${settled.state}`);
  if (settled.state !== 'deposited' && settled.state !== 'declined')
    throw new CheckFailure({
      rule: 'PRO-STATE-FINAL',
      expected: `one final state within ${api.profile.paymentPage.settleSeconds} s of the presses`,
      received: `state ${settled.state}: ${timeline}`,
    });
  // The state must hold: watched for the settle time, it does not flip to the other press's. The callbacks are
  // listened to over the same time: each watch keeps its own length, and neither waits for the other.
  const listening = api.profile.callbacks.enabled
    ? (async () => {
        const first = await awaitDeliveries(api, inbox, body.transaction, 1, 'PRO-CB-DELIVERY');
        expectCallbackBody(first[0], first, body.transaction, response.payment.id);
        return inbox.waitFor(body.transaction, first.length + 1, api.profile.callbacks.quietSeconds * 1000, { otherThan: settled.state });
      })()
    : Promise.resolve(undefined);
  const [watched, heard] = await Promise.allSettled([
    eventually(
      () => statusOf(api, body.transaction, 'PRO-STATE-FINAL'),
      (p) => p.state !== settled.state,
      settleMs(api),
    ),
    listening,
  ]);
  if (watched.status === 'rejected') throw watched.reason;
  const later = watched.value;
  if (later.state !== settled.state)
    throw new CheckFailure({
      rule: 'PRO-STATE-FINAL',
      expected: `the final state ${settled.state} unchanged`,
      received: `state ${settled.state}, then ${later.state}: ${timeline}`,
    });
  if (heard.status === 'rejected') throw heard.reason;
  const all = heard.value;
  if (all === undefined) return;
  const disagreeing = all.filter((d) => reportedState(d) !== settled.state);
  if (disagreeing.length > 0)
    throw new CheckFailure({
      rule: disagreeing.length === all.length ? 'PRO-CB-STATUS-AGREE' : 'PRO-STATE-FINAL',
      expected: `every callback reports the state the status reports, ${settled.state} (listened ${api.profile.callbacks.quietSeconds} s after the first, profile callbacks.quietSeconds)`,
      received: `${disagreeing.length} of ${all.length} callback(s) with another state: ${describeDeliveries(all)}; presses: ${timeline}`,
    });
}

/**
 * Pay and Decline pressed at once, each on its own tab of the payment page (the page's own forms or scripts send
 * them), PRESS_RACES times one after another on invoices of their own: each race gets one final state, which the
 * status and every callback report; no callback with another state within the profile's quiet time. The races are
 * judged together, so their settle and quiet times overlap. The first race that breaks a rule fails the check; a
 * race the network took away is not judged only when no race broke a rule.
 */
export function payAndDeclineAtOnce(): BrowserCheck {
  return {
    name: 'payAndDeclineAtOnce()',
    title: `Pay and Decline pressed at once on two tabs of the page, ${PRESS_RACES} times: one final state, reported alike by the status and every callback`,
    rules: ['PRO-STATE-FINAL', 'PRO-CB-STATUS-AGREE', 'PRO-CB-DELIVERY'],
    browser: true,
    async run({ api, page, inbox }) {
      requirePaymentPage(api);
      requireProfile(api.profile.status.enabled, 'profile status.enabled is false: the outcome cannot be observed');
      const other = await page.context().newPage();
      const races: PressRace[] = [];
      try {
        for (let n = 1; n <= PRESS_RACES; n++) races.push(await racePresses(api, page, other, n));
      } finally {
        await other.close();
      }
      const verdicts = await Promise.allSettled(races.map((race) => judgeRace(api, inbox, race)));
      const failed = verdicts.find((v) => v.status === 'rejected' && !(v.reason instanceof ProviderUnavailable));
      const unjudged = verdicts.find((v) => v.status === 'rejected');
      if (failed?.status === 'rejected') throw failed.reason;
      if (unjudged?.status === 'rejected') throw unjudged.reason;
    },
  };
}

/**
 * The status asked the moment a callback arrives reports the callback's state (the change was stored before it was
 * told). A status a moment behind warns by default (PRO-CB-STATUS-AT-ARRIVAL is advice: a status read from a replica).
 */
export function statusAgreesWhenCallbackArrives(state: FinalState): BrowserCheck {
  return {
    name: `statusAgreesWhenCallbackArrives(${state})`,
    title: `the status asked the moment a ${state} callback arrives reports ${state}`,
    rules: ['PRO-CB-STATUS-AT-ARRIVAL', PRESS_RULE[state]],
    browser: true,
    async run({ api, page, inbox }) {
      requirePaymentPage(api);
      requireProfile(api.profile.status.enabled, 'profile status.enabled is false');
      requireProfile(api.profile.callbacks.enabled, 'profile callbacks.enabled is false');
      const { body, response } = await createInvoice(api, PRESS_RULE[state]);
      await openPaymentPage(page, response.redirect_url, PRESS_RULE[state], body.return_url);
      const button = await requireButton(api, page, buttonFor(api, state), PRESS_RULE[state]);
      const timeline = new Timeline();
      timeline.mark(`→ press ${buttonFor(api, state)}`);
      // A press whose answer the network lost may not have reached the provider: no callback is then no verdict.
      const lost = watchPressLost(page);
      let deliveries;
      try {
        await clickAnswered(api, button, buttonFor(api, state), PRESS_RULE[state]);
        deliveries = await awaitDeliveries(api, inbox, body.transaction, 1, 'PRO-CB-DELIVERY');
      } catch (e) {
        if (lost.why && e instanceof CheckFailure) throw new ProviderUnavailable(`pressing "${buttonFor(api, state)}": ${lost.why}`);
        throw e;
      } finally {
        lost.stop();
      }
      timeline.mark(`← callback: ${String(reportedState(deliveries[0]))}`);
      const exchange = await timeline.send('status', () => api.status(buildStatusRequest(api.merchant, body.transaction)), briefAnswer);
      const told = reportedState(deliveries[0]);
      if (told !== state)
        throw new CheckFailure({
          rule: PRESS_RULE[state],
          expected: `a callback with state ${state} after pressing "${buttonFor(api, state)}"`,
          received: describeDeliveries(deliveries),
        });
      responseOf(exchange, 'PRO-CB-STATUS-AT-ARRIVAL', 'the status when the callback arrived');
      const now = (exchange.response?.json as { payment?: { state?: unknown } } | undefined)?.payment?.state;
      if (now !== told)
        throw new CheckFailure({
          rule: 'PRO-CB-STATUS-AT-ARRIVAL',
          expected: `the status asked as the ${String(told)} callback arrived reports ${String(told)}`,
          received: `state ${String(now)}: ${timeline}`,
          exchange,
        });
    },
  };
}
