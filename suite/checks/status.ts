// The payment status method (profile, "assumed"): {api_key, transaction, signature = sha256(api_key +
// transaction + crypto_key)}; a known transaction's payment as the invoice gave it, an unknown one 404.
// Every request asks about a transaction of its own (a real invoice where the answer could leak a payment).
import { unknownApiKeys } from '../../generators/variants/index.js';
import { randomUUID } from 'node:crypto';
import type { Payment, RuleId, StatusResponse } from '../../contracts/index.js';
import { buildStatusRequest } from '../../generators/builders.js';
import { statusRequest } from '../../generators/arbitraries/index.js';
import { statusDigest } from '../../generators/signing.js';
import { acceptedSignatureVariants, leaveOneOutTamperings, signatureTamperings } from '../../generators/variants/index.js';
import { sameJson } from '../harness/json.js';
import type { Exchange } from '../harness/exchange.js';
import { CheckFailure } from '../harness/failure.js';
import { expectAccepted, expectMessageBody, expectSchema, expectStatus } from '../harness/expect-response.js';
import { eachFromFreshBody, expectProfileValidation } from '../harness/variants.js';
import { forAll } from '../harness/property.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { knownTransaction } from './known-transaction.js';
import { PAYMENT_OPERATIONS, sendFresh } from './operations.js';
import { flowRecorder, STATUS_OF_NEW_INVOICE_SHARE } from './flow.js';
import { eachAtOnce } from '../harness/at-once.js';

const requireStatus = (api: ProviderApi) => requireProfile(api.profile.status.enabled, 'profile status.enabled is false');

/** A status refusal: PRO-STATUS-REQUEST when keyed otherwise, the profile's status rule for the body's shape. */
function statusValidation(
  api: ProviderApi,
  exchange: Exchange,
  rule: RuleId,
  breaks: string[],
  extra: { mayAlsoReport?: string[]; required?: boolean; keysRule?: RuleId } = {},
) {
  return expectProfileValidation(api, exchange, {
    rule,
    keysRule: extra.keysRule ?? 'PRO-STATUS-REQUEST',
    shapeRule: 'PRO-VAL-STATUS',
    breaks,
    mayAlsoReport: extra.mayAlsoReport,
    required: extra.required ? 'PRO-VAL-MISSING' : undefined,
  });
}

/**
 * Wrong digests (a changed digit, truncated, another transaction's, another formula's, one field left
 * out) are refused keyed signature; each asks about a fresh invoice of its own.
 */
export function statusWrongSignatureRejected(): ApiCheck {
  return {
    name: 'statusWrongSignatureRejected()',
    title: 'a status request with a wrong signature is refused keyed signature',
    rules: ['PRO-STATUS-REQUEST', 'PRO-VAL-SIGNATURE'],
    async run({ api }) {
      requireStatus(api);
      const tamperings = async () => {
        const { transaction, amount } = await knownTransaction(api);
        const body = buildStatusRequest(api.merchant, transaction);
        return [...signatureTamperings('status', api.merchant, body, { invoiceAmount: amount }), ...leaveOneOutTamperings('status', api.merchant, body)];
      };
      await eachFromFreshBody(
        api,
        tamperings,
        async (t) => void statusValidation(api, await api.status(t.body), t.rule, ['signature'], { keysRule: 'PRO-VAL-SIGNATURE' }),
        'status signature tamperings',
      );
    },
  };
}

/** The status digest in upper-case hex is accepted. */
export function statusUpperCaseSignatureAccepted(): ApiCheck {
  return {
    name: 'statusUpperCaseSignatureAccepted()',
    title: 'a status signature in upper-case hex is accepted',
    rules: ['PRO-VAL-SIGNATURE', 'PRO-STATUS-REQUEST'],
    async run({ api }) {
      requireStatus(api);
      requireProfile(api.profile.validation.signatureCaseInsensitive, 'profile validation.signatureCaseInsensitive is false');
      const body = buildStatusRequest(api.merchant, (await knownTransaction(api)).transaction);
      for (const v of acceptedSignatureVariants('status', api.merchant, body))
        expectStatus(await api.status(v.body), 'PRO-VAL-SIGNATURE', api.profile.http.success, v.label);
    },
  };
}

/** api_key, transaction or signature absent (and null or "" where the profile counts them missing): refused keyed by the field. */
export function statusMissingFieldReported(): ApiCheck {
  return {
    name: 'statusMissingFieldReported()',
    title: 'a status request without api_key, transaction or signature is refused keyed by the field',
    rules: ['PRO-STATUS-REQUEST', 'PRO-VAL-MISSING', 'PRO-VAL-STATUS'],
    async run({ api }) {
      requireStatus(api);
      const v = api.profile.validation;
      const absentValues = [
        { label: 'absent', value: undefined, when: true },
        { label: 'null', value: null, when: v.nullIsMissing },
        { label: 'empty string', value: '', when: v.emptyStringIsMissing },
      ].filter((a) => a.when);
      const cases = (['api_key', 'transaction', 'signature'] as const).flatMap((field) => absentValues.map((a) => ({ field, ...a })));
      await eachAtOnce(api.atOnce, cases, ({ field, label, value }) =>
        step(`${field} ${label}`, async () => {
          const body: Record<string, unknown> = { ...buildStatusRequest(api.merchant, (await knownTransaction(api)).transaction) };
          if (value === undefined) delete body[field];
          else body[field] = value;
          // The digest as the provider would take it over the body as sent (a missing part is empty).
          if (field !== 'signature') body.signature = statusDigest({ api_key: body.api_key, transaction: body.transaction }, api.merchant.cryptoKey);
          statusValidation(api, await api.status(body), 'PRO-STATUS-REQUEST', [field], {
            mayAlsoReport: field === 'signature' ? [] : ['signature'],
            required: true,
          });
        }),
      );
      await step('all three absent', async () =>
        statusValidation(api, await api.status({}), 'PRO-STATUS-REQUEST', ['api_key', 'transaction', 'signature'], { required: true }),
      );
    },
  };
}

/** A transaction that is not a UUID, or an unknown api_key: refused keyed by the field. */
export function statusBadFieldReported(): ApiCheck {
  return {
    name: 'statusBadFieldReported()',
    title: 'a status request with a transaction that is not a UUID, or an unknown api_key, is refused keyed by the field',
    rules: ['PRO-VAL-TRANSACTION-UUID', 'PRO-VAL-UNKNOWN-API_KEY', 'DOC-AUTH-API_KEY', 'PRO-STATUS-REQUEST'],
    async run({ api }) {
      requireStatus(api);

      await step('transaction not a UUID', async () =>
        statusValidation(
          api,
          await api.status(buildStatusRequest(api.merchant, `not-a-uuid-${randomUUID().slice(0, 8)}`)),
          'PRO-VAL-TRANSACTION-UUID',
          ['transaction'],
          { mayAlsoReport: ['signature'] },
        ),
      );

      for (const [label, apiKey] of unknownApiKeys(api.merchant.apiKey))
        await step(`an api_key ${label}`, async () =>
          statusValidation(
            api,
            await api.status(buildStatusRequest({ apiKey, cryptoKey: api.merchant.cryptoKey }, randomUUID())),
            'PRO-VAL-UNKNOWN-API_KEY',
            ['api_key'],
            { mayAlsoReport: ['signature'] },
          ),
        );
    },
  };
}

function fail(exchange: Exchange, rule: RuleId, expected: string, received: string): never {
  throw new CheckFailure({ rule, expected, received, exchange });
}

/**
 * The status of a new invoice echoes its transaction, as sent (every class: letter case, version), and reports
 * its payment: same id, state, created_at and credentials.
 */
export function statusOfNewInvoice(): ApiCheck {
  return {
    name: 'statusOfNewInvoice()',
    title: 'the status of a new invoice echoes its transaction and reports its payment: same id, state, created_at and credentials',
    rules: ['PRO-STATUS-SUCCESS', 'PRO-STATUS-REQUEST', 'DOC-STATE-OUTCOME'],
    property: true,
    async run({ api }) {
      requireStatus(api);
      const echoed = flowRecorder('invoice.transaction', 'status answer');
      await forAll(
        PAYMENT_OPERATIONS.invoice.valid(api),
        async (generated) => {
          const { body: sent, exchange: invoiceExchange } = await sendFresh(api, 'invoice', generated);
          const paid = (expectAccepted(invoiceExchange, 'PRO-INV-SUCCESS', 'the invoice (precondition)') as { payment: Payment }).payment;
          const transaction = String(sent.transaction);
          const exchange = await api.status(buildStatusRequest(api.merchant, transaction));
          // A validation answer to the documented request means the provider takes another request shape or digest.
          if (exchange.response?.status === api.profile.http.validation)
            expectStatus(exchange, 'PRO-STATUS-REQUEST', api.profile.http.success, 'a correctly signed {api_key, transaction, signature} is accepted');
          expectStatus(exchange, 'PRO-STATUS-SUCCESS', api.profile.http.success, 'the status of a known transaction');
          const body = expectSchema<StatusResponse>(exchange, 'PRO-STATUS-SUCCESS', 'status-response', 'the status response');
          if (body.transaction !== transaction) fail(exchange, 'PRO-STATUS-SUCCESS', `transaction ${transaction} echoed`, `transaction ${body.transaction}`);
          for (const field of ['id', 'created_at', 'credentials'] as const)
            if (!sameJson(body.payment[field], paid[field]))
              fail(
                exchange,
                'PRO-STATUS-SUCCESS',
                `payment.${field} as in the invoice response: ${JSON.stringify(paid[field])}`,
                `payment.${field} ${JSON.stringify(body.payment[field])}`,
              );
          if (body.payment.state !== paid.state)
            fail(exchange, 'DOC-STATE-OUTCOME', `the state of the untouched payment as the invoice gave it: ${paid.state}`, `state ${body.payment.state}`);
          echoed(transaction);
        },
        { rule: 'PRO-STATUS-SUCCESS', share: STATUS_OF_NEW_INVOICE_SHARE },
      );
    },
  };
}

/** An unknown transaction, correctly signed, gets the profile's not-found status and a {message} body. */
export function statusOfUnknownTransaction(): ApiCheck {
  return {
    name: 'statusOfUnknownTransaction()',
    title: 'the status of an unknown transaction, correctly signed, is the profile not-found status with a {message} body',
    rules: ['PRO-STATUS-NOT-FOUND'],
    property: true,
    async run({ api }) {
      requireStatus(api);
      await forAll(
        statusRequest(api.merchant),
        async (body) => {
          expectMessageBody(await api.status(body), 'PRO-STATUS-NOT-FOUND', api.profile.http.notFound, 'an unknown transaction');
        },
        { rule: 'PRO-STATUS-NOT-FOUND', share: 0.2 },
      );
    },
  };
}
