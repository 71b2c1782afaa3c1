// A final state never changes: after one button has settled the payment, the other one (pressed on the
// reopened page, however the page takes it) leaves the state as it was.
import { test, rule, requireProfile } from '../../harness/rule.js';
import { CheckFailure } from '../../harness/failure.js';
import { buttonFor, invoicePressed, otherState, settledStatus, statusOf, tryPressAgain, type FinalState } from './pay.js';

const FIRST_RULE = { deposited: 'PRO-PAGE-PAY', declined: 'PRO-PAGE-DECLINE' } as const;

for (const first of ['deposited', 'declined'] as const satisfies readonly FinalState[]) {
  const second = otherState(first);
  test(...rule(['PRO-STATE-FINAL', FIRST_RULE[first]], `a payment ${first} from the page stays ${first} when the page is pressed for ${second}`),
    async ({ api, page }) => {
      requireProfile(api.profile.paymentPage.enabled, 'profile paymentPage.enabled is false');
      requireProfile(api.profile.status.enabled, 'profile status.enabled is false: the state cannot be observed');
      const firstButton = buttonFor(api, first);
      const secondButton = buttonFor(api, second);
      const { response } = await invoicePressed(api, page, firstButton, FIRST_RULE[first]);
      const before = await settledStatus(api, response.transaction, FIRST_RULE[first]);
      if (before.state !== first)
        throw new CheckFailure({
          rule: FIRST_RULE[first],
          expected: `after pressing "${firstButton}", state ${first}`,
          received: `payment ${JSON.stringify(before)}`,
        });

      const attempt = await tryPressAgain(page, response.redirect_url, secondButton);
      // A provider that lets the second press through may settle it asynchronously: give it a moment.
      await new Promise((r) => setTimeout(r, 300));
      const after = await statusOf(api, response.transaction, 'PRO-STATE-FINAL');
      if (after.state !== first)
        throw new CheckFailure({
          rule: 'PRO-STATE-FINAL',
          expected: `the final state ${first} unchanged after pressing "${secondButton}" again`,
          received: `state ${after.state} (${attempt}); payment before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`,
        });
    });
}
