// Errors outside validation: malformed bodies and the anti-fraud refusal, with the {message} shape.
import { test, rule, requireProfile } from '../../harness/rule.js';
import { expectMessageBody, expectJsonContentType } from '../../harness/expect-response.js';
import { freshInvoice } from '../../harness/fresh.js';
import { buildInvoiceRequest } from '../../../generators/builders.js';

const NOT_JSON = ['{"api_key": ', 'not json at all', '{"amount": 10000,}', "{'single': 'quotes'}"];
const NOT_OBJECTS = ['[]', '[{"api_key": "x"}]', '"a string"', '42', 'null', 'true'];

test(...rule(['PRO-ERR-MALFORMED', 'DOC-ERR-MESSAGE-SHAPE'], 'an invoice body that is not valid JSON gets the malformed status and a {message} body'), async ({ api }) => {
  for (const raw of NOT_JSON) {
    const exchange = await api.invoice(undefined, { rawBody: raw });
    expectMessageBody(exchange, 'PRO-ERR-MALFORMED', api.profile.http.malformed, `malformed JSON ${JSON.stringify(raw)}`);
  }
});

test(...rule(['PRO-ERR-MALFORMED', 'DOC-HTTP-JSON-BODY'], 'an invoice body that is JSON but not an object gets the malformed status'), async ({ api }) => {
  for (const raw of NOT_OBJECTS) {
    const exchange = await api.invoice(undefined, { rawBody: raw });
    expectMessageBody(exchange, 'PRO-ERR-MALFORMED', api.profile.http.malformed, `JSON ${raw}, not an object`);
  }
});

test(...rule(['PRO-ERR-MESSAGE-ONLY', 'DOC-ERR-MESSAGE-SHAPE'], 'error bodies other than validation are exactly {message: non-empty string}'), async ({ api }) => {
  const exchange = await api.invoice(undefined, { rawBody: '{' });
  expectMessageBody(exchange, 'PRO-ERR-MESSAGE-ONLY', api.profile.http.malformed, 'malformed JSON');
  expectJsonContentType(exchange, 'PRO-HTTP-CONTENT-TYPE');
});

test(...rule(['PRO-ERR-ANTIFRAUD', 'DOC-ERR-ANTIFRAUD'], 'an invoice that trips the anti-fraud trigger is refused with a {message} body'), async ({ api }) => {
  const trigger = api.profile.antifraud.invoiceClientIp;
  requireProfile(trigger, 'profile antifraud.invoiceClientIp is null: no known anti-fraud trigger');
  const body = freshInvoice(buildInvoiceRequest(api.merchant, { payload: { client_id: 'antifraud-probe', client_ip: trigger! } }), api.merchant);
  const exchange = await api.invoice(body);
  expectMessageBody(exchange, 'PRO-ERR-ANTIFRAUD', api.profile.http.antifraud, 'anti-fraud refusal');
});
