import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.js';
import { Client } from './client.js';

test.describe('payment status (profile)', () => {
  test('200 {transaction, payment} for an invoice, then the final state after Pay', async ({ api }) => {
    const inv = await api.invoice();
    const tx = inv.json.transaction;
    const r = await api.status(tx);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ transaction: tx, payment: inv.json.payment });
    await api.press(inv.json.redirect_url, 'pay');
    expect((await api.status(tx)).json.payment.state).toBe('deposited');
  });

  test('200 for an account-to-card payment', async ({ api }) => {
    const body = api.a2cBody();
    await api.a2c(body);
    const r = await api.status(body.transaction as string);
    expect(r.status).toBe(200);
    expect(r.json.payment.credentials).toEqual({ card_pan: body.recipient_pan });
  });

  test("an unknown transaction gets 404 {message}, also another merchant's", async ({ api, otherMerchant }) => {
    const r = await api.status(randomUUID());
    expect(r.status).toBe(404);
    expect(Object.keys(r.json)).toEqual(['message']);
    const other = new Client(api.url, otherMerchant);
    const tx = (await other.invoice()).json.transaction;
    expect((await api.status(tx)).status).toBe(404);
  });

  test('bad input gets 422: missing fields, wrong signature, unknown api_key, not a UUID', async ({ api }) => {
    const missing = await api.post('/api/v1/payments/status', {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json).sort()).toEqual(['api_key', 'signature', 'transaction']);
    const tx = randomUUID();
    expect(Object.keys((await api.status(tx, { signature: 'f'.repeat(64) })).json)).toEqual(['signature']);
    expect(Object.keys((await api.status(tx, { api_key: 'nobody' })).json)).toEqual(['api_key']);
    expect(Object.keys((await api.status('abc')).json)).toEqual(['transaction']);
  });

  test('memory bound: beyond maxPayments the oldest final payments are evicted first', async ({ startWith }) => {
    const api = await startWith({ maxPayments: 3 });
    const a = (await api.invoice()).json;
    const b = (await api.invoice()).json;
    await api.press(b.redirect_url, 'decline');
    const c = (await api.invoice()).json;
    const d = (await api.invoice()).json; // 4 > 3: b (final) goes, a (older, processing) stays
    expect((await api.status(b.transaction)).status).toBe(404);
    for (const p of [a, c, d]) expect((await api.status(p.transaction)).status).toBe(200);
    await api.invoice(); // no final left: the oldest (a) goes
    expect((await api.status(a.transaction)).status).toBe(404);
  });
});
