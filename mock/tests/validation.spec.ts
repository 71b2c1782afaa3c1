import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.js';
import { Client, PATHS, sha256 } from './client.js';
import { DEFAULT_ANTIFRAUD_IP } from '../../contracts/operation-facts.js';

/** The documented validation body: field -> non-empty array of non-empty strings. */
function expectValidationBody(json: unknown): asserts json is Record<string, string[]> {
  expect(typeof json).toBe('object');
  for (const [k, v] of Object.entries(json as object)) {
    expect(Array.isArray(v), k).toBe(true);
    expect((v as unknown[]).length, k).toBeGreaterThan(0);
    for (const m of v as unknown[]) expect(typeof m === 'string' && m.length > 0, k).toBe(true);
  }
}

const REQUIRED = ['api_key', 'transaction', 'signature', 'amount', 'description', 'return_url', 'payload'];

test.describe('validation failures', () => {
  test('an empty object reports every required field with a "required" message, status 422', async ({ api }) => {
    const r = await api.post(PATHS.invoice, {});
    expect(r.status).toBe(422);
    expectValidationBody(r.json);
    expect(Object.keys(r.json).sort()).toEqual([...REQUIRED].sort());
    for (const k of REQUIRED) expect(r.json[k].join(' ')).toMatch(/required/i);
  });

  test('null and "" count as missing', async ({ api }) => {
    for (const v of [null, '']) {
      const r = await api.invoice({ description: v, return_url: v, payload: { client_id: v, client_ip: v } });
      expect(r.status).toBe(422);
      expect(Object.keys(r.json).sort()).toEqual(['description', 'payload.client_id', 'payload.client_ip', 'return_url']);
      for (const msgs of Object.values(r.json) as string[][]) expect(msgs.join(' ')).toMatch(/required/i);
    }
  });

  test('nested fields are named with a dot', async ({ api }) => {
    const r = await api.invoice({ payload: {} });
    expect(Object.keys(r.json).sort()).toEqual(['payload.client_id', 'payload.client_ip']);
  });

  test('every invalid field is reported, not only the first', async ({ api }) => {
    const r = await api.invoice({ transaction: 'x', amount: 1, return_url: 'ftp://x', payload: { client_id: 1, client_ip: '999.1.1.1' } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json).sort()).toEqual(['amount', 'payload.client_id', 'payload.client_ip', 'return_url', 'transaction']);
  });

  test('wrong types are keyed by the field', async ({ api }) => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['amount', { amount: '123456' }],
      ['amount', { amount: 123456.5 }],
      ['amount', { amount: true }],
      ['api_key', { api_key: 12 }],
      ['description', { description: ['x'] }],
      ['payload', { payload: ['client_id'] }],
      ['payload', { payload: 'x' }],
      ['signature', { signature: 5 }],
    ];
    for (const [field, override] of cases) {
      const r = await api.invoice(override);
      expect(r.status, JSON.stringify(override)).toBe(422);
      expect(Object.keys(r.json), JSON.stringify(override)).toContain(field);
    }
  });

  test('out-of-range amount is keyed amount (9999, 40000001, 0, -1)', async ({ api }) => {
    for (const amount of [9999, 40000001, 0, -1]) {
      const r = await api.invoice({ amount });
      expect(r.status).toBe(422);
      expect(Object.keys(r.json)).toEqual(['amount']);
    }
  });

  test('a transaction that is not a UUID is keyed transaction', async ({ api }) => {
    for (const tx of ['abc', '123e4567-e89b-12d3-a456-42661417400', '{123e4567-e89b-12d3-a456-426614174000}']) {
      const r = await api.invoice({ transaction: tx, signature: api.invoiceSignature(tx, 123456) });
      expect(Object.keys(r.json), tx).toEqual(['transaction']);
    }
  });

  test('a return_url that is not an absolute http(s) URL is keyed return_url', async ({ api }) => {
    for (const url of ['/relative', 'merchant.example', 'ftp://merchant.example/', 'javascript:alert(1)', 'http://', 'https://exa mple.com']) {
      const r = await api.invoice({ return_url: url });
      expect(Object.keys(r.json), url).toEqual(['return_url']);
    }
  });

  test('a payload.client_ip that is not IPv4 or IPv6 is keyed payload.client_ip', async ({ api }) => {
    for (const ip of ['1.2.3', '256.1.1.1', 'localhost', '::g']) {
      const r = await api.invoice({ payload: { client_id: 'c', client_ip: ip } });
      expect(Object.keys(r.json), ip).toEqual(['payload.client_ip']);
    }
  });

  test('an unknown api_key is keyed api_key (and its signature is not judged)', async ({ api }) => {
    const r = await api.invoice({ api_key: 'nobody' });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json)).toEqual(['api_key']);
  });

  test('a wrong signature is keyed signature, and no message discloses crypto_key', async ({ api, merchant }) => {
    const body = api.invoiceBody();
    for (const signature of ['0'.repeat(64), (body.signature as string).slice(0, 63), sha256(`${merchant.apiKey}${body.transaction}${merchant.cryptoKey}`)]) {
      const r = await api.post(PATHS.invoice, { ...body, signature });
      expect(r.status).toBe(422);
      expect(Object.keys(r.json)).toEqual(['signature']);
      expect(r.text).not.toContain(merchant.cryptoKey);
    }
  });

  test('a signature over a different amount is refused', async ({ api }) => {
    const body = api.invoiceBody({ amount: 20000 });
    const r = await api.post(PATHS.invoice, { ...body, amount: 30000 });
    expect(Object.keys(r.json)).toEqual(['signature']);
  });

  test('the signature is judged only when its parts have the right types', async ({ api }) => {
    const r = await api.invoice({ amount: '123456', signature: 'wrong' });
    expect(Object.keys(r.json)).toEqual(['amount']);
  });

  test('a transaction already used by the merchant on the operation is keyed transaction', async ({ api }) => {
    const body = api.invoiceBody();
    expect((await api.post(PATHS.invoice, body)).status).toBe(200);
    const again = await api.post(PATHS.invoice, body);
    expect(again.status).toBe(422);
    expect(Object.keys(again.json)).toEqual(['transaction']);
    const upper = String(body.transaction).toUpperCase();
    const r = await api.invoice({ transaction: upper, signature: api.invoiceSignature(upper, body.amount) });
    expect(Object.keys(r.json)).toEqual(['transaction']);
  });

  test('the same transaction is free for another merchant and for the other operation', async ({ api, otherMerchant }) => {
    const tx = randomUUID();
    expect((await api.invoice({ transaction: tx })).status).toBe(200);
    const other = new Client(api.url, otherMerchant);
    expect((await other.invoice({ transaction: tx })).status).toBe(200);
    expect((await api.a2c(api.a2cBody({ transaction: tx }))).status).toBe(200);
  });

  test('a refused (anti-fraud) invoice does not use up its transaction', async ({ api }) => {
    const tx = randomUUID();
    expect((await api.invoice({ transaction: tx, payload: { client_id: 'c', client_ip: DEFAULT_ANTIFRAUD_IP } })).status).toBe(403);
    expect((await api.invoice({ transaction: tx })).status).toBe(200);
  });
});
