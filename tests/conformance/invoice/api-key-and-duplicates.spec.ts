// Who may pay (a known api_key) and that a transaction is used once.
import { randomUUID } from 'node:crypto';
import { test, rule, requireProfile } from '../../harness/rule.js';
import { buildInvoiceRequest } from '../../../generators/builders.js';
import { expectStatus, expectValidationBody } from '../../harness/expect-response.js';

test(...rule(['DOC-AUTH-API_KEY', 'PRO-VAL-UNKNOWN-API_KEY'], 'an invoice with an unknown api_key is refused keyed api_key'), async ({ api }) => {
  // Signed with the merchant's crypto key: only the key is unknown. The signature cannot be checked
  // without a known key, so reporting it as well is allowed.
  const body = buildInvoiceRequest({ ...api.merchant, apiKey: `unknown-${randomUUID()}` });
  const exchange = await api.invoice(body);
  expectValidationBody(exchange, { rule: 'DOC-AUTH-API_KEY', status: api.profile.http.validation, breaks: ['api_key'], mayAlsoReport: ['signature'] });
});

test(...rule('PRO-VAL-DUPLICATE-TRANSACTION', 'an invoice repeating a used transaction is refused keyed transaction'), async ({ api }) => {
  requireProfile(api.profile.validation.duplicateTransactionRejected, 'profile validation.duplicateTransactionRejected is false');
  const body = buildInvoiceRequest(api.merchant);
  expectStatus(await api.invoice(body), 'PRO-INV-SUCCESS', api.profile.http.success, 'the first use of the transaction');
  const again = await api.invoice(body);
  expectValidationBody(again, { rule: 'PRO-VAL-DUPLICATE-TRANSACTION', status: api.profile.http.validation, breaks: ['transaction'] });
});
