// Blind, independent provider of the Payment Transfer Service (default profile),
// written only from payment-transfer-service.md and defaults.md.
//
//   npx tsx tests/blind/provider.ts --port P --api-key K --crypto-key C \
//       --public-key FILE.pem --callback-url URL [--fault NAME]
//       [--api-key-2 K2 --crypto-key-2 C2 --public-key-2 FILE2.pem] [--list-faults]
//
// Node.js 20 standard library only. `--fault NAME` injects one realistic defect (see FAULTS).
import http from 'node:http';
import crypto from 'node:crypto';
import net from 'node:net';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

// ───────────────────────────── faults ─────────────────────────────
const FAULTS: Record<string, string> = {
  'amount-upper-exclusive': 'Invoice upper amount limit checked with < instead of <=, so exactly 400 000 rubles (40 000 000 kopecks) is refused.',
  'amount-numeric-string': 'A numeric string amount such as "150000" is coerced to an integer and accepted (PHP/Laravel-style "integer" rule).',
  'a2c-shared-min': 'Account-to-card reuses the invoice minimum (100 rubles = 10 000 kopecks) instead of 1 000 rubles.',
  'sig-prefix-32': 'The sha256 signature is compared on its first 32 hex characters only (legacy CHAR(32) md5 column).',
  'xsign-reserialized': 'X-Sign is verified over JSON.stringify(parsed body) instead of the exact received bytes.',
  'api-key-ci': 'api_key is looked up case-insensitively (MySQL *_ci collation), so a wrong-case key is accepted.',
  'dup-race': 'Duplicate-transaction check and insert are separated by an await (DB round trip), so concurrent duplicates both succeed.',
  'id-timestamp': 'payment.id is Date.now(), so two payments created in the same millisecond share an id.',
  'created-at-month': 'created_at uses the zero-based getUTCMonth() without +1, so the month is one behind.',
  'fps-phone-plus': 'Fast-payment-system credentials carry the phone in E.164 form with a leading "+".',
  'page-attr-xss': 'The description is also put in a title="" attribute escaped only for < > &, so a quote breaks out of the attribute.',
  'page-headers-get-only': 'Anti-framing and no-store headers are set on the GET page only, not on the page answered after a button press.',
  'page-decline-no-return': 'After Decline the page shows no way back to return_url (the decline template forgot the link).',
  'page-double-submit': 'The final-state guard is checked before an awaited acquirer call, so concurrent Pay and Decline both apply.',
  'callback-no-retry-4xx': 'Callbacks answered 4xx are treated as permanent and never re-delivered (only 5xx/network errors retried).',
  'callback-payload-filter': 'Falsy payload values (null, false, 0, "") are dropped from the callback payload (array_filter).',
  'status-cache': 'Status responses are cached for 30 s per transaction, so a state change is not seen after a first status call.',
  'status-cross-merchant': "Status looks a transaction up across all merchants, so one merchant can read another merchant's payment.",
  'status-masked-pan': 'The status method masks card_pan (PCI serializer), so its payment differs from the one originally returned.',
  'validation-empty-string': 'An empty string is treated as present, so it gets a format message (or passes) instead of "required".',
  'validation-bail-signature': 'A wrong signature short-circuits validation: only the signature key is reported.',
  'http-options-204': 'A CORS preflight handler answers OPTIONS on the API paths with 204 instead of 405.',
  'http-body-limit-100kb': 'JSON bodies are capped at 100 KiB (a framework default), so a valid invoice with a large payload gets 413.',
  'upload-limit-mb': 'The upload limit is 10 MB (10 000 000 bytes) instead of 10 MiB, so files between the two are refused.',
  'multipart-quoted-boundary': 'The multipart parser keeps the quotes of a quoted boundary parameter, so such uploads find no parts.',
  // round 3
  'page-pay-div-button': 'Pay is a <div role="button"> with a click listener: no tabindex, no key handler, so the keyboard cannot reach or press it.',
  'page-mobile-banner': 'Under 400 px wide a fixed "open in the app" banner sits over the fixed bottom bar that holds Pay and Decline.',
  'page-dark-amount': 'A dark colour scheme darkens the page background, but the amount keeps its hard-coded near-black brand colour.',
  'page-beacon-token': 'The page loads an analytics pixel from another origin whose URL carries the full page address (with its token) and the amount.',
  'page-bank-param-html': 'A page script writes the ?bank= query parameter of the deeplink into innerHTML ("Opened from the … app").',
  'redos-return-url': 'return_url is also matched by a "simple URL" metrics regex with nested quantifiers, which backtracks exponentially on a long host run.',
  'payload-copy-quadratic': 'payload is copied with reduce + object spread, which is O(n²) in the number of payload keys.',
  'tx-case-dup': 'The duplicate check keys on the transaction exactly as sent, so an upper-cased spelling of a used UUID counts as new.',
  'page-token-prefix': 'The payment page accepts any leading 8..32 hex characters of a page token ("short links"), matched by prefix.',
  'upload-key-trimmed': 'The upload trims whitespace around the api_key part before the lookup, so a near-miss key is accepted.',
  'invoice-500-after-insert': 'A description over 255 characters makes a second INSERT fail after the payment was stored: 500, but the payment exists.',
  'antifraud-refusal-callback': 'An anti-fraud refusal (403) is still stored as a declined payment and a callback is sent for it.',
  'json-bom-invoice': 'The invoice success answer starts with a UTF-8 byte order mark.',
  'json-duplicate-member': 'The invoice success answer carries the member "transaction" twice (envelope + resource).',
  'id-int64-unsafe': 'payment.id is a 64-bit snowflake written as a bare JSON number beyond 2^53, so JavaScript clients round it.',
  'cache-public-answers': 'Success answers that carry card data (invoice, account to card, status) are sent with Cache-Control: public, max-age=60.',
  'callback-follow-redirect': "Callback delivery follows 3xx redirects of the merchant's endpoint to any host, re-posting the signed body there.",
  'callback-retry-no-delay': 'Failed callbacks are retried back to back with no delay, so a short outage of the merchant loses the callback.',
  'callback-no-timeout': 'Callback delivery has no timeout: an endpoint that never answers blocks that callback and its retries.',
  'expect-continue-silent': 'A checkContinue handler routes "Expect: 100-continue" requests but never sends "100 Continue".',
  'xsign-header-exact-case': 'X-Sign is read from the raw headers with a case-sensitive name match, so "x-sign" (any other case) gets 401.',
  'content-type-exact-match': 'A JSON Content-Type other than exactly "application/json" or "application/json; charset=utf-8" gets 415.',
  'chunked-body-411': 'A request body without Content-Length (chunked) gets 411 with an HTML body.',
  // round 4
  'luhn-odd-length': 'The recipient_pan Luhn check doubles every second digit counted from the left, which is right for 16-digit PANs only.',
  'client-ip-ipv6-compressed': 'payload.client_ip accepts IPv6 only in the full eight-group form, so compressed addresses (2001:db8::1, ::1) are refused.',
  'uuid-v4-only': 'transaction must be a version-4 UUID (variant 8-b), so version 1, 6 and 7 UUIDs are refused as "not a valid UUID".',
  'pan-as-number': 'Account to card keeps recipient_pan as a double, so a 17-19 digit card number is paid to a rounded (other) card number.',
  'page-amount-float': 'The page splits the amount into rubles and kopecks with floating-point arithmetic, so some amounts show one kopeck less.',
  'page-fps-recipient': 'The page template only knows card credentials: a fast-payment-system recipient is shown as an empty "Card".',
  'page-aria-label-locale': 'With a Russian Accept-Language the buttons get Russian aria-labels while their visible text stays Pay and Decline.',
  'callback-php-assoc-array': 'The callback payload goes through PHP associative arrays: {} comes back as [] and {"0":..,"1":..} as a list.',
  'callback-retry-timer-shared': 'Callback retries share one module-level timer, so a failing callback of one payment cancels the pending retry of another.',
  'status-invoice-only': 'The status method looks in the invoice payments only: an account-to-card payment is answered 404.',
  'status-first-merchant-key': "The status signature is checked with the first merchant's crypto_key, so other merchants' correctly signed requests get 422.",
  'merchant-context-global':
    'The merchant of an invoice request is kept in a module-level variable across an await, so concurrent invoices of two merchants are filed under one.',
  'chunked-to-http10': 'JSON answers are streamed with an explicit Transfer-Encoding: chunked, also to HTTP/1.0 requests.',
  'json-keys-case-insensitive':
    'Top-level JSON field names are bound case-insensitively, so "Amount" or "API_KEY" stand in for a missing "amount" or "api_key".',
  'upload-fields-after-file-ignored': 'The upload reads the api_key part only if it comes before the file part (a streaming parser decides at the file).',
};

// ───────────────────────────── CLI ─────────────────────────────
function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    if (eq > 0) {
      out[a.slice(2, eq)] = a.slice(eq + 1);
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      out[a.slice(2)] = next;
      i++;
    } else out[a.slice(2)] = 'true';
  }
  return out;
}
const args = parseArgs(process.argv.slice(2));
if (args['list-faults']) {
  for (const [k, v] of Object.entries(FAULTS)) console.log(`${k}\t${v}`);
  process.exit(0);
}
function die(msg: string): never {
  console.error(`provider: ${msg}`);
  process.exit(2);
}
const FAULT = args.fault ?? '';
if (FAULT && !(FAULT in FAULTS)) die(`unknown fault "${FAULT}" (use --list-faults)`);
const F = (name: string): boolean => FAULT === name;
const PORT = Number(args.port ?? '0');
if (!Number.isInteger(PORT) || PORT < 0 || PORT > 65535) die('bad --port');
if (!args['api-key'] || !args['crypto-key']) die('--api-key and --crypto-key are required');
const CALLBACK_URL = args['callback-url'] ?? '';

interface Merchant {
  idx: number;
  apiKey: string;
  cryptoKey: string;
  publicKey: crypto.KeyObject | null;
}
function loadKey(file: string | undefined): crypto.KeyObject | null {
  if (!file) return null;
  try {
    return crypto.createPublicKey(fs.readFileSync(file));
  } catch (e) {
    die(`cannot read public key ${file}: ${(e as Error).message}`);
  }
}
const merchants: Merchant[] = [{ idx: 0, apiKey: args['api-key'], cryptoKey: args['crypto-key'], publicKey: loadKey(args['public-key']) }];
if (args['api-key-2'] && args['crypto-key-2']) {
  merchants.push({ idx: 1, apiKey: args['api-key-2'], cryptoKey: args['crypto-key-2'], publicKey: loadKey(args['public-key-2']) });
}

// ───────────────────────────── constants & state ─────────────────────────────
const INVOICE_MIN = 100 * 100,
  INVOICE_MAX = 400_000 * 100;
const A2C_MIN = 1_000 * 100,
  A2C_MAX = 15_000 * 100;
const MIB = 1024 * 1024;
const UPLOAD_MAX = F('upload-limit-mb') ? 10_000_000 : 10 * MIB;
const JSON_LIMIT = F('http-body-limit-100kb') ? 100 * 1024 : 5 * MIB;
const UPLOAD_BUFFER_LIMIT = 24 * MIB;
const ANTIFRAUD_IP = '203.0.113.66';
const PATHS = {
  invoice: '/api/v1/payments/card2account/invoice',
  a2c: '/api/v1/payments/account2card',
  upload: '/api/v1/psa/upload-transports',
  status: '/api/v1/payments/status',
};
const DOCUMENTED = new Set(Object.values(PATHS));
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// uuid-v4-only: the validator's "uuid" rule was configured for version 4 (the version the merchants' SDK generated)
const UUID_V4_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };
type Credentials = { card_pan: string } | { phone: string; holder: string };
interface Payment {
  id: number;
  state: 'processing' | 'declined' | 'deposited';
  error_code: string | null;
  error_description: string | null;
  credentials: Credentials;
  created_at: string;
}
interface Rec {
  merchant: Merchant;
  op: 'invoice' | 'a2c';
  transaction: string;
  amount: number;
  description: string;
  returnUrl: string;
  payloadJson: string;
  payment: Payment;
  token: string;
}
const store = new Map<string, Rec>(); // `${merchant}|${op}|${transaction lower-case}`
const byToken = new Map<string, Rec>();
const statusCache = new Map<string, { body: string; exp: number }>();
let nextId = 100_000 + crypto.randomInt(900_000);
let invoiceCount = 0;
let baseUrl = '';

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
const storeKey = (m: Merchant, op: string, tx: string) => `${m.idx}|${op}|${F('tx-case-dup') ? tx : tx.toLowerCase()}`;

function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'utf8'),
    bb = Buffer.from(b, 'utf8');
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}
function newId(): number {
  const id = F('id-timestamp') ? Date.now() : nextId++;
  if (F('id-int64-unsafe')) snowflakes.set(id, (BigInt(Date.now() - SNOWFLAKE_EPOCH) << 22n) | (1n << 12n) | BigInt(snowflakeSeq++ & 0xfff));
  return id;
}
// id-int64-unsafe: the id written in JSON is a 64-bit snowflake (ms since 2020 << 22 | worker << 12 | sequence).
const SNOWFLAKE_EPOCH = Date.UTC(2020, 0, 1);
const snowflakes = new Map<number, bigint>();
let snowflakeSeq = 0;
function snowflakeReplacer(this: unknown, key: string, value: unknown): unknown {
  if (key === 'id' && typeof value === 'number' && isObj(this) && 'created_at' in this) {
    const big = snowflakes.get(value);
    if (big !== undefined) return `@@snowflake:${big}@@`;
  }
  return value;
}
/** JSON text of an answer or callback; with id-int64-unsafe the payment id is written as the bare 64-bit snowflake. */
function toJson(v: unknown): string {
  if (!F('id-int64-unsafe')) return JSON.stringify(v);
  return JSON.stringify(v, snowflakeReplacer).replace(/"@@snowflake:(\d+)@@"/g, '$1');
}
function p2(n: number) {
  return String(n).padStart(2, '0');
}
function createdAt(): string {
  const us = BigInt(Math.floor((performance.timeOrigin + performance.now()) * 1000));
  const d = new Date(Number(us / 1000n));
  const month = F('created-at-month') ? d.getUTCMonth() : d.getUTCMonth() + 1;
  return (
    `${d.getUTCFullYear()}${p2(month)}${p2(d.getUTCDate())}T${p2(d.getUTCHours())}${p2(d.getUTCMinutes())}` +
    `${p2(d.getUTCSeconds())}.${String(us % 1_000_000n).padStart(6, '0')}Z`
  );
}
function luhnOk(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = pan.charCodeAt(pan.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
/** luhn-odd-length: the validator's Luhn doubles the 1st, 3rd, 5th … digit from the left ("PANs have 16 digits"). */
function luhnFromLeft(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = pan.charCodeAt(i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
function randomPan(): string {
  const body = '2200' + Array.from({ length: 11 }, () => crypto.randomInt(10)).join('');
  for (let c = 0; c < 10; c++) if (luhnOk(body + c)) return body + c;
  return body + '0';
}
const HOLDERS = ['Ivan Petrov', 'Anna Smirnova', 'Sergei Volkov', 'Olga Ivanova'];
function nextCredentials(): Credentials {
  if (invoiceCount++ % 2 === 0) return { card_pan: randomPan() };
  const phone = '79' + Array.from({ length: 9 }, () => crypto.randomInt(10)).join('');
  return { phone: F('fps-phone-plus') ? '+' + phone : phone, holder: HOLDERS[crypto.randomInt(HOLDERS.length)] };
}

// ───────────────────────────── HTTP helpers ─────────────────────────────
class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, extra: http.OutgoingHttpHeaders = {}) {
  sendJsonText(res, status, toJson(body), extra);
}
function sendJsonText(res: http.ServerResponse, status: number, text: string, extra: http.OutgoingHttpHeaders = {}) {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (F('chunked-to-http10')) {
    // streaming JSON writer: the header is set by hand "so that proxies do not buffer", whatever the request's version
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Transfer-Encoding': 'chunked',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...extra,
    });
    const half = Math.floor(text.length / 2);
    res.write(text.slice(0, half));
    res.end(text.slice(half));
    return;
  }
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extra,
  });
  res.end(text);
}
const sendMessage = (res: http.ServerResponse, status: number, message: string, extra: http.OutgoingHttpHeaders = {}) =>
  sendJson(res, status, { message }, extra);

/** Reads the whole body; beyond `limit` bytes the rest is drained and `over` is set. */
function readBody(req: http.IncomingMessage, limit: number): Promise<{ buf: Buffer; size: number; over: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0,
      over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
      } else if (!over) chunks.push(c);
    });
    req.on('end', () => resolve({ buf: over ? Buffer.alloc(0) : Buffer.concat(chunks), size, over }));
    req.on('error', reject);
    req.on('aborted', () => reject(new Error('aborted')));
  });
}
async function readJsonObject(req: http.IncomingMessage): Promise<{ raw: Buffer; obj: Obj }> {
  const { buf, over } = await readBody(req, JSON_LIMIT);
  if (over) throw new HttpError(413, 'Request body too large');
  return { raw: buf, obj: parseJsonObject(buf) };
}
function parseJsonObject(buf: Buffer): Obj {
  let v: unknown;
  try {
    v = JSON.parse(buf.toString('utf8'));
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  if (!isObj(v)) throw new HttpError(400, 'Request body must be a JSON object');
  return F('json-keys-case-insensitive') ? bindCaseInsensitive(v) : v;
}
/** json-keys-case-insensitive: the request model binds property names without regard to case (last one wins). */
const BOUND_FIELDS = new Set([
  'api_key',
  'transaction',
  'signature',
  'amount',
  'description',
  'return_url',
  'payload',
  'payer_fio',
  'payer_phone',
  'recipient_pan',
]);
function bindCaseInsensitive(v: Obj): Obj {
  const out: Obj = {};
  for (const [k, x] of Object.entries(v)) {
    const lower = k.toLowerCase();
    out[BOUND_FIELDS.has(lower) ? lower : k] = x;
  }
  return out;
}

// ───────────────────────────── validation ─────────────────────────────
type Errors = Record<string, string[]>;
const add = (e: Errors, k: string, m: string) => {
  (e[k] ??= []).push(m);
};
function isMissing(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  return !F('validation-empty-string') && typeof v === 'string' && v.trim() === '';
}
function reqString(e: Errors, v: unknown, name: string): string | undefined {
  if (isMissing(v)) {
    add(e, name, `The ${name} field is required.`);
    return undefined;
  }
  if (typeof v !== 'string') {
    add(e, name, `The ${name} must be a string.`);
    return undefined;
  }
  return v;
}
function findMerchant(v: unknown): Merchant | undefined {
  if (typeof v !== 'string') return undefined;
  return merchants.find((m) => (F('api-key-ci') ? m.apiKey.toLowerCase() === v.toLowerCase() : safeEqual(m.apiKey, v)));
}
function checkApiKey(e: Errors, v: unknown): Merchant | undefined {
  const s = reqString(e, v, 'api_key');
  if (s === undefined) return undefined;
  const m = findMerchant(s);
  if (!m) add(e, 'api_key', 'The selected api_key is invalid.');
  return m;
}
function checkUuid(e: Errors, v: unknown): string | undefined {
  const s = reqString(e, v, 'transaction');
  if (s === undefined) return undefined;
  if (!(F('uuid-v4-only') ? UUID_V4_RE : UUID_RE).test(s)) {
    add(e, 'transaction', 'The transaction must be a valid UUID.');
    return undefined;
  }
  return s;
}
function checkAmount(e: Errors, v: unknown, min: number, max: number): number | undefined {
  if (isMissing(v)) {
    add(e, 'amount', 'The amount field is required.');
    return undefined;
  }
  let n = v;
  if (F('amount-numeric-string') && typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) n = Number(v);
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    add(e, 'amount', 'The amount must be an integer.');
    return undefined;
  }
  const tooHigh = F('amount-upper-exclusive') && max === INVOICE_MAX ? n >= max : n > max;
  if (n < min || tooHigh) {
    add(e, 'amount', `The amount must be between ${min} and ${max} kopecks.`);
    return undefined;
  }
  return n;
}
/** String form of a signature component as the merchant sent it; undefined when it cannot take part. */
function part(v: unknown): string | undefined {
  if (isMissing(v)) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}
const SIG_INVALID = 'The signature is invalid.';
function checkSignature(e: Errors, m: Merchant | undefined, v: unknown, parts: (string | undefined)[]) {
  const sig = reqString(e, v, 'signature');
  if (sig === undefined || !m || parts.some((p) => p === undefined)) return;
  const expected = sha256(parts.join('') + m.cryptoKey);
  const given = sig.toLowerCase();
  const ok = F('sig-prefix-32') ? given.length >= 32 && given.slice(0, 32) === expected.slice(0, 32) : safeEqual(given, expected);
  if (!ok) add(e, 'signature', SIG_INVALID);
}
function finish(e: Errors): Errors | null {
  if (Object.keys(e).length === 0) return null;
  if (F('validation-bail-signature') && e.signature?.includes(SIG_INVALID)) return { signature: e.signature };
  return e;
}
async function checkDuplicate(e: Errors, m: Merchant | undefined, op: string, tx: string | undefined) {
  if (!m || tx === undefined) return;
  const key = storeKey(m, op, tx);
  if (F('dup-race')) {
    const taken = store.has(key);
    await sleep(15); // "SELECT 1 FROM payments WHERE ..." round trip before the INSERT
    if (taken) add(e, 'transaction', 'The transaction has already been taken.');
  } else if (store.has(key)) add(e, 'transaction', 'The transaction has already been taken.');
}
// redos-return-url: "simple" return URLs (plain host names) are counted for a dashboard.
const SIMPLE_URL_RE = /^https?:\/\/([a-z0-9-]+\.?)+(:\d+)?([/?#].*)?$/i;
const metrics = { simpleReturnUrls: 0 };
function isHttpUrl(s: string): boolean {
  if (F('redos-return-url') && SIMPLE_URL_RE.test(s)) metrics.simpleReturnUrls++;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

// client-ip-ipv6-compressed: IPv6 checked with a pattern for the eight-group form (the column is CHAR(39), the full form's length)
const IPV6_FULL_RE = /^(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}$/i;
function clientIpOk(s: string): boolean {
  if (F('client-ip-ipv6-compressed')) return net.isIPv4(s) || IPV6_FULL_RE.test(s);
  return net.isIP(s) !== 0;
}
/** merchant-context-global: the auth middleware keeps "the current merchant" in module scope (a singleton request context). */
let currentMerchant: Merchant | undefined;

// ───────────────────────────── endpoints ─────────────────────────────
async function handleInvoice(req: http.IncomingMessage, res: http.ServerResponse) {
  const { obj } = await readJsonObject(req);
  if (F('merchant-context-global')) {
    currentMerchant = findMerchant(obj.api_key);
    await sleep(10); // the merchant's settings (limits, anti-fraud profile) are loaded from the database
  }
  const e: Errors = {};
  const m = checkApiKey(e, obj.api_key);
  const owner = F('merchant-context-global') ? (currentMerchant ?? m) : m;
  const tx = checkUuid(e, obj.transaction);
  const amount = checkAmount(e, obj.amount, INVOICE_MIN, INVOICE_MAX);
  checkSignature(e, m, obj.signature, [part(obj.api_key), part(obj.transaction), part(obj.amount)]);
  const description = reqString(e, obj.description, 'description');
  const returnUrl = reqString(e, obj.return_url, 'return_url');
  if (returnUrl !== undefined && !isHttpUrl(returnUrl)) add(e, 'return_url', 'The return_url must be a valid absolute http(s) URL.');
  let clientIp: string | undefined,
    payloadJson = '{}';
  if (isMissing(obj.payload)) add(e, 'payload', 'The payload field is required.');
  else if (!isObj(obj.payload)) add(e, 'payload', 'The payload must be an object.');
  else {
    try {
      // payload-copy-quadratic: copied key by key "to get a plain object", each step re-spreading the accumulator
      const payload = F('payload-copy-quadratic') ? Object.entries(obj.payload).reduce<Obj>((acc, [k, v]) => ({ ...acc, [k]: v }), {}) : obj.payload;
      payloadJson = JSON.stringify(payload);
    } catch {
      add(e, 'payload', 'The payload is nested too deeply.');
    }
    reqString(e, obj.payload.client_id, 'payload.client_id');
    clientIp = reqString(e, obj.payload.client_ip, 'payload.client_ip');
    if (clientIp !== undefined && !clientIpOk(clientIp)) add(e, 'payload.client_ip', 'The payload.client_ip must be a valid IP address.');
  }
  if (!e.transaction) await checkDuplicate(e, owner, 'invoice', tx);
  const errors = finish(e);
  if (errors) return sendJson(res, 422, errors);
  if (clientIp === ANTIFRAUD_IP) {
    if (F('antifraud-refusal-callback')) {
      // the refusal is kept as a declined payment for reporting; the "final state" observer then fires a callback
      const refused: Rec = {
        merchant: m!,
        op: 'invoice',
        transaction: tx!,
        amount: amount!,
        description: description!,
        returnUrl: returnUrl!,
        payloadJson,
        token: crypto.randomBytes(16).toString('hex'),
        payment: {
          id: newId(),
          state: 'declined',
          error_code: 'antifraud',
          error_description: 'Anti-fraud refusal',
          credentials: nextCredentials(),
          created_at: createdAt(),
        },
      };
      store.set(storeKey(refused.merchant, 'invoice', refused.transaction), refused);
      void deliverCallback(refused);
    }
    return sendMessage(res, 403, 'Anti-fraud refusal');
  }
  const rec: Rec = {
    merchant: owner!,
    op: 'invoice',
    transaction: tx!,
    amount: amount!,
    description: description!,
    returnUrl: returnUrl!,
    payloadJson,
    token: crypto.randomBytes(16).toString('hex'),
    payment: { id: newId(), state: 'processing', error_code: null, error_description: null, credentials: nextCredentials(), created_at: createdAt() },
  };
  store.set(storeKey(rec.merchant, 'invoice', rec.transaction), rec);
  byToken.set(rec.token, rec);
  if (F('invoice-500-after-insert') && rec.description.length > 255) {
    // the audit-log INSERT (description VARCHAR(255)) runs after the payment INSERT, outside one DB transaction
    throw new Error("SQLSTATE[22001]: String data, right truncated: 1406 Data too long for column 'description'");
  }
  const page = `${baseUrl}/pay/${rec.token}`;
  const answer = {
    transaction: rec.transaction,
    redirect_url: page,
    payment: rec.payment,
    deeplink: { SBER_FOREIGN: `${page}?bank=sber`, TINKOFF_FOREIGN: `${page}?bank=tinkoff`, VTB_FOREIGN: `${page}?bank=vtb` },
  };
  const extra: http.OutgoingHttpHeaders = F('cache-public-answers') ? { 'Cache-Control': 'public, max-age=60' } : {};
  if (F('json-bom-invoice')) return sendJsonText(res, 200, '\uFEFF' + toJson(answer), extra);
  // json-duplicate-member: a streaming writer puts the envelope's transaction first, then every field of the resource
  if (F('json-duplicate-member')) return sendJsonText(res, 200, `{"transaction":${JSON.stringify(rec.transaction)},${toJson(answer).slice(1)}`, extra);
  sendJson(res, 200, answer, extra);
}

/** X-Sign as received; with xsign-header-exact-case it is taken from the raw headers (handed untouched to the HSM verifier). */
function xSignHeader(req: http.IncomingMessage): string | string[] | undefined {
  if (!F('xsign-header-exact-case')) return req.headers['x-sign'];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) if (req.rawHeaders[i] === 'X-Sign') return req.rawHeaders[i + 1];
  return undefined;
}
const B64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
function xSignValid(header: string | string[] | undefined, data: Buffer, candidates: Merchant[]): boolean {
  if (typeof header !== 'string' || header === '' || !B64_RE.test(header)) return false;
  const sig = Buffer.from(header, 'base64');
  return candidates.some((m) => {
    if (!m.publicKey) return false;
    try {
      return crypto.verify('sha256', data, { key: m.publicKey, padding: crypto.constants.RSA_PKCS1_PADDING }, sig);
    } catch {
      return false;
    }
  });
}

async function handleA2C(req: http.IncomingMessage, res: http.ServerResponse) {
  const { buf, over } = await readBody(req, JSON_LIMIT);
  if (over) throw new HttpError(413, 'Request body too large');
  let parsed: unknown;
  try {
    parsed = JSON.parse(buf.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  // X-Sign first: verified with the key of the merchant named by api_key (any known key when it names none).
  const named = isObj(parsed) ? findMerchant(parsed.api_key) : undefined;
  const signed = F('xsign-reserialized') && parsed !== undefined ? Buffer.from(JSON.stringify(parsed), 'utf8') : buf;
  if (!xSignValid(xSignHeader(req), signed, named ? [named] : merchants)) {
    return sendMessage(res, 401, 'Missing or invalid X-Sign signature');
  }
  const obj = parseJsonObject(buf);
  const e: Errors = {};
  const m = checkApiKey(e, obj.api_key);
  const tx = checkUuid(e, obj.transaction);
  const amount = checkAmount(e, obj.amount, F('a2c-shared-min') ? INVOICE_MIN : A2C_MIN, A2C_MAX);
  checkSignature(e, m, obj.signature, [part(obj.api_key), part(obj.transaction), part(obj.amount), part(obj.recipient_pan)]);
  reqString(e, obj.payer_fio, 'payer_fio');
  const phone = reqString(e, obj.payer_phone, 'payer_phone');
  if (phone !== undefined && !/^\+?\d{10,15}$/.test(phone)) add(e, 'payer_phone', 'The payer_phone must be 10 to 15 digits with an optional leading +.');
  const pan = reqString(e, obj.recipient_pan, 'recipient_pan');
  const luhn = F('luhn-odd-length') ? luhnFromLeft : luhnOk;
  if (pan !== undefined && !(/^\d{13,19}$/.test(pan) && luhn(pan))) add(e, 'recipient_pan', 'The recipient_pan must be a valid card number.');
  if (!e.transaction) await checkDuplicate(e, m, 'a2c', tx);
  const errors = finish(e);
  if (errors) return sendJson(res, 422, errors);
  const rec: Rec = {
    merchant: m!,
    op: 'a2c',
    transaction: tx!,
    amount: amount!,
    description: '',
    returnUrl: '',
    payloadJson: '{}',
    token: '',
    payment: {
      id: newId(),
      state: 'processing',
      error_code: null,
      error_description: null,
      credentials: { card_pan: F('pan-as-number') ? String(Number(pan)) : pan! },
      created_at: createdAt(),
    },
  };
  store.set(storeKey(rec.merchant, 'a2c', rec.transaction), rec);
  sendJson(res, 200, { transaction: rec.transaction, payment: rec.payment }, F('cache-public-answers') ? { 'Cache-Control': 'public, max-age=60' } : {});
}

async function handleStatus(req: http.IncomingMessage, res: http.ServerResponse) {
  const { obj } = await readJsonObject(req);
  const e: Errors = {};
  const m = checkApiKey(e, obj.api_key);
  const tx = checkUuid(e, obj.transaction);
  // status-first-merchant-key: the status method (added later) reads the crypto_key from the single-merchant config
  checkSignature(e, F('status-first-merchant-key') && m ? merchants[0] : m, obj.signature, [part(obj.api_key), part(obj.transaction)]);
  const errors = finish(e);
  if (errors) return sendJson(res, 422, errors);
  const cacheKey = `${m!.idx}|${tx!.toLowerCase()}`;
  if (F('status-cache')) {
    const hit = statusCache.get(cacheKey);
    if (hit && hit.exp > Date.now()) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end(hit.body);
    }
  }
  const owners = F('status-cross-merchant') ? merchants : [m!];
  let rec: Rec | undefined;
  for (const o of owners) rec ??= store.get(storeKey(o, 'invoice', tx!)) ?? (F('status-invoice-only') ? undefined : store.get(storeKey(o, 'a2c', tx!)));
  if (!rec) return sendMessage(res, 404, 'Unknown transaction');
  let payment: Payment = rec.payment;
  if (F('status-masked-pan') && 'card_pan' in payment.credentials) {
    const p = payment.credentials.card_pan;
    payment = { ...payment, credentials: { card_pan: p.slice(0, 6) + '*'.repeat(Math.max(0, p.length - 10)) + p.slice(-4) } };
  }
  const body = { transaction: rec.transaction, payment };
  if (F('status-cache')) statusCache.set(cacheKey, { body: JSON.stringify(body), exp: Date.now() + 30_000 });
  sendJson(res, 200, body, F('cache-public-answers') ? { 'Cache-Control': 'public, max-age=60' } : {});
}

interface Part {
  name: string;
  filename: string | null;
  data: Buffer;
}
function boundaryOf(contentType: string): string | null {
  if (F('multipart-quoted-boundary')) {
    const m = /boundary=([^;]+)/i.exec(contentType);
    return m ? m[1].trim() : null;
  }
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}
function dispositionParam(header: string, key: string): string | null {
  const re = new RegExp(`(?:^|;)\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i');
  const m = re.exec(header);
  if (!m) return null;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2];
}
function parseMultipart(buf: Buffer, boundary: string): Part[] {
  const parts: Part[] = [];
  const delim = Buffer.from(`--${boundary}`, 'latin1');
  const next = Buffer.from(`\r\n--${boundary}`, 'latin1');
  let pos = buf.indexOf(delim);
  if (pos < 0) return parts;
  pos += delim.length;
  for (let guard = 0; guard < 1000; guard++) {
    if (buf[pos] === 45 && buf[pos + 1] === 45) break; // closing "--"
    while (buf[pos] === 32 || buf[pos] === 9) pos++; // transport padding
    if (buf[pos] === 13 && buf[pos + 1] === 10) pos += 2;
    else if (buf[pos] === 10) pos += 1;
    else break;
    const end = buf.indexOf(next, pos);
    if (end < 0) break;
    const chunk = buf.subarray(pos, end);
    let sep = chunk.indexOf('\r\n\r\n'),
      skip = 4;
    if (sep < 0) {
      sep = chunk.indexOf('\n\n');
      skip = 2;
    }
    if (sep >= 0) {
      const headers = chunk.subarray(0, sep).toString('utf8').split(/\r?\n/);
      const cd = headers.find((h) => /^content-disposition\s*:/i.test(h));
      const value = cd ? cd.slice(cd.indexOf(':') + 1) : '';
      const name = dispositionParam(value, 'name');
      if (name !== null) parts.push({ name, filename: dispositionParam(value, 'filename'), data: chunk.subarray(sep + skip) });
    }
    pos = end + next.length;
  }
  return parts;
}

async function handleUpload(req: http.IncomingMessage, res: http.ServerResponse) {
  const { buf, size, over } = await readBody(req, UPLOAD_BUFFER_LIMIT);
  if (over) return sendJson(res, 422, { file: [`The file may not be greater than ${UPLOAD_MAX} bytes (request was ${size} bytes).`] });
  const ct = String(req.headers['content-type'] ?? '');
  let parts: Part[] = [];
  if (/^\s*multipart\/form-data/i.test(ct)) {
    const boundary = boundaryOf(ct);
    if (!boundary) return sendMessage(res, 400, 'Malformed multipart/form-data body: no boundary');
    parts = parseMultipart(buf, boundary);
  }
  const e: Errors = {};
  // upload-fields-after-file-ignored: the streaming parser authenticates when the file part starts; a later api_key is not seen
  const fileAt = parts.findIndex((p) => p.name === 'file');
  const keyPart = parts.find((p, i) => p.name === 'api_key' && !(F('upload-fields-after-file-ignored') && fileAt >= 0 && i > fileAt));
  const keyText = keyPart ? keyPart.data.toString('utf8') : undefined;
  checkApiKey(e, F('upload-key-trimmed') && keyText !== undefined ? keyText.trim() : keyText);
  const file = parts.find((p) => p.name === 'file');
  if (!file || file.data.length === 0) add(e, 'file', 'The file field is required.');
  else if (file.data.length > UPLOAD_MAX) add(e, 'file', `The file may not be greater than ${UPLOAD_MAX} bytes.`);
  if (Object.keys(e).length) return sendJson(res, 422, e);
  sendMessage(res, 200, `File ${file!.filename ?? 'file'} accepted (${file!.data.length} bytes).`);
}

// ───────────────────────────── payment page ─────────────────────────────
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const escLoose = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const rubles = (k: number) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`;
/** page-amount-float: the view model converts kopecks to a ruble float and splits it back for the template. */
function rublesFloat(k: number): string {
  const r = k / 100;
  const whole = Math.trunc(r);
  const kop = Math.trunc((r - whole) * 100);
  return `${whole}.${String(kop).padStart(2, '0')}`;
}

function renderPage(rec: Rec, nonce: string, notice: string, ru: boolean): string {
  const p = rec.payment;
  const c = p.credentials;
  // page-fps-recipient: the template was written for card credentials only (a missing card_pan renders as nothing)
  const recipient =
    'card_pan' in c ? `Card ${esc(c.card_pan)}` : F('page-fps-recipient') ? 'Card ' : `${esc(c.holder)}, phone ${esc(c.phone)} (fast payment system)`;
  const attr = F('page-attr-xss') ? escLoose(rec.description) : esc(rec.description);
  const stateText: Record<Payment['state'], string> = { processing: 'Awaiting payment', deposited: 'Paid', declined: 'Declined' };
  const showReturn = p.state !== 'processing' && !(F('page-decline-no-return') && p.state === 'declined');
  const x = pageExtras(rec, nonce, ru);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment ${esc(rec.transaction)}</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}.desc{overflow:hidden;text-overflow:ellipsis}
form{display:inline-block;margin-right:1rem}button{font-size:1.1rem;padding:.5rem 1.5rem}${x.css}</style></head>
<body><main>
<h1>Payment</h1>${x.top}
${notice ? `<p role="status">${esc(notice)}</p>` : ''}
<dl>
<dt>Amount</dt><dd id="amount">${F('page-amount-float') ? rublesFloat(rec.amount) : rubles(rec.amount)} RUB</dd>
<dt>Recipient</dt><dd id="recipient">${recipient}</dd>
<dt>Description</dt><dd class="desc" title="${attr}">${esc(rec.description)}</dd>
<dt>Status</dt><dd id="state">${stateText[p.state]}</dd>
</dl>
${x.actions}
${showReturn ? `<p><a id="return" href="${esc(rec.returnUrl)}">Return to the merchant</a></p>` : ''}
</main>${x.tail}</body></html>`;
}
const BEACON_ORIGIN = 'https://mc.yandex.ru';
const PAGE_HAS_SCRIPT = F('page-pay-div-button') || F('page-bank-param-html');
/** The parts of the page that the round-3 page faults change; all empty (and the usual buttons) without them. */
function pageExtras(rec: Rec, nonce: string, ru: boolean): { css: string; top: string; actions: string; tail: string } {
  // page-aria-label-locale: the aria-labels come from the translation catalogue, the visible labels are hard-coded in the template
  const label = (name: string) => (ru ? ` aria-label="${ARIA_RU[name]}"` : '');
  const payForm = F('page-pay-div-button')
    ? `<form id="pay-form" method="post" action="/pay/${rec.token}/pay"><div role="button" class="btn" id="pay">Pay</div></form>`
    : `<form method="post" action="/pay/${rec.token}/pay"><button type="submit"${label('Pay')}>Pay</button></form>`;
  let actions = `${payForm}\n<form method="post" action="/pay/${rec.token}/decline"><button type="submit"${label('Decline')}>Decline</button></form>`;
  let css = '',
    top = '',
    tail = '';
  const scripts: string[] = [];
  if (F('page-pay-div-button')) {
    // the design system's "button" is a styled div; the click listener submits the form
    css += `.btn{display:inline-block;font-size:1.1rem;padding:.5rem 1.5rem;border:1px solid #767676;border-radius:3px;background:#efefef;cursor:pointer;user-select:none}`;
    scripts.push(`document.getElementById('pay').addEventListener('click',function(){document.getElementById('pay-form').submit();});`);
  }
  if (F('page-mobile-banner')) {
    // mobile layout: the buttons live in a fixed bottom bar, and the marketing banner was also pinned to the bottom
    actions = `<div class="actions">${actions}</div>\n<div class="app-banner">Pay faster in our app. <a href="#">Install</a></div>`;
    css +=
      `.app-banner{display:none}@media (max-width:400px){main{padding-bottom:8rem}` +
      `.actions{position:fixed;left:0;right:0;bottom:0;padding:1rem;background:#fff;box-shadow:0 -1px 4px #0003}` +
      `.app-banner{display:block;position:fixed;left:0;right:0;bottom:0;z-index:10;min-height:5.5rem;padding:1rem;background:#ffdd2d;font-weight:600}}`;
  }
  if (F('page-dark-amount')) {
    // brand colour for the amount, then a dark theme added later for the page only
    css += `#amount{color:#1c1c1c;font-weight:700;font-size:1.25rem}@media (prefers-color-scheme:dark){body{background:#121212;color:#e6e6e6}a{color:#8ab4f8}}`;
  }
  if (F('page-beacon-token')) {
    const hit = `${BEACON_ORIGIN}/watch/98765432?page-url=${encodeURIComponent(`${baseUrl}/pay/${rec.token}`)}&amount=${rec.amount}`;
    tail += `<img class="px" src="${esc(hit)}" width="1" height="1" alt="">`;
  }
  if (F('page-bank-param-html')) {
    top += `\n<p id="via"></p>`;
    scripts.push(
      `var bank=new URLSearchParams(location.search).get('bank');if(bank){document.getElementById('via').innerHTML='Opened from the <b>'+bank+'</b> app';}`,
    );
  }
  if (scripts.length) tail += `<script nonce="${nonce}">${scripts.join('\n')}</script>`;
  return { css, top, actions, tail };
}
const ARIA_RU: Record<string, string> = { Pay: 'Оплатить', Decline: 'Отклонить' };
/** page-aria-label-locale: the first language of Accept-Language is Russian. */
function prefersRussian(req: http.IncomingMessage): boolean {
  if (!F('page-aria-label-locale')) return false;
  const first = String(req.headers['accept-language'] ?? '')
    .split(',')[0]
    .split(';')[0]
    .trim()
    .toLowerCase();
  return first === 'ru' || first.startsWith('ru-');
}
function sendPage(res: http.ServerResponse, status: number, rec: Rec, notice: string, secure: boolean, ru = false) {
  const nonce = crypto.randomBytes(12).toString('base64');
  const html = renderPage(rec, nonce, notice, ru);
  const headers: http.OutgoingHttpHeaders = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) };
  if (secure) {
    Object.assign(headers, {
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy':
        `default-src 'none'; ${PAGE_HAS_SCRIPT ? `script-src 'nonce-${nonce}'; ` : ''}style-src 'nonce-${nonce}'; ` +
        `img-src 'self'${F('page-beacon-token') ? ` ${BEACON_ORIGIN}` : ''}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    });
  }
  res.writeHead(status, headers);
  res.end(html);
}

async function settle(rec: Rec, outcome: 'pay' | 'decline'): Promise<boolean> {
  if (rec.payment.state !== 'processing') return false;
  if (F('page-double-submit')) await sleep(50); // acquirer authorisation call, guard already passed
  const p = rec.payment;
  if (outcome === 'pay') Object.assign(p, { state: 'deposited', error_code: null, error_description: null });
  else Object.assign(p, { state: 'declined', error_code: 'payer_declined', error_description: 'The payer declined the payment on the payment page' });
  void deliverCallback(rec);
  return true;
}

/** page-token-prefix: SMS "short links" carry the first 8 characters; the lookup is `token LIKE 'given%'`. */
function pageRecord(token: string): Rec | undefined {
  const exact = byToken.get(token);
  if (exact || !F('page-token-prefix')) return exact;
  for (const [t, rec] of byToken) if (t.startsWith(token)) return rec;
  return undefined;
}
async function handlePage(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
  const m = (F('page-token-prefix') ? /^\/pay\/([0-9a-f]{8,32})(?:\/(pay|decline))?$/ : /^\/pay\/([0-9a-f]{32})(?:\/(pay|decline))?$/).exec(path);
  const rec = m ? pageRecord(m[1]) : undefined;
  if (!m || !rec) {
    req.resume();
    return sendMessage(res, 404, 'Not found');
  }
  const action = m[2] as 'pay' | 'decline' | undefined;
  if (!action) {
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendMessage(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    return sendPage(res, 200, rec, '', true, prefersRussian(req));
  }
  if (req.method !== 'POST') {
    req.resume();
    return sendMessage(res, 405, 'Method not allowed', { Allow: 'POST' });
  }
  await readBody(req, 64 * 1024);
  const changed = await settle(rec, action);
  const notice = changed
    ? action === 'pay'
      ? 'The payment has been paid.'
      : 'The payment has been declined.'
    : `This payment is already final; nothing was changed.`;
  sendPage(res, 200, rec, notice, !F('page-headers-get-only'), prefersRussian(req));
}

// ───────────────────────────── callbacks ─────────────────────────────
/** callback-php-assoc-array: json_decode($payload, true) then json_encode(): objects become arrays, lists where the keys are 0..n-1. */
function phpAssocRoundTrip(v: Json): Json {
  if (Array.isArray(v)) return v.map(phpAssocRoundTrip);
  if (!isObj(v)) return v;
  const keys = Object.keys(v);
  if (keys.every((k, i) => k === String(i))) return keys.map((k) => phpAssocRoundTrip(v[k]));
  return Object.fromEntries(keys.map((k) => [k, phpAssocRoundTrip(v[k])]));
}
function filterFalsy(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => Boolean(v)));
}
async function deliverCallback(rec: Rec) {
  if (!CALLBACK_URL) return;
  // payload is spliced in as the exact JSON text serialised when the invoice was accepted
  const payload = F('callback-payload-filter')
    ? JSON.stringify(filterFalsy(JSON.parse(rec.payloadJson) as Obj))
    : F('callback-php-assoc-array')
      ? JSON.stringify(phpAssocRoundTrip(JSON.parse(rec.payloadJson) as Json))
      : rec.payloadJson;
  const body = `{"transaction":${JSON.stringify(rec.transaction)},"payment":${toJson(rec.payment)},"payload":${payload}}`;
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Signature': sha256(body + rec.merchant.cryptoKey),
  };
  if (F('callback-retry-timer-shared')) return deliverWithSharedTimer(rec, body, headers, 1);
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      const r = await fetch(CALLBACK_URL, {
        method: 'POST',
        headers,
        body,
        redirect: F('callback-follow-redirect') ? 'follow' : 'manual',
        signal: F('callback-no-timeout') ? undefined : AbortSignal.timeout(5000),
      });
      await r.arrayBuffer().catch(() => undefined);
      if (r.status >= 200 && r.status < 300) return;
      if (F('callback-no-retry-4xx') && r.status >= 400 && r.status < 500) return;
    } catch {
      /* network error: retry */
    }
    if (attempt < 5 && !F('callback-retry-no-delay')) await sleep(300);
  }
  console.error(`provider: callback for ${rec.transaction} not acknowledged after 5 attempts`);
}

/** callback-retry-timer-shared: one retry timer for the whole module; scheduling a retry replaces the pending one. */
let callbackRetryTimer: NodeJS.Timeout | undefined;
async function deliverWithSharedTimer(rec: Rec, body: string, headers: Record<string, string>, attempt: number): Promise<void> {
  let ok = false;
  try {
    const r = await fetch(CALLBACK_URL, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(5000) });
    await r.arrayBuffer().catch(() => undefined);
    ok = r.status >= 200 && r.status < 300;
  } catch {
    /* network error: retry */
  }
  if (ok) return;
  if (attempt >= 5) {
    console.error(`provider: callback for ${rec.transaction} not acknowledged after 5 attempts`);
    return;
  }
  clearTimeout(callbackRetryTimer);
  callbackRetryTimer = setTimeout(() => void deliverWithSharedTimer(rec, body, headers, attempt + 1), 300);
}

// ───────────────────────────── server ─────────────────────────────
async function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const path = (req.url ?? '/').split('?')[0];
  if (DOCUMENTED.has(path)) {
    if (req.method === 'OPTIONS' && F('http-options-204')) {
      req.resume();
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type, X-Sign',
      });
      return void res.end();
    }
    if (req.method !== 'POST') {
      req.resume();
      return sendMessage(res, 405, 'Method not allowed', { Allow: 'POST' });
    }
    if (F('chunked-body-411') && req.headers['content-length'] === undefined) {
      // the body buffer is pre-allocated from Content-Length
      req.resume();
      const html = '<html><head><title>411 Length Required</title></head><body><h1>411 Length Required</h1></body></html>';
      res.writeHead(411, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(html) });
      return void res.end(html);
    }
    const ct = req.headers['content-type'];
    if (F('content-type-exact-match') && path !== PATHS.upload && ct !== undefined && /^application\/json/i.test(ct)) {
      if (ct !== 'application/json' && ct !== 'application/json; charset=utf-8') {
        req.resume();
        return sendMessage(res, 415, 'Unsupported Media Type');
      }
    }
    if (path === PATHS.invoice) return handleInvoice(req, res);
    if (path === PATHS.a2c) return handleA2C(req, res);
    if (path === PATHS.upload) return handleUpload(req, res);
    return handleStatus(req, res);
  }
  if (path.startsWith('/pay/')) return handlePage(req, res, path);
  req.resume();
  sendMessage(res, 404, 'Not found');
}

const server = http.createServer((req, res) => {
  route(req, res).catch((err: unknown) => {
    if (err instanceof HttpError) return sendMessage(res, err.status, err.message);
    if ((err as Error)?.message !== 'aborted') console.error('provider: internal error', err);
    if (!res.writableEnded) sendMessage(res, 500, 'Unknown error');
  });
});
server.on('clientError', (_err, socket) => {
  if (socket.writable) {
    const body = JSON.stringify({ message: 'Bad request' });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
  } else socket.destroy();
});
if (F('expect-continue-silent')) {
  // added to refuse oversized uploads before their body is sent; the accepting path forgets res.writeContinue()
  server.on('checkContinue', (req, res) => {
    const length = Number(req.headers['content-length'] ?? '0');
    if (length > UPLOAD_BUFFER_LIMIT) return sendJson(res, 422, { file: [`The file may not be greater than ${UPLOAD_MAX} bytes.`] });
    server.emit('request', req, res);
  });
}
server.requestTimeout = 60_000;
server.listen(PORT, '127.0.0.1', () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : PORT;
  baseUrl = `http://127.0.0.1:${port}`;
  console.log(`listening ${baseUrl}`);
  if (FAULT) console.error(`provider: fault "${FAULT}" active: ${FAULTS[FAULT]}`);
  if (!merchants[0].publicKey) console.error('provider: no --public-key given; account2card will answer 401');
  if (!CALLBACK_URL) console.error('provider: no --callback-url given; callbacks are not sent');
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 500).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('uncaughtException', (err) => console.error('provider: uncaught', err));
process.on('unhandledRejection', (err) => console.error('provider: unhandled rejection', err));
