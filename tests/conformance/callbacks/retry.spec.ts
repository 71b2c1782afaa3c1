// A callback not answered 2xx is delivered again: the receiver fails the first minDeliveries - 1 tries
// of this transaction (merchant parameter pts_fail_first), so minDeliveries deliveries must come.
import { test, rule, requireProfile } from '../../harness/rule.js';
import { FAIL_FIRST_PARAMETER } from '../../harness/callback-receiver.js';
import { CheckFailure } from '../../harness/failure.js';
import { INVOICE_DEFAULTS } from '../../../generators/builders.js';
import { invoicePressed } from '../payment-page/pay.js';
import { awaitDeliveries, describeDeliveries, expectCallbackBody, sameJson } from './deliveries.js';

test(...rule(['PRO-CB-RETRY', 'PRO-CB-DELIVERY', 'DOC-EVT-CALLBACK-PAYLOAD', 'DOC-INV-REQ-PAYLOAD-EXTRA'], 'a callback answered 500 is delivered again, the same body each time, until answered 200'),
  async ({ api, page, inbox }) => {
    requireProfile(api.profile.callbacks.enabled, 'profile callbacks.enabled is false');
    requireProfile(api.profile.paymentPage.enabled, 'profile paymentPage.enabled is false: no way to settle a payment');
    const min = api.profile.callbacks.minDeliveries;
    requireProfile(min > 1, 'profile callbacks.minDeliveries is 1: no redelivery to observe');
    const failFirst = min - 1;
    const payload = { ...INVOICE_DEFAULTS.payload, [FAIL_FIRST_PARAMETER]: failFirst };
    const { body, response } = await invoicePressed(api, page, api.profile.paymentPage.payButton, 'PRO-CB-DELIVERY', { payload }, 'DOC-INV-REQ-PAYLOAD-EXTRA');

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
    const last = deliveries[min - 1];
    if (last.answeredStatus !== 200)
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
  });
