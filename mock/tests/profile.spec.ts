import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { DEFAULT_PROFILE, type Profile } from '../index.js';
import { Client, pageOf, sendTo } from './client.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_ANTIFRAUD_IP } from '../../contracts/operation-facts.js';

const MiB = 1024 * 1024;

/** A profile unlike the default almost everywhere: other paths and statuses, terse validation, no status method, page or callbacks. */
const OTHER: Profile = {
  ...DEFAULT_PROFILE,
  paths: { invoice: '/v2/invoices', account2card: '/v2/transfers', upload: '/v2/files', status: '/v2/status' },
  http: {
    jsonContentType: false,
    methodNotAllowed: 400,
    success: 201,
    validation: 400,
    malformed: 406,
    unauthorized: 403,
    antifraud: 451,
    notFound: 410,
    serverError: 503,
    retryAfter: [429],
  },
  validation: {
    reportsAllFields: false,
    nestedSeparator: '/',
    requiredPattern: 'обязательно',
    nullIsMissing: false,
    emptyStringIsMissing: false,
    blankTextIsMissing: true,
    signatureCaseInsensitive: false,
    duplicateTransactionRejected: true,
  },
  invoice: { initialState: 'deposited', deeplinkCount: 5, createdAtToleranceSeconds: 300 },
  antifraud: { invoiceClientIp: null },
  account2card: { xSignEncoding: 'hex', xSignCheckedFirst: false, successBody: false },
  upload: { encoding: 'multipart/form-data', maxFileBytes: 1000 },
  status: { enabled: false },
  paymentPage: { ...DEFAULT_PROFILE.paymentPage, enabled: false },
  callbacks: { ...DEFAULT_PROFILE.callbacks, enabled: false },
};

/** The default with Russian button names, one callback try, base64url X-Sign, another anti-fraud trigger, reusable transactions, a small upload limit. */
const RUSSIAN_PAGE: Profile = {
  ...DEFAULT_PROFILE,
  validation: { ...DEFAULT_PROFILE.validation, duplicateTransactionRejected: false },
  antifraud: { invoiceClientIp: '192.0.2.99' },
  account2card: { ...DEFAULT_PROFILE.account2card, xSignEncoding: 'base64url' },
  upload: { ...DEFAULT_PROFILE.upload, maxFileBytes: 2048 },
  paymentPage: { ...DEFAULT_PROFILE.paymentPage, payButton: 'Оплатить', declineButton: 'Отказаться' },
  callbacks: { ...DEFAULT_PROFILE.callbacks, minDeliveries: 1 },
};

const plainText = (r: { headers: Headers }) => r.headers.get('content-type') === 'text/plain; charset=utf-8';

test.describe('a provider following another profile', () => {
  test('the default profile of the provider is contracts/profile.default.json', () => {
    const file = JSON.parse(readFileSync(new URL('../../contracts/profile.default.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    delete file.$comment;
    expect(DEFAULT_PROFILE).toEqual(file);
  });

  test('paths, statuses and plain-text JSON of the profile; the status method off is an unknown path', async ({ startWith, merchant }) => {
    const api = new Client((await startWith({ profile: OTHER })).url, merchant, OTHER.paths);
    const ok = await api.invoice();
    expect(ok.status).toBe(201);
    expect(plainText(ok)).toBe(true);
    expect(ok.json.payment.state).toBe('deposited');
    expect(Object.keys(ok.json.deeplink)).toHaveLength(5);
    for (const key of Object.keys(ok.json.deeplink)) expect(key).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*_FOREIGN$/);
    expect((await api.post(DEFAULT_PROFILE.paths.invoice, api.invoiceBody())).status).toBe(410);
    const status = await api.status(ok.json.transaction);
    expect(status.status).toBe(410);
    expect(status.json).toEqual((await api.send('/nowhere', { method: 'POST' })).json);
    expect((await api.send(OTHER.paths.invoice, { method: 'GET' })).status).toBe(400);
    expect((await api.post(OTHER.paths.invoice, '{')).status).toBe(406);
    expect((await api.invoice({ payload: { client_id: 'c', client_ip: DEFAULT_ANTIFRAUD_IP } })).status).toBe(201); // no anti-fraud trigger
  });

  test('a provider failure takes the profile serverError status', async ({ startWith, merchant }) => {
    const api = new Client((await startWith({ profile: OTHER, faults: ['crash-on-deep-json'] })).url, merchant, OTHER.paths);
    const raw = JSON.stringify(api.invoiceBody({}, { deep: 0 })).replace('"deep":0', `"deep":${'['.repeat(40)}${']'.repeat(40)}`);
    expect((await api.post(OTHER.paths.invoice, raw)).status).toBe(503);
  });

  test('validation: the first invalid field only, nested names with "/", the pattern written into required messages; null and "" are wrong values', async ({
    startWith,
    merchant,
  }) => {
    const api = new Client((await startWith({ profile: OTHER })).url, merchant, OTHER.paths);
    const empty = await api.post(OTHER.paths.invoice, {});
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ api_key: ['Поле api_key обязательно'] });
    expect(Object.keys((await api.invoice({ payload: {} })).json)).toEqual(['payload/client_id']);
    for (const value of [null, '']) {
      const r = await api.invoice({ description: value });
      expect(Object.keys(r.json), JSON.stringify(value)).toEqual(['description']);
      expect(r.json.description.join(' ')).not.toMatch(/обязательно|required/i);
    }
    const body = api.invoiceBody();
    const upper = await api.post(OTHER.paths.invoice, { ...body, signature: String(body.signature).toUpperCase() });
    expect(Object.keys(upper.json)).toEqual(['signature']);
  });

  test('account to card: X-Sign in hex, checked after the fields; success without a body but a message', async ({ startWith, merchant }) => {
    const api = new Client((await startWith({ profile: OTHER })).url, merchant, OTHER.paths);
    const hex = (raw: string) => Buffer.from(api.xSign(raw), 'base64').toString('hex');
    const body = api.a2cBody();
    const raw = JSON.stringify(body);
    expect((await api.post(OTHER.paths.account2card, raw, { 'x-sign': api.xSign(raw) })).status).toBe(403); // base64 is not the profile's
    const ok = await api.post(OTHER.paths.account2card, raw, { 'x-sign': hex(raw) });
    expect(ok.status).toBe(201);
    expect(Object.keys(ok.json)).toEqual(['message']);
    expect((await api.post(OTHER.paths.account2card, '{}')).status).toBe(400); // fields before X-Sign
  });

  test('upload: the profile limit, and 413 only past 4 x the limit + 1 MiB', async ({ startWith, merchant }) => {
    const api = new Client((await startWith({ profile: OTHER })).url, merchant, OTHER.paths);
    expect((await api.upload({ api_key: merchant.apiKey, file: new Blob([new Uint8Array(1000)]) })).status).toBe(201);
    const over = await api.upload({ api_key: merchant.apiKey, file: new Blob([new Uint8Array(1001)]) });
    expect(over.status).toBe(400);
    expect(Object.keys(over.json)).toEqual(['file']);
    expect((await api.upload({ api_key: merchant.apiKey, file: new Blob([new Uint8Array(MiB + 4000 + 1)]) })).status).toBe(413);
  });

  test('payment page off: redirect_url opens a page without buttons, "Pay at the counter"; a press is an unknown page', async ({
    startWith,
    merchant,
    page,
  }) => {
    const api = new Client((await startWith({ profile: OTHER })).url, merchant, OTHER.paths);
    const inv = (await api.invoice()).json;
    await page.goto(inv.redirect_url);
    await expect(page.getByText('Pay at the counter')).toBeVisible();
    await expect(page.getByRole('button')).toHaveCount(0);
    expect((await sendTo(`${pageOf(inv.redirect_url)}/pay`, { method: 'POST' })).status).toBe(410);
  });

  test('the profile button names; one callback try (minDeliveries 1)', async ({ startWith, receiver, page }) => {
    const api = await startWith({ profile: RUSSIAN_PAGE });
    receiver.respond = () => 500;
    const inv = (await api.invoice()).json;
    await page.goto(inv.redirect_url);
    await expect(page.getByRole('button', { name: 'Отказаться', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await expect(page.locator('#state')).toHaveText('deposited');
    await receiver.waitFor((c) => c.text.includes(inv.transaction));
    await sleep(600); // past every retry delay of the test fixture
    expect(receiver.forTransaction(inv.transaction)).toHaveLength(1);
  });

  test('callbacks off: a settled payment sends none', async ({ startWith, receiver }) => {
    const api = await startWith({ profile: { ...DEFAULT_PROFILE, callbacks: { ...DEFAULT_PROFILE.callbacks, enabled: false } } });
    const inv = (await api.invoice()).json;
    expect((await api.press(inv.redirect_url, 'pay')).status).toBe(200);
    await sleep(400);
    expect(receiver.forTransaction(inv.transaction)).toHaveLength(0);
  });

  test('X-Sign in base64url, another anti-fraud trigger, a reused transaction is a new payment (status answers the latest), another upload limit', async ({
    startWith,
  }) => {
    const api = await startWith({ profile: RUSSIAN_PAGE });
    const body = api.a2cBody();
    const raw = JSON.stringify(body);
    const signature = Buffer.from(api.xSign(raw), 'base64');
    expect((await api.a2c(raw, signature.toString('base64url'))).status).toBe(200);
    expect((await api.a2c(JSON.stringify(api.a2cBody()), signature.toString('hex'))).status).toBe(401);
    expect((await api.invoice({ payload: { client_id: 'c', client_ip: '192.0.2.99' } })).status).toBe(403);
    expect((await api.invoice({ payload: { client_id: 'c', client_ip: DEFAULT_ANTIFRAUD_IP } })).status).toBe(200);
    const invoice = api.invoiceBody();
    const first = (await api.post(api.paths.invoice, invoice)).json;
    const second = await api.post(api.paths.invoice, invoice);
    expect(second.status).toBe(200);
    expect(second.json.payment.id).not.toBe(first.payment.id);
    expect((await api.status(String(invoice.transaction))).json.payment.id).toBe(second.json.payment.id);
    expect((await api.upload({ api_key: api.merchant.apiKey, file: new Blob([new Uint8Array(2048)]) })).status).toBe(200);
    expect(Object.keys((await api.upload({ api_key: api.merchant.apiKey, file: new Blob([new Uint8Array(2049)]) })).json)).toEqual(['file']);
  });

  test('the created_at clock option shifts created_at', async ({ startWith }) => {
    const api = await startWith({ clockSkewMs: -3_600_000 });
    const s: string = (await api.invoice()).json.payment.created_at;
    const at = Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13), +s.slice(13, 15));
    expect(Math.abs(at - (Date.now() - 3_600_000))).toBeLessThan(5000);
  });
});
