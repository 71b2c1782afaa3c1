// Positive acceptance: generated valid invoices are accepted, and every success body has the documented shape.
import { test, rule } from '../../harness/rule.js';
import { forAll } from '../../harness/property.js';
import { expectStatus, expectSchema, expectJsonContentType } from '../../harness/expect-response.js';
import { INVOICE_RESPONSE_RULES } from '../../harness/schema-rules.js';
import { validInvoices, sendInvoice } from '../../harness/requests.js';

test(...rule('PRO-INV-SUCCESS', 'a valid signed invoice is accepted with the profile success status'), async ({ api }) => {
  await forAll(validInvoices(api), async (generated) => {
    const { exchange } = await sendInvoice(api, generated);
    expectStatus(exchange, 'PRO-INV-SUCCESS', api.profile.http.success, 'invoice accepted');
  }, { rule: 'PRO-INV-SUCCESS' });
});

test(...rule(['DOC-INV-RES-PAYMENT', 'DOC-PAY-ID', 'DOC-PAY-STATE', 'DOC-PAY-ERROR_CODE', 'DOC-PAY-ERROR_DESCRIPTION', 'DOC-PAY-CREDENTIALS', 'DOC-CRED-CARD', 'DOC-CRED-FPS', 'DOC-INV-RES-REDIRECT_URL', 'DOC-INV-RES-DEEPLINK', 'DOC-DEEPLINK-KEYS', 'DOC-PAY-CREATED_AT'],
  'every invoice success body matches the documented schema'), async ({ api }) => {
  await forAll(validInvoices(api), async (generated) => {
    const { exchange } = await sendInvoice(api, generated);
    expectStatus(exchange, 'PRO-INV-SUCCESS', api.profile.http.success, 'invoice accepted');
    expectSchema(exchange, 'DOC-INV-RES-PAYMENT', 'invoice-response', 'the invoice response', INVOICE_RESPONSE_RULES);
  }, { rule: 'DOC-INV-RES-PAYMENT' });
});

test(...rule('PRO-HTTP-CONTENT-TYPE', 'an invoice success body is sent as application/json'), async ({ api }) => {
  await forAll(validInvoices(api), async (generated) => {
    const { exchange } = await sendInvoice(api, generated);
    expectJsonContentType(exchange, 'PRO-HTTP-CONTENT-TYPE');
  }, { rule: 'PRO-HTTP-CONTENT-TYPE', numRuns: 5 });
});
