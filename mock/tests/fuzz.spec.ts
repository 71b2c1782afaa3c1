import fc from 'fast-check';
import { expect, test } from './fixtures.js';
import { PATHS } from './client.js';

const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 300);
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;

const json = fc.jsonValue({ maxDepth: 3 });
const fieldValue = fc.oneof(json, fc.string(), fc.integer(), fc.double(), fc.uuid(), fc.constant(''), fc.constant(null));
const FIELDS = ['api_key', 'transaction', 'signature', 'amount', 'description', 'return_url', 'payload', 'payer_fio', 'payer_phone', 'recipient_pan'];

/** Random bodies: objects over the documented field names (sometimes signed-looking), any JSON, raw text, raw bytes. */
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), fieldValue).map((o) => JSON.stringify(o)),
  fc.record({ client_id: fieldValue, client_ip: fc.oneof(fc.ipV4(), fc.ipV6(), fc.string()) }).map((p) => JSON.stringify({ api_key: 'x', payload: p })),
  json.map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
);
const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=abc',
  'multipart/form-data',
  '',
  'application/json;;',
  'foo',
);
const method = fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH');
const path = fc.constantFrom(...Object.values(PATHS), '/api/v1/payments', '/pay/x', '/pay/x/pay', '/');
const headerName = fc.constantFrom('x-sign', 'accept', 'x-request-id', 'authorization');
const headerValue = fc.stringMatching(/^[\x21-\x7e]{0,40}$/);

/** Every answer is {message}, a validation body, or a documented success body; never a 500. */
function judge(status: number, contentTypeHeader: string | null, text: string, reqPath: string): void {
  expect(status).not.toBe(500);
  if (reqPath.startsWith('/pay/') && (contentTypeHeader ?? '').startsWith('text/html')) return;
  expect(contentTypeHeader).toMatch(/^application\/json; charset=utf-8$/);
  const v = JSON.parse(text) as Record<string, unknown>;
  expect(typeof v === 'object' && v !== null && !Array.isArray(v)).toBe(true);
  if (status === 422) {
    for (const msgs of Object.values(v)) expect(Array.isArray(msgs) && msgs.length > 0 && msgs.every((m) => typeof m === 'string')).toBe(true);
  } else if (status === 200 && 'payment' in v) {
    expect(typeof v.transaction).toBe('string');
  } else {
    expect(Object.keys(v)).toEqual(['message']);
    expect(typeof v.message).toBe('string');
  }
}

test('fuzz: random bodies, headers and content types never break the provider', async ({ api }) => {
  test.setTimeout(60_000);
  await fc.assert(
    fc.asyncProperty(method, path, contentType, body, fc.array(fc.tuple(headerName, headerValue), { maxLength: 2 }), async (m, p, ct, b, hs) => {
      const headers: Record<string, string> = Object.fromEntries(hs);
      if (ct !== undefined) headers['content-type'] = ct;
      const res = await fetch(api.url + p, { method: m, headers, body: m === 'GET' ? undefined : b });
      judge(res.status, res.headers.get('content-type'), await res.text(), p);
    }),
    { numRuns: NUM_RUNS, seed: SEED, verbose: 1 },
  );
  expect((await api.invoice()).status).toBe(200);
});
