// A final state never changes, as the merchant sees it: once the callbacks of a settled payment have
// come, pressing the other button on the reopened page brings no callback with another state.
import { test, rule, requireProfile } from '../../harness/rule.js';
import { CheckFailure } from '../../harness/failure.js';
import type { CallbackBody } from '../../../contracts/index.js';
import { buttonFor, invoicePressed, otherState, tryPressAgain, type FinalState } from '../payment-page/pay.js';
import { awaitDeliveries, describeDeliveries, expectCallbackBody } from './deliveries.js';

/** How long a callback for a (wrong) second change is waited for: it would be sent at once. */
const SETTLE_MS = 2_000;

for (const first of ['deposited', 'declined'] as const satisfies readonly FinalState[]) {
  const second = otherState(first);
  test(...rule(['PRO-STATE-FINAL', 'PRO-CB-DELIVERY'], `after a ${first} callback, pressing for ${second} brings no callback with another state`),
    async ({ api, page, inbox }) => {
      requireProfile(api.profile.callbacks.enabled, 'profile callbacks.enabled is false');
      requireProfile(api.profile.paymentPage.enabled, 'profile paymentPage.enabled is false: no way to settle a payment');
      const { body, response } = await invoicePressed(api, page, buttonFor(api, first), 'PRO-CB-DELIVERY');
      const settled = await awaitDeliveries(api, inbox, body.transaction, 1, 'PRO-CB-DELIVERY');
      const reported = expectCallbackBody(settled[0], settled, body.transaction, response.payment.id).payment.state;

      const attempt = await tryPressAgain(page, response.redirect_url, buttonFor(api, second));
      const all = await inbox.waitFor(body.transaction, settled.length + 1, Math.min(SETTLE_MS, api.profile.callbacks.waitSeconds * 1000));
      const changed = all.filter((d) => (d.json as CallbackBody | undefined)?.payment?.state !== reported);
      if (changed.length > 0)
        throw new CheckFailure({
          rule: 'PRO-STATE-FINAL',
          expected: `every callback reports the final state ${reported}, also after pressing "${buttonFor(api, second)}" again`,
          received: `${changed.length} callback(s) with another state (${attempt}): ${describeDeliveries(all)}`,
        });
    });
}
