// Callbacks (the document: every payload.* parameter is in them; profile: a JSON POST on every change
// to a final state, delivered again until answered 2xx, at least minDeliveries times in all).
import type { CallbackBody } from '../../contracts/index.js';
import { classesOf, renewUuid } from '../../generators/arbitraries/index.js';
import { INVOICE_DEFAULTS, type InvoiceOverrides } from '../../generators/builders.js';
import { propertyParameters } from '../../generators/settings.js';
import { FAIL_FIRST_PARAMETER, type CallbackInbox, type Delivery } from '../harness/callback-receiver.js';
import { CheckFailure } from '../harness/failure.js';
import { softly } from '../harness/findings.js';
import { sameJson } from '../harness/json.js';
import { buttonFor, invoicePressed, invoicesPressed, otherState, tryPressAgain, type CreatedInvoice, type FinalState } from '../harness/payment-page.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { type BrowserCheck, requirePaymentPage, requireProfile } from '../harness/check.js';
import {
  answerClassOf,
  isSuccessGroup,
  REDIRECTED_PREFIX,
  REFUSAL_PARAMETER,
  refusalGroups,
  SLOW_ANSWER_MS,
  type AnswerClassName,
} from '../harness/refusals.js';
import {
  awaitDeliveries,
  callbackWaitMs,
  describeDeliveries,
  expectCallbackBody,
  expectDeliveries,
  expectPayloadUnchanged,
  expectStates,
  reportedState,
  type KeyClass,
} from './callback-deliveries.js';
import { callbackCoverage, callbackRows, FLOW, type CallbackRow } from './flow.js';
import { PRESS_RULE } from './payment-page.js';

/** An invoice refused for its extra merchant parameters breaks this documented rule. */
const EXTRA_RULE = 'DOC-INV-REQ-PAYLOAD-EXTRA';
/** A redirect answered to a callback is not followed (advice: both behaviours exist among webhook senders). */
const REDIRECT_RULE = 'PRO-CB-NO-REDIRECT-FOLLOWED';
/** A callback never answered is given up on and delivered again (advice: the profile states no time limit). */
const TRY_TIMEOUT_RULE = 'PRO-CB-TRY-TIMEOUT';
/** A refused callback is delivered again after a pause (advice: the profile states no schedule). */
const SPACING_RULE = 'PRO-CB-RETRY-SPACED';
/**
 * The shortest pause after a refused delivery: a sender that tries again sooner spends its tries within a moment
 * of the merchant's trouble (a restart, a deploy) and loses the callback. Webhook senders wait seconds to hours.
 */
const MIN_RETRY_PAUSE_MS = 100;

/** Merchant parameters of every JSON type, the awkward ones included. */
const FIXED_EXTRAS = {
  order_id: 'ORD-1001',
  note_unicode: 'Заказ №7 — «тест» 日本語 👩🏽‍💻 \\ "quoted" \n line',
  empty_string: '',
  numeric_string: '1',
  int_one: 1,
  int_zero: 0,
  int_negative: -42,
  int_big: 9_007_199_254_740_991,
  float: 3.14159,
  float_small: 1.5e-7,
  bool_true: true,
  bool_false: false,
  nothing: null,
  nested: { level: 1, inner: { list: [1, 'two', false, null], flag: true }, empty: {} },
  list: [1, 2.5, 'три', true, null, { k: 'v' }, []],
  'ключ с пробелом': 'значение',
} as const;

/** The declined invoice's few plain parameters. */
const PLAIN_EXTRAS = { extras: { order_id: 'ORD-1002', attempt: 2, gift: false }, classOf: {} };

/** The run's seed (FC_SEED, or the one global setup drew), from which the covering examples are drawn. */
const runSeed = (): number => propertyParameters({ numRuns: 1 }).seed!;

/** How to draw the batch again: the covering examples follow the run's seed. */
const replayOf = (seed: number, title: string) => `FC_SEED=${seed} npm run conformance -- --project=callbacks -g "${title}"`;

/**
 * The invoices of a callback batch (flow.ts callbackRows: every class of client_id, client_ip, transaction and
 * payload.* among them), as overrides with a fresh transaction of each row's class; `extra` parameters added
 * to every payload, the fixed ones to the first.
 */
function batch(api: ProviderApi, seed: number, extra: Record<string, unknown>, count?: number): { rows: CallbackRow[]; overrides: InvoiceOverrides[] } {
  // The same keys avoided by every check, so that every check of the run draws the same batch.
  const avoid = new Set([...Object.keys(FIXED_EXTRAS), ...Object.keys(extra), FAIL_FIRST_PARAMETER, REFUSAL_PARAMETER]);
  const all = callbackRows(seed, api.profile.antifraud.invoiceClientIp, [...avoid].sort());
  const rows = all.slice(0, count ?? all.length);
  const overrides = rows.map((r, i) => ({
    transaction: renewUuid(r.transaction),
    payload: { ...(i === 0 ? FIXED_EXTRAS : {}), ...r.covering.extras, ...extra, client_id: r.client_id, client_ip: r.client_ip },
  }));
  return { rows, overrides };
}

/** The class a failure names beside a payload key of a row. */
function keyClass(row: CallbackRow): KeyClass {
  return (key) =>
    key === 'client_id'
      ? `client_id ${classesOf(FLOW['invoice.payload.client_id'].classes(), row.client_id).join(', ')}`
      : key === 'client_ip'
        ? `client_ip ${classesOf(FLOW['invoice.payload.client_ip'].classes(), row.client_ip).join(', ')}`
        : (row.covering.classOf[key] ?? (key in FIXED_EXTRAS ? 'fixed' : undefined));
}

function requireCallbacks(api: ProviderApi): void {
  requireProfile(api.profile.callbacks.enabled, 'profile callbacks.enabled is false');
  requirePaymentPage(api, 'no way to settle a payment');
}

/** A callback about the invoice: JSON {transaction, payment, payload} with the state pressed for, the payload unchanged. */
function judgeCallback(state: FinalState, button: string, d: Delivery, deliveries: readonly Delivery[], created: CreatedInvoice, classOf?: KeyClass): void {
  const press = PRESS_RULE[state];
  const callback = expectCallbackBody(d, deliveries, created.body.transaction, created.response.payment.id);
  expectStates([d], state, press, `after pressing "${button}", a callback with state ${state}`);
  if (state === 'declined' && (callback.payment.error_code === null || callback.payment.error_description === null))
    throw new CheckFailure({
      rule: press,
      expected: 'the declined payment in the callback carries a non-null error_code and error_description',
      received: `payment ${JSON.stringify(callback.payment)}`,
    });
  expectPayloadUnchanged(created.body.payload, callback.payload, deliveries, classOf);
}

/**
 * A payment settled on the page is reported by a JSON callback with its state, and every payload parameter
 * unchanged. Paid: an invoice whose payload carries every payload.* class at once (flow.ts) beside fixed
 * awkward ones; the first deliveries of the rest of the batch, whose client_id, client_ip and transaction take
 * every class, are judged by callbackRedelivered (a first delivery is the same whatever the merchant answers
 * it), or here where the profile has no redelivery. Declined: one with a few plain parameters.
 */
export function settledPaymentCallback(state: FinalState): BrowserCheck {
  const press = PRESS_RULE[state];
  const title =
    state === 'deposited'
      ? 'a paid invoice is reported by a JSON callback with state deposited and every payload parameter unchanged'
      : 'a declined invoice is reported by a callback with state declined, an error, and the payload unchanged';
  return {
    name: `settledPaymentCallback(${state})`,
    title,
    rules: ['PRO-CB-DELIVERY', 'DOC-EVT-CALLBACK-PAYLOAD', 'PRO-CB-PAYLOAD-UNCHANGED', press, EXTRA_RULE],
    browser: true,
    async run({ api, page, inbox }) {
      requireCallbacks(api);
      const button = buttonFor(api, state);
      const coverage = callbackCoverage('callback');
      if (state === 'declined') {
        const row = { client_id: 'user-cb-8', client_ip: INVOICE_DEFAULTS.payload.client_ip, covering: PLAIN_EXTRAS };
        const payload = { ...row.covering.extras, client_id: row.client_id, client_ip: row.client_ip };
        // An invoice refused for its extra parameters breaks the documented "payload.* accepts any merchant parameters".
        const created = await invoicePressed(api, page, button, 'PRO-CB-DELIVERY', { payload }, EXTRA_RULE);
        const deliveries = await awaitDeliveries(api, inbox, created.body.transaction, 1, 'PRO-CB-DELIVERY');
        for (const d of deliveries) judgeCallback(state, button, d, deliveries, created);
        coverage.record(row, created.body.transaction);
        return;
      }
      const seed = runSeed();
      const { rows, overrides } = batch(api, seed, {}, api.profile.callbacks.minDeliveries > 1 ? 1 : undefined);
      const created = await invoicesPressed(api, page, button, 'PRO-CB-DELIVERY', overrides, EXTRA_RULE);
      const all = await Promise.all(created.map((c) => awaitDeliveries(api, inbox, c.body.transaction, 1, 'PRO-CB-DELIVERY')));
      for (const [i, deliveries] of all.entries()) {
        try {
          for (const d of deliveries) judgeCallback(state, button, d, deliveries, created[i]!, keyClass(rows[i]!));
        } catch (e) {
          if (e instanceof CheckFailure) throw new CheckFailure({ ...e.details, replay: replayOf(seed, 'every payload parameter unchanged') });
          throw e;
        }
        coverage.record(rows[i]!, created[i]!.body.transaction);
      }
    },
  };
}

/**
 * A final state never changes, as the merchant sees it: once the callback of a settled payment has come,
 * pressing the other button on the reopened page brings no callback with another state, listened for
 * the profile's quiet time.
 */
export function noCallbackAfterFinalState(first: FinalState): BrowserCheck {
  const second = otherState(first);
  return {
    name: `noCallbackAfterFinalState(${first})`,
    title: `after a ${first} callback, pressing for ${second} brings no callback with another state`,
    rules: ['PRO-STATE-FINAL', 'PRO-CB-DELIVERY'],
    browser: true,
    async run({ api, page, inbox }) {
      requireCallbacks(api);
      const { body, response } = await invoicePressed(api, page, buttonFor(api, first), 'PRO-CB-DELIVERY');
      const settled = await awaitDeliveries(api, inbox, body.transaction, 1, 'PRO-CB-DELIVERY');
      const reported = expectCallbackBody(settled[0], settled, body.transaction, response.payment.id).payment.state;
      const attempt = await tryPressAgain(api, page, response.redirect_url, buttonFor(api, second));
      // Ends early when a callback with another state comes; otherwise listens the profile's quiet time.
      const all = await inbox.waitFor(body.transaction, settled.length + 1, api.profile.callbacks.quietSeconds * 1000, { otherThan: reported });
      const changed = all.filter((d) => reportedState(d) !== reported);
      if (changed.length > 0)
        throw new CheckFailure({
          rule: 'PRO-STATE-FINAL',
          expected: `every callback reports the final state ${reported}, also after pressing "${buttonFor(api, second)}" again (listened ${api.profile.callbacks.quietSeconds} s, profile callbacks.quietSeconds)`,
          received: `${changed.length} callback(s) with another state (${attempt}): ${describeDeliveries(all)}`,
        });
    },
  };
}

/**
 * A callback the merchant refuses is delivered again, the same body each time, until answered 200 (at least
 * minDeliveries in all), whichever way it was refused: every class a real merchant endpoint refuses with (400, 401,
 * 403, 404, 409, 410, 422, 429 with Retry-After, 500, 502, 503, a slow answer, a reset connection), minDeliveries - 1
 * classes one after another on each invoice, so that a provider that gives up after any one of them delivers too
 * few; and a 200 whose body is not JSON is a success (delivered once is enough). The invoices are the batch whose
 * client_id, client_ip, transaction and payload.* take every class of their generators (flow.ts), as many as the
 * classes need: each judged at its first delivery (the transaction and the payload unchanged) and at every
 * re-delivery. They are pressed at once, so that the whole costs about one wait.
 */
export function callbackRedelivered(): BrowserCheck {
  return {
    name: 'callbackRedelivered()',
    title:
      'a callback refused with any 4xx, 5xx, a redirect (never followed), a slow answer or a reset connection is delivered again, the same body each time, until answered 200; a 200 with a text body is taken',
    rules: ['PRO-CB-RETRY', 'PRO-CB-DELIVERY', 'DOC-EVT-CALLBACK-PAYLOAD', 'PRO-CB-PAYLOAD-UNCHANGED', EXTRA_RULE, REDIRECT_RULE, SPACING_RULE],
    browser: true,
    async run({ api, page, inbox }) {
      requireCallbacks(api);
      const min = api.profile.callbacks.minDeliveries;
      requireProfile(min > 1, 'profile callbacks.minDeliveries is 1: no redelivery to observe');
      inbox.requireAnswersReachProvider();
      const firstDelivery = callbackCoverage('callback');
      const redelivery = callbackCoverage('callback re-delivery');
      const failFirst = min - 1;
      const groups = refusalGroups(failFirst);
      const seed = runSeed();
      const drawn = batch(api, seed, { [FAIL_FIRST_PARAMETER]: failFirst });
      // One invoice per row of the batch and per group of classes: the rows take the groups in turn; groups left over
      // go on invoices of plain parameters of their own.
      const count = Math.max(drawn.rows.length, groups.length);
      const plain = (i: number) => ({ payload: { ...INVOICE_DEFAULTS.payload, client_id: `user-refusal-${i}`, [FAIL_FIRST_PARAMETER]: failFirst } });
      const invoices = Array.from({ length: count }, (_, i) => {
        const group = groups[i % groups.length]!;
        const o = drawn.overrides[i] ?? plain(i);
        const row = drawn.rows[i];
        const classOf: KeyClass = row ? keyClass(row) : () => undefined;
        return { row, group, classOf, override: { ...o, payload: { ...o.payload, [REFUSAL_PARAMETER]: group.join(',') } } };
      });
      let created: CreatedInvoice[];
      try {
        // Each invoice's deliveries are awaited from its press on, while the others are pressed.
        created = await invoicesPressed(
          api,
          page,
          api.profile.paymentPage.payButton,
          'PRO-CB-DELIVERY',
          invoices.map((v) => v.override),
          EXTRA_RULE,
          (c, i) => redelivered(api, inbox, c, min, invoices[i]!.group, invoices[i]!.classOf),
        );
      } catch (e) {
        if (e instanceof CheckFailure) throw new CheckFailure({ ...e.details, replay: replayOf(seed, 'delivered again') });
        throw e;
      }
      for (const [i, c] of created.entries()) {
        const row = invoices[i]!.row;
        if (!row) continue;
        firstDelivery.record(row, c.body.transaction);
        if (!isSuccessGroup(invoices[i]!.group)) redelivery.record(row, c.body.transaction);
      }
    },
  };
}

/**
 * A callback the merchant's endpoint takes and never answers is given up on and delivered again: a sender without a
 * time limit of its own holds the delivery for minutes, or for ever. Waited for the profile's callback wait.
 */
export function heldCallbackDeliveredAgain(): BrowserCheck {
  return {
    name: 'heldCallbackDeliveredAgain()',
    title: "a callback the merchant's endpoint takes but never answers is given up on and delivered again within the profile's callback wait",
    rules: [TRY_TIMEOUT_RULE],
    browser: true,
    async run({ api, page, inbox }) {
      requireCallbacks(api);
      requireProfile(api.profile.callbacks.minDeliveries > 1, 'profile callbacks.minDeliveries is 1: no redelivery to observe');
      inbox.requireAnswersReachProvider();
      const payload = { ...INVOICE_DEFAULTS.payload, [REFUSAL_PARAMETER]: 'held', [FAIL_FIRST_PARAMETER]: 1 };
      const { body } = await invoicePressed(api, page, api.profile.paymentPage.payButton, 'PRO-CB-DELIVERY', { payload }, EXTRA_RULE);
      await awaitDeliveries(api, inbox, body.transaction, 1, 'PRO-CB-DELIVERY');
      const waitMs = callbackWaitMs(api);
      const arrived = await inbox.waitFor(body.transaction, 2, waitMs);
      if (arrived.length < 2)
        throw new CheckFailure({
          rule: TRY_TIMEOUT_RULE,
          expected: `the callback, taken and never answered, delivered again within ${waitMs / 1000} s (profile callbacks.waitSeconds)`,
          received: `no delivery again: ${describeDeliveries(arrived)}`,
        });
    },
  };
}

/**
 * The invoice's callback comes `min` times, the first `min - 1` answered in the group's classes one after another,
 * each the same body, with the transaction and the payload unchanged; once, when the group is a success.
 */
async function redelivered(
  api: ProviderApi,
  inbox: CallbackInbox,
  created: CreatedInvoice,
  min: number,
  group: readonly AnswerClassName[],
  classOf: KeyClass,
): Promise<void> {
  const { body, response } = created;
  const failFirst = min - 1;
  const named = group.join(',');
  // The receiver learns how many tries to refuse, and how, from the callback's own payload: a callback without the
  // parameters is answered 200 at once, and the missing redelivery is the payload's fault, not the retry's.
  const firstOnly = await awaitDeliveries(api, inbox, body.transaction, 1, 'PRO-CB-DELIVERY');
  const first = expectCallbackBody(firstOnly[0]!, firstOnly, body.transaction, response.payment.id);
  if (first.payload[REFUSAL_PARAMETER] !== named || Number(first.payload[FAIL_FIRST_PARAMETER]) !== failFirst)
    throw new CheckFailure({
      rule: 'DOC-EVT-CALLBACK-PAYLOAD',
      expected: `the callback payload carries the merchant parameters ${REFUSAL_PARAMETER}: "${named}" and ${FAIL_FIRST_PARAMETER}: ${failFirst} (the refusals cannot be made without them)`,
      received: describeDeliveries(firstOnly),
    });
  // The first delivery as sent (refused or not, it is what the provider sends first); then every other the same.
  expectPayloadUnchanged(body.payload, first.payload, firstOnly, classOf);
  if (isSuccessGroup(group)) return;
  const refusals = Array.from({ length: failFirst }, (_, k) => answerClassOf(named, k));
  // A slow answer holds its try until the provider gives up on it (at most SLOW_ANSWER_MS).
  const waitMs = callbackWaitMs(api) + refusals.filter((a) => a.answer === 'slow').length * SLOW_ANSWER_MS;
  const after = `, the first ${failFirst} answered ${refusals.map((a) => a.what).join(', then ')} (profile callbacks.minDeliveries ${min})`;
  // A sender that follows the 307 delivers at the address it names: no delivery to the callback URL.
  const arrived = await inbox.waitFor(body.transaction, min, waitMs);
  const followed = arrived.filter((d) => d.path.startsWith(REDIRECTED_PREFIX));
  if (followed.length > 0)
    throw new CheckFailure({
      rule: REDIRECT_RULE,
      expected: `a callback answered with a redirect is delivered again to the callback URL, never to the address the redirect names${after}`,
      received: `${followed.length} deliver${followed.length === 1 ? 'y' : 'ies'} at ${followed[0]!.path}: ${describeDeliveries(arrived)}`,
    });
  const deliveries = expectDeliveries(arrived, body.transaction, min, 'PRO-CB-RETRY', waitMs, after);
  if (deliveries[min - 1]!.answeredStatus !== 200)
    throw new CheckFailure({ rule: 'PRO-CB-RETRY', expected: `delivery #${min} answered 200${after}`, received: describeDeliveries(deliveries) });
  const differing = deliveries.filter((d) => !sameJson(d.json, first));
  if (differing.length > 0)
    throw new CheckFailure({
      rule: 'PRO-CB-RETRY',
      expected: `every redelivery carries the same callback body${after}`,
      received: `${differing.length} deliver${differing.length === 1 ? 'y differs' : 'ies differ'} from the first${differingKeys(first, differing, classOf)}: ${describeDeliveries(deliveries)}`,
    });
  await expectPausedRetries(api, deliveries, after);
}

/** Each delivery after a refused one came at least MIN_RETRY_PAUSE_MS after it (a warning by default). */
async function expectPausedRetries(api: ProviderApi, deliveries: readonly Delivery[], after: string): Promise<void> {
  const hurried = deliveries.slice(1).flatMap((d, k) => {
    const before = deliveries[k]!;
    const pause = Date.parse(d.receivedAt) - Date.parse(before.receivedAt);
    return before.answeredStatus !== 200 && pause < MIN_RETRY_PAUSE_MS
      ? [`${pause} ms after the one answered ${before.answered ?? `HTTP ${before.answeredStatus}`}`]
      : [];
  });
  if (hurried.length > 0)
    await softly(api, () => {
      throw new CheckFailure({
        rule: SPACING_RULE,
        expected: `each delivery again at least ${MIN_RETRY_PAUSE_MS} ms after the refused one before it${after}`,
        received: `${hurried.join('; ')}: ${describeDeliveries(deliveries)}`,
      });
    });
}

/** The payload keys in which re-deliveries differ from the first delivery, with their classes. */
function differingKeys(first: CallbackBody, differing: readonly Delivery[], classOf: KeyClass): string {
  const keys = new Set<string>();
  for (const d of differing) {
    const payload = (d.json as Partial<CallbackBody> | undefined)?.payload ?? {};
    for (const k of new Set([...Object.keys(first.payload), ...Object.keys(payload)])) if (!sameJson(first.payload[k], payload[k])) keys.add(k);
  }
  if (keys.size === 0) return '';
  const named = [...keys].map((k) => `${JSON.stringify(k)}${classOf(k) === undefined ? '' : ` (class ${classOf(k)})`}`);
  return ` in payload ${named.slice(0, 20).join(', ')}${named.length > 20 ? ` and ${named.length - 20} more` : ''}`;
}
