// Callback refusals (profile: a callback not answered 2xx is delivered again, at least minDeliveries times in
// all): every class of answer a real merchant endpoint refuses with. A payment's first minDeliveries - 1 deliveries
// are refused in classes one after another (400 then 401, …), so that a provider that gives up after any one of
// them delivers too few; the invoices are pressed at once, so that the whole costs about one wait. A 2xx whose body
// is not JSON is a success: delivered once is enough.
import { INVOICE_DEFAULTS } from '../../generators/builders.js';
import { FAIL_FIRST_PARAMETER, type CallbackInbox } from '../harness/callback-receiver.js';
import { requireProfile, type BrowserCheck } from '../harness/check.js';
import { CheckFailure } from '../harness/failure.js';
import { invoicesPressed, type CreatedInvoice } from '../harness/payment-page.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { ANSWER_CLASSES, answerClassOf, REFUSAL_PARAMETER, SLOW_ANSWER_MS, type AnswerClassName } from '../harness/refusals.js';
import { awaitDeliveries, callbackWaitMs, describeDeliveries, expectCallbackBody } from './callback-deliveries.js';
import { requireCallbacks } from './callbacks.js';

const CLASSES = Object.keys(ANSWER_CLASSES) as AnswerClassName[];

/** The classes of each invoice: the refusals `perPayment` at a time, in order; each success class alone. */
function refusalGroups(perPayment: number): AnswerClassName[][] {
  const refusing = CLASSES.filter((c) => !('success' in ANSWER_CLASSES[c]));
  const groups: AnswerClassName[][] = [];
  for (let i = 0; i < refusing.length; i += perPayment) groups.push(refusing.slice(i, i + perPayment));
  return [...groups, ...CLASSES.filter((c) => 'success' in ANSWER_CLASSES[c]).map((c) => [c])];
}

/**
 * For each class of refusal (400, 401, 403, 404, 409, 410, 422, 429 with Retry-After, 500, 502, 503, a slow
 * answer, a reset connection) the callback is delivered again until answered 200, minDeliveries times in all;
 * a 200 with a text body is taken (one delivery, more allowed).
 */
export function callbackRedeliveredAfterEachRefusal(): BrowserCheck {
  return {
    name: 'callbackRedeliveredAfterEachRefusal()',
    title: 'a callback refused with any 4xx, 5xx, a slow answer or a reset connection is delivered again until answered 200; a 200 with a text body is taken',
    rules: ['PRO-CB-RETRY', 'PRO-CB-DELIVERY', 'DOC-EVT-CALLBACK-PAYLOAD'],
    browser: true,
    async run({ api, page, inbox }) {
      requireCallbacks(api);
      const min = api.profile.callbacks.minDeliveries;
      requireProfile(min > 1, 'profile callbacks.minDeliveries is 1: no redelivery to observe');
      inbox.requireAnswersReachProvider();
      const groups = refusalGroups(min - 1);
      const overrides = groups.map((g, i) => ({
        payload: { ...INVOICE_DEFAULTS.payload, client_id: `user-refusal-${i}`, [FAIL_FIRST_PARAMETER]: min - 1, [REFUSAL_PARAMETER]: g.join(',') },
      }));
      await invoicesPressed(api, page, api.profile.paymentPage.payButton, 'PRO-CB-DELIVERY', overrides, 'DOC-INV-REQ-PAYLOAD-EXTRA', (c, i) =>
        deliveredAfter(api, inbox, c, groups[i]!, min),
      );
    },
  };
}

/** The invoice's callback comes min times, the first min - 1 answered in the group's classes one after another (once, when the class is a success). */
async function deliveredAfter(api: ProviderApi, inbox: CallbackInbox, created: CreatedInvoice, group: readonly AnswerClassName[], min: number): Promise<void> {
  const { body, response } = created;
  const named = group.join(',');
  const firstOnly = await awaitDeliveries(api, inbox, body.transaction, 1, 'PRO-CB-DELIVERY');
  const first = expectCallbackBody(firstOnly[0]!, firstOnly, body.transaction, response.payment.id);
  // The receiver learns the classes from the callback's own payload: without them every delivery is taken.
  if (first.payload[REFUSAL_PARAMETER] !== named || Number(first.payload[FAIL_FIRST_PARAMETER]) !== min - 1)
    throw new CheckFailure({
      rule: 'DOC-EVT-CALLBACK-PAYLOAD',
      expected: `the callback payload carries the merchant parameters ${REFUSAL_PARAMETER}: "${named}" and ${FAIL_FIRST_PARAMETER}: ${min - 1} (the refusal cannot be made without them)`,
      received: describeDeliveries(firstOnly),
    });
  if (group.every((c) => 'success' in ANSWER_CLASSES[c])) return;
  const refusals = Array.from({ length: min - 1 }, (_, k) => answerClassOf(named, k));
  // A slow answer holds its try until the provider gives up on it (at most SLOW_ANSWER_MS).
  const waitMs = callbackWaitMs(api) + refusals.filter((a) => a.answer === 'slow').length * SLOW_ANSWER_MS;
  const after = `, the first ${min - 1} answered ${refusals.map((a) => a.what).join(', then ')} (profile callbacks.minDeliveries ${min})`;
  const deliveries = await awaitDeliveries(api, inbox, body.transaction, min, 'PRO-CB-RETRY', waitMs, after);
  if (deliveries[min - 1]!.answeredStatus !== 200)
    throw new CheckFailure({ rule: 'PRO-CB-RETRY', expected: `delivery #${min} answered 200${after}`, received: describeDeliveries(deliveries) });
}
