// No input of the suite's making may break the provider (5xx), and no answer may disclose the crypto key.
import fc from 'fast-check';
import { test, rule } from '../../harness/rule.js';
import { forAll } from '../../harness/property.js';
import { CheckFailure, describeResponse } from '../../harness/failure.js';
import { responseOf, expectJson } from '../../harness/expect-response.js';
import { buildInvoiceRequest } from '../../../generators/builders.js';
import { freshInvoice } from '../../harness/fresh.js';
import type { Exchange } from '../../harness/exchange.js';

const FIELDS = ['api_key', 'transaction', 'signature', 'amount', 'description', 'return_url', 'payload'] as const;

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { level: value };
  return value;
}

function expectNoServerError(exchange: Exchange, what: string): void {
  const res = responseOf(exchange, 'PRO-ERR-SERVER', `a non-5xx JSON answer to ${what}`);
  if (res.status >= 500)
    throw new CheckFailure({ rule: 'PRO-ERR-SERVER', expected: `a 4xx or 2xx answer to ${what} (input is never a provider failure)`, received: describeResponse(exchange), exchange });
  expectJson(exchange, 'PRO-ERR-SERVER', what);
}

test(...rule(['PRO-ERR-SERVER', 'DOC-ERR-UNKNOWN'], 'no invoice body with one field replaced by arbitrary JSON causes a server error'), async ({ api }) => {
  const mutation = fc.record({ field: fc.constantFrom(...FIELDS), value: fc.jsonValue({ maxDepth: 4 }) });
  await forAll(mutation, async ({ field, value }) => {
    const body = { ...freshInvoice(buildInvoiceRequest(api.merchant), api.merchant), [field]: value };
    expectNoServerError(await api.invoice(body), `${field} = ${fc.stringify(value).slice(0, 80)}`);
  }, { rule: 'PRO-ERR-SERVER' });
});

test(...rule(['PRO-ERR-SERVER', 'DOC-ERR-UNKNOWN'], 'deeply nested, huge or odd invoice payloads cause no server error'), async ({ api }) => {
  const odd: [string, Record<string, unknown>][] = [
    ['payload nested 40 levels', { extra: nested(40) }],
    ['payload nested 1 000 levels', { extra: nested(1000) }],
    ['a 200 KB string parameter', { extra: 'ж'.repeat(100_000) }],
    ['a __proto__ parameter', JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>],
    ['extreme numbers', { big: 1e308, small: -1e-308, negativeZero: -0 }],
    ['control and surrogate characters', { text: '\u0000\u0007\u2028\ud83d\ude00' }],
  ];
  for (const [label, extra] of odd) {
    await test.step(label, async () => {
      const base = buildInvoiceRequest(api.merchant);
      const body = freshInvoice({ ...base, payload: { ...base.payload, ...extra } }, api.merchant);
      expectNoServerError(await api.invoice(body), label);
    });
  }
});

test(...rule('DOC-AUTH-CRYPTO_KEY-SECRET', 'no invoice answer discloses the crypto key'), async ({ api }) => {
  const valid = buildInvoiceRequest(api.merchant);
  const probes: [string, unknown][] = [
    ['a valid invoice', valid],
    ['a wrong signature', { ...buildInvoiceRequest(api.merchant), signature: '0'.repeat(64) }],
    ['no signature', { ...buildInvoiceRequest(api.merchant), signature: undefined }],
    ['a signature over another amount', { ...buildInvoiceRequest(api.merchant), amount: 10_001 }],
    ['an empty body', {}],
  ];
  for (const [label, body] of probes) {
    const exchange = await api.invoice(body);
    const res = responseOf(exchange, 'DOC-AUTH-CRYPTO_KEY-SECRET', `an answer to ${label}`);
    const text = `${JSON.stringify(res.headers)}\n${res.bodyText}`;
    if (text.includes(api.merchant.cryptoKey))
      throw new CheckFailure({ rule: 'DOC-AUTH-CRYPTO_KEY-SECRET', expected: `no trace of crypto_key in the answer to ${label}`, received: 'the crypto key in the answer (shown redacted)', exchange });
  }
});
