import { expect, test, TEST_RETRY_DELAYS_MS } from './fixtures.js';
import { Client, PATHS, type Json } from './client.js';
import { DEFAULT_PROFILE } from '../index.js';

const EXTRA = { order: 42, price: 12.5, big: 1e21, flag: true, none: null, list: [1, 'two', { three: 3 }], nested: { a: { b: 'ü' } }, ключ: 'значение' };

test.describe('callbacks', () => {
  test('Pay sends {transaction, payment, payload} with every payload parameter unchanged', async ({ api, receiver }) => {
    const inv = (await api.invoice({}, EXTRA)).json;
    await api.press(inv.redirect_url, 'pay');
    const cb = await receiver.waitFor((c) => (c.json as Json)?.transaction === inv.transaction);
    expect(cb.headers['content-type']).toMatch(/^application\/json/);
    const body = cb.json as Json;
    expect(Object.keys(body).sort()).toEqual(['payload', 'payment', 'transaction']);
    expect(body.payment).toMatchObject({
      id: inv.payment.id,
      state: 'deposited',
      error_code: null,
      error_description: null,
      credentials: inv.payment.credentials,
    });
    expect(body.payload).toEqual({ client_id: 'client-1', client_ip: '198.51.100.7', ...EXTRA });
  });

  test('Decline sends a callback with state declined and the error fields', async ({ api, receiver }) => {
    const inv = (await api.invoice()).json;
    await api.press(inv.redirect_url, 'decline');
    const body = (await receiver.waitFor((c) => (c.json as Json)?.transaction === inv.transaction)).json as Json;
    expect(body.payment.state).toBe('declined');
    expect(body.payment.error_code).not.toBeNull();
  });

  test('a callback not answered 2xx is delivered again (here: 500, 500, then 200 = 3 tries)', async ({ api, receiver }) => {
    const inv = (await api.invoice()).json;
    let n = 0;
    receiver.respond = () => (++n < 3 ? 500 : 200);
    await api.press(inv.redirect_url, 'pay');
    await receiver.waitFor(() => receiver.forTransaction(inv.transaction).length >= 3);
    await new Promise((r) => setTimeout(r, TEST_RETRY_DELAYS_MS.at(-1)! + 200));
    expect(receiver.forTransaction(inv.transaction)).toHaveLength(3);
  });

  test('a callback never answered 2xx is tried profile callbacks.minDeliveries times in all (3 by default)', async ({ api, receiver }) => {
    const inv = (await api.invoice()).json;
    receiver.respond = () => 503;
    await api.press(inv.redirect_url, 'pay');
    const tries = DEFAULT_PROFILE.callbacks.minDeliveries;
    await receiver.waitFor(() => receiver.forTransaction(inv.transaction).length >= tries);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.forTransaction(inv.transaction)).toHaveLength(tries);
    const bodies = new Set(receiver.forTransaction(inv.transaction).map((c) => c.text));
    expect(bodies.size).toBe(1);
  });

  test('a deeply nested payload parameter arrives unchanged', async ({ api, receiver }) => {
    const depth = 15000;
    const raw = JSON.stringify(api.invoiceBody({}, { deep: 0 })).replace('"deep":0', `"deep":${'['.repeat(depth)}${']'.repeat(depth)}`);
    const inv = (await api.post(PATHS.invoice, raw)).json;
    await api.press(inv.redirect_url, 'pay');
    const cb = await receiver.waitFor((c) => c.text.includes(inv.transaction));
    expect(cb.text).toContain(`"deep":${'['.repeat(depth)}${']'.repeat(depth)}`);
  });

  test('no callback for a merchant without a callback address', async ({ api, otherMerchant, receiver }) => {
    const other = new Client(api.url, otherMerchant);
    const inv = (await other.invoice()).json;
    expect((await other.press(inv.redirect_url, 'pay')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.forTransaction(inv.transaction)).toHaveLength(0);
  });

  test('close() ends promptly with callback retries pending', async ({ startWith, receiver }) => {
    const provider = await startWith({ callbackRetryDelaysMs: [60_000, 60_000] });
    receiver.respond = () => 500;
    const inv = (await provider.invoice()).json;
    await provider.press(inv.redirect_url, 'pay');
    await receiver.waitFor((c) => c.text.includes(inv.transaction));
    // the fixture closes it; measure here with a second handle
    const t0 = Date.now();
    await fetch(provider.url + '/'); // keep-alive socket open
    const { startProvider } = await import('../index.js');
    const p = await startProvider({ merchants: [{ ...provider.merchant, callbackUrl: receiver.url }], callbackRetryDelaysMs: [60_000] });
    const c = new Client(p.url, provider.merchant);
    const inv2 = (await c.invoice()).json;
    await c.press(inv2.redirect_url, 'pay');
    await receiver.waitFor((x) => x.text.includes(inv2.transaction));
    await p.close();
    expect(Date.now() - t0).toBeLessThan(2000);
  });
});
