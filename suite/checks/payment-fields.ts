// The values of a new payment in a success answer (Resources): the echoed transaction, the state, the
// error fields, created_at, and for account to card the recipient card.
import { createdAtTime, type RuleId } from '../../contracts/index.js';
import type { Exchange } from '../harness/exchange.js';
import { CheckFailure } from '../harness/failure.js';
import { forAll } from '../harness/property.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { requireProfile, type ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS, sendFresh } from './operations.js';
import { expectAccepted } from '../harness/expect-response.js';
import { flowRecorder } from './flow.js';

type Body = Record<string, unknown>;
type Answer = { transaction?: unknown; payment?: Record<string, unknown> };

const DOCUMENTED_STATES = ['processing', 'declined', 'deposited'];

/** Runs `judge` on the answer to every generated valid request (account to card: when the profile gives it a body). */
async function forEachAnswer(
  api: ProviderApi,
  op: PaymentOperation,
  rule: RuleId,
  share: number | undefined,
  judge: (sent: Body, answer: Answer, exchange: Exchange, clock: { sentAt: number; answeredAt: number }) => void,
): Promise<void> {
  const spec = PAYMENT_OPERATIONS[op];
  spec.requireConfigured(api);
  if (op === 'account2card') requireProfile(api.profile.account2card.successBody, 'profile account2card.successBody is false: no success body to check');
  await forAll(
    spec.valid(api),
    async (generated) => {
      const sentAt = Date.now();
      const { body, exchange } = await sendFresh(api, op, generated);
      const answeredAt = Date.now();
      judge(body, expectAccepted(exchange, spec.successRule, `a valid ${spec.request}`) as Answer, exchange, { sentAt, answeredAt });
    },
    { rule, share },
  );
}

/** The answer's transaction is the request's, whatever its class (letter case, version). */
export function transactionEchoed(op: PaymentOperation): ApiCheck {
  const rule: RuleId = op === 'invoice' ? 'DOC-INV-RES-TRANSACTION' : 'PRO-A2C-SUCCESS';
  return {
    name: `transactionEchoed(${op})`,
    title: `the ${OPERATION_NAMES[op].label} response echoes the request transaction`,
    rules: [rule],
    property: true,
    async run({ api }) {
      const echoed = flowRecorder(op === 'invoice' ? 'invoice.transaction' : 'account2card.transaction', 'answer echo');
      await forEachAnswer(api, op, rule, undefined, (sent, answer, exchange) => {
        if (answer.transaction !== sent.transaction)
          throw new CheckFailure({
            rule,
            expected: `transaction ${String(sent.transaction)}`,
            received: `transaction ${JSON.stringify(answer.transaction)}`,
            exchange,
          });
        echoed(String(sent.transaction));
      });
    },
  };
}

/**
 * The state of a new payment: an invoice's is the profile's initial state (the document's samples give
 * processing); neither document nor profile names an account-to-card payment's, so any documented state.
 */
export function newPaymentState(op: PaymentOperation): ApiCheck {
  const invoice = op === 'invoice';
  const rule: RuleId = invoice ? 'DOC-STATE-NEW-PROCESSING' : 'DOC-PAY-STATE';
  return {
    name: `newPaymentState(${op})`,
    title: invoice ? 'a new invoice payment is returned with state processing' : 'a new account to card payment has one of the documented states',
    rules: [rule],
    property: true,
    run: ({ api }) =>
      forEachAnswer(api, op, rule, 0.4, (_sent, answer, exchange) => {
        const state = answer.payment?.state;
        const ok = invoice ? state === api.profile.invoice.initialState : DOCUMENTED_STATES.includes(state as string);
        if (!ok)
          throw new CheckFailure({
            rule,
            expected: invoice ? `payment.state "${api.profile.invoice.initialState}"` : 'payment.state one of processing, declined, deposited',
            received: `payment.state ${JSON.stringify(state)}`,
            exchange,
          });
      }),
  };
}

/** A payment without error carries error_code and error_description, both null (only a declined one may carry an error). */
export function errorFieldsNullWithoutError(op: PaymentOperation): ApiCheck {
  return {
    name: `errorFieldsNullWithoutError(${op})`,
    title:
      op === 'invoice'
        ? 'a new payment without error carries error_code and error_description as null'
        : 'a new account to card payment that is not declined carries error_code and error_description as null',
    rules: ['DOC-ERR-PAYMENT-NULLS'],
    property: true,
    run: ({ api }) =>
      forEachAnswer(api, op, 'DOC-ERR-PAYMENT-NULLS', 0.4, (_sent, answer, exchange) => {
        const payment = answer.payment ?? {};
        if (payment.state === 'declined') return;
        for (const field of ['error_code', 'error_description'])
          if (!(field in payment) || payment[field] !== null)
            throw new CheckFailure({
              rule: 'DOC-ERR-PAYMENT-NULLS',
              expected: `payment.${field} present and null (state ${String(payment.state)}, no error)`,
              received: field in payment ? `payment.${field} = ${JSON.stringify(payment[field])}` : `payment.${field} absent`,
              exchange,
            });
      }),
  };
}

/** created_at has the documented shape and, within the profile's tolerance, is the time of the request. */
export function createdAtIsRequestTime(op: PaymentOperation): ApiCheck {
  return {
    name: `createdAtIsRequestTime(${op})`,
    title: `${op === 'invoice' ? '' : 'account to card: '}created_at has the shape YYYYMMDDTHHMMSS.ffffffZ and is the time of the request`,
    rules: ['DOC-PAY-CREATED_AT'],
    property: true,
    async run({ api }) {
      const tolerance = api.profile.invoice.createdAtToleranceSeconds * 1000;
      // The clock is compared only when the profile gives a tolerance; the shape always. Each example is judged
      // by its own request's times (examples may be in flight together).
      await forEachAnswer(api, op, 'DOC-PAY-CREATED_AT', 0.4, (_sent, answer, exchange, { sentAt, answeredAt }) => {
        const createdAt = answer.payment?.created_at;
        const at = typeof createdAt === 'string' ? createdAtTime(createdAt) : undefined;
        if (at === undefined)
          throw new CheckFailure({
            rule: 'DOC-PAY-CREATED_AT',
            expected: 'created_at like 20240131T235959.123456Z (a real UTC date and time, six fractional digits)',
            received: `created_at ${JSON.stringify(createdAt)}`,
            exchange,
          });
        if (tolerance > 0 && (at < sentAt - tolerance || at > answeredAt + tolerance))
          throw new CheckFailure({
            rule: 'DOC-PAY-CREATED_AT',
            expected: `created_at within ${tolerance / 1000} s of the request (sent ${new Date(sentAt).toISOString()}, answered ${new Date(answeredAt).toISOString()})`,
            received: `created_at ${createdAt}`,
            exchange,
          });
      });
    },
  };
}

/** Account to card: the payment's credentials are exactly {card_pan: the request's recipient_pan}. */
export function cardCredentialsAreRecipientPan(): ApiCheck {
  return {
    name: 'cardCredentialsAreRecipientPan()',
    title: 'the account to card response carries credentials {card_pan} equal to recipient_pan',
    rules: ['PRO-A2C-SUCCESS'],
    property: true,
    async run({ api }) {
      const echoed = flowRecorder('account2card.recipient_pan', 'answer echo');
      await forEachAnswer(api, 'account2card', 'PRO-A2C-SUCCESS', undefined, (sent, answer, exchange) => {
        const credentials = answer.payment?.credentials as Record<string, unknown> | undefined;
        const keys = Object.keys(credentials ?? {})
          .sort()
          .join(',');
        if (keys !== 'card_pan' || credentials?.card_pan !== sent.recipient_pan)
          throw new CheckFailure({
            rule: 'PRO-A2C-SUCCESS',
            expected: `payment.credentials {"card_pan": "${String(sent.recipient_pan)}"} (the request's recipient_pan)`,
            received: `payment.credentials ${JSON.stringify(credentials)}`,
            exchange,
          });
        echoed(String(sent.recipient_pan));
      });
    },
  };
}
