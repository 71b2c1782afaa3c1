// For each variation: a probe that is true when its behaviour is observed (false on a clean provider).
import { createHmac, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { Client, pageOf, PATHS, sendTo, type Json } from './client.js';
import { OTHER_MERCHANT } from './fixtures.js';
import { connectStatus, framedTwoWays, methodExchange, rawExchange } from './raw-http.js';
import type { CallbackReceiver } from './receiver.js';
import { gzipOfZeros, zipOfOne } from './archives.js';
import { STACKS, stackVariation } from '../stacks/catalog.js';
import { h2Downgrade } from './raw-h2.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_ANTIFRAUD_IP } from '../../contracts/operation-facts.js';

interface ProbeEnv {
  receiver: CallbackReceiver;
  page: Page;
}
export type Probe = (api: Client, env: ProbeEnv) => Promise<boolean>;

const CREATED_AT = /^\d{8}T\d{6}\.\d{6}Z$/;

/** An invoice whose credentials have the shape asked for (the provider may alternate them). */
async function invoiceWith(api: Client, shape: 'card_pan' | 'phone', tries = 4): Promise<Json> {
  for (let i = 0; i < tries; i++) {
    const inv = (await api.invoice({ amount: 123456 })).json;
    if (shape in inv.payment.credentials) return inv;
  }
  return undefined;
}

/** The page as a browser shows it once it has settled (a script-rendered page fills in later). */
async function pageText(page: Page, url: string): Promise<string> {
  await page.goto(url);
  await page
    .getByRole('button')
    .first()
    .waitFor({ timeout: 3000 })
    .catch(() => undefined);
  return page.locator('body').innerText();
}

/**
 * Clicks and waits for the navigation the click starts (a script's form submit, a redirect after it) to
 * land. A redirect to the merchant is not routed by Playwright (only the first request of a redirect
 * chain is): Chromium shows its error page, then reloads it on its own about a second later.
 */
async function clickAndSettle(page: Page, button: ReturnType<Page['getByRole']>): Promise<void> {
  const before = page.url();
  await button.click();
  await page.waitForURL((u) => u.href !== before && u.protocol !== 'chrome-error:', { timeout: 5000 }).catch(() => undefined);
  await page.waitForLoadState('load');
}

/** The page of a card recipient's invoice of 1 234,56 rubles, as the browser shows it. */
async function cardPage(api: Client, page: Page): Promise<{ pan: string; text: string }> {
  const inv = await invoiceWith(api, 'card_pan');
  return { pan: inv.payment.credentials.card_pan, text: await pageText(page, inv.redirect_url) };
}

/** The state once it has left processing (a press may settle later), or as it is after 3 s. */
async function settled(api: Client, transaction: string): Promise<Json> {
  for (let waited = 0; ; waited += 100) {
    const payment = (await api.status(transaction)).json.payment;
    if (payment.state !== 'processing' || waited >= 3000) return payment;
    await sleep(100);
  }
}

async function callbackOf(api: Client, receiver: CallbackReceiver, timeoutMs = 8000, payloadExtra: Record<string, unknown> = {}) {
  const inv = (await api.invoice({}, payloadExtra)).json;
  const pressedAt = Date.now();
  await api.press(inv.redirect_url, 'pay');
  const cb = await receiver.waitFor((c) => (c.json as Json)?.transaction === inv.transaction, timeoutMs);
  return { inv, cb, afterMs: cb.at - pressedAt };
}

/** The answer to a new invoice's payment page, as a browser asks for it. */
async function pageAnswer(api: Client) {
  return sendTo(pageOf((await api.invoice()).json.redirect_url), { headers: { accept: 'text/html' } });
}

/** The UTC milliseconds of a created_at (whole seconds). */
function createdAtMs(s: string): number {
  return Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13), +s.slice(13, 15));
}

const EXTRA_HEADERS = ['x-request-id', 'cache-control', 'strict-transport-security', 'server', 'x-powered-by', 'vary'];

export const VARIATION_PROBES: Record<string, Probe> = {
  'json-key-order': async (api) => {
    const json = (await api.invoice()).json;
    return Object.keys(json)[0] === 'deeplink' && Object.keys(json.payment)[0] === 'created_at';
  },
  'json-pretty': async (api) => {
    const { text } = await api.invoice();
    return text.startsWith('{\n  "') && text.endsWith('}\n');
  },
  'json-unicode-escapes': async (api) => {
    // A Cyrillic holder's status answer, or (card recipients only) a validation answer, Russian when its messages are.
    const inv = await invoiceWith(api, 'phone');
    const { text } = inv ? await api.status(inv.transaction) : await api.post(PATHS.invoice, {});
    return (
      !/[^\x00-\x7f]/.test(text) && /\\u04[0-9a-f]{2}/.test(text) && (!inv || JSON.parse(text).payment.credentials.holder === inv.payment.credentials.holder)
    );
  },
  'content-type-no-charset': async (api) => (await api.invoice()).headers.get('content-type') === 'application/json',
  'content-type-letter-case': async (api) => (await api.post(PATHS.invoice, {})).headers.get('content-type') === 'Application/JSON; Charset=UTF-8',
  'extra-headers': async (api) => {
    const inv = await api.invoice();
    const page = await sendTo(inv.json.redirect_url);
    return [inv, page].every((r) => EXTRA_HEADERS.every((h) => r.headers.has(h)));
  },
  'connection-close': async (api) => {
    const a = await rawExchange(api.url + PATHS.status, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    // Closed before any idle timer of the other variations (keep-alive-1s) would close it; the machine may be busy.
    return a.headers.connection === 'close' && a.closedAfterMs !== undefined && a.closedAfterMs < 900;
  },
  chunked: async (api) => {
    const a = await rawExchange(api.url + PATHS.invoice, {
      method: 'POST',
      body: JSON.stringify(api.invoiceBody()),
      headers: { 'content-type': 'application/json' },
    });
    return (
      a.status === 200 &&
      a.headers['transfer-encoding'] === 'chunked' &&
      !('content-length' in a.headers) &&
      a.chunks >= 2 &&
      JSON.parse(a.body).payment !== undefined
    );
  },
  'keep-alive-1s': async (api) => {
    // Node closes an idle socket a little after the timeout it announces (keepAliveTimeoutBuffer).
    const a = await rawExchange(api.url + PATHS.status, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, watchMs: 4000 });
    return a.headers['keep-alive'] === 'timeout=1' && a.closedAfterMs !== undefined && a.closedAfterMs > 800 && a.closedAfterMs < 3000;
  },
  'keep-alive-500ms': async (api) => {
    const a = await rawExchange(api.url + PATHS.status, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, watchMs: 3000 });
    return a.headers['keep-alive'] === undefined && a.closedAfterMs !== undefined && a.closedAfterMs > 400 && a.closedAfterMs < 1500;
  },
  slow: async (api) => {
    let t = performance.now();
    const inv = (await api.invoice()).json;
    const apiMs = performance.now() - t;
    t = performance.now();
    await sendTo(inv.redirect_url);
    return apiMs >= 300 && performance.now() - t >= 300;
  },
  'network-latency-50ms': async (api) => {
    let t = performance.now();
    const inv = (await api.invoice()).json;
    const apiMs = performance.now() - t;
    t = performance.now();
    await sendTo(inv.redirect_url);
    return apiMs >= 50 && performance.now() - t >= 50;
  },
  'network-drops': async (api) => {
    // Request 60 is dropped before it is handled, request 120 after: the payment is stored, the answer lost.
    const lost = (r: Promise<unknown>) => r.then(() => false).catch(() => true);
    const statuses = async (n: number) => {
      for (let i = 0; i < n; i++) if ((await api.status(randomUUID())).status !== 404) return false;
      return true;
    };
    const before = api.invoiceBody();
    const after = api.invoiceBody();
    return (
      (await statuses(59)) &&
      (await lost(api.post(PATHS.invoice, before))) &&
      (await api.status(String(before.transaction))).status === 404 &&
      (await statuses(58)) &&
      (await lost(api.post(PATHS.invoice, after))) &&
      (await api.status(String(after.transaction))).status === 200
    );
  },
  'network-503-bursts': async (api) => {
    for (let i = 0; i < 119; i++) if ((await api.status(randomUUID())).status !== 404) return false;
    const body = api.invoiceBody();
    const burst = [await api.post(PATHS.invoice, body), await api.status(String(body.transaction)), await api.status(String(body.transaction))];
    const after = await api.status(String(body.transaction));
    return burst.every((r) => r.status === 503 && r.headers.get('retry-after') === '1' && Object.keys(r.json).join() === 'message') && after.status === 404;
  },
  'network-slow-sometimes': async (api) => {
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await api.status(randomUUID());
      times.push(performance.now() - t);
    }
    return times.slice(0, 49).every((ms) => ms < 800) && times[49] >= 800;
  },
  'rate-limit-429': async (api) => {
    // 45 page requests never count; then 39 API requests, and the 40th (an invoice) is refused and not processed.
    const pages = await Promise.all(Array.from({ length: 45 }, () => api.send('/pay/unknown-token')));
    for (let i = 0; i < 39; i++) if ((await api.post(PATHS.status, {})).status === 429) return false;
    const body = api.invoiceBody();
    const refused = await api.post(PATHS.invoice, body);
    const after = await api.status(String(body.transaction));
    return (
      pages.every((r) => r.status === 404) &&
      refused.status === 429 &&
      refused.headers.get('retry-after') === '1' &&
      Object.keys(refused.json).join() === 'message' &&
      after.status === 404
    );
  },
  'validation-other-wording': async (api) => {
    const json = (await api.post(PATHS.invoice, {})).json;
    return json.amount[0] === 'REQUIRED: amount must be provided' && Object.values(json).every((m) => /required/i.test((m as string[])[0]!));
  },
  'blank-text-required': async (api) => {
    // Blank: refused as required, keyed by the field; padded: taken as given.
    const blank = await api.invoice({ description: ' \t' });
    const padded = await api.invoice({ description: ' Оплата ' });
    return blank.status === 422 && /required/i.test((blank.json.description as string[])[0]!) && padded.status === 200;
  },
  'validation-several-messages': async (api) => {
    const json = (await api.invoice({ amount: 1, return_url: 'nope' })).json;
    const seconds = new Set(Object.values(json).map((m) => (m as string[])[1]));
    return Object.values(json).every((m) => (m as string[]).length === 2) && seconds.size === 1 && !seconds.has(undefined as never);
  },
  'validation-field-order': async (api) => {
    const keys = Object.keys((await api.post(PATHS.invoice, {})).json);
    return keys[0] === 'payload' && keys.at(-1) === 'api_key';
  },
  'validation-reports-signature': async (api) => {
    // Reported with a digest field missing or an unknown api_key; not with a present but invalid field, nor a duplicate.
    const missing = Object.keys((await api.invoice({ amount: undefined })).json);
    const missingPan = Object.keys((await api.a2c(api.a2cBody({ recipient_pan: '' }))).json);
    const unknownKey = Object.keys((await api.invoice({ api_key: 'nobody' })).json);
    const range = Object.keys((await api.invoice({ amount: 1 })).json);
    const luhn = Object.keys((await api.a2c(api.a2cBody({ recipient_pan: '4111111111111112' }))).json);
    const duplicate = api.invoiceBody();
    await api.post(PATHS.invoice, duplicate);
    const again = Object.keys((await api.post(PATHS.invoice, duplicate)).json);
    return (
      missing.sort().join() === 'amount,signature' &&
      missingPan.sort().join() === 'recipient_pan,signature' &&
      unknownKey.sort().join() === 'api_key,signature' &&
      range.join() === 'amount' &&
      luhn.join() === 'recipient_pan' &&
      again.join() === 'transaction'
    );
  },
  'messages-russian': async (api) => {
    const missing = (await api.post(PATHS.invoice, {})).json;
    const notFound = (await api.send('/nowhere')).json;
    const fraud = (await api.invoice({ payload: { client_id: 'c', client_ip: DEFAULT_ANTIFRAUD_IP } })).json;
    return missing.amount[0] === 'Поле amount обязательно (required)' && /[А-я]/.test(notFound.message) && fraud.message === 'Отказ антифрод-системы';
  },

  'messages-detailed': async (api) => /Unexpected end of JSON input/.test(String((await api.post(PATHS.invoice, '{"amount":')).json?.message)),
  'return-url-whatwg': async (api) => (await api.invoice({ return_url: 'https://merchant.example/re\nturn' })).status === 200,
  'amount-literal-strict': async (api) => {
    const reply = await api.post(PATHS.invoice, JSON.stringify(api.invoiceBody({ amount: 10_000 })).replace('"amount":10000', '"amount":1e4'));
    return reply.status === 422 && 'amount' in reply.json;
  },
  'payment-id-large': async (api) => {
    const ids = await Promise.all(Array.from({ length: 8 }, async () => (await api.invoice()).json.payment.id as number));
    return new Set(ids).size === 8 && ids.every((id) => Number.isSafeInteger(id) && id > 0) && ids.some((id) => id > 2 ** 32);
  },
  'ids-per-operation-disjoint': async (api) => {
    const invoices = [(await api.invoice()).json.payment.id, (await api.invoice()).json.payment.id];
    const a2c = [(await api.a2c(api.a2cBody())).json.payment.id, (await api.a2c(api.a2cBody())).json.payment.id];
    return invoices.every((id) => id % 2 === 0) && a2c.every((id) => id % 2 === 1);
  },
  'created-at-nodes-apart': async (api) => {
    const offsets: number[] = [];
    for (let i = 0; i < 4; i++) offsets.push(createdAtMs((await api.invoice()).json.payment.created_at) - Date.now());
    const apart = Math.max(...offsets) - Math.min(...offsets);
    return apart > 180_000 && apart < 220_000;
  },
  'created-at-any-micros': async (api) => {
    const stamps: string[] = [];
    for (let i = 0; i < 6; i++) stamps.push((await api.invoice()).json.payment.created_at);
    return stamps.every((s) => CREATED_AT.test(s)) && stamps.filter((s) => s.endsWith('.000000Z')).length >= 2;
  },
  // Two payments one after the other: with created-at-nodes-apart they come from both nodes, which average to the clock.
  'created-at-clock-skew': async (api) => {
    const ahead = [(await api.invoice()).json.payment.created_at, (await api.invoice()).json.payment.created_at].map((s) => createdAtMs(s) - Date.now());
    const mean = (ahead[0]! + ahead[1]!) / 2;
    return mean > 25_000 && mean < 35_000;
  },
  'error-code-number': async (api) => {
    const inv = (await api.invoice()).json;
    await api.press(inv.redirect_url, 'decline');
    return (await settled(api, inv.transaction)).error_code === 1001;
  },
  'deeplink-other-banks': async (api) => {
    const links = (await api.invoice()).json.deeplink as Record<string, string>;
    return (
      Object.keys(links).length === 3 &&
      'CREDIT_EUROPE_BANK_FOREIGN' in links &&
      !('SBERBANK_FOREIGN' in links) &&
      Object.values(links).every((v) => v.includes('?') && v.includes('#'))
    );
  },
  'deeplink-app-schemes': async (api) => {
    const links = (await api.invoice()).json.deeplink as Record<string, string>;
    return Object.values(links).every((v) => !/^https?:/.test(new URL(v).protocol) && v.includes('://'));
  },
  'credentials-card-only': async (api) => {
    for (let i = 0; i < 4; i++) if (!('card_pan' in (await api.invoice()).json.payment.credentials)) return false;
    return true;
  },
  'credentials-fps-only': async (api) => {
    for (let i = 0; i < 4; i++) if (!('phone' in (await api.invoice()).json.payment.credentials)) return false;
    return true;
  },
  'holder-names': async (api) => {
    const holders = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const c = (await api.invoice()).json.payment.credentials;
      if ('holder' in c) holders.add(c.holder);
    }
    return holders.size >= 3 && holders.has('IVANOVA ANNA');
  },
  'fps-phone-other-countries': async (api) => {
    const phones: string[] = [];
    for (let i = 0; i < 10; i++) {
      const c = (await api.invoice()).json.payment.credentials;
      if ('phone' in c) phones.push(c.phone);
    }
    return phones.every((p) => /^\d{10,15}$/.test(p)) && phones.some((p) => !p.startsWith('7')) && new Set(phones.map((p) => p.length)).size >= 2;
  },
  'a2c-deposited': async (api) => (await api.a2c(api.a2cBody())).json.payment.state === 'deposited',
  'upload-other-message': async (api) => (await api.upload({ api_key: api.merchant.apiKey, file: 'x' })).json.message === 'Файл принят в обработку, 2 записи',

  'page-other-origin': async (api, { page }) => {
    const inv = (await api.invoice({ amount: 123456 })).json;
    if (new URL(inv.redirect_url).origin === new URL(api.url).origin) return false;
    await page.goto(inv.redirect_url);
    await clickAndSettle(page, page.getByRole('button', { name: 'Pay', exact: true }));
    return (await settled(api, inv.transaction)).state === 'deposited';
  },
  'page-redirect': async (api) => {
    const inv = (await api.invoice()).json;
    const r = await fetch(inv.redirect_url, { redirect: 'manual' });
    const location = r.headers.get('location') ?? '';
    const target = new URL(location, inv.redirect_url);
    return r.status === 302 && target.pathname !== new URL(inv.redirect_url).pathname && (await sendTo(target.href)).text.startsWith('<!doctype html>');
  },
  'page-buttons-input': async (api, { page }) => {
    const inv = (await api.invoice()).json;
    await page.goto(inv.redirect_url);
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await pay.waitFor({ timeout: 3000 });
    return (await pay.evaluate((e) => e.outerHTML)).startsWith('<input type="submit" value="Pay"');
  },
  'page-buttons-link': async (api, { page }) => {
    const inv = (await api.invoice()).json;
    await page.goto(inv.redirect_url);
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await pay.waitFor({ timeout: 3000 });
    const isLink = (await pay.evaluate((e) => e.tagName)) === 'A';
    await clickAndSettle(page, pay);
    return isLink && (await settled(api, inv.transaction)).state === 'deposited';
  },
  'page-buttons-aria-label': async (api, { page }) => {
    const inv = (await api.invoice()).json;
    const text = await pageText(page, inv.redirect_url);
    const named = await page.getByRole('button', { name: 'Decline', exact: true }).count();
    return text.includes('Оплатить') && text.includes('Отклонить') && !/\bPay\b/.test(text) && named === 1;
  },
  'page-script-rendered': async (api, { page }) => {
    const inv = (await api.invoice()).json;
    // The HTML has no buttons; the JSON the script fetches has them, and the browser shows them (300 ms after load).
    const shell = (await sendTo(pageOf(inv.redirect_url))).text;
    const view = (await sendTo(`${pageOf(inv.redirect_url)}/view`)).json;
    await page.goto(inv.redirect_url, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Pay', exact: true }).waitFor({ timeout: 3000 });
    return !shell.includes('<form') && view?.payment?.id === inv.payment.id && (await page.locator('#amount').innerText()).length > 0;
  },
  'page-amount-plain': async (api, { page }) => {
    const text = await pageText(page, (await api.invoice({ amount: 123456 })).json.redirect_url);
    return text.includes('1234.56 RUB') && !text.includes('1 234,56');
  },
  'page-amount-english': async (api, { page }) => {
    const text = await pageText(page, (await api.invoice({ amount: 123456 })).json.redirect_url);
    return text.includes('RUB 1,234.56') && !text.includes('1234.56 RUB');
  },
  'page-amount-russian': async (api, { page }) => {
    const text = await pageText(page, (await api.invoice({ amount: 123456 })).json.redirect_url);
    return text.includes('1\u00a0234,56\u00a0₽') && !text.includes('RUB');
  },
  'page-amount-trimmed': async (api, { page }) => {
    const whole = await pageText(page, (await api.invoice({ amount: 10000 })).json.redirect_url);
    const tens = await pageText(page, (await api.invoice({ amount: 123450 })).json.redirect_url);
    return whole.includes('100 ₽') && !whole.includes('100,00') && tens.includes('1 234,5 ₽') && !tens.includes('1 234,50');
  },
  'page-card-full': async (api, { page }) => {
    const { pan, text } = await cardPage(api, page);
    return text.includes(pan);
  },
  'page-card-grouped': async (api, { page }) => {
    const { pan, text } = await cardPage(api, page);
    return text.includes(`${pan.slice(0, 4)} ${pan.slice(4, 6)}** **** ${pan.slice(-4)}`);
  },
  'page-card-last4': async (api, { page }) => {
    const { pan, text } = await cardPage(api, page);
    return text.includes(`•••• ${pan.slice(-4)}`) && !text.includes(pan.slice(0, 6));
  },
  'page-description-entity-encoded': async (api) => {
    const inv = (await api.invoice({ description: 'a<b & c' })).json;
    return (await sendTo(pageOf(inv.redirect_url), { headers: { accept: 'text/html' } })).text.includes('a&#60;b &#38; c');
  },
  'page-description-hidden': async (api, { page }) =>
    !(await pageText(page, (await api.invoice({ description: 'Hidden order 77' })).json.redirect_url)).includes('Hidden order 77'),
  'page-merchant-data-script': async (api, { page }) => {
    await pageText(page, (await api.invoice({ description: 'Order </script> 88' })).json.redirect_url);
    return (await page.locator('#payment-data').count()) === 1 && (await page.locator('#client').innerText()) === 'client-1';
  },
  'page-return-redirect': async (api) => {
    const inv = (await api.invoice()).json;
    const r = await fetch(`${pageOf(inv.redirect_url)}/pay`, { method: 'POST', headers: { accept: 'text/html' }, redirect: 'manual' });
    return r.status === 303 && r.headers.get('location') === 'https://merchant.example/return?order=42';
  },
  'rate-limit-429-pages': async (api) => {
    const inv = (await api.invoice()).json;
    const answers = [];
    for (let i = 0; i < 45; i++) answers.push((await fetch(inv.redirect_url, { headers: { accept: 'text/html' } })).status);
    return answers.filter((s) => s === 429).length === 1 && answers.filter((s) => s === 200).length === 44;
  },
  'press-see-other': async (api) => {
    const inv = (await api.invoice()).json;
    const r = await fetch(`${pageOf(inv.redirect_url)}/pay`, { method: 'POST', headers: { accept: 'text/html' }, redirect: 'manual' });
    const done = r.headers.get('location') ?? '';
    const result = await fetch(new URL(done, inv.redirect_url), { headers: { accept: 'text/html' } });
    return r.status === 303 && done.endsWith('/done') && result.status === 200 && (await result.text()).includes('the payment is done');
  },
  'press-settles-later': async (api, { receiver }) => {
    const inv = (await api.invoice()).json;
    const pressedAt = Date.now();
    const answer = (await api.press(inv.redirect_url, 'pay')).json;
    const right = (await api.status(inv.transaction)).json.payment.state;
    // On a loaded machine the status may only answer after the second: then it may be settled already.
    const rightInTime = right === 'processing' || Date.now() - pressedAt >= 900;
    const second = await api.press(inv.redirect_url, 'decline');
    const cb = await receiver.waitFor((c) => (c.json as Json)?.transaction === inv.transaction, 8000);
    const later = (await api.status(inv.transaction)).json.payment.state;
    return answer.payment.state === 'processing' && rightInTime && second.status === 409 && cb.at - pressedAt >= 900 && later === 'deposited';
  },

  'callback-delayed': async (api, { receiver }) => (await callbackOf(api, receiver)).afterMs >= 2900,
  'callback-at-least-once': async (api, { receiver }) => {
    const { inv } = await callbackOf(api, receiver);
    await sleep(800);
    const all = receiver.forTransaction(inv.transaction);
    return all.length === 2 && all[0]!.text === all[1]!.text;
  },
  'callback-extra-headers': async (api, { receiver }) => {
    const { cb } = await callbackOf(api, receiver);
    const hmac = createHmac('sha256', api.merchant.cryptoKey).update(cb.text, 'utf8').digest('hex');
    return (
      typeof cb.headers['user-agent'] === 'string' &&
      !cb.headers['user-agent'].startsWith('node') &&
      typeof cb.headers['x-request-id'] === 'string' &&
      cb.headers['x-signature'] === hmac
    );
  },
  'callback-no-charset': async (api, { receiver }) => (await callbackOf(api, receiver)).cb.headers['content-type'] === 'application/json',
  'callback-unicode-escapes': async (api, { receiver }) => {
    const { cb } = await callbackOf(api, receiver, 8000, { ключ: 'значение 🔑' });
    return /^[\x00-\x7f]*$/.test(cb.text) && cb.text.includes('\\u043a') && (cb.json as Json).payload.ключ === 'значение 🔑';
  },
  'callback-payload-jsonb': async (api, { receiver }) => {
    const { cb } = await callbackOf(api, receiver, 8000, { zz_long_key: 1e300, a: 5e-324, mid: 0.5 });
    const payload = (cb.json as Json).payload;
    const keys = Object.keys(payload);
    return (
      keys.indexOf('a') < keys.indexOf('mid') &&
      keys.indexOf('mid') < keys.indexOf('zz_long_key') &&
      new RegExp(`"zz_long_key": ?1${'0'.repeat(300)}\\b`).test(cb.text) &&
      new RegExp(`"a": ?0\\.${'0'.repeat(323)}5\\b`).test(cb.text) &&
      payload.zz_long_key === 1e300 &&
      payload.a === 5e-324
    );
  },
  'callback-pretty': async (api, { receiver }) => {
    const { cb, inv } = await callbackOf(api, receiver);
    const body = cb.json as Json;
    return (
      cb.text.startsWith('{\n  "payload": {') &&
      Object.keys(body).join() === 'payload,payment,transaction' &&
      body.transaction === inv.transaction &&
      body.payment.state === 'deposited'
    );
  },
  // Fields the merchant does not own
  'unknown-fields-refused': async (api) => {
    const inv = await api.invoice({ state: 'deposited', id: 7 });
    const a2c = await api.a2c(api.a2cBody({ payment: {} }));
    const status = await api.status(crypto.randomUUID(), { extra: 1 });
    return (
      inv.status === 422 &&
      Object.keys(inv.json).sort().join() === 'id,state' &&
      a2c.status === 422 &&
      Object.keys(a2c.json).join() === 'payment' &&
      status.status === 422 &&
      Object.keys(status.json).join() === 'extra'
    );
  },
  // Passive look at answers and pages: the other protections a provider may send
  'page-frame-csp-only': async (api) => {
    const page = await pageAnswer(api);
    return !page.headers.has('x-frame-options') && /FRAME-ANCESTORS 'NONE'/.test(page.headers.get('content-security-policy') ?? '');
  },
  'page-frame-sameorigin': async (api) => {
    const page = await pageAnswer(api);
    return page.headers.get('x-frame-options') === 'sameorigin' && !page.headers.has('content-security-policy');
  },
  'page-frame-merchant-origin': async (api) => {
    const page = await pageAnswer(api);
    return !page.headers.has('x-frame-options') && page.headers.get('content-security-policy') === 'frame-ancestors https://merchant.example';
  },
  'page-cache-private': async (api) => (await pageAnswer(api)).headers.get('cache-control') === 'private, no-cache',
  'page-cache-expired': async (api) => {
    const page = await pageAnswer(api);
    return page.headers.get('cache-control') === 'No-Store, Max-Age=0' && page.headers.get('pragma') === 'no-cache' && page.headers.get('expires') === '0';
  },
  'api-cors-any-origin': async (api) => {
    const reply = await api.send(PATHS.status, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', origin: 'https://any-site.example' },
    });
    return reply.headers.get('access-control-allow-origin') === '*' && !reply.headers.has('access-control-allow-credentials');
  },
  'api-cors-allowlist': async (api) => {
    const reply = await api.send(PATHS.status, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', origin: 'https://any-site.example' },
    });
    return reply.headers.get('access-control-allow-origin') === 'https://merchant.example' && reply.headers.get('access-control-allow-credentials') === 'true';
  },
  // Every address the provider hands out, followed and tampered
  'press-form-csrf-token': async (api) => {
    const inv = (await api.invoice()).json;
    const html = (await sendTo(pageOf(inv.redirect_url), { headers: { accept: 'text/html' } })).text;
    const token = /name="csrf_token" value="([0-9a-f]+)"/.exec(html)?.[1];
    const press = (body: string) =>
      sendTo(`${pageOf(inv.redirect_url)}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const refused = (await press('')).status === 403 && (await press('csrf_token=00')).status === 403;
    const stillProcessing = (await api.status(inv.transaction)).json.payment.state === 'processing';
    return token !== undefined && refused && stillProcessing && (await press(`csrf_token=${token}`)).status === 200;
  },
  'page-head-405': async (api) => {
    const inv = (await api.invoice()).json;
    return (await sendTo(pageOf(inv.redirect_url), { method: 'HEAD' })).status === 405;
  },
  'result-page-link-back': async (api) => {
    const inv = (await api.invoice()).json;
    const page = pageOf(inv.redirect_url);
    const result = await sendTo(`${page}/pay`, { method: 'POST', headers: { accept: 'text/html' }, redirect: 'manual' });
    return result.text.includes(`href="${new URL(page).pathname}"`);
  },
  // Callback refusals and merchant addresses (canaries)
  'callback-retry-after-honoured': async (api, { receiver }) => {
    // Only this invoice's first delivery is refused: the probes of the all-at-once run share the receiver.
    const inv = (await api.invoice()).json;
    const others = receiver.respond;
    receiver.respond = (c) =>
      (c.json as Json)?.transaction !== inv.transaction ? others(c) : receiver.forTransaction(inv.transaction).length === 1 ? 429 : 200;
    await api.press(inv.redirect_url, 'pay');
    await receiver.waitFor((c) => (c.json as Json)?.transaction === inv.transaction && receiver.forTransaction(inv.transaction).length >= 2, 10_000);
    const [first, again] = receiver.forTransaction(inv.transaction);
    return again!.at - first!.at >= 950;
  },
  'return-url-private-ip-refused': async (api) => {
    const refused = await Promise.all(
      ['http://127.0.0.1:8080/return', 'http://169.254.169.254/latest', 'http://[::1]/'].map((u) => api.invoice({ return_url: u })),
    );
    const taken = await api.invoice({ return_url: 'http://198.51.100.7/return' });
    return refused.every((r) => r.status === 422 && Object.keys(r.json).join() === 'return_url') && taken.status === 200;
  },
  // The same request spelled another way
  'spellings-refused': async (api) =>
    (await api.post(PATHS.invoice, api.invoiceBody(), { 'content-type': 'application/json; charset=utf-8' })).status === 415 &&
    (await api.post(`${PATHS.invoice}?ref=probe`, api.invoiceBody())).status === 404,
  'paths-normalised': async (api) => (await api.post(`/api/v1//payments/card2account/invoice/`, api.invoiceBody())).status === 200,
  // What the provider exposes besides its operations. The shell is probed off the dot-paths, which dot-paths-403
  // answers in the all-at-once provider.
  'unknown-paths-spa-shell': async (api) => {
    const reply = await api.send('/metrics');
    return reply.status === 200 && reply.text.includes('<div id="root"></div>') && (await api.post('/metrics', {})).status === 404;
  },
  'dot-paths-403': async (api) => (await api.send('/.git/HEAD')).status === 403 && (await api.send('/pay/.env')).status === 403,
  'openapi-published': async (api) => (await api.send('/openapi.json')).json?.openapi === '3.1.0',
  'api-v2-same-checks': async (api) =>
    (await api.post(PATHS.invoice.replace('/api/v1/', '/api/v2/'), api.invoiceBody())).status === 200 &&
    (await api.post(PATHS.invoice.replace('/api/v1/', '/api/v2/'), api.invoiceBody({ signature: 'f'.repeat(64) }))).status === 422,
  // Methods other than POST on the API paths, and CONNECT
  'methods-501': async (api) =>
    (await methodExchange(api.url + PATHS.invoice, 'TRACE')).status === 501 &&
    (await rawExchange(api.url + PATHS.invoice, { method: 'FOO', body: '{}' }).then((r) => r.status)) === 501,
  'options-204-allow': async (api) => {
    const reply = await methodExchange(api.url + PATHS.invoice, 'OPTIONS', JSON.stringify(api.invoiceBody()));
    return reply.status === 204 && reply.headers.allow === 'POST, OPTIONS';
  },
  'unknown-method-closed': async (api) =>
    rawExchange(api.url + PATHS.invoice, { method: 'post', body: '{}' }).then(
      () => false,
      () => true, // the connection closed without an answer
    ),
  'connect-405': async (api) => (await connectStatus(api.url, new URL(api.url).host)) === 405,
  // Request framing: an ambiguous message closed without an answer, or framed by its chunks and the connection closed
  'framing-ambiguous-closed': async (api) => (await framedTwoWays(api.url, 'cl-before-te')).length === 0 && (await api.invoice()).status === 200,
  'framing-te-wins': async (api) => (await framedTwoWays(api.url, 'te-after-chunks')).join() === 'HTTP/1.1 422' && (await api.invoice()).status === 200,
  // Header fields only a proxy may set, refused at the edge
  'host-misdirected-421': async (api) =>
    (await methodExchange(api.url + PATHS.invoice, 'POST', JSON.stringify(api.invoiceBody()), { host: 'probe.invalid' })).status === 421 &&
    (await api.invoice()).status === 200,
  'forwarded-headers-refused': async (api) =>
    (await api.post(PATHS.invoice, api.invoiceBody(), { 'x-forwarded-for': '198.51.100.7' })).status === 400 && (await api.invoice()).status === 200,

  // The page's headers beyond the passive set
  'page-csp-nonce': async (api) => {
    const [one, two] = [await pageAnswer(api), await pageAnswer(api)];
    const nonce = (p: Awaited<ReturnType<typeof pageAnswer>>) =>
      /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(p.headers.get('content-security-policy') ?? '')?.[1];
    return nonce(one) !== undefined && nonce(one) !== nonce(two) && one.headers.get('reporting-endpoints') === 'pts-csp="/csp-reports"';
  },
  'page-coop-allow-popups': async (api) => (await pageAnswer(api)).headers.get('cross-origin-opener-policy') === 'same-origin-allow-popups',
  'page-cookie-host-prefix': async (api) =>
    /^__Host-pts_session=[0-9a-f]+; Path=\/; Secure; HttpOnly; SameSite=Strict$/.test((await pageAnswer(api)).headers.get('set-cookie') ?? ''),
  // Archives in the vehicle file upload
  'upload-unsafe-archives-refused-422': async (api) => {
    const status = async (file: Blob) => (await api.upload({ api_key: api.merchant.apiKey, file })).status;
    return (
      (await status(gzipOfZeros(11 * 1024 * 1024))) === 422 &&
      (await status(zipOfOne('../transports.csv', 'plate,vin\r\n'))) === 422 &&
      (await status(zipOfOne('transports.csv', 'plate,vin\r\n'))) === 200 &&
      (await status(new Blob([gzipSync('plate,vin\r\n')]))) === 200
    );
  },

  // What the page lets other origins learn
  'page-referrer-no-referrer': async (api) => (await pageAnswer(api)).headers.get('referrer-policy') === 'no-referrer',
  'page-corp-same-site': async (api) => (await pageAnswer(api)).headers.get('cross-origin-resource-policy') === 'same-site',
  'page-sec-fetch-refused': async (api) => {
    // Node's fetch writes Sec-Fetch-Mode cors whatever it is given: a cross-site load that is no navigation.
    const page = pageOf((await api.invoice()).json.redirect_url);
    const [script, plain] = [
      await sendTo(page, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'script' } }),
      await sendTo(page, { headers: { accept: 'text/html' } }),
    ];
    return script.status === 403 && plain.status === 200 && !plain.headers.has('cross-origin-resource-policy');
  },

  // Content negotiation and content coding
  'media-type-read-as-json': async (api) =>
    (await api.post(PATHS.invoice, api.invoiceBody(), { 'content-type': 'text/plain' })).status === 200 &&
    (await api.post(PATHS.invoice, api.invoiceBody({ signature: 'f'.repeat(64) }), { 'content-type': 'application/xml' })).status === 422,
  'gzip-decoded': async (api) => {
    const gzipped = (body: Json) =>
      api.send(PATHS.invoice, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync(JSON.stringify(body)),
      });
    return (await gzipped(api.invoiceBody())).status === 200 && (await gzipped(api.invoiceBody({ signature: 'f'.repeat(64) }))).status === 422;
  },
  'accept-406': async (api) => {
    const body = api.invoiceBody();
    const reply = await api.post(PATHS.invoice, body, { accept: 'text/html' });
    return reply.status === 406 && (await api.status(String(body.transaction))).status === 404;
  },
  // The page's own script: message listeners
  'page-postmessage-origin-checked': async (api) => {
    const html = (await pageAnswer(api)).text;
    return html.includes("window.addEventListener('message'") && html.includes('if (e.origin !== location.origin) return;');
  },
  'page-postmessage-resize': async (api) => (await pageAnswer(api)).text.includes('window.onmessage = function (e)'),
  // HTTP/2 downgrade: a correct h2 front refuses what RFC 9113 8.2 makes malformed, forwards the rest
  'h2-front-strict': async (api) =>
    (await h2Downgrade(api, 'valid')).ended === 'HTTP 200' &&
    (await Promise.all((['te', 'cl', 'crlf-value'] as const).map((how) => h2Downgrade(api, how)))).every((d) => d.ended === 'reset' && !d.smuggled),
  'h2-front-refuses-400': async (api) => {
    const d = await h2Downgrade(api, 'te');
    return d.ended === 'HTTP 400' && !d.smuggled && (await h2Downgrade(api, 'valid')).ended === 'HTTP 200';
  },
  'h2-front-drops-invalid-field': async (api) => {
    const d = await h2Downgrade(api, 'crlf-value');
    return d.ended === 'HTTP 200' && !d.smuggled && !(await h2Downgrade(api, 'te')).smuggled;
  },
  // Two merchants (the second is OTHER_MERCHANT, known to every provider these tests start)
  'transaction-unique-across-merchants': async (api) => {
    const inv = (await api.invoice()).json;
    return (await new Client(api.url, OTHER_MERCHANT).invoice({ transaction: inv.transaction })).status === 422;
  },
};

/** A stack of the panel shows in what its server answers to a path outside the API: its own page, not the provider's {message}. */
for (const stack of STACKS)
  VARIATION_PROBES[stackVariation(stack.name)] = async (api) => {
    const want = stack.behaviour.notFound('GET', '/no-such-path', false);
    const r = await fetch(`${api.url}/no-such-path`);
    const text = await r.text();
    return r.status === want.status && (r.headers.get('content-type') ?? undefined) === want.type && text.slice(0, 20) === want.body.slice(0, 20);
  };
