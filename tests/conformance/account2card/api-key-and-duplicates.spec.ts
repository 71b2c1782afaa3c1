// Who may pay (a known api_key) and that a transaction is used once.
import { randomUUID } from 'node:crypto';
import { test, rule, requireProfile } from '../../harness/rule.js';
import { buildAccount2CardRequest } from '../../../generators/builders.js';
import { expectStatus, expectValidationBody } from '../../harness/expect-response.js';
import { skipWithoutXSignKey } from './support.js';

test.beforeEach(skipWithoutXSignKey);

test(...rule(['DOC-AUTH-API_KEY', 'PRO-VAL-UNKNOWN-API_KEY'], 'an account to card payment with an unknown api_key is refused keyed api_key'), async ({ api }) => {
  // Digest with the merchant's crypto key and X-Sign with the merchant's RSA key: only the api_key is
  // unknown. The digest cannot be checked without a known key, so reporting signature as well is allowed.
  const body = buildAccount2CardRequest({ ...api.merchant, apiKey: `unknown-${randomUUID()}` });
  const exchange = await api.account2card(body);
  expectValidationBody(exchange, { rule: 'DOC-AUTH-API_KEY', status: api.profile.http.validation, breaks: ['api_key'], mayAlsoReport: ['signature'] });
});

test(...rule('PRO-VAL-DUPLICATE-TRANSACTION', 'an account to card payment repeating a used transaction is refused keyed transaction'), async ({ api }) => {
  requireProfile(api.profile.validation.duplicateTransactionRejected, 'profile validation.duplicateTransactionRejected is false');
  const body = buildAccount2CardRequest(api.merchant);
  expectStatus(await api.account2card(body), 'PRO-A2C-SUCCESS', api.profile.http.success, 'the first use of the transaction');
  const again = await api.account2card(body);
  expectValidationBody(again, { rule: 'PRO-VAL-DUPLICATE-TRANSACTION', status: api.profile.http.validation, breaks: ['transaction'] });
});
