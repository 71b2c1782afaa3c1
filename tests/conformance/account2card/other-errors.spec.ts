// Errors outside validation and transport rules on the account to card path: malformed bodies,
// methods other than POST, and JSON content type of the refusals.
import { test, rule } from '../../harness/rule.js';
import { expectMessageBody, expectJsonContentType, expectStatus } from '../../harness/expect-response.js';
import { missingFieldVariants } from '../../../generators/variants/index.js';
import { buildAccount2CardRequest } from '../../../generators/builders.js';
import { sendWithXSign, skipWithoutXSignKey } from './support.js';

test.beforeEach(skipWithoutXSignKey);

const NOT_JSON = ['{"api_key": ', 'not json at all', '{"amount": 100000,}', "{'single': 'quotes'}"];
const NOT_OBJECTS = ['[]', '[{"api_key": "x"}]', '"a string"', '42', 'null', 'true'];
const OTHER_METHODS = ['GET', 'PUT', 'PATCH', 'DELETE'];

// The bodies are signed (X-Sign over their exact bytes), so the answer is about the body alone.
test(...rule(['PRO-ERR-MALFORMED', 'DOC-ERR-MESSAGE-SHAPE'], 'an account to card body that is not valid JSON gets the malformed status and a {message} body'), async ({ api }) => {
  for (const raw of NOT_JSON) {
    await test.step(JSON.stringify(raw), async () => {
      const exchange = await api.account2card(undefined, { rawBody: raw });
      expectMessageBody(exchange, 'PRO-ERR-MALFORMED', api.profile.http.malformed, `malformed JSON ${JSON.stringify(raw)}`);
    });
  }
});

test(...rule(['PRO-ERR-MALFORMED', 'DOC-HTTP-JSON-BODY'], 'an account to card body that is JSON but not an object gets the malformed status'), async ({ api }) => {
  for (const raw of NOT_OBJECTS) {
    await test.step(raw, async () => {
      const exchange = await api.account2card(undefined, { rawBody: raw });
      expectMessageBody(exchange, 'PRO-ERR-MALFORMED', api.profile.http.malformed, `JSON ${raw}, not an object`);
    });
  }
});

test(...rule(['PRO-HTTP-405', 'DOC-HTTP-POST'], 'methods other than POST on the account to card path get 405'), async ({ api }) => {
  for (const method of OTHER_METHODS) {
    await test.step(method, async () => {
      const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(buildAccount2CardRequest(api.merchant));
      const exchange = await api.request(method, api.profile.paths.account2card, body, { 'content-type': 'application/json' });
      expectStatus(exchange, 'PRO-HTTP-405', api.profile.http.methodNotAllowed, `${method} is not allowed`);
    });
  }
});

test(...rule('PRO-HTTP-CONTENT-TYPE', 'validation, X-Sign and malformed-body answers on the account to card path are application/json'), async ({ api }) => {
  await test.step('validation failure', async () => {
    const variant = missingFieldVariants('account2card', api.merchant).find((v) => v.label === 'amount absent')!;
    const exchange = await api.account2card(variant.body);
    expectJsonContentType(exchange, 'PRO-HTTP-CONTENT-TYPE');
  });
  await test.step('missing X-Sign', async () => {
    const exchange = await sendWithXSign(api, JSON.stringify(buildAccount2CardRequest(api.merchant)), undefined);
    expectJsonContentType(exchange, 'PRO-HTTP-CONTENT-TYPE');
  });
  for (const raw of ['{', '[]']) {
    await test.step(`body ${raw}`, async () => {
      const exchange = await api.account2card(undefined, { rawBody: raw });
      expectJsonContentType(exchange, 'PRO-HTTP-CONTENT-TYPE');
    });
  }
});
