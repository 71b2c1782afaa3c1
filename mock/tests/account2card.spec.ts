import { expect, test } from './fixtures.js';
import { Client, sha256 } from './client.js';

test.describe('account to card payment', () => {
  test('success is 200 {transaction, payment} with credentials {card_pan: recipient_pan}', async ({ api }) => {
    const body = api.a2cBody({ recipient_pan: '2200700112345672' });
    const r = await api.a2c(body);
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['payment', 'transaction']);
    expect(r.json.transaction).toBe(body.transaction);
    expect(r.json.payment).toMatchObject({ state: 'processing', error_code: null, error_description: null, credentials: { card_pan: '2200700112345672' } });
    expect(Object.keys(r.json.payment.credentials)).toEqual(['card_pan']);
  });

  test('a missing X-Sign gets 401 {message}, before body validation', async ({ api }) => {
    for (const body of [api.a2cBody(), {}]) {
      const r = await api.a2c(body, null);
      expect(r.status).toBe(401);
      expect(Object.keys(r.json)).toEqual(['message']);
    }
  });

  test('a wrong X-Sign gets 401 (other key, other bytes, not base64, empty)', async ({ api, otherMerchant }) => {
    const body = api.a2cBody();
    const raw = JSON.stringify(body);
    const cases = [api.xSign(raw, otherMerchant.privateKey), api.xSign(JSON.stringify(body, null, 1)), 'not base64!', api.xSign(raw).replace(/=+$/, ''), ''];
    for (const xsign of cases) {
      const r = await api.a2c(raw, xsign);
      expect(r.status, xsign.slice(0, 12)).toBe(401);
      expect(Object.keys(r.json)).toEqual(['message']);
    }
    // an invalid body with a wrong X-Sign is still 401
    expect((await api.a2c('{}', api.xSign('{"a":1}'))).status).toBe(401);
  });

  test('X-Sign is over the exact bytes: the same body formatted differently verifies when signed as sent', async ({ api }) => {
    const raw = JSON.stringify(api.a2cBody(), null, 2);
    expect((await api.a2c(raw)).status).toBe(200);
  });

  test('an unknown api_key with an X-Sign that verifies with a known key gets 422 keyed api_key', async ({ api }) => {
    const r = await api.a2c(api.a2cBody({ api_key: 'nobody' }));
    expect(r.status).toBe(422);
    expect(Object.keys(r.json)).toEqual(['api_key']);
  });

  test('another merchant signs its own requests with its own key', async ({ api, otherMerchant }) => {
    const other = new Client(api.url, otherMerchant);
    expect((await other.a2c(other.a2cBody())).status).toBe(200);
  });

  test('amount from 100000 to 1500000 inclusive', async ({ api }) => {
    for (const [amount, status] of [
      [100000, 200],
      [1500000, 200],
      [99999, 422],
      [1500001, 422],
      [100000.5, 422],
      ['150000', 422],
    ] as const) {
      const r = await api.a2c(api.a2cBody({ amount }));
      expect(r.status, String(amount)).toBe(status);
      if (status === 422) expect(Object.keys(r.json)).toEqual(['amount']);
    }
  });

  test('payer_phone: 10 to 15 digits with an optional plus', async ({ api }) => {
    for (const [phone, ok] of [
      ['9001234567', true],
      ['+79001234567', true],
      ['123456789012345', true],
      ['123456789', false],
      ['1234567890123456', false],
      ['+7 900 123 45 67', false],
      ['++79001234567', false],
    ] as const) {
      const r = await api.a2c(api.a2cBody({ payer_phone: phone }));
      expect(r.status, phone).toBe(ok ? 200 : 422);
      if (!ok) expect(Object.keys(r.json)).toEqual(['payer_phone']);
    }
  });

  test('recipient_pan: 13 to 19 digits passing the Luhn check', async ({ api }) => {
    for (const [pan, ok] of [
      ['4222222222222', true],
      ['4111111111111111', true],
      ['6011000990139424', true],
      ['4111111111111112', false],
      ['411111111111', false],
      ['41111111111111111111', false],
      ['4111-1111-1111-1111', false],
    ] as const) {
      const r = await api.a2c(api.a2cBody({ recipient_pan: pan }));
      expect(r.status, pan).toBe(ok ? 200 : 422);
      if (!ok) expect(Object.keys(r.json)).toEqual(['recipient_pan']);
    }
  });

  test('required fields and the signature over recipient_pan', async ({ api, merchant }) => {
    const r = await api.a2c({});
    expect(r.status).toBe(422);
    expect(Object.keys(r.json).sort()).toEqual(['amount', 'api_key', 'payer_fio', 'payer_phone', 'recipient_pan', 'signature', 'transaction']);
    for (const msgs of Object.values(r.json) as string[][]) expect(msgs.join(' ')).toMatch(/required/i);
    const body = api.a2cBody();
    const noPan = sha256(`${merchant.apiKey}${body.transaction}${body.amount}${merchant.cryptoKey}`);
    const bad = await api.a2c({ ...body, signature: noPan });
    expect(Object.keys(bad.json)).toEqual(['signature']);
  });

  test('a duplicate transaction is keyed transaction', async ({ api }) => {
    const body = api.a2cBody();
    expect((await api.a2c(body)).status).toBe(200);
    const again = await api.a2c(body);
    expect(again.status).toBe(422);
    expect(Object.keys(again.json)).toEqual(['transaction']);
  });
});
