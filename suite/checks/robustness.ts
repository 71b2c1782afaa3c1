// No input of the suite's making may break the provider (a 5xx, profile: "any failure of the provider
// itself"), and no answer may disclose the crypto key (Authentication 2: it is never sent).
import fc from 'fast-check';
import { buildInvoiceRequest } from '../../generators/builders.js';
import { textClassMembers } from '../../generators/arbitraries/index.js';
import { expectJson, expectNoServerError, responseOf } from '../harness/expect-response.js';
import { CheckFailure } from '../harness/failure.js';
import { freshInvoice } from '../harness/fresh.js';
import { forAll } from '../harness/property.js';
import { step, type ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { article, OPERATION_NAMES, PAYMENT_OPERATIONS } from './operations.js';
import { eachAtOnce } from '../harness/at-once.js';

const FIELDS: Record<PaymentOperation, readonly string[]> = {
  invoice: ['api_key', 'transaction', 'signature', 'amount', 'description', 'return_url', 'payload'],
  account2card: ['api_key', 'transaction', 'signature', 'amount', 'payer_fio', 'payer_phone', 'recipient_pan'],
};

/** Any field replaced by any JSON value gets a 4xx or 2xx JSON answer, never a server error. */
export function noServerErrorOnReplacedField(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `noServerErrorOnReplacedField(${op})`,
    title: `no ${OPERATION_NAMES[op].label} body with one field replaced by arbitrary JSON causes a server error`,
    rules: ['PRO-ERR-SERVER', 'DOC-ERR-UNKNOWN'],
    property: true,
    async run({ api }) {
      spec.requireConfigured(api);
      const mutation = fc.record({ field: fc.constantFrom(...FIELDS[op]), value: fc.jsonValue({ maxDepth: 4 }) });
      await forAll(
        mutation,
        async ({ field, value }) => {
          const what = `${field} = ${fc.stringify(value).slice(0, 80)}`;
          const exchange = await spec.send(api, { ...spec.build(api), [field]: value });
          expectNoServerError(exchange, what);
          expectJson(exchange, 'PRO-ERR-SERVER', what);
        },
        { rule: 'PRO-ERR-SERVER' },
      );
    },
  };
}

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { level: value };
  return value;
}

/** Deeply nested, huge or odd merchant parameters in an invoice's payload get no server error. */
export function noServerErrorOnOddPayloads(): ApiCheck {
  return {
    name: 'noServerErrorOnOddPayloads()',
    title: 'deeply nested, huge or odd invoice payloads cause no server error',
    rules: ['PRO-ERR-SERVER', 'DOC-ERR-UNKNOWN'],
    async run({ api }) {
      const odd: [string, Record<string, unknown>][] = [
        ['payload nested 40 levels', { extra: nested(40) }],
        ['payload nested 1 000 levels', { extra: nested(1000) }],
        ['a 200 KB string parameter', { extra: 'ж'.repeat(100_000) }],
        ['a __proto__ parameter', JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>],
        ['extreme numbers', { big: 1e308, small: -1e-308, negativeZero: -0 }],
        ['control and surrogate characters', { text: '\u0000\u0007\u2028\ud83d\ude00' }],
      ];
      for (const [label, extra] of odd)
        await step(label, async () => {
          const base = buildInvoiceRequest(api.merchant);
          const exchange = await api.invoice(freshInvoice({ ...base, payload: { ...base.payload, ...extra } }, api.merchant));
          expectNoServerError(exchange, label);
          expectJson(exchange, 'PRO-ERR-SERVER', label);
        });
    },
  };
}

/** No answer (valid, wrongly signed, unsigned, empty) carries the crypto key, in headers or body. */
export function cryptoKeyNeverDisclosed(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `cryptoKeyNeverDisclosed(${op})`,
    title: `no ${OPERATION_NAMES[op].label} answer discloses the crypto key`,
    rules: ['DOC-AUTH-CRYPTO_KEY-SECRET'],
    async run({ api }) {
      spec.requireConfigured(api);
      const other = spec.build(api);
      const probes: [string, unknown][] = [
        ['a valid request', spec.build(api)],
        ['a wrong signature', spec.build(api, { signature: '0'.repeat(64) })],
        ['no signature', spec.build(api, { signature: undefined })],
        ['a signature over another amount', { ...other, amount: Number(other.amount) + 1 }],
        ['an empty body', {}],
      ];
      for (const [label, body] of probes) {
        const exchange = await spec.send(api, body);
        const res = responseOf(exchange, 'DOC-AUTH-CRYPTO_KEY-SECRET', `an answer to ${label}`);
        if (`${JSON.stringify(res.headers)}\n${res.bodyText}`.includes(api.merchant.cryptoKey))
          throw new CheckFailure({
            rule: 'DOC-AUTH-CRYPTO_KEY-SECRET',
            expected: `no trace of crypto_key in the answer to ${label}`,
            received: 'the crypto key in the answer (shown redacted)',
            exchange,
          });
      }
    },
  };
}

/** The free-text fields of each operation: what the document types as a plain string with no stated alphabet or length. */
const TEXT_FIELDS: Record<PaymentOperation, readonly { field: string; with: (text: string) => Record<string, unknown> }[]> = {
  invoice: [
    { field: 'description', with: (text) => ({ description: text }) },
    { field: 'payload.client_id', with: (text) => ({ payload: { client_id: text } }) },
    { field: 'payload.note', with: (text) => ({ payload: { note: text } }) },
  ],
  account2card: [{ field: 'payer_fio', with: (text) => ({ payer_fio: text }) }],
};

/** Requests of the covering table in flight at once (fewer when RATE_LIMIT or MAX_IN_FLIGHT say so). */
const TEXT_BATCH = 16;

/**
 * Every member of every small class of hard text (markup, control characters, astral and right-to-left text,
 * invisible and unusual code points, punctuation, ...: generators/arbitraries/freeText.ts) in every free-text field,
 * once each: accepted or refused, never a failure of the provider. A property's few runs per class meet one member
 * of a class; a provider that fails on one character of it is found only by sending them all. An answer lost to
 * transport trouble is sent again after a control (suite/harness/unavailability.ts): a provider that fails on the
 * input every time, whatever its front answers, fails here.
 */
export function noServerFailureOnAnyTextClass(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `noServerFailureOnAnyTextClass(${op})`,
    title: `every class of hard text in every free-text field of ${article(spec.request)} gets an answer, never a provider failure`,
    rules: ['PRO-ERR-SERVER', 'DOC-ERR-UNKNOWN'],
    requests: { about: TEXT_FIELDS[op].length * textClassMembers().length },
    async run({ api }) {
      spec.requireConfigured(api);
      const table = TEXT_FIELDS[op].flatMap((f) => textClassMembers().map((m) => ({ ...m, field: f.field, overrides: f.with(m.text) })));
      await eachAtOnce(
        api.atOnce,
        table,
        async ({ field, textClass, text, overrides }) => {
          const what = `${field} of class ${textClass} (${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)}, ${text.length} characters)`;
          const body = spec.build(api, overrides);
          const exchange = await spec.send(api, body);
          expectNoServerError(exchange, what);
          expectJson(exchange, 'PRO-ERR-SERVER', what);
        },
        TEXT_BATCH,
      );
    },
  };
}
