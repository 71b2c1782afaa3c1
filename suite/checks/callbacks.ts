// Callbacks (the document: every payload.* parameter is in them; profile: a JSON POST on every change
// to a final state, delivered again until answered 2xx, at least minDeliveries times in all).
import fc from 'fast-check';
import { payloadExtras } from '../../generators/arbitraries/index.js';
import { INVOICE_DEFAULTS, type InvoiceOverrides } from '../../generators/builders.js';
import { propertyParameters } from '../../generators/settings.js';
import { FAIL_FIRST_PARAMETER } from '../harness/callback-receiver.js';
import { CheckFailure } from '../harness/failure.js';
import { sameJson } from '../harness/json.js';
import { buttonFor, invoicePressed, otherState, tryPressAgain, type FinalState } from '../harness/payment-page.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { requireProfile, type BrowserCheck } from '../harness/check.js';
import { awaitDeliveries, describeDeliveries, expectCallbackBody, expectPayloadUnchanged, expectStates, reportedState } from './callback-deliveries.js';
import { PRESS_RULE } from './payment-page.js';

/** An invoice refused for its extra merchant parameters breaks this documented rule. */
const EXTRA_RULE = 'DOC-INV-REQ-PAYLOAD-EXTRA';

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

/** The fixed extras plus one payloadExtras sample, drawn from the run's FC_SEED (printed on failure). */
function payloadWithExtras(): { payload: Record<string, unknown>; seed: number } {
  const seed = propertyParameters({ numRuns: 1 }).seed!;
  const [sample] = fc.sample(payloadExtras({ maxKeys: 6 }), { seed, numRuns: 1 });
  const sampled: Record<string, unknown> = { ...sample };
  delete sampled[FAIL_FIRST_PARAMETER];
  return { payload: { ...sampled, ...FIXED_EXTRAS, client_id: 'user-cb-7', client_ip: INVOICE_DEFAULTS.payload.client_ip }, seed };
}

function requireCallbacks(api: ProviderApi): void {
  requireProfile(api.profile.callbacks.enabled, 'profile callbacks.enabled is false');
  requireProfile(api.profile.paymentPage.enabled, 'profile paymentPage.enabled is false: no way to settle a payment');
}

/** A payment settled on the page is reported by a JSON callback with its state, and every payload parameter unchanged. */
export function settledPaymentCallback(state: FinalState): BrowserCheck {
  const press = PRESS_RULE[state];
  return {
    name: `settledPaymentCallback(${state})`,
    title:
      state === 'deposited'
        ? 'a paid invoice is reported by a JSON callback with state deposited and every payload parameter unchanged'
        : 'a declined invoice is reported by a callback with state declined, an error, and the payload unchanged',
    rules: ['PRO-CB-DELIVERY', 'DOC-EVT-CALLBACK-PAYLOAD', 'PRO-CB-PAYLOAD-UNCHANGED', press, EXTRA_RULE],
    browser: true,
    async run({ api, page, inbox }) {
      requireCallbacks(api);
      // Paid: the awkward extras plus a sample drawn from the run's seed; declined: a few plain ones.
      const { payload, seed } =
        state === 'deposited'
          ? payloadWithExtras()
          : {
              payload: { client_id: 'user-cb-8', client_ip: INVOICE_DEFAULTS.payload.client_ip, order_id: 'ORD-1002', attempt: 2, gift: false },
              seed: undefined,
            };
      const button = buttonFor(api, state);
      // An invoice refused for its extra parameters breaks the documented "payload.* accepts any merchant parameters".
      const { body, response } = await invoicePressed(api, page, button, 'PRO-CB-DELIVERY', { payload: payload as InvoiceOverrides['payload'] }, EXTRA_RULE);
      const deliveries = await awaitDeliveries(api, inbox, body.transaction, 1, 'PRO-CB-DELIVERY');
      for (const d of deliveries) {
        const callback = expectCallbackBody(d, deliveries, body.transaction, response.payment.id);
        expectStates([d], state, press, `after pressing "${button}", a callback with state ${state}`);
        if (state === 'declined' && (callback.payment.error_code === null || callback.payment.error_description === null))
          throw new CheckFailure({
            rule: press,
            expected: 'the declined payment in the callback carries a non-null error_code and error_description',
            received: `payment ${JSON.stringify(callback.payment)}`,
          });
        try {
          expectPayloadUnchanged(payload, callback.payload, deliveries);
        } catch (e) {
          if (e instanceof CheckFailure && seed !== undefined) throw new CheckFailure({ ...e.details, replay: `payload extras drawn with FC_SEED=${seed}` });
          throw e;
        }
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

/** A callback answered 500 is delivered again, the same body each time, until answered 200 (at least minDeliveries in all). */
export function callbackRedelivered(): BrowserCheck {
  return {
    name: 'callbackRedelivered()',
    title: 'a callback answered 500 is delivered again, the same body each time, until answered 200',
    rules: ['PRO-CB-RETRY', 'PRO-CB-DELIVERY', 'DOC-EVT-CALLBACK-PAYLOAD', EXTRA_RULE],
    browser: true,
    async run({ api, page, inbox }) {
      requireCallbacks(api);
      const min = api.profile.callbacks.minDeliveries;
      requireProfile(min > 1, 'profile callbacks.minDeliveries is 1: no redelivery to observe');
      const failFirst = min - 1;
      const payload = { ...INVOICE_DEFAULTS.payload, [FAIL_FIRST_PARAMETER]: failFirst };
      const { body, response } = await invoicePressed(api, page, api.profile.paymentPage.payButton, 'PRO-CB-DELIVERY', { payload }, EXTRA_RULE);
      // The receiver learns how many tries to fail from the callback's own payload: a callback without the
      // parameter is answered 200 at once, and the missing redelivery is the payload's fault, not the retry's.
      const firstOnly = await awaitDeliveries(api, inbox, body.transaction, 1, 'PRO-CB-DELIVERY');
      const first = expectCallbackBody(firstOnly[0], firstOnly, body.transaction, response.payment.id);
      if (Number(first.payload[FAIL_FIRST_PARAMETER]) !== failFirst)
        throw new CheckFailure({
          rule: 'DOC-EVT-CALLBACK-PAYLOAD',
          expected: `the callback payload carries the merchant parameter ${FAIL_FIRST_PARAMETER}: ${failFirst} (redelivery cannot be observed without it)`,
          received: describeDeliveries(firstOnly),
        });
      const deliveries = await awaitDeliveries(api, inbox, body.transaction, min, 'PRO-CB-RETRY');
      if (deliveries[min - 1].answeredStatus !== 200)
        throw new CheckFailure({
          rule: 'PRO-CB-RETRY',
          expected: `delivery #${min} answered 200 after ${failFirst} answered 500`,
          received: describeDeliveries(deliveries),
        });
      const differing = deliveries.filter((d) => !sameJson(d.json, first));
      if (differing.length > 0)
        throw new CheckFailure({
          rule: 'PRO-CB-RETRY',
          expected: 'every redelivery carries the same callback body',
          received: `${differing.length} deliver${differing.length === 1 ? 'y differs' : 'ies differ'} from the first: ${describeDeliveries(deliveries)}`,
        });
    },
  };
}
