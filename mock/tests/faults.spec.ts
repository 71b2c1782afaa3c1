import { constants, createHmac, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect, OTHER_MERCHANT, test } from './fixtures.js';
import { faultCatalog, startProvider } from '../index.js';
import { Client, pageOf, PATHS, sendTo, sha256, type Json } from './client.js';
import type { CallbackReceiver } from './receiver.js';
import { connectStatus, framedTwoWays, methodExchange, rawExchange } from './raw-http.js';
import { gzipOfZeros, zipOfOne } from './archives.js';
import { h2Downgrade } from './raw-h2.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_ANTIFRAUD_IP } from '../../contracts/operation-facts.js';

const requirementIds = new Set<string>(
  (JSON.parse(readFileSync(new URL('../../contracts/requirements.json', import.meta.url), 'utf8')) as { requirements: { id: string }[] }).requirements.map(
    (r) => r.id,
  ),
);

const CREATED_AT = /^\d{8}T\d{6}\.\d{6}Z$/;
const MiB = 1024 * 1024;

type Probe = (api: Client, receiver: CallbackReceiver) => Promise<boolean>;

/** `count` invoices, ten at a time: what follows an early payment. */
async function invoices(api: Client, count: number): Promise<void> {
  for (let i = 0; i < count; i += 10) await Promise.all(Array.from({ length: 10 }, () => api.invoice()));
}

/** The UTC milliseconds of a created_at. */
function createdAtMs(createdAt: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})/.exec(createdAt)!;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
}

/** An invoice paid on its page: does the status still say processing once its callback has arrived? `askedBefore`: the status is asked once before the press too. */
async function statusStillProcessingAtCallback(api: Client, receiver: CallbackReceiver, askedBefore = false): Promise<boolean> {
  const inv = (await api.invoice()).json;
  if (askedBefore) await api.status(inv.transaction);
  await api.press(inv.redirect_url, 'pay');
  await receiver.waitFor((c) => (c.json as Json)?.transaction === inv.transaction);
  return (await api.status(inv.transaction)).json.payment.state === 'processing';
}

async function callbackOf(
  api: Client,
  receiver: CallbackReceiver,
  payloadExtra: Record<string, unknown> = {},
  overrides: Record<string, unknown> = {},
): Promise<Json> {
  const inv = (await api.invoice(overrides, payloadExtra)).json;
  await api.press(inv.redirect_url, 'pay');
  // Matched without regard to letter case: a fault may write the transaction otherwise.
  return (await receiver.waitFor((c) => String((c.json as Json)?.transaction).toLowerCase() === String(inv.transaction).toLowerCase())).json;
}

/** The payment page's HTML of an invoice of `amount` kopecks. */
async function pageOfAmount(api: Client, amount: number): Promise<string> {
  const inv = (await api.invoice({ amount })).json;
  return (await api.send(new URL(inv.redirect_url).pathname)).text;
}

const UPPER_CASE_TRANSACTION = () => crypto.randomUUID().toUpperCase();

/** For each fault: a probe that is true when the deviation is observed (false on a clean provider). */
const PROBES: Record<string, Probe> = {
  'accept-any-signature': async (api) => (await api.invoice({ signature: 'f'.repeat(64) })).status === 200,
  'signature-prefix-only': async (api) => {
    const b = api.invoiceBody();
    return (await api.post(PATHS.invoice, { ...b, signature: String(b.signature).slice(0, 8) + '0'.repeat(56) })).status === 200;
  },
  'signature-ignores-amount': async (api) => {
    const b = api.invoiceBody();
    return (await api.post(PATHS.invoice, { ...b, signature: sha256(`${api.merchant.apiKey}${b.transaction}${api.merchant.cryptoKey}`) })).status === 200;
  },
  'a2c-signature-ignores-pan': async (api) => {
    const b = api.a2cBody();
    return (await api.a2c({ ...b, signature: sha256(`${api.merchant.apiKey}${b.transaction}${b.amount}${api.merchant.cryptoKey}`) })).status === 200;
  },
  'signature-case-sensitive': async (api) => {
    const b = api.invoiceBody();
    return (await api.post(PATHS.invoice, { ...b, signature: String(b.signature).toUpperCase() })).status === 422;
  },
  'leaks-crypto-key': async (api) => (await api.invoice({ signature: '0'.repeat(64) })).text.includes(api.merchant.cryptoKey),
  'unknown-api-key-accepted': async (api) => {
    const b = api.invoiceBody({ api_key: 'nobody' });
    return (await api.post(PATHS.invoice, { ...b, signature: sha256(`nobody${b.transaction}${b.amount}${api.merchant.cryptoKey}`) })).status === 200;
  },
  'api-key-letter-case-ignored': async (api) => {
    const key = [...api.merchant.apiKey].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    const b = api.invoiceBody({ api_key: key });
    return (await api.post(PATHS.invoice, { ...b, signature: sha256(`${key}${b.transaction}${b.amount}${api.merchant.cryptoKey}`) })).status === 200;
  },
  'status-answers-cached': async (api, receiver) => statusStillProcessingAtCallback(api, receiver, true),
  'answers-in-windows-1251': async (api) => {
    const answers = [await api.invoice(), await api.invoice()];
    return answers.some((r) => r.text.includes('\uFFFD'));
  },
  'status-id-written-twice': async (api) => ((await api.status((await api.invoice()).json.transaction)).text.match(/"id":/g) ?? []).length > 1,
  'status-answers-public': async (api) => /public/.test((await api.status((await api.invoice()).json.transaction)).headers.get('cache-control') ?? ''),
  'upload-limit-decimal-mb': async (api) => (await api.upload({ api_key: api.merchant.apiKey, file: new Blob([new Uint8Array(10_000_001)]) })).status !== 200,
  'created-at-month-early': async (api) => (await api.invoice()).json.payment.created_at.slice(4, 6) !== String(new Date().getUTCMonth() + 1).padStart(2, '0'),
  'xsign-over-reserialized-body': async (api) => {
    const raw = JSON.stringify(api.a2cBody(), null, 2);
    return (await api.a2c(raw, sign('sha256', Buffer.from(raw), api.merchant.privateKey).toString('base64'))).status !== 200;
  },
  'callback-payload-drops-falsy': async (api, receiver) => !('flag' in (await callbackOf(api, receiver, { flag: false })).payload),
  'payment-id-from-clock': async (api) => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.invoice()));
    return new Set(answers.map((r) => r.json.payment.id)).size < answers.length;
  },
  'xsign-not-verified': async (api) => (await api.a2c(api.a2cBody(), null)).status === 200,
  'xsign-after-validation': async (api) => (await api.a2c({}, null)).status === 422,
  'invoice-amount-max-off-by-one': async (api) => (await api.invoice({ amount: 40000001 })).status === 200,
  'invoice-amount-min-exclusive': async (api) => (await api.invoice({ amount: 10000 })).status === 422,
  'a2c-amount-max-off-by-one': async (api) => (await api.a2c(api.a2cBody({ amount: 1500001 }))).status === 200,
  'amount-accepts-fraction': async (api) => (await api.invoice({ amount: 10000.5 })).status === 200,
  'amount-accepts-numeric-string': async (api) => (await api.invoice({ amount: '15000' })).status === 200,
  'validation-values-strings': async (api) => Object.values((await api.post(PATHS.invoice, {})).json).some((v) => !Array.isArray(v)),
  'validation-wrapped': async (api) => 'errors' in (await api.post(PATHS.invoice, {})).json,
  'validation-first-field-only': async (api) => Object.keys((await api.post(PATHS.invoice, {})).json).length === 1,
  'validation-underscore-names': async (api) => 'payload_client_id' in (await api.invoice({ payload: {} })).json,
  'required-message-missing': async (api) => !/required/i.test(JSON.stringify((await api.post(PATHS.invoice, {})).json)),
  'empty-string-accepted': async (api) => (await api.invoice({ description: '' })).status === 200,
  'client-ip-not-validated': async (api) => (await api.invoice({ payload: { client_id: 'c', client_ip: 'not-an-ip' } })).status === 200,
  'luhn-not-checked': async (api) => (await api.a2c(api.a2cBody({ recipient_pan: '4111111111111112' }))).status === 200,
  'payer-phone-not-validated': async (api) => (await api.a2c(api.a2cBody({ payer_phone: 'call me' }))).status === 200,
  'payload-array-accepted': async (api) => !('payload' in (await api.invoice({ payload: [] })).json),
  'return-url-not-validated': async (api) => (await api.invoice({ return_url: 'not a url' })).status === 200,
  'transaction-uuid-not-checked': async (api) =>
    (await api.invoice({ transaction: 'order-1', signature: api.invoiceSignature('order-1', 123456) })).status === 200,
  'payload-extra-rejected': async (api) => (await api.invoice({}, { order: 1 })).status === 422,
  'duplicate-transaction-accepted': async (api) => {
    const b = api.invoiceBody();
    await api.post(PATHS.invoice, b);
    return (await api.post(PATHS.invoice, b)).status === 200;
  },
  'validation-status-400': async (api) => (await api.post(PATHS.invoice, {})).status === 400,
  'invoice-status-201': async (api) => (await api.invoice()).status === 201,
  'created-at-iso': async (api) => !CREATED_AT.test((await api.invoice()).json.payment.created_at),
  'created-at-local-time': async (api) => Math.abs(createdAtMs((await api.invoice()).json.payment.created_at) - Date.now()) > 3600_000,
  'created-at-millis': async (api) => !CREATED_AT.test((await api.invoice()).json.payment.created_at),
  'state-pending': async (api) => (await api.invoice()).json.payment.state !== 'processing',
  'error-code-omitted': async (api) => !('error_code' in (await api.invoice()).json.payment),
  'transaction-not-echoed': async (api) => {
    const b = api.invoiceBody();
    return (await api.post(PATHS.invoice, b)).json.transaction !== b.transaction;
  },
  'deeplink-lowercase-keys': async (api) => Object.keys((await api.invoice()).json.deeplink).some((k) => !/^[A-Z]+_FOREIGN$/.test(k)),
  'deeplink-two': async (api) => Object.keys((await api.invoice()).json.deeplink).length !== 3,
  'fps-phone-plus': async (api) => {
    const creds = [(await api.invoice()).json.payment.credentials, (await api.invoice()).json.payment.credentials];
    return creds.some((c) => typeof c.phone === 'string' && c.phone.startsWith('+'));
  },
  'a2c-credentials-wrong': async (api) => {
    const b = api.a2cBody();
    return (await api.a2c(b)).json.payment.credentials.card_pan !== b.recipient_pan;
  },
  'antifraud-status-200': async (api) => (await api.invoice({ payload: { client_id: 'c', client_ip: DEFAULT_ANTIFRAUD_IP } })).status === 200,
  'message-error-extra-field': async (api) => Object.keys((await api.send('/nowhere')).json).length !== 1,
  'malformed-json-500': async (api) => (await api.post(PATHS.invoice, '{')).status === 500,
  'content-type-text-plain': async (api) => !/^application\/json/.test((await api.invoice()).headers.get('content-type') ?? ''),
  'unversioned-paths': async (api) =>
    (await api.invoice()).status === 404 && (await api.post(PATHS.invoice.replace('/api/v1/', '/api/'), api.invoiceBody())).status === 200,
  'get-allowed': async (api) => (await api.send(PATHS.invoice, { method: 'GET' })).status !== 405,
  'crash-on-deep-json': async (api) => {
    const raw = JSON.stringify(api.invoiceBody({}, { deep: 0 })).replace('"deep":0', `"deep":${'['.repeat(40)}${']'.repeat(40)}`);
    return (await api.post(PATHS.invoice, raw)).status === 500;
  },
  // A provider that fails on one input, every time (its front answers for it)
  'gateway-502-on-markup': async (api) =>
    (await api.invoice({ description: 'a <b>bold</b> order' })).status === 502 && (await api.invoice({ description: 'a <b>bold</b> order' })).status === 502,
  'gateway-504-on-long-text': async (api) => (await api.invoice({}, { client_id: 'ж'.repeat(9000) })).status === 504,
  'reset-on-control-characters': async (api) =>
    api.invoice({ description: 'order\u0001' }).then(
      () => false,
      () => true, // the connection closed without an answer
    ),
  'upload-no-size-limit': async (api) => (await api.upload({ api_key: api.merchant.apiKey, file: new Blob([new Uint8Array(10 * MiB + 1)]) })).status === 200,
  'upload-requires-signature': async (api) => 'signature' in ((await api.upload({ api_key: api.merchant.apiKey, file: 'x' })).json ?? {}),
  'upload-status-201': async (api) => (await api.upload({ api_key: api.merchant.apiKey, file: 'x' })).status === 201,
  'upload-unknown-key-accepted': async (api) => (await api.upload({ api_key: 'nobody', file: 'x' })).status === 200,
  'status-id-string': async (api) => {
    const inv = (await api.invoice()).json;
    return typeof (await api.status(inv.transaction)).json.payment.id === 'string';
  },
  'status-unknown-200': async (api) => (await api.status(crypto.randomUUID())).status === 200,
  'status-transaction-lower-cased': async (api) => {
    const transaction = UPPER_CASE_TRANSACTION();
    await api.invoice({ transaction });
    return (await api.status(transaction)).json.transaction !== transaction;
  },
  'page-kopecks-unpadded': async (api) => !(await pageOfAmount(api, 10005)).includes('100,05'),
  'page-thousands-from-left': async (api) => !(await pageOfAmount(api, 123456)).includes('1 234,56'),
  'page-amount-in-kopecks': async (api) => {
    const inv = (await api.invoice({ amount: 123456 })).json;
    return !(await api.send(new URL(inv.redirect_url).pathname)).text.includes('1 234,56');
  },
  'pay-declines': async (api) => {
    const inv = (await api.invoice()).json;
    return (await api.press(inv.redirect_url, 'pay')).json.payment.state !== 'deposited';
  },
  'decline-null-error': async (api) => {
    const inv = (await api.invoice()).json;
    return (await api.press(inv.redirect_url, 'decline')).json.payment.error_code === null;
  },
  'final-state-changes': async (api) => {
    const inv = (await api.invoice()).json;
    await api.press(inv.redirect_url, 'pay');
    await api.press(inv.redirect_url, 'decline');
    return (await api.status(inv.transaction)).json.payment.state !== 'deposited';
  },
  'callback-drops-payload': async (api, receiver) => !('order' in (await callbackOf(api, receiver, { order: 42 })).payload),
  'callback-stringifies-numbers': async (api, receiver) => (await callbackOf(api, receiver, { order: 42 })).payload.order !== 42,
  'callback-floats-14-digits': async (api, receiver) => (await callbackOf(api, receiver, { pi: Math.PI })).payload.pi !== Math.PI,
  'callback-long-strings-cut': async (api, receiver) => (await callbackOf(api, receiver, { note: 'я'.repeat(5000) })).payload.note !== 'я'.repeat(5000),
  'callback-max-50-parameters': async (api, receiver) => {
    const extras = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}`, i]));
    return Object.keys((await callbackOf(api, receiver, extras)).payload).length !== 62;
  },
  'callback-dotted-keys-nested': async (api, receiver) => !('a.b' in (await callbackOf(api, receiver, { 'a.b': 1 })).payload),
  'callback-single-element-arrays-unwrapped': async (api, receiver) => !Array.isArray((await callbackOf(api, receiver, { list: [[1]] })).payload.list),
  'callback-transaction-lower-cased': async (api, receiver) => {
    const transaction = UPPER_CASE_TRANSACTION();
    return (await callbackOf(api, receiver, {}, { transaction })).transaction !== transaction;
  },
  'callback-retry-rebuilt-from-store': async (api, receiver) => {
    // The first delivery of each transaction fails (the receiver may hold callbacks of earlier tests).
    receiver.respond = (c) => (receiver.forTransaction((c.json as Json)?.transaction).length === 1 ? 500 : 200);
    const inv = (await api.invoice({}, { big: 9007199254740991 })).json;
    await api.press(inv.redirect_url, 'pay');
    await receiver.waitFor(() => receiver.forTransaction(inv.transaction).length >= 2);
    const [first, again] = receiver.forTransaction(inv.transaction).map((c) => (c.json as Json).payload.big);
    return first !== again;
  },
  'wrong-type-400': async (api) => {
    const r = await api.invoice({ amount: '123456' });
    return r.status === 400 && Object.keys(r.json).join() === 'message';
  },
  'upload-validation-400': async (api) => {
    const r = await api.upload({ api_key: api.merchant.apiKey });
    return r.status === 400 && Object.keys(r.json).join() === 'message';
  },
  'a2c-state-created': async (api) => (await api.a2c(api.a2cBody())).json.payment.state === 'created',
  // The fault's window is one simulated round trip (5 ms): on a loaded machine eight copies sent at once can arrive
  // further apart than that, so bursts are sent until one meets it (a clean provider never accepts two).
  'duplicate-check-not-atomic': async (api) => {
    for (let burst = 0; burst < 10; burst++) {
      const b = api.invoiceBody();
      const answers = await Promise.all(Array.from({ length: 8 }, () => api.post(PATHS.invoice, b)));
      if (answers.filter((r) => r.status === 200).length > 1) return true;
    }
    return false;
  },
  'press-not-atomic': async (api, receiver) => {
    const inv = (await api.invoice()).json;
    const [pay, decline] = await Promise.all([api.press(inv.redirect_url, 'pay'), api.press(inv.redirect_url, 'decline')]);
    await receiver.waitFor(() => receiver.forTransaction(inv.transaction).length >= 2, 2000).catch(() => undefined);
    const states = new Set(receiver.forTransaction(inv.transaction).map((c) => (c.json as Json).payment.state));
    return pay.status === 200 && decline.status === 200 && states.size === 2;
  },
  'callback-before-store': async (api, receiver) => statusStillProcessingAtCallback(api, receiver),
  'status-lags': async (api, receiver) => statusStillProcessingAtCallback(api, receiver),
  // One round trip's window too (see duplicate-check-not-atomic): bursts until one meets it.
  'ids-reused-under-load': async (api) => {
    for (let burst = 0; burst < 10; burst++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => api.invoice()));
      if (new Set(answers.map((r) => r.json.payment.id)).size < answers.length) return true;
    }
    return false;
  },
  'ids-per-operation': async (api) => {
    const ids = [(await api.invoice()).json.payment.id, (await api.a2c(api.a2cBody())).json.payment.id];
    return ids[0] === ids[1];
  },
  'store-keeps-recent-only': async (api) => {
    const first = (await api.invoice()).json;
    await invoices(api, 250);
    return (await api.status(first.transaction)).status === 404 && (await api.send(new URL(first.redirect_url).pathname)).status === 404;
  },
  'status-created-at-rebuilt': async (api) => {
    const first = (await api.invoice()).json;
    await invoices(api, 250);
    return (await api.status(first.transaction)).json.payment.created_at !== first.payment.created_at;
  },
  'created-at-nodes-skewed': async (api) => {
    const [a, b] = [(await api.invoice()).json.payment.created_at, (await api.invoice()).json.payment.created_at];
    return Math.abs(createdAtMs(b) - createdAtMs(a)) > 300_000;
  },
  'duplicate-check-forgets-final': async (api) => {
    const b = api.invoiceBody();
    const inv = (await api.post(PATHS.invoice, b)).json;
    await api.press(inv.redirect_url, 'decline');
    return (await api.post(PATHS.invoice, b)).status === 200;
  },
  'duplicate-check-across-operations': async (api) => {
    const inv = api.invoiceBody();
    await api.post(PATHS.invoice, inv);
    return (await api.a2c(api.a2cBody({ transaction: inv.transaction }))).status === 422;
  },
  'callback-no-retry': async (api, receiver) => {
    receiver.respond = () => 500;
    const inv = (await api.invoice()).json;
    await api.press(inv.redirect_url, 'pay');
    await receiver.waitFor((c) => (c.json as Json)?.transaction === inv.transaction);
    await sleep(400);
    return receiver.forTransaction(inv.transaction).length === 1;
  },
  // Hostile input
  'page-description-unescaped': async (api) => {
    const inv = (await api.invoice({ description: '<b id="pts-probe">x</b>' })).json;
    return (await sendTo(pageOf(inv.redirect_url), { headers: { accept: 'text/html' } })).text.includes('<b id="pts-probe">');
  },
  'page-description-attribute-breakout': async (api) => {
    const inv = (await api.invoice({ description: 'x" data-pts-probe="1' })).json;
    return (await sendTo(pageOf(inv.redirect_url), { headers: { accept: 'text/html' } })).text.includes(' data-pts-probe="1"');
  },
  'status-pan-masked': async (api) => {
    for (let i = 0; i < 6; i++) {
      const inv = (await api.invoice()).json;
      const card = inv.payment.credentials.card_pan as string | undefined;
      if (card !== undefined) return (await api.status(inv.transaction)).json.payment.credentials.card_pan !== card;
    }
    return false;
  },
  'location-header-split': async (api) => {
    const reply = await api.invoice({ return_url: 'https://merchant.example/return\r\nX-Pts-Injected: 1' });
    if (reply.status !== 200) return false;
    const r = await fetch(`${pageOf(reply.json.redirect_url)}/pay`, { method: 'POST', headers: { accept: 'text/html' }, redirect: 'manual' });
    return r.headers.get('x-pts-injected') === '1';
  },
  'error-stack-trace': async (api) => /\n\s+at /.test(String((await api.post(PATHS.invoice, '{"amount":')).json?.message)),
  'signature-oracle': async (api) => {
    const b = api.invoiceBody();
    return (await api.post(PATHS.invoice, { ...b, signature: '0'.repeat(64) })).text.includes(String(b.signature));
  },
  'signature-hmac-accepted': async (api) => {
    const b = api.invoiceBody();
    const hmac = createHmac('sha256', api.merchant.cryptoKey).update(`${api.merchant.apiKey}${b.transaction}${b.amount}`).digest('hex');
    return (await api.post(PATHS.invoice, { ...b, signature: hmac })).status === 200;
  },
  'signature-array-coerced': async (api) => {
    const b = api.invoiceBody();
    return (await api.post(PATHS.invoice, { ...b, signature: [b.signature] })).status === 200;
  },
  'xsign-pss-accepted': async (api) => {
    const raw = JSON.stringify(api.a2cBody());
    const pss = sign('sha256', Buffer.from(raw), { key: api.merchant.privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
    return (await api.a2c(raw, pss.toString('base64'))).status === 200;
  },
  'amount-int32-wraps': async (api) => (await api.invoice({ amount: 2 ** 32 + 10_000 })).status === 200,
  'amount-exponent-crash': async (api) => {
    const raw = JSON.stringify(api.invoiceBody({ amount: 10_000 })).replace('"amount":10000', '"amount":1e4');
    return (await api.post(PATHS.invoice, raw)).status === 500;
  },
  'return-url-regex-unanchored': async (api) => (await api.invoice({ return_url: 'javascript:alert(1)//https://merchant.example/' })).status === 200,
  'client-ip-accepts-cidr': async (api) => (await api.invoice({ payload: { client_id: 'c', client_ip: '198.51.100.7/24' } })).status === 200,
  // Fields the merchant does not own
  'invoice-state-from-request': async (api) => {
    const inv = (await api.invoice({ state: 'deposited' })).json;
    return inv.payment.state === 'deposited' && (await api.status(inv.transaction)).json.payment.state === 'deposited';
  },
  'callback-payload-copied-by-key': async (api, receiver) => {
    const payload = (await callbackOf(api, receiver, JSON.parse('{"__proto__":{"polluted":"yes"},"n":{"__proto__":{"x":1}}}'))).payload;
    return !Object.hasOwn(payload, '__proto__') && !Object.hasOwn(payload.n, '__proto__');
  },
  'upload-writes-file-name': async (api) =>
    (await api.upload({ api_key: api.merchant.apiKey, file: 'x', fileName: '../../etc/passwd' })).status === 500 &&
    (await api.upload({ api_key: api.merchant.apiKey, file: 'x', fileName: `${'ж'.repeat(150)}.csv` })).status === 500,
  'upload-answer-quotes-path': async (api) =>
    String((await api.upload({ api_key: api.merchant.apiKey, file: 'x' })).json.message).includes('/var/pts/uploads/transports.csv'),
  'a2c-credentials-from-request': async (api) =>
    (await api.a2c(api.a2cBody({ payment: { credentials: { card_pan: '4000000000000002' } } }))).json.payment.credentials.card_pan === '4000000000000002',
  // Passive look at answers and pages
  'page-framable': async (api) => {
    const page = await sendTo(pageOf((await api.invoice()).json.redirect_url), { headers: { accept: 'text/html' } });
    return page.status === 200 && !page.headers.has('x-frame-options') && !page.headers.has('content-security-policy');
  },
  'page-cache-public': async (api) => {
    const page = await sendTo(pageOf((await api.invoice()).json.redirect_url), { headers: { accept: 'text/html' } });
    return page.headers.get('cache-control') === 'public, max-age=3600';
  },
  'api-cors-reflects-origin': async (api) => {
    const origin = 'https://any-site.example';
    const reply = await api.send(PATHS.status, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', origin } });
    return reply.headers.get('access-control-allow-origin') === origin && reply.headers.get('access-control-allow-credentials') === 'true';
  },

  // Every address the provider hands out, followed and tampered
  'press-answers-get': async (api) => {
    const inv = (await api.invoice()).json;
    await sendTo(`${pageOf(inv.redirect_url)}/pay`, { headers: { accept: '*/*' } });
    return (await api.status(inv.transaction)).json.payment.state !== 'processing';
  },
  'deeplink-previous-token': async (api) => {
    const first = (await api.invoice()).json;
    const second = (await api.invoice()).json;
    const token = new URL(first.redirect_url).pathname.split('/').pop()!;
    return Object.values(second.deeplink as Record<string, string>).some((v) => v.includes(token));
  },
  'press-form-payment-id': async (api) => {
    const [a, b] = [(await api.invoice()).json, (await api.invoice()).json];
    await sendTo(`${pageOf(a.redirect_url)}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_id=${b.payment.id}`,
    });
    return (await api.status(b.transaction)).json.payment.state !== 'processing';
  },
  'page-by-id': async (api) => {
    const inv = (await api.invoice({ amount: 1_234_567 })).json;
    const byId = new URL(String(inv.payment.id), pageOf(inv.redirect_url)).href;
    const page = await sendTo(byId, { headers: { accept: 'text/html' } });
    return page.status === 200 && page.text.includes('data-kopecks="1234567"');
  },
  // Callback refusals and merchant addresses (canaries)
  'callback-4xx-final': async (api, receiver) => (await deliveriesRefused(api, receiver, 404)) === 1,
  'callback-reset-final': async (api, receiver) => (await deliveriesRefused(api, receiver, 'reset')) === 1,
  // Two refusals: a clean provider pauses 100 then 200 ms (TEST_RETRY_DELAYS_MS) before the third delivery.
  'callback-retries-back-to-back': async (api, receiver) => {
    receiver.respond = (c) => (receiver.forTransaction((c.json as Json)?.transaction).length <= 2 ? 500 : 200);
    const inv = (await callbackOf(api, receiver)) as Json;
    const third = await receiver.waitFor((c) => (c.json as Json)?.transaction === inv.transaction && receiver.forTransaction(inv.transaction).length === 3);
    return third.at - receiver.forTransaction(inv.transaction)[0]!.at < 250;
  },
  // The first delivery held unanswered: a provider with its own time limit (3 s) delivers again within 4.5 s.
  'callback-try-without-timeout': async (api, receiver) => {
    receiver.respond = (c) => (receiver.forTransaction((c.json as Json)?.transaction).length === 1 ? 'hold' : 200);
    const inv = (await callbackOf(api, receiver)) as Json;
    const again = await receiver
      .waitFor((c) => (c.json as Json)?.transaction === inv.transaction && receiver.forTransaction(inv.transaction).length === 2, 4500)
      .then(
        () => true,
        () => false,
      );
    return !again;
  },
  'callback-follows-redirect': async (api, receiver) => {
    await deliveriesRefused(api, receiver, 307);
    return receiver.received.some((c) => c.path === '/redirected');
  },
  'return-url-fetched': async (api, receiver) => {
    const returnUrl = receiver.url.replace(/\/callbacks$/, `/return-${crypto.randomUUID()}`);
    await api.invoice({ return_url: returnUrl });
    return receiver.received.some((c) => returnUrl.endsWith(c.path));
  },
  'return-url-rebuilt': async (api) => {
    const returnUrl = 'https://merchant.example/a%2Fb?order=1#paid';
    const inv = (await api.invoice({ return_url: returnUrl })).json;
    const r = await fetch(`${pageOf(inv.redirect_url)}/pay`, { method: 'POST', headers: { accept: 'text/html' }, redirect: 'manual' });
    return !(await r.text()).includes(`href="${returnUrl}"`);
  },
  // The same request spelled another way, near misses, created_at over time
  'json-duplicate-keys-split': async (api) => {
    const [first, last] = [crypto.randomUUID(), crypto.randomUUID()];
    const body = JSON.stringify(api.invoiceBody({ transaction: first }));
    const reply = await api.post(PATHS.invoice, `${body.slice(0, -1)},"transaction":"${last}"}`);
    return reply.status === 200 && reply.json.transaction === last;
  },
  'path-alias-skips-signature': async (api) => (await api.post(`${PATHS.invoice}/`, api.invoiceBody({ signature: 'f'.repeat(64) }))).status === 200,
  'upload-limit-content-length-only': async (api) => {
    const boundary = 'pts-probe-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="api_key"\r\n\r\n${api.merchant.apiKey}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const parts = [Buffer.from(head), Buffer.alloc(10 * MiB + 1, 0x61), Buffer.from(`\r\n--${boundary}--\r\n`)];
    // A stream body: fetch sends it chunked, without Content-Length.
    const body = new ReadableStream({ pull: (c) => (parts.length ? c.enqueue(parts.shift()!) : c.close()) });
    const reply = await api.send(PATHS.upload, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    return reply.status === 200;
  },
  'chunked-created-then-refused': async (api) => {
    const body = api.invoiceBody();
    const bytes = Buffer.from(JSON.stringify(body));
    const stream = new ReadableStream({ start: (c) => (c.enqueue(bytes), c.close()) });
    const reply = await api.send(PATHS.invoice, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    return reply.status === 400 && (await api.status(String(body.transaction))).status === 200;
  },
  'created-at-clock-cached': async (api) => {
    const a = (await api.invoice()).json.payment.created_at;
    await sleep(1100);
    return (await api.invoice()).json.payment.created_at === a;
  },
  // What the provider exposes besides its operations
  'git-directory-served': async (api) =>
    (await api.send('/.git/HEAD')).text.startsWith('ref: refs/') && /^\[core\]$/m.test((await api.send('/.git/config')).text),
  'page-directory-autoindex': async (api) =>
    (await sendTo(`${pageOf((await api.invoice()).json.redirect_url).replace(/[^/]+$/, '')}`)).text.includes('<h1>Index of /pay/</h1>'),
  'env-file-served': async (api) => /^DATABASE_URL=postgres:\/\/[^:]+:[^@]+@/m.test((await api.send('/.env')).text),
  'api-v0-skips-signature': async (api) =>
    (await api.post(PATHS.invoice.replace('/api/v1/', '/api/v0/'), api.invoiceBody({ signature: 'f'.repeat(64) }))).status === 200,
  // Methods other than POST on the API paths, and CONNECT
  'options-carried-out': async (api) => {
    const body = api.invoiceBody();
    await methodExchange(api.url + PATHS.invoice, 'OPTIONS', JSON.stringify(body));
    return (await api.status(String(body.transaction))).status === 200;
  },
  'head-carried-out': async (api) => {
    const body = api.invoiceBody();
    await methodExchange(api.url + PATHS.invoice, 'HEAD', JSON.stringify(body));
    return (await api.status(String(body.transaction))).status === 200;
  },
  'trace-echoed': async (api) => {
    const traced = await methodExchange(api.url + PATHS.invoice, 'TRACE', '', { 'x-probe': 'marker-7f3a' });
    return traced.status === 200 && traced.body.includes('marker-7f3a');
  },
  'method-405-without-allow': async (api) => {
    const reply = await api.send(PATHS.invoice, { method: 'GET' });
    return reply.status === 405 && reply.headers.get('allow') === null;
  },
  'connect-tunnel': async (api) => (await connectStatus(api.url, '127.0.0.1:22')) === 200,
  // Request framing: the bytes after an ambiguously framed request answered as a request of their own
  'front-frames-by-content-length': async (api) => (await framedTwoWays(api.url, 'cl-before-te')).length === 2,
  'front-duplicate-content-length-first': async (api) => (await framedTwoWays(api.url, 'two-lengths')).length === 2,
  'http-parser-lenient': async (api) => (await framedTwoWays(api.url, 'te-after-chunks')).length === 2,
  'answer-length-in-characters': async (api) => {
    // Two invoices: the recipients alternate, and one answer carries the Cyrillic holder's name.
    const invoice = () =>
      rawExchange(api.url + PATHS.invoice, {
        method: 'POST',
        body: JSON.stringify(api.invoiceBody()),
        headers: { 'content-type': 'application/json' },
        watchMs: 0,
      });
    const bodies = [(await invoice()).body, (await invoice()).body];
    return bodies.some((b) => !b.endsWith('}')); // cut short by its Content-Length
  },
  // Header fields only a proxy may set, taken from the client
  'redirect-url-from-forwarded-host': async (api) =>
    String((await api.post(PATHS.invoice, api.invoiceBody(), { 'x-forwarded-host': 'probe.invalid' })).json?.redirect_url).startsWith('http://probe.invalid/'),
  'antifraud-reads-forwarded-for': async (api) =>
    (await api.post(PATHS.invoice, api.invoiceBody({}, { client_ip: DEFAULT_ANTIFRAUD_IP }), { 'x-forwarded-for': '198.51.100.7' })).status === 200,
  // Outgoing addresses too long for their receiver
  'return-url-truncated': async (api) => {
    const returnUrl = `https://merchant.example/${'a'.repeat(8192)}?order=1`;
    const inv = (await api.invoice({ return_url: returnUrl })).json;
    const r = await fetch(`${pageOf(inv.redirect_url)}/pay`, { method: 'POST', headers: { accept: 'text/html' }, redirect: 'manual' });
    return !(await r.text()).includes(`href="${returnUrl}"`);
  },

  // The page's headers and DOM beyond the passive set
  'page-csp-without-object-src': async (api) => {
    const csp = (await pageAnswer(api)).headers.get('content-security-policy') ?? '';
    return /frame-ancestors 'none'/.test(csp) && !/object-src|base-uri/.test(csp);
  },
  'page-csp-no-report': async (api) => {
    const csp = (await pageAnswer(api)).headers.get('content-security-policy') ?? '';
    return /object-src 'none'/.test(csp) && !/report-(uri|to)/.test(csp);
  },
  'page-no-coop': async (api) => {
    const page = await pageAnswer(api);
    return page.status === 200 && !page.headers.has('cross-origin-opener-policy');
  },
  'answers-without-nosniff': async (api) => {
    const page = await pageAnswer(api);
    return page.status === 200 && !page.headers.has('x-content-type-options') && !(await api.invoice()).headers.has('x-content-type-options');
  },
  'page-version-banner': async (api) => /\d/.test((await pageAnswer(api)).headers.get('server') ?? ''),
  'page-cookie-without-flags': async (api) => !/HttpOnly/i.test((await pageAnswer(api)).headers.get('set-cookie') ?? 'HttpOnly'),
  'page-cookie-unprefixed': async (api) =>
    /^pts_session=[0-9a-f]+; Path=\/; HttpOnly; SameSite=Lax$/.test((await pageAnswer(api)).headers.get('set-cookie') ?? ''),
  'page-cookie-oversized': async (api) => ((await pageAnswer(api)).headers.get('set-cookie') ?? '').split(';')[0]!.length > 4096,
  'page-merchant-script-without-integrity': async (api) =>
    /<script async src="https:\/\/merchant\.example\/widgets\/pay-badge\.js"><\/script>/.test((await pageAnswer(api)).text),
  'page-embeds-plugin': async (api) => /<embed type="application\/x-shockwave-flash"/.test((await pageAnswer(api)).text),
  // Archives in the vehicle file upload
  'upload-unpacks-gzip': async (api) =>
    (await api.upload({ api_key: api.merchant.apiKey, file: gzipOfZeros(21 * 1024 * 1024), fileName: 'transports.csv.gz' })).status === 500 &&
    (await api.upload({ api_key: api.merchant.apiKey, file: gzipOfZeros(1024), fileName: 'transports.csv.gz' })).status === 200,
  'upload-zip-path-in-error': async (api) => {
    const reply = await api.upload({ api_key: api.merchant.apiKey, file: zipOfOne('../../etc/cron.d/pts', 'x'), fileName: 'transports.zip' });
    return reply.status === 422 && /\/etc\/cron\.d\/pts is outside \/var\/pts\/unpacked\/\d+\//.test(String(reply.json.file));
  },

  // What the page lets other origins learn
  'page-referrer-unsafe-url': async (api) => (await pageAnswer(api)).headers.get('referrer-policy') === 'unsafe-url',
  'page-script-embeds-payment': async (api) => {
    const src = /<script src="(\/pay-assets\/payment-\d+\.js)"><\/script>/.exec((await pageAnswer(api)).text)?.[1];
    if (!src) return false;
    const script = await sendTo(new URL(src, api.url).href);
    return /^window\.PTS_PAYMENT = \{.*"credentials":\{.*"page_token":"[\w-]+"\};$/.test(script.text);
  },
  'page-jsonp-callback': async (api) => {
    const page = `${pageOf((await api.invoice()).json.redirect_url)}?callback=cb`;
    const reply = await sendTo(page);
    return /javascript/.test(reply.headers.get('content-type') ?? '') && reply.text.startsWith("/**/ typeof cb === 'function' && cb({");
  },
  'page-no-corp': async (api) => {
    const page = await sendTo(pageOf((await api.invoice()).json.redirect_url), { headers: CROSS_SITE_SCRIPT });
    return page.status === 200 && !page.headers.has('cross-origin-resource-policy');
  },
  // Content negotiation and content coding
  'other-media-type-skips-signature': async (api) =>
    (await api.post(PATHS.invoice, api.invoiceBody({ signature: 'f'.repeat(64) }), { 'content-type': 'text/plain' })).status === 200,
  'gzip-body-signature-skipped': async (api) => (await gzipPost(api, PATHS.invoice, api.invoiceBody({ signature: 'f'.repeat(64) }))).status === 200,
  'content-encoding-ignored-carried-out': async (api) =>
    (await api.post(PATHS.invoice, api.invoiceBody(), { 'content-encoding': 'x-pts-unknown' })).status === 200,
  'accept-406-after-create': async (api) => {
    const body = api.invoiceBody();
    const reply = await api.post(PATHS.invoice, body, { accept: 'application/xml' });
    return reply.status === 406 && (await api.status(String(body.transaction))).status === 200;
  },
  'media-type-refused-after-create': async (api) => {
    const body = api.invoiceBody();
    const reply = await api.post(PATHS.invoice, body, { 'content-type': 'text/plain' });
    return reply.status === 415 && (await api.status(String(body.transaction))).status === 200;
  },
  'accept-xml-server-error': async (api) => (await api.post(PATHS.invoice, api.invoiceBody(), { accept: 'application/xml' })).status === 500,
  'xsign-header-exact-case': async (api) => {
    const raw = JSON.stringify(api.a2cBody());
    const reply = await api.post(PATHS.account2card, raw, { 'x-sign': sign('sha256', Buffer.from(raw), api.merchant.privateKey).toString('base64') });
    return reply.status === 401;
  },
  'antifraud-refusal-stored': async (api) => {
    const body = api.invoiceBody({}, { client_ip: DEFAULT_ANTIFRAUD_IP });
    const refused = await api.post(PATHS.invoice, body);
    return refused.status === 403 && (await api.status(String(body.transaction))).status === 200;
  },
  'page-token-prefix': async (api) => {
    const page = pageOf((await api.invoice()).json.redirect_url);
    return (await sendTo(page.slice(0, -8), { headers: { accept: 'text/html' } })).status === 200;
  },
  'transaction-case-sensitive': async (api) => {
    const inv = (await api.invoice()).json;
    return (await api.invoice({ transaction: String(inv.transaction).toUpperCase() })).status === 200;
  },
  // The cost of an input: the time of one answer, far beyond a clean provider's
  'status-waits-for-replica': async (api) => {
    const inv = (await api.invoice()).json;
    const started = performance.now();
    await api.status(inv.transaction);
    return performance.now() - started > 1500;
  },
  'return-url-backtracking': async (api) => {
    const started = performance.now();
    await api.invoice({ return_url: `https://${'a'.repeat(20)}!` });
    return performance.now() - started > 300;
  },
  'payload-copied-quadratically': async (api) => {
    const started = performance.now();
    await api.invoice({}, Object.fromEntries(Array.from({ length: 4096 }, (_, i) => [`m${i}`, 'v'])));
    return performance.now() - started > 250;
  },
  // Security decisions under equivalence
  'api-key-normalised': async (api) => {
    const padded = `${api.merchant.apiKey} `;
    const transaction = crypto.randomUUID();
    const signature = sha256(padded + transaction + '10000' + api.merchant.cryptoKey);
    return (await api.invoice({ api_key: padded, transaction, amount: 10000, signature })).status === 200;
  },
  'transaction-uuid-v4-only': async (api) => (await api.invoice({ transaction: '1ec9414c-232a-6b00-b3c8-9e6bdeced846' })).status === 422,
  'client-ip-ipv6-full-form-only': async (api) => (await api.invoice({}, { client_ip: '2001:db8::1' })).status === 422,
  'json-names-case-folded': async (api) => {
    const { amount, ...rest } = api.invoiceBody();
    return (await api.post(PATHS.invoice, { ...rest, Amount: amount })).status === 200;
  },
  'antifraud-compares-text': async (api) => (await api.invoice({}, { client_ip: `::ffff:${DEFAULT_ANTIFRAUD_IP}` })).status === 200,
  // An invoice of HTTP/1.0 answered with Transfer-Encoding
  'chunked-to-http10': (api) =>
    new Promise<boolean>((resolve) => {
      const u = new URL(api.url + PATHS.invoice);
      const body = JSON.stringify(api.invoiceBody());
      const socket = connect(Number(u.port), u.hostname, () =>
        socket.write(
          `POST ${u.pathname} HTTP/1.0\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        ),
      );
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
      socket.on('close', () => resolve(/\r\ntransfer-encoding:/i.test(text.split('\r\n\r\n')[0]!)));
      socket.on('error', () => resolve(false));
    }),
  // No 100 Continue within a second of a head with Expect: 100-continue
  'expect-continue-unanswered': (api) =>
    new Promise<boolean>((resolve) => {
      const req = httpRequest(api.url + PATHS.invoice, { method: 'POST', headers: { 'content-type': 'application/json', expect: '100-continue' } });
      const waited = setTimeout(() => {
        req.destroy();
        resolve(true);
      }, 1000);
      req.on('continue', () => {
        clearTimeout(waited);
        req.end(JSON.stringify(api.invoiceBody()));
        resolve(false);
      });
      req.on('response', (r) => r.resume());
      req.on('error', () => undefined);
      req.flushHeaders();
    }),
  // The page in payers' conditions (the markup that makes each; the browser checks judge what it does)
  'page-labels-translated-alone': async (api) => {
    const inv = (await api.invoice()).json;
    return (await sendTo(pageOf(inv.redirect_url), { headers: { accept: 'text/html', 'accept-language': 'ru-RU,ru;q=0.9' } })).text.includes(
      'aria-label="Оплатить"',
    );
  },
  'page-pay-not-focusable': async (api) => /<div role="button"[^>]*onclick/.test((await pageAnswer(api)).text),
  'page-pay-covered-on-phone': async (api) => (await pageAnswer(api)).text.includes('class="app-banner"'),
  'page-amount-low-contrast-dark': async (api) => /prefers-color-scheme: dark[^<]*#amount/.test((await pageAnswer(api)).text),
  'page-beacon-token': async (api) => {
    const inv = (await api.invoice()).json;
    const html = (await sendTo(pageOf(inv.redirect_url), { headers: { accept: 'text/html' } })).text;
    return html.includes(encodeURIComponent(inv.redirect_url));
  },
  'page-stored-name-into-html': async (api) => (await pageAnswer(api)).text.includes("localStorage.getItem('payer_name')"),
  'page-address-into-html': async (api) => (await pageAnswer(api)).text.includes("insertAdjacentHTML('afterbegin', '<p>Opened from the ' + bank"),
  // The page's own script against hostile input
  'page-clobberable-config': async (api) => {
    const inv = (await api.invoice({ description: '<a id=pageConfig href="https://x.example/" onclick=y data-z=1>x</a><script>1</script>' })).json;
    const html = (await sendTo(pageOf(inv.redirect_url), { headers: { accept: 'text/html' } })).text;
    return html.includes('<a id="pageConfig" href="https://x.example/">x</a>') && html.includes('window.pageConfig');
  },
  'page-postmessage-pays': async (api) => {
    const html = (await pageAnswer(api)).text;
    return html.includes("window.addEventListener('message'") && !html.includes('e.origin');
  },
  // HTTP/2 downgrade: the second invoice an h2 stream's bytes carry is carried out behind the front
  'h2-front-copies-transfer-encoding': async (api) => (await h2Downgrade(api, 'te')).smuggled,
  'h2-front-trusts-content-length': async (api) => (await h2Downgrade(api, 'cl')).smuggled,
  'h2-front-crlf-in-value': async (api) => (await h2Downgrade(api, 'crlf-value')).smuggled,
  // Two merchants: the second is OTHER_MERCHANT, known to every provider these tests start
  'merchant-shared-across-requests': async (api) => {
    const other = new Client(api.url, OTHER_MERCHANT);
    const mine = Array.from({ length: 8 }, () => api.invoiceBody());
    await Promise.all(mine.flatMap((body) => [api.post(PATHS.invoice, body), other.invoice()]));
    const seen = await Promise.all(mine.map((body) => api.status(String(body.transaction))));
    return seen.some((r) => r.status !== 200);
  },
  'status-ignores-merchant': async (api) => {
    const inv = (await api.invoice()).json;
    return (await new Client(api.url, OTHER_MERCHANT).status(inv.transaction)).status === 200;
  },
  'payment-index-shared-across-merchants': async (api) => {
    const inv = (await api.invoice()).json;
    await new Client(api.url, OTHER_MERCHANT).invoice({ transaction: inv.transaction });
    return (await api.status(inv.transaction)).json.payment.id !== inv.payment.id;
  },
  'signature-any-merchant-key': async (api) => {
    const body = api.invoiceBody();
    // A's api_key, the digest made with B's crypto_key.
    const other = sha256(api.merchant.apiKey + String(body.transaction) + String(body.amount) + OTHER_MERCHANT.cryptoKey);
    return (await api.post(PATHS.invoice, { ...body, signature: other })).status === 200;
  },
};

/** What another site's script element sends (Fetch Metadata). */
const CROSS_SITE_SCRIPT = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' };

/** A JSON body gzip-coded, sent with Content-Encoding: gzip. */
function gzipPost(api: Client, path: string, body: Json) {
  return api.send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body: gzipSync(JSON.stringify(body)),
  });
}

/** The payment page of a new invoice, as a browser asks for it. */
async function pageAnswer(api: Client) {
  return sendTo(pageOf((await api.invoice()).json.redirect_url), { headers: { accept: 'text/html' } });
}

/** How many times a callback is delivered when its first delivery is refused with `answer` and the next taken. */
async function deliveriesRefused(api: Client, receiver: CallbackReceiver, answer: number | 'reset'): Promise<number> {
  receiver.respond = (c) => (receiver.forTransaction((c.json as Json)?.transaction).length === 1 ? answer : 200);
  const inv = (await callbackOf(api, receiver)) as Json;
  await sleep(400);
  return receiver.forTransaction(inv.transaction).length;
}

test.describe('fault catalog', () => {
  test('has at least 30 faults with unique names, each naming one existing requirement ID', () => {
    expect(faultCatalog.length).toBeGreaterThanOrEqual(30);
    expect(new Set(faultCatalog.map((f) => f.name)).size).toBe(faultCatalog.length);
    for (const f of faultCatalog) {
      expect(requirementIds.has(f.rule), `${f.name} -> ${f.rule}`).toBe(true);
      expect(f.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(f.description.length).toBeGreaterThan(10);
    }
  });

  test('an unknown fault name throws; the running provider lists its faults', async ({ merchant }) => {
    const m = { apiKey: merchant.apiKey, cryptoKey: merchant.cryptoKey, publicKeyPem: merchant.publicKeyPem };
    await expect(startProvider({ merchants: [m], faults: ['no-such-fault'] })).rejects.toThrow(/no-such-fault/);
    const p = await startProvider({ merchants: [m], faults: ['deeplink-two'] });
    expect(p.faults).toEqual(['deeplink-two']);
    await p.close();
  });

  test('every fault has a probe here', () => {
    expect(Object.keys(PROBES).sort()).toEqual(faultCatalog.map((f) => f.name).sort());
  });

  for (const f of faultCatalog) {
    test(`${f.name} (${f.rule}) changes behaviour; a clean provider does not`, async ({ startWith, receiver }) => {
      const probe = PROBES[f.name];
      test.skip(!probe, 'no probe');
      expect(await probe!(await startWith(), receiver), 'clean provider').toBe(false);
      receiver.reset();
      expect(await probe!(await startWith({ faults: [f.name] }), receiver), 'with the fault').toBe(true);
    });
  }
});
