// Who may pay (Authentication 1: a known api_key) and that a transaction is used once (profile).
import { randomUUID } from 'node:crypto';
import { expectStatus } from '../harness/expect-response.js';
import { expectProfileValidation, shapeRule } from '../harness/variants.js';
import { requireProfile, type ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { PAYMENT_OPERATIONS, article } from './operations.js';

/**
 * A request with an unknown api_key (signed with the merchant's keys: only the key is unknown) is
 * refused keyed api_key. The digest cannot be checked without a known key, so reporting signature too is allowed.
 */
export function unknownApiKeyRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `unknownApiKeyRejected(${op})`,
    title: `${article(spec.request)} with an unknown api_key is refused keyed api_key`,
    rules: ['DOC-AUTH-API_KEY', 'PRO-VAL-UNKNOWN-API_KEY'],
    async run({ api }) {
      spec.requireConfigured(api);
      const exchange = await spec.send(api, spec.build(api, { api_key: `unknown-${randomUUID()}` }));
      expectProfileValidation(api, exchange, {
        rule: 'DOC-AUTH-API_KEY',
        keysRule: 'PRO-VAL-UNKNOWN-API_KEY',
        breaks: ['api_key'],
        mayAlsoReport: ['signature'],
        shapeRule: shapeRule(op),
      });
    },
  };
}

/** A second request with a transaction the merchant already used on the operation is refused keyed transaction. */
export function duplicateTransactionRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `duplicateTransactionRejected(${op})`,
    title: `${article(spec.request)} repeating a used transaction is refused keyed transaction`,
    rules: ['PRO-VAL-DUPLICATE-TRANSACTION'],
    async run({ api }) {
      spec.requireConfigured(api);
      requireProfile(api.profile.validation.duplicateTransactionRejected, 'profile validation.duplicateTransactionRejected is false');
      const body = spec.build(api);
      expectStatus(await spec.send(api, body), spec.successRule, api.profile.http.success, 'the first use of the transaction');
      expectProfileValidation(api, await spec.send(api, body), { rule: 'PRO-VAL-DUPLICATE-TRANSACTION', breaks: ['transaction'], shapeRule: shapeRule(op) });
    },
  };
}
