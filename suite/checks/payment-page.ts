// The payment page behind redirect_url (profile, "assumed"): it shows the amount in rubles, the
// recipient and the two buttons the profile names; Pay moves the payment to deposited, Decline to
// declined with an error; a final state never changes.
import type { Page } from '@playwright/test';
import { classesOf } from '../../generators/arbitraries/index.js';
import { propertyParameters } from '../../generators/settings.js';
import { CheckFailure } from '../harness/failure.js';
import { eventually } from '../harness/eventually.js';
import {
  BATCH_TABS,
  buttonFor,
  createInvoice,
  inTabs,
  invoicePressed,
  openPaymentPage,
  otherState,
  pageTextOnce,
  press,
  settledStatus,
  settleMs,
  statusOf,
  tryPressAgain,
  visibleButton,
  type FinalState,
} from '../harness/payment-page.js';
import type { ProviderApi } from '../harness/provider-api.js';
import type { InvoiceResponse, RuleId } from '../../contracts/index.js';
import { type BrowserCheck, requirePaymentPage, requireProfile, step } from '../harness/check.js';
import { recipientShown, rublesPattern } from './page-text.js';
import { buildInvoiceRequest } from '../../generators/builders.js';
import { expectProfileValidation, shapeRule } from '../harness/variants.js';
import { FLOW, flowRecorder, pageAmounts } from './flow.js';

export const requireStatus = (api: ProviderApi) =>
  requireProfile(api.profile.status.enabled, 'profile status.enabled is false: the outcome of a press cannot be observed');

/**
 * The page shows the amount in rubles, the recipient, and visible buttons with the profile's names: for a few
 * invoices whose amounts together meet every class of the invoice amount (flow.ts: the bounds and around them,
 * every kopeck pattern, every count of ruble digits), drawn from the run's seed, a few pages at once.
 */
export function pageShowsAmountRecipientButtons(): BrowserCheck {
  const rule: RuleId = 'PRO-PAGE-CONTENT';
  return {
    name: 'pageShowsAmountRecipientButtons()',
    title: 'redirect_url opens an HTML page with the amount in rubles, the recipient and the Pay and Decline buttons',
    rules: [rule],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      const shown = flowRecorder('invoice.amount', 'payment page');
      const seed = propertyParameters({ numRuns: 1 }).seed!; // always set: FC_SEED or a drawn one
      const replay = `FC_SEED=${seed} npm run conformance -- --project=payment-page -g "amount in rubles"`;
      // Each amount an invoice of its own (a provider may also alternate the card and fast-payment-system recipients).
      const created = await Promise.all(pageAmounts(seed).map((amount) => createInvoice(api, rule, { amount })));
      await inTabs(page, created, BATCH_TABS, async (tab, { body, response }) =>
        step(`amount ${body.amount} kopecks`, async () => {
          await openPaymentPage(tab, response.redirect_url, rule, body.return_url);
          await expectAmountRecipientButtons(api, tab, body.amount, response, replay);
          shown(body.amount);
        }),
      );
    },
  };
}

/** The opened page shows the amount in rubles, the recipient and the two buttons; a failure names PRO-PAGE-CONTENT. */
async function expectAmountRecipientButtons(api: ProviderApi, page: Page, amount: number, response: InvoiceResponse, replay: string): Promise<void> {
  const rule: RuleId = 'PRO-PAGE-CONTENT';
  const { payButton, declineButton } = api.profile.paymentPage;
  const pattern = rublesPattern(amount);
  const credentials = response.payment.credentials;
  // A page may build its content with a script after load: read until it shows both, within the settle time.
  const text = await pageTextOnce(api, page, (t) => pattern.test(t) && recipientShown(t, credentials).shown);
  const where = `page ${response.redirect_url} (${'card_pan' in credentials ? 'card' : 'fast payment system'} recipient) reads: ${text.slice(0, 800)}`;
  if (!pattern.test(text))
    throw new CheckFailure({
      rule,
      expected: `the amount ${amount} kopecks shown in rubles (${(amount / 100).toFixed(2)}, classes ${classesOf(FLOW['invoice.amount'].classes(), amount).join(', ')}; e.g. matching ${pattern.source})`,
      received: where,
      replay,
    });
  const recipient = recipientShown(text, credentials);
  if (!recipient.shown) throw new CheckFailure({ rule, expected: `the recipient shown: ${recipient.what}`, received: where, replay });
  for (const name of [payButton, declineButton]) {
    const { visible, names } = await visibleButton(api, page, name);
    if (!visible)
      throw new CheckFailure({
        rule,
        expected: `a visible button with the accessible name "${name}"`,
        received: `no visible such button; buttons on the page: ${JSON.stringify(names)}; ${where}`,
      });
  }
}

/** What pressing each button of the page must do (profile): Pay deposits, Decline declines. The one table of the press rules. */
export const PRESS_RULE = { deposited: 'PRO-PAGE-PAY', declined: 'PRO-PAGE-DECLINE' } as const satisfies Record<FinalState, RuleId>;

/**
 * Pressing Pay moves the payment to deposited; Decline to declined with a non-null error_code and error_description.
 * The merchant asks the status once while the payer is on the page, as the document has it learn the outcome of a
 * processing payment: an answer kept from that question (a cache) must not stand for the outcome.
 */
export function pressSettlesPayment(state: FinalState): BrowserCheck {
  const rule = PRESS_RULE[state];
  return {
    name: `pressSettlesPayment(${state})`,
    title:
      state === 'deposited'
        ? 'pressing Pay moves the payment to deposited'
        : 'pressing Decline moves the payment to declined with a non-null error_code and error_description',
    rules: state === 'deposited' ? [rule, 'DOC-STATE-VALUES'] : [rule],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      requireStatus(api);
      const button = buttonFor(api, state);
      const { body, response } = await createInvoice(api, rule);
      await statusOf(api, response.transaction, rule);
      await openPaymentPage(page, response.redirect_url, rule, body.return_url);
      await press(api, page, button, rule);
      const payment = await settledStatus(api, response.transaction, rule);
      const withError = payment.error_code !== null && payment.error_description !== null;
      if (payment.state !== state || (state === 'declined' && !withError))
        throw new CheckFailure({
          rule,
          expected: `after pressing "${button}", the status method reports state ${state}${state === 'declined' ? ' with non-null error_code and error_description' : ''} (within ${api.profile.paymentPage.settleSeconds} s)`,
          received: `payment ${JSON.stringify(payment)}`,
        });
    },
  };
}

/** After one button has settled the payment, the other one, pressed on the reopened page however it takes it, leaves the state as it was. */
export function finalStateStaysOnPage(first: FinalState): BrowserCheck {
  const second = otherState(first);
  return {
    name: `finalStateStaysOnPage(${first})`,
    title: `a payment ${first} from the page stays ${first} when the page is pressed for ${second}`,
    rules: ['PRO-STATE-FINAL', PRESS_RULE[first]],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      requireStatus(api);
      const { response } = await invoicePressed(api, page, buttonFor(api, first), PRESS_RULE[first]);
      const before = await settledStatus(api, response.transaction, PRESS_RULE[first]);
      if (before.state !== first)
        throw new CheckFailure({
          rule: PRESS_RULE[first],
          expected: `after pressing "${buttonFor(api, first)}", state ${first}`,
          received: `payment ${JSON.stringify(before)}`,
        });
      const attempt = await tryPressAgain(api, page, response.redirect_url, buttonFor(api, second));
      // A second press let through may settle asynchronously: the status is watched for the profile's settle time.
      const after = await eventually(
        () => statusOf(api, response.transaction, 'PRO-STATE-FINAL'),
        (p) => p.state !== first,
        settleMs(api),
      );
      if (after.state !== first)
        throw new CheckFailure({
          rule: 'PRO-STATE-FINAL',
          expected: `the final state ${first} unchanged after pressing "${buttonFor(api, second)}" again (status watched ${api.profile.paymentPage.settleSeconds} s, profile paymentPage.settleSeconds)`,
          received: `state ${after.state} (${attempt}); payment before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`,
        });
    },
  };
}

/**
 * A transaction stays used once its payment is final: a new invoice with the transaction of one paid or
 * declined on its page is refused keyed transaction (a provider that frees it for a retry after a decline breaks the profile).
 */
export function settledTransactionStaysUsed(state: FinalState): BrowserCheck {
  return {
    name: `settledTransactionStaysUsed(${state})`,
    title: `a new invoice with the transaction of an invoice ${state} on its page is refused keyed transaction`,
    rules: ['PRO-VAL-DUPLICATE-TRANSACTION', PRESS_RULE[state]],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      requireStatus(api);
      requireProfile(api.profile.validation.duplicateTransactionRejected, 'profile validation.duplicateTransactionRejected is false');
      const { body, response } = await invoicePressed(api, page, buttonFor(api, state), PRESS_RULE[state]);
      const settled = await settledStatus(api, response.transaction, PRESS_RULE[state]);
      if (settled.state !== state)
        throw new CheckFailure({
          rule: PRESS_RULE[state],
          expected: `after pressing "${buttonFor(api, state)}", state ${state}`,
          received: `payment ${JSON.stringify(settled)}`,
        });
      const again = await api.invoice(buildInvoiceRequest(api.merchant, { transaction: body.transaction }));
      expectProfileValidation(api, again, { rule: 'PRO-VAL-DUPLICATE-TRANSACTION', breaks: ['transaction'], shapeRule: shapeRule('invoice') });
    },
  };
}
