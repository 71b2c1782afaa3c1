// Bodies that are not JSON objects (the document: request bodies are JSON objects), answered with the
// profile's malformed status and the documented {message} error body.
import { expectMessageBody } from '../harness/expect-response.js';
import { step, type ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS, article } from './operations.js';

const NOT_JSON = ['{"api_key": ', 'not json at all', '{"amount": 10000,}', "{'single': 'quotes'}"];
const NOT_OBJECTS = ['[]', '[{"api_key": "x"}]', '"a string"', '42', 'null', 'true'];

/** A body that is not valid JSON gets the malformed status and a {message} body. */
export function malformedJsonRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `malformedJsonRejected(${op})`,
    title: `${article(OPERATION_NAMES[op].label)} body that is not valid JSON gets the malformed status and a {message} body`,
    rules: ['PRO-ERR-MALFORMED', 'DOC-ERR-MESSAGE-SHAPE'],
    async run({ api }) {
      spec.requireConfigured(api);
      for (const raw of NOT_JSON)
        await step(JSON.stringify(raw), async () => {
          // Sent as is (account to card: X-Sign over its bytes, so the answer is about the body alone).
          const exchange = await spec.send(api, undefined, { rawBody: raw });
          expectMessageBody(exchange, 'PRO-ERR-MALFORMED', api.profile.http.malformed, `malformed JSON ${JSON.stringify(raw)}`);
        });
    },
  };
}

/** A body that is JSON but not an object (an array, a string, a number, null, a boolean) gets the malformed status. */
export function nonObjectJsonRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `nonObjectJsonRejected(${op})`,
    title: `${article(OPERATION_NAMES[op].label)} body that is JSON but not an object gets the malformed status`,
    rules: ['PRO-ERR-MALFORMED', 'DOC-HTTP-JSON-BODY'],
    async run({ api }) {
      spec.requireConfigured(api);
      for (const raw of NOT_OBJECTS)
        await step(raw, async () => {
          const exchange = await spec.send(api, undefined, { rawBody: raw });
          expectMessageBody(exchange, 'PRO-ERR-MALFORMED', api.profile.http.malformed, `JSON ${raw}, not an object`);
        });
    },
  };
}

/** An error other than validation is exactly {message: non-empty string}: nothing else in the body. */
export function messageErrorShape(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `messageErrorShape(${op})`,
    title:
      op === 'invoice'
        ? 'error bodies other than validation are exactly {message: non-empty string}'
        : 'account to card error bodies other than validation are exactly {message: non-empty string}',
    rules: ['PRO-ERR-MESSAGE-ONLY', 'DOC-ERR-MESSAGE-SHAPE'],
    async run({ api }) {
      spec.requireConfigured(api);
      const exchange = await spec.send(api, undefined, { rawBody: '{' });
      expectMessageBody(exchange, 'PRO-ERR-MALFORMED', api.profile.http.malformed, 'malformed JSON');
    },
  };
}
