// Who may pay (Authentication 1: a known api_key) and that a transaction is used once (profile).
import { expectStatus } from '../harness/expect-response.js';
import { expectProfileValidation, shapeRule } from '../harness/variants.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { PAYMENT_OPERATIONS, article } from './operations.js';
import { unknownApiKeys } from '../../generators/variants/index.js';
import { CheckFailure, describeResponse } from '../harness/failure.js';

/** A used transaction in upper case is the same UUID (advice: RFC 9562 reads UUIDs case-insensitively, with no MUST). */
const CASE_RULE = 'PRO-VAL-DUPLICATE-TRANSACTION-CASE';

/**
 * A request with an unknown api_key (signed with the merchant's keys: only the key is unknown) is
 * refused keyed api_key. The digest cannot be checked without a known key, so reporting signature too is allowed.
 * Besides a key nobody has, the near misses of the merchant's own (generators' unknownApiKeys).
 */
export function unknownApiKeyRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `unknownApiKeyRejected(${op})`,
    title: `${article(spec.request)} with an unknown api_key is refused keyed api_key`,
    rules: ['DOC-AUTH-API_KEY', 'PRO-VAL-UNKNOWN-API_KEY'],
    async run({ api }) {
      spec.requireConfigured(api);
      for (const [label, apiKey] of unknownApiKeys(api.merchant.apiKey)) {
        await step(`api_key ${label}`, async () => {
          const exchange = await spec.send(api, spec.build(api, { api_key: apiKey }));
          expectProfileValidation(api, exchange, {
            rule: 'DOC-AUTH-API_KEY',
            keysRule: 'PRO-VAL-UNKNOWN-API_KEY',
            breaks: ['api_key'],
            mayAlsoReport: ['signature'],
            shapeRule: shapeRule(op),
          });
        });
      }
    },
  };
}

/** A second request with a transaction the merchant already used on the operation is refused keyed transaction. */
export function duplicateTransactionRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `duplicateTransactionRejected(${op})`,
    title: `${article(spec.request)} repeating a used transaction is refused keyed transaction, and one repeating it in upper case is refused`,
    rules: ['PRO-VAL-DUPLICATE-TRANSACTION', CASE_RULE],
    async run({ api }) {
      spec.requireConfigured(api);
      requireProfile(api.profile.validation.duplicateTransactionRejected, 'profile validation.duplicateTransactionRejected is false');
      const body = spec.build(api);
      expectStatus(await spec.send(api, body), spec.successRule, api.profile.http.success, 'the first use of the transaction');
      expectProfileValidation(api, await spec.send(api, body), { rule: 'PRO-VAL-DUPLICATE-TRANSACTION', breaks: ['transaction'], shapeRule: shapeRule(op) });
      // The same UUID in upper case ("case insensitive on input", RFC 9562 4): refused in any way, never a new payment.
      await step('the used transaction in upper case', async () => {
        const exchange = await spec.send(api, spec.build(api, { transaction: String(body.transaction).toUpperCase() }));
        const status = exchange.response?.status;
        if (status !== undefined && status >= 200 && status <= 299)
          throw new CheckFailure({
            rule: CASE_RULE,
            expected: `${article(spec.request)} with the used transaction ${String(body.transaction)} in upper case refused, as the same UUID`,
            received: describeResponse(exchange),
            exchange,
          });
      });
    },
  };
}

/**
 * A transaction is used up per operation (profile: "already used by the same merchant on the same operation"): one
 * used by an invoice starts an account to card payment, and one used by an account to card payment an invoice.
 */
export function transactionFreeOnOtherOperation(): ApiCheck {
  return {
    name: 'transactionFreeOnOtherOperation()',
    title: 'a transaction used by an invoice starts an account to card payment, and one used by an account to card payment starts an invoice',
    rules: ['PRO-VAL-TRANSACTION-PER-OPERATION'],
    async run({ api }) {
      PAYMENT_OPERATIONS.account2card.requireConfigured(api);
      for (const [first, then] of [
        ['invoice', 'account2card'],
        ['account2card', 'invoice'],
      ] as const)
        await step(`${first} first, then ${then}`, async () => {
          const used = PAYMENT_OPERATIONS[first].build(api);
          expectStatus(
            await PAYMENT_OPERATIONS[first].send(api, used),
            PAYMENT_OPERATIONS[first].successRule,
            api.profile.http.success,
            `the ${first} (precondition)`,
          );
          const exchange = await PAYMENT_OPERATIONS[then].send(api, PAYMENT_OPERATIONS[then].build(api, { transaction: used.transaction }));
          expectStatus(
            exchange,
            'PRO-VAL-TRANSACTION-PER-OPERATION',
            api.profile.http.success,
            `${article(PAYMENT_OPERATIONS[then].request)} with the transaction ${String(used.transaction)} of ${article(PAYMENT_OPERATIONS[first].request)} is accepted: a duplicate is one of the same operation`,
          );
        });
    },
  };
}
