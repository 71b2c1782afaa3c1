// Near misses (generators/variants/spellings.ts): requests that are not the same as a valid one but close to it, a
// field given twice or a transaction wrapped or padded. Each is refused, or carried out exactly as validated
// (PRO-SEC-ONE-READING): a body read one way by the signature check and another by the code that acts on it is how
// a signed request gets carried out for another transaction or amount than the one signed.
import { randomUUID } from 'node:crypto';
import type { PaymentOperation } from '../../contracts/operations.js';
import type { RuleId } from '../../contracts/index.js';
import { buildStatusRequest } from '../../generators/builders.js';
import { TRANSACTION_NEAR_MISSES, withFieldTwice } from '../../generators/variants/spellings.js';
import { step, type ApiCheck } from '../harness/check.js';
import type { Exchange } from '../harness/exchange.js';
import { expectNoServerError } from '../harness/expect-response.js';
import { CheckFailure, describeResponse } from '../harness/failure.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { fetchPage } from '../harness/page-client.js';
import { rublesPattern } from './page-text.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS } from './operations.js';

const RULE: RuleId = 'PRO-SEC-ONE-READING';

interface NearMiss {
  label: string;
  /** The exact body text sent. */
  text: string;
  /** The transaction the signature covered, spelled as sent: the one an acceptance must carry out. */
  signed: string;
  /** Another transaction the body named, which an acceptance must not have created. */
  other?: string;
  /** The amount the signature covered and the other one the body named: the payment page must not show the other. */
  amounts?: { signed: number; other: number };
}

/** Amounts of an invoice given twice: digits that no other amount on the page shares. */
const SIGNED_AMOUNT = 123_456;
const OTHER_AMOUNT = 654_321;

/** The near misses of one operation, each with a fresh transaction. */
function nearMisses(api: ProviderApi, op: PaymentOperation): NearMiss[] {
  const spec = PAYMENT_OPERATIONS[op];
  const twice = (signedFirst: boolean): NearMiss => {
    const [first, last] = [randomUUID(), randomUUID()];
    const signed = signedFirst ? first : last;
    const body = spec.build(api, { transaction: signed });
    return {
      label: `transaction given twice, the signature over the ${signedFirst ? 'first' : 'last'}`,
      text: withFieldTwice(body, 'transaction', first, last),
      signed,
      other: signedFirst ? last : first,
    };
  };
  const amountTwice = (): NearMiss => {
    const body = spec.build(api, { amount: SIGNED_AMOUNT });
    return {
      label: 'amount given twice, the signature over the first',
      text: withFieldTwice(body, 'amount', SIGNED_AMOUNT, OTHER_AMOUNT),
      signed: String(body.transaction),
      amounts: { signed: SIGNED_AMOUNT, other: OTHER_AMOUNT },
    };
  };
  return [
    twice(true),
    twice(false),
    // Only the invoice's amount can be read back (on its payment page); no answer carries an account-to-card amount.
    ...(op === 'invoice' ? [amountTwice()] : []),
    ...TRANSACTION_NEAR_MISSES.map(({ name, spell }) => {
      const signed = spell(randomUUID());
      return { label: `transaction ${name}, signed as sent`, text: JSON.stringify(spec.build(api, { transaction: signed })), signed };
    }),
  ];
}

/** The status method's answer about `transaction`: the payment when it knows it. */
async function statusOf(api: ProviderApi, transaction: string): Promise<{ exchange: Exchange; id?: unknown }> {
  const exchange = await api.status(buildStatusRequest(api.merchant, transaction));
  const res = exchange.response;
  const found = res?.status === api.profile.http.success ? (res.json as { payment?: { id?: unknown } } | undefined) : undefined;
  return { exchange, ...(found ? { id: found.payment?.id } : {}) };
}

/**
 * The payment page (its HTML as served, redirects followed) shows the amount signed, not the other one. A page that
 * shows neither in its HTML (one a script fills in) or could not be had is no verdict here: the browser checks read it.
 */
async function expectPageAmount(
  api: ProviderApi,
  url: string,
  amounts: { signed: number; other: number },
  fail: (received: string) => CheckFailure,
): Promise<void> {
  const answer = await fetchPage(url, api.requestTimeoutMs / 1000);
  if (!('status' in answer) || answer.status < 200 || answer.status > 299) return;
  const text = answer.text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, '\u00a0');
  if (rublesPattern(amounts.other).test(text) && !rublesPattern(amounts.signed).test(text))
    throw fail(`the payment page (${url}) shows the amount ${amounts.other / 100} rubles, not the ${amounts.signed / 100} the signature covered`);
}

/**
 * A field given twice, or a transaction in braces, as a urn:uuid: URN or padded with spaces (each signed as sent),
 * is refused, or carried out exactly as validated: the answer echoes the transaction the signature covered, spelled
 * as sent, the status method finds the payment by that spelling, and knows none by the other transaction named.
 */
export function nearMissesCarriedOutAsValidated(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `nearMissesCarriedOutAsValidated(${op})`,
    title: `${op === 'invoice' ? 'an invoice' : 'an account to card payment'} with its transaction given twice, in braces, as a URN or padded${op === 'invoice' ? ', or its amount given twice,' : ''} is refused or carried out as validated: for the transaction signed, spelled as sent${op === 'invoice' ? ', and the amount signed' : ''}`,
    rules: [RULE],
    async run({ api }) {
      spec.requireConfigured(api);
      for (const miss of nearMisses(api, op))
        await step(miss.label, async () => {
          const exchange = await spec.send(api, undefined, { rawBody: miss.text });
          const res = expectNoServerError(exchange, `${OPERATION_NAMES[op].request} with ${miss.label}`);
          if (res.status < 200 || res.status > 299) return;
          const fail = (received: string, x: Exchange = exchange) =>
            new CheckFailure({
              rule: RULE,
              expected: `${miss.label}: refused, or carried out for the transaction signed, ${JSON.stringify(miss.signed)}, as sent`,
              received,
              exchange: x,
            });
          // An account-to-card success without a body (profile account2card.successBody false) echoes nothing.
          const echoes = op === 'invoice' || api.profile.account2card.successBody;
          const answer = res.json as { transaction?: unknown; payment?: { id?: unknown } } | undefined;
          if (echoes && answer?.transaction !== miss.signed)
            throw fail(`accepted for transaction ${JSON.stringify(answer?.transaction)}: ${describeResponse(exchange)}`);
          if (!api.profile.status.enabled) return;
          const id = answer?.payment?.id;
          const found = await statusOf(api, miss.signed);
          if (found.id === undefined || (echoes && JSON.stringify(found.id) !== JSON.stringify(id)))
            throw fail(
              `accepted as payment ${JSON.stringify(id)}, but the status of ${JSON.stringify(miss.signed)} is ${describeResponse(found.exchange)}`,
              found.exchange,
            );
          if (miss.amounts && api.profile.paymentPage.enabled && typeof (res.json as { redirect_url?: unknown }).redirect_url === 'string')
            await expectPageAmount(api, (res.json as { redirect_url: string }).redirect_url, miss.amounts, (received) => fail(received));
          if (miss.other !== undefined) {
            const other = await statusOf(api, miss.other);
            if (other.id !== undefined)
              throw fail(`the status method also knows the other transaction named, ${miss.other}: ${describeResponse(other.exchange)}`, other.exchange);
          }
        });
    },
  };
}
