// Pressing the page's buttons: Pay moves the payment to deposited, Decline to declined with an error;
// the outcome is read back through the status method.
import { test, rule, requireProfile } from '../../harness/rule.js';
import { CheckFailure } from '../../harness/failure.js';
import { invoicePressed, settledStatus } from './pay.js';

test(...rule(['PRO-PAGE-PAY', 'DOC-STATE-VALUES'], 'pressing Pay moves the payment to deposited'), async ({ api, page }) => {
  requireProfile(api.profile.paymentPage.enabled, 'profile paymentPage.enabled is false');
  requireProfile(api.profile.status.enabled, 'profile status.enabled is false: the outcome of a press cannot be observed');
  const { response } = await invoicePressed(api, page, api.profile.paymentPage.payButton, 'PRO-PAGE-PAY');
  const payment = await settledStatus(api, response.transaction, 'PRO-PAGE-PAY');
  if (payment.state !== 'deposited')
    throw new CheckFailure({
      rule: 'PRO-PAGE-PAY',
      expected: `after pressing "${api.profile.paymentPage.payButton}", the status method reports state deposited`,
      received: `payment ${JSON.stringify(payment)}`,
    });
});

test(...rule('PRO-PAGE-DECLINE', 'pressing Decline moves the payment to declined with a non-null error_code and error_description'),
  async ({ api, page }) => {
    requireProfile(api.profile.paymentPage.enabled, 'profile paymentPage.enabled is false');
    requireProfile(api.profile.status.enabled, 'profile status.enabled is false: the outcome of a press cannot be observed');
    const { response } = await invoicePressed(api, page, api.profile.paymentPage.declineButton, 'PRO-PAGE-DECLINE');
    const payment = await settledStatus(api, response.transaction, 'PRO-PAGE-DECLINE');
    if (payment.state !== 'declined' || payment.error_code === null || payment.error_description === null)
      throw new CheckFailure({
        rule: 'PRO-PAGE-DECLINE',
        expected: `after pressing "${api.profile.paymentPage.declineButton}", state declined with non-null error_code and error_description`,
        received: `payment ${JSON.stringify(payment)}`,
      });
  });
