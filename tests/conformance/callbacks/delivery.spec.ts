// A payment settled on the page is reported to the merchant by a JSON callback {transaction, payment, payload}
// whose payload gives back every payload.* parameter of the invoice request exactly as it was sent.
import fc from 'fast-check';
import { test, rule, requireProfile } from '../../harness/rule.js';
import { FAIL_FIRST_PARAMETER } from '../../harness/callback-receiver.js';
import { CheckFailure } from '../../harness/failure.js';
import { payloadExtras } from '../../../generators/arbitraries/index.js';
import { INVOICE_DEFAULTS, type InvoiceOverrides } from '../../../generators/builders.js';
import { propertyParameters } from '../../../generators/settings.js';
import { invoicePressed } from '../payment-page/pay.js';
import { awaitDeliveries, expectCallbackBody, expectPayloadUnchanged, expectStates } from './deliveries.js';

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
  const seed = propertyParameters({ numRuns: 1 }).seed ?? Date.now() | 0;
  const [sample] = fc.sample(payloadExtras({ maxKeys: 6 }), { seed, numRuns: 1 });
  const sampled: Record<string, unknown> = { ...sample };
  delete sampled[FAIL_FIRST_PARAMETER];
  return { payload: { ...sampled, ...FIXED_EXTRAS, client_id: 'user-cb-7', client_ip: INVOICE_DEFAULTS.payload.client_ip }, seed };
}

const skipUnlessCallbacks = (api: { profile: { callbacks: { enabled: boolean }; paymentPage: { enabled: boolean } } }) => {
  requireProfile(api.profile.callbacks.enabled, 'profile callbacks.enabled is false');
  requireProfile(api.profile.paymentPage.enabled, 'profile paymentPage.enabled is false: no way to settle a payment');
};

test(...rule(['PRO-CB-DELIVERY', 'DOC-EVT-CALLBACK-PAYLOAD', 'PRO-CB-PAYLOAD-UNCHANGED', 'PRO-PAGE-PAY', EXTRA_RULE],
  'a paid invoice is reported by a JSON callback with state deposited and every payload parameter unchanged'),
  async ({ api, page, inbox }) => {
    skipUnlessCallbacks(api);
    const { payload, seed } = payloadWithExtras();
    test.info().annotations.push({ type: 'payload', description: `fixed extras + payloadExtras sample, FC_SEED=${seed}` });
    // An invoice refused for its extra parameters breaks the documented "payload.* accepts any merchant parameters".
    const { body, response } = await invoicePressed(api, page, api.profile.paymentPage.payButton, 'PRO-CB-DELIVERY',
      { payload: payload as InvoiceOverrides['payload'] }, EXTRA_RULE);
    const deliveries = await awaitDeliveries(api, inbox, body.transaction, 1, 'PRO-CB-DELIVERY');
    for (const d of deliveries) {
      const callback = expectCallbackBody(d, deliveries, body.transaction, response.payment.id);
      expectStates([d], 'deposited', 'PRO-PAGE-PAY', `after pressing "${api.profile.paymentPage.payButton}", a callback with state deposited`);
      try {
        expectPayloadUnchanged(payload, callback.payload, deliveries);
      } catch (e) {
        if (e instanceof CheckFailure) throw new CheckFailure({ ...e.details, replay: `payload extras drawn with FC_SEED=${seed}` });
        throw e;
      }
    }
  });

test(...rule(['PRO-CB-DELIVERY', 'PRO-PAGE-DECLINE', 'DOC-EVT-CALLBACK-PAYLOAD', 'PRO-CB-PAYLOAD-UNCHANGED', EXTRA_RULE],
  'a declined invoice is reported by a callback with state declined, an error, and the payload unchanged'),
  async ({ api, page, inbox }) => {
    skipUnlessCallbacks(api);
    const payload = { client_id: 'user-cb-8', client_ip: INVOICE_DEFAULTS.payload.client_ip, order_id: 'ORD-1002', attempt: 2, gift: false };
    const { body, response } = await invoicePressed(api, page, api.profile.paymentPage.declineButton, 'PRO-CB-DELIVERY', { payload }, EXTRA_RULE);
    const deliveries = await awaitDeliveries(api, inbox, body.transaction, 1, 'PRO-CB-DELIVERY');
    for (const d of deliveries) {
      const callback = expectCallbackBody(d, deliveries, body.transaction, response.payment.id);
      expectStates([d], 'declined', 'PRO-PAGE-DECLINE', `after pressing "${api.profile.paymentPage.declineButton}", a callback with state declined`);
      if (callback.payment.error_code === null || callback.payment.error_description === null)
        throw new CheckFailure({
          rule: 'PRO-PAGE-DECLINE',
          expected: 'the declined payment in the callback carries a non-null error_code and error_description',
          received: `payment ${JSON.stringify(callback.payment)}`,
        });
      expectPayloadUnchanged(payload, callback.payload, deliveries);
    }
  });
