// Broken object level authorization on the payment page (OWASP API1:2023; ASVS 5.0 8.2.2, 8.3.1; ZAP 40008): the
// POST forms of payment A's page, as Chromium renders them (hidden fields included), are sent with one part replaced
// at a time by another payment B's id or transaction (every path segment and query parameter of the action, every
// field), and with fields and parameters added that are named like a payment's identifiers. Whatever each answer,
// B must still be in processing afterwards: only the page's own payment may change.
//
// B's page token is not one of the values: whoever holds it holds B's page (the page address is the payer's
// credential), and A's form with B's token in place of A's is B's own form.
import type { RuleId } from '../../contracts/index.js';
import { browserHeaders, withAddressClient } from '../harness/address-client.js';
import { type BrowserCheck, requirePaymentPage, requireProfile, step } from '../harness/check.js';
import { addressesOnPage } from '../harness/page-crawl.js';
import { createInvoice, openPaymentPage, requireButton } from '../harness/payment-page.js';
import { answersLine, expectStaysProcessing, expectStillProcessing } from '../harness/payment-watch.js';
import { tamperingsOf } from './tamperings.js';

const RULE: RuleId = 'PRO-SEC-PRESS-OWN-PAYMENT';

/**
 * A press of payment A's page with any part of its forms replaced by payment B's id or transaction, or with fields
 * named like a payment's identifiers added, leaves B in processing.
 */
export function tamperedPressChangesOnlyOwnPayment(): BrowserCheck {
  return {
    name: 'tamperedPressChangesOnlyOwnPayment()',
    title:
      "a press of a payment's page with any path segment, parameter or field (hidden ones included) of its forms replaced by another payment's id or transaction, or with payment_id, id, transaction or token added, leaves the other payment in processing",
    rules: [RULE],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      requireProfile(api.profile.status.enabled, 'profile status.enabled is false: a change cannot be observed');
      requireProfile(
        api.profile.invoice.initialState === 'processing',
        'profile invoice.initialState is not processing: a new payment has nothing left to change',
      );
      const [own, other] = await Promise.all([createInvoice(api, 'PRO-INV-SUCCESS'), createInvoice(api, 'PRO-INV-SUCCESS')]);
      const watched = [{ transaction: other.response.transaction, label: "payment B, whose id and transaction were put into A's forms" }];
      const byName = {
        id: { value: String(other.response.payment.id), what: `B's id ${other.response.payment.id}` },
        transaction: { value: other.response.transaction, what: `B's transaction ${other.response.transaction}` },
      };
      await openPaymentPage(page, own.response.redirect_url, 'PRO-PAGE-CONTENT', own.body.return_url);
      // Content a script builds counts: the forms are read once the page shows its Pay button.
      await requireButton(api, page, api.profile.paymentPage.payButton, 'PRO-PAGE-CONTENT');
      const forms = (await addressesOnPage(page)).forms.filter((f) => f.method === 'post');
      requireProfile(forms.length > 0, `the page ${page.url()} has no POST form to tamper with (it presses by script alone)`);
      const tampered = forms.flatMap((f) => tamperingsOf(f, [byName.id, byName.transaction], byName));
      await withAddressClient(api, async (client) => {
        for (const t of tampered)
          await step(`${t.what}: POST ${t.url}`, async () => {
            const headers = { ...(await browserHeaders(page, t.url)), 'content-type': 'application/x-www-form-urlencoded' };
            const exchange = await client.send(t.url, { method: 'POST', headers, body: new URLSearchParams(t.fields).toString() });
            const what = `A's form pressed with ${t.what} (POST ${t.url}, fields ${JSON.stringify(t.fields)})`;
            await expectStillProcessing(api, watched, RULE, what, exchange, answersLine([{ label: 'the press', exchange }]));
          });
      });
      await expectStaysProcessing(api, watched, RULE, `${tampered.length} tampered presses of A's forms`);
    },
  };
}
