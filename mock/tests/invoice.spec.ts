import { CREATED_AT, expect, test } from './fixtures.js';
import { PATHS } from './client.js';
import { DEFAULT_ANTIFRAUD_IP } from '../../contracts/operation-facts.js';

const luhn = (s: string) =>
  [...s].reverse().reduce((sum, ch, i) => {
    let d = Number(ch);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    return sum + d;
  }, 0) %
    10 ===
  0;

/** YYYYMMDDTHHMMSS.ffffffZ -> epoch ms. */
const parseCreatedAt = (s: string) => Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13), +s.slice(13, 15));

test.describe('invoice payment', () => {
  test('success is 200 with transaction, redirect_url, payment and deeplink', async ({ api, provider }) => {
    const body = api.invoiceBody();
    const r = await api.post(PATHS.invoice, body);
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['deeplink', 'payment', 'redirect_url', 'transaction']);
    expect(r.json.transaction).toBe(body.transaction);
    expect(r.json.redirect_url).toMatch(new RegExp(`^${provider.url}/pay/[A-Za-z0-9_-]+$`));
    const p = r.json.payment;
    expect(Object.keys(p).sort()).toEqual(['created_at', 'credentials', 'error_code', 'error_description', 'id', 'state']);
    expect(Number.isInteger(p.id)).toBe(true);
    expect(p.state).toBe('processing');
    expect(p.error_code).toBeNull();
    expect(p.error_description).toBeNull();
  });

  test('payment.id is an incrementing integer', async ({ api }) => {
    const a = (await api.invoice()).json.payment.id;
    const b = (await api.invoice()).json.payment.id;
    expect(b).toBeGreaterThan(a);
  });

  test('created_at is UTC YYYYMMDDTHHMMSS.ffffffZ, close to now', async ({ api }) => {
    const { created_at } = (await api.invoice()).json.payment;
    expect(created_at).toMatch(CREATED_AT);
    expect(Math.abs(parseCreatedAt(created_at) - Date.now())).toBeLessThan(5000);
  });

  test('credentials alternate between the card shape and the fast-payment-system shape', async ({ api }) => {
    const creds = [];
    for (let i = 0; i < 4; i++) creds.push((await api.invoice()).json.payment.credentials);
    const cards = creds.filter((c) => 'card_pan' in c);
    const fps = creds.filter((c) => 'phone' in c);
    expect(cards).toHaveLength(2);
    expect(fps).toHaveLength(2);
    for (let i = 1; i < 4; i++) expect('card_pan' in creds[i]).not.toBe('card_pan' in creds[i - 1]);
    for (const c of cards) {
      expect(Object.keys(c)).toEqual(['card_pan']);
      expect(c.card_pan).toMatch(/^\d{16}$/);
      expect(luhn(c.card_pan)).toBe(true);
    }
    for (const c of fps) {
      expect(Object.keys(c).sort()).toEqual(['holder', 'phone']);
      expect(c.phone).toMatch(/^79\d{9}$/);
      expect(c.holder.length).toBeGreaterThan(0);
    }
  });

  test('deeplink has three <BANK>_FOREIGN keys with absolute URL values', async ({ api }) => {
    const { deeplink } = (await api.invoice()).json;
    expect(Object.keys(deeplink)).toHaveLength(3);
    for (const [k, v] of Object.entries(deeplink)) {
      expect(k).toMatch(/^[A-Z]+_FOREIGN$/);
      expect(new URL(v as string).protocol).toMatch(/^https?:$/);
    }
  });

  test('amount bounds 10000 and 40000000 are accepted', async ({ api }) => {
    expect((await api.invoice({ amount: 10000 })).status).toBe(200);
    expect((await api.invoice({ amount: 40000000 })).status).toBe(200);
  });

  test('the signature hex digits are compared regardless of letter case', async ({ api }) => {
    const body = api.invoiceBody();
    body.signature = (body.signature as string).toUpperCase();
    expect((await api.post(PATHS.invoice, body)).status).toBe(200);
  });

  test('transaction: any UUID version, either letter case', async ({ api }) => {
    for (const tx of ['6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'A1B2C3D4-E5F6-4789-ABCD-EF0123456789', '00000000-0000-0000-0000-000000000000']) {
      expect((await api.invoice({ transaction: tx, signature: api.invoiceSignature(tx, 123456) })).status, tx).toBe(200);
    }
  });

  test('payload.* merchant parameters of any type are accepted', async ({ api }) => {
    const r = await api.invoice({}, { order: 42, tags: ['a', 'b'], nested: { deep: [1, { x: null }] }, flag: false, имя: 'значение' });
    expect(r.status).toBe(200);
  });

  test('IPv6 client_ip is accepted', async ({ api }) => {
    expect((await api.invoice({ payload: { client_id: 'c', client_ip: '2001:db8::1' } })).status).toBe(200);
  });

  test('anti-fraud: a valid invoice from client_ip 203.0.113.66 gets 403 {message: "Anti-fraud refusal"}', async ({ api }) => {
    const r = await api.invoice({ payload: { client_id: 'c', client_ip: DEFAULT_ANTIFRAUD_IP } });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ message: 'Anti-fraud refusal' });
  });

  test('anti-fraud is decided after validation: an invalid request from the trigger IP gets 422', async ({ api }) => {
    const r = await api.invoice({ amount: 5, payload: { client_id: 'c', client_ip: DEFAULT_ANTIFRAUD_IP } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json)).toEqual(['amount']);
  });

  test('a deeply nested payload is accepted, never a provider failure', async ({ api }) => {
    const raw = JSON.stringify(api.invoiceBody({}, { deep: 0 })).replace('"deep":0', `"deep":${'['.repeat(20000)}${']'.repeat(20000)}`);
    const r = await api.post(PATHS.invoice, raw);
    expect(r.status).toBe(200);
  });
});
