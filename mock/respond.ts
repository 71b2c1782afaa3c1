import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Ctx } from './context.js';
import type { ErrorResponse } from './errors.js';
import type { FaultSet } from './faults/catalog.js';
import type { Wording } from './messages.js';
import type { Profile } from './profile.js';
import type { VariationSet } from './variations/catalog.js';
import { plainJson, serializer, type Serializer } from './variations/json.js';
import type { StackBehaviour } from './stacks/catalog.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

type Headers = Record<string, string | string[]>;

/** How this provider writes its answers, decided once (the variations and faults that change it). */
export interface Output {
  readonly jsonType: string;
  readonly serialize: Serializer;
  /** serialize is JSON.stringify (no JSON variation): answers may be written as JSON text directly. */
  readonly plainJson: boolean;
  /** false: writeHead + end with a Content-Length and nothing else (the hot path). */
  readonly special: boolean;
  /** Fault answer-length-in-characters: Content-Length counts the text's characters (UTF-16 units), not its bytes. */
  readonly lengthInCharacters: boolean;
  /** Headers every answer carries (variation extra-headers); a new X-Request-Id each. */
  readonly extraHeaders: (() => Headers) | null;
  readonly chunked: boolean;
  readonly close: boolean;
  /** Fault message-error-extra-field. */
  readonly codeField: boolean;
  /** What every page answer (HTML) carries: framing, sniffing and caching protections (the faults and variations change them). */
  readonly pageHeaders: Headers;
  /** Variation page-csp-nonce: each page answer gets a fresh nonce, in its CSP and on each of its script elements. */
  readonly pageNonce: boolean;
  /** CORS headers for the request's Origin (the fault and variations that send them); null: none. */
  readonly cors: ((origin: string | undefined) => Headers) | null;
}

export function makeOutput(faults: FaultSet, variations: VariationSet, profile: Profile, stack?: StackBehaviour): Output {
  let jsonType = stack?.jsonType ?? JSON_TYPE;
  if (faults.has('content-type-text-plain') || !profile.http.jsonContentType) jsonType = 'text/plain; charset=utf-8';
  else if (variations.has('content-type-letter-case'))
    jsonType = variations.has('content-type-no-charset') ? 'Application/JSON' : 'Application/JSON; Charset=UTF-8';
  else if (variations.has('content-type-no-charset')) jsonType = 'application/json';
  const extraHeaders = variations.has('extra-headers') ? EXTRA_HEADERS : null;
  const chunked = variations.has('chunked') || stack?.chunkedAnswers === true;
  const close = variations.has('connection-close');
  const cors = corsOf(faults, variations);
  const lengthInCharacters = faults.has('answer-length-in-characters');
  return {
    jsonType,
    serialize: serializer(variations),
    plainJson: plainJson(variations),
    special: extraHeaders !== null || chunked || close || cors !== null || lengthInCharacters,
    lengthInCharacters,
    extraHeaders,
    chunked,
    close,
    codeField: faults.has('message-error-extra-field'),
    pageHeaders: pageHeadersOf(faults, variations),
    pageNonce: variations.has('page-csp-nonce') && !faults.has('page-framable'),
    cors,
  };
}

/** Every answer: its type is the one sent (ZAP 10021). */
const NOSNIFF = 'nosniff';
/** Variation page-frame-merchant-origin: the one site allowed to frame the page. */
const FRAMING_MERCHANT_ORIGIN = 'https://merchant.example';
/** Variation api-cors-allowlist: the one origin allowed to read the API with credentials. */
const CORS_ALLOWED_ORIGIN = 'https://merchant.example';

/** Where the page's CSP sends its violation reports (ASVS 3.4.7); the provider answers a report there with 204. */
export const CSP_REPORT_PATH = '/csp-reports';

/**
 * The page's CSP: no other site frames it, no plugin, no <base> (ASVS 3.4.3), violations reported (3.4.7). Fault
 * page-csp-without-object-src leaves out object-src and base-uri; fault page-csp-no-report the report location.
 */
function pagePolicy(faults: FaultSet): string {
  const parts = ["frame-ancestors 'none'"];
  if (!faults.has('page-csp-without-object-src')) parts.push("object-src 'none'", "base-uri 'none'");
  if (!faults.has('page-csp-no-report')) parts.push(`report-uri ${CSP_REPORT_PATH}`);
  return parts.join('; ');
}

/** Variation page-csp-nonce: a strict policy, scripts only by this answer's nonce (report-to, the Reporting API's endpoint). */
function noncePolicy(nonce: string): Headers {
  return {
    'content-security-policy': `script-src 'nonce-${nonce}' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; report-to pts-csp`,
    'reporting-endpoints': `pts-csp="${CSP_REPORT_PATH}"`,
  };
}

/**
 * The cookie the page sets: none by default. Fault page-cookie-unprefixed: a session cookie without a prefix; fault
 * page-cookie-oversized: a __Host- cookie of 5000 bytes (browsers drop it); variation page-cookie-host-prefix: a
 * __Host- session cookie.
 */
function pageCookie(faults: FaultSet, variations: VariationSet): string | undefined {
  const id = randomBytes(16).toString('hex');
  if (faults.has('page-cookie-unprefixed')) return `pts_session=${id}; Path=/; HttpOnly; SameSite=Lax`;
  if (faults.has('page-cookie-oversized')) return `__Host-pts_state=${'a'.repeat(5000)}; Path=/; Secure; HttpOnly; SameSite=Lax`;
  if (variations.has('page-cookie-host-prefix')) return `__Host-pts_session=${id}; Path=/; Secure; HttpOnly; SameSite=Strict`;
  return undefined;
}

/**
 * What other sites learn of the page (ASVS 3.4.5, 3.5.8): a Referer of its origin only, and no other site may load it
 * as a subresource. Fault page-referrer-unsafe-url: the whole address (the token) in every Referer; variation
 * page-referrer-no-referrer: none at all. Fault page-no-corp and variation page-sec-fetch-refused: no CORP (the
 * variation refuses such loads by their Sec-Fetch headers instead: sec-fetch.ts); variation page-corp-same-site.
 */
function leakHeadersOf(faults: FaultSet, variations: VariationSet): Headers {
  const h: Headers = {
    'referrer-policy': faults.has('page-referrer-unsafe-url')
      ? 'unsafe-url'
      : variations.has('page-referrer-no-referrer')
        ? 'no-referrer'
        : 'strict-origin-when-cross-origin',
  };
  if (!faults.has('page-no-corp') && !variations.has('page-sec-fetch-refused'))
    h['cross-origin-resource-policy'] = variations.has('page-corp-same-site') ? 'same-site' : 'same-origin';
  return h;
}

/** The page's protections: no other site frames it, no type is sniffed, no cache keeps it (docs/security-probes.md). */
function pageHeadersOf(faults: FaultSet, variations: VariationSet): Headers {
  const h: Headers = { 'x-content-type-options': NOSNIFF, 'cache-control': 'no-store' };
  // A cross-origin opener gets no handle on the page (ASVS 3.4.8); fault page-no-coop sends none.
  if (!faults.has('page-no-coop')) h['cross-origin-opener-policy'] = variations.has('page-coop-allow-popups') ? 'same-origin-allow-popups' : 'same-origin';
  const cookie = pageCookie(faults, variations);
  if (cookie) h['set-cookie'] = cookie;
  Object.assign(h, leakHeadersOf(faults, variations));
  // Fault page-framable: no framing protection at all.
  if (faults.has('page-framable')) return cachingOf(faults, variations, h);
  // Several CSP headers, each enforced; directive and keyword in another letter case.
  if (variations.has('page-frame-csp-only'))
    h['content-security-policy'] = ["default-src * 'unsafe-inline' 'unsafe-eval' data: blob:", "FRAME-ANCESTORS 'NONE'"];
  else if (variations.has('page-frame-sameorigin')) h['x-frame-options'] = 'sameorigin';
  else if (variations.has('page-frame-merchant-origin')) h['content-security-policy'] = `frame-ancestors ${FRAMING_MERCHANT_ORIGIN}`;
  else Object.assign(h, { 'x-frame-options': 'DENY', 'content-security-policy': pagePolicy(faults) });
  return cachingOf(faults, variations, h);
}

function cachingOf(faults: FaultSet, variations: VariationSet, h: Headers): Headers {
  // Fault page-cache-public: any shared cache may keep the page with the card data for an hour.
  if (faults.has('page-cache-public')) h['cache-control'] = 'public, max-age=3600';
  else if (variations.has('page-cache-private')) h['cache-control'] = 'private, no-cache';
  else if (variations.has('page-cache-expired')) Object.assign(h, { 'cache-control': 'No-Store, Max-Age=0', pragma: 'no-cache', expires: '0' });
  return h;
}

/** Fault api-cors-reflects-origin and the variations that allow a fixed origin or any origin without credentials. */
function corsOf(faults: FaultSet, variations: VariationSet): Output['cors'] {
  if (faults.has('api-cors-reflects-origin'))
    return (origin): Headers => (origin ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' } : {});
  if (variations.has('api-cors-allowlist'))
    return () => ({ 'access-control-allow-origin': CORS_ALLOWED_ORIGIN, 'access-control-allow-credentials': 'true', vary: 'Origin' });
  if (variations.has('api-cors-any-origin')) return () => ({ 'access-control-allow-origin': '*' });
  return null;
}

const EXTRA_HEADERS = (): Headers => ({
  'x-request-id': randomUUID(),
  'cache-control': 'no-store',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  server: 'pts-gateway/2.4',
  'x-powered-by': 'Payments-Core',
  vary: 'Accept-Encoding, Origin',
});

/**
 * Writes one answer as the provider's output says (several chunks under the chunked variation).
 * `headers`: extra headers, if any (no empty object to spread on the common path). The body goes
 * out as one Buffer: encoded once here, where a string body is measured (byteLength), then joined
 * to the header text and encoded again by node.
 */
function write(res: ServerResponse, out: Output, status: number, type: string, text: string, headers?: Headers): void {
  const bytes = Buffer.from(text, 'utf8');
  if (!out.special) {
    const length = String(bytes.length);
    res.writeHead(
      status,
      headers === undefined
        ? { 'content-type': type, 'content-length': length, 'x-content-type-options': NOSNIFF }
        : { 'x-content-type-options': NOSNIFF, ...headers, 'content-type': type, 'content-length': length },
    );
    res.end(bytes);
    return;
  }
  const h: Headers = { 'x-content-type-options': NOSNIFF, ...out.extraHeaders?.(), ...out.cors?.(res.req?.headers.origin), ...headers, 'content-type': type };
  if (out.close) h.connection = 'close';
  if (!out.chunked) {
    h['content-length'] = String(out.lengthInCharacters ? text.length : bytes.length);
    res.writeHead(status, h);
    res.end(bytes);
    return;
  }
  res.writeHead(status, h); // no Content-Length: node sends Transfer-Encoding: chunked
  const step = Math.max(1, Math.ceil(bytes.length / 3)); // bytes, so no character is split across writes
  for (let i = 0; i < bytes.length; i += step) res.write(bytes.subarray(i, i + step));
  res.end();
}

export function sendJson(res: ServerResponse, out: Output, status: number, body: unknown, headers?: Headers): void {
  write(res, out, status, out.jsonType, out.serialize(body), headers);
}

/** A body already written as JSON text (only where out.plainJson: no JSON variation to apply). */
export function sendJsonText(res: ServerResponse, out: Output, status: number, text: string, headers?: Headers): void {
  write(res, out, status, out.jsonType, text, headers);
}

/** A `{message}` error body (and nothing else). */
export function sendError(res: ServerResponse, out: Output, err: ErrorResponse, headers?: Headers, status = err.status): void {
  const body: Record<string, unknown> = { message: err.message };
  if (out.codeField) body.code = err.status;
  sendJson(res, out, status, body, headers);
}

export function sendHtml(res: ServerResponse, out: Output, status: number, html: string, headers?: Headers): void {
  if (out.pageNonce) {
    const nonce = randomBytes(16).toString('base64');
    const text = html.replace(/<script\b/g, `<script nonce="${nonce}"`);
    return write(res, out, status, HTML_TYPE, text, { ...out.pageHeaders, ...noncePolicy(nonce), ...headers });
  }
  write(res, out, status, HTML_TYPE, html, headers === undefined ? out.pageHeaders : { ...out.pageHeaders, ...headers });
}

/** A body of another type (text/plain, an XML or JSON file as a web server gives it back), with the common headers. */
export function sendText(res: ServerResponse, out: Output, status: number, type: string, text: string): void {
  write(res, out, status, type, text);
}

export function sendRedirect(res: ServerResponse, out: Output, status: 302 | 303, location: string): void {
  write(res, out, status, HTML_TYPE, '', { ...out.pageHeaders, location });
}

/** How validation failures are reported, decided once per provider (profile, variations, faults). */
export interface ValidationStyle {
  readonly text: Wording;
  readonly status: number;
  /** No fault or variation reshapes the body: it is the map as found. */
  readonly plain: boolean;
  readonly firstOnly: boolean;
  readonly separator: string;
  readonly reverse: boolean;
  readonly secondMessage: string | null;
  readonly valuesStrings: boolean;
  readonly wrapped: boolean;
  readonly requiredMissing: boolean;
}

export function makeValidationStyle(faults: FaultSet, variations: VariationSet, profile: Profile, text: Wording): ValidationStyle {
  const v = profile.validation;
  const style = {
    text,
    status: faults.has('validation-status-400') ? 400 : profile.http.validation,
    firstOnly: faults.has('validation-first-field-only') || !v.reportsAllFields,
    separator: faults.has('validation-underscore-names') ? '_' : v.nestedSeparator,
    reverse: variations.has('validation-field-order'),
    secondMessage: variations.has('validation-several-messages') ? text.seeDocs : null,
    valuesStrings: faults.has('validation-values-strings'),
    wrapped: faults.has('validation-wrapped'),
    requiredMissing: faults.has('required-message-missing'),
  };
  const plain = !style.firstOnly && style.separator === '.' && !style.reverse && style.secondMessage === null && !style.valuesStrings && !style.wrapped;
  return { ...style, plain };
}

/** Field name -> messages, in the order found. */
export class ValidationErrors {
  /** Made on the first error: a valid request (the common case) allocates no Map. */
  private map: Map<string, string[]> | undefined;
  /** A field had the wrong type (fault wrong-type-400 answers that as a deserialisation error). */
  wrongType = false;

  constructor(readonly style: ValidationStyle) {}

  get text(): Wording {
    return this.style.text;
  }

  add(field: string, message: string): void {
    const map = (this.map ??= new Map());
    const list = map.get(field);
    if (list) list.push(message);
    else map.set(field, [message]);
  }

  typeMismatch(field: string, message: string): void {
    this.wrongType = true;
    this.add(field, message);
  }

  has(field: string): boolean {
    return this.map !== undefined && this.map.has(field);
  }

  get empty(): boolean {
    return this.map === undefined;
  }

  /** The wording's "required" message (fault required-message-missing: "... is missing."). */
  required(field: string): void {
    this.add(field, this.style.requiredMissing ? `The ${field} field is missing.` : this.style.text.required(field));
  }

  /** The documented body: `{field: [messages]}` (the profile, variations and faults reshape it). */
  body(): unknown {
    const s = this.style;
    const map = this.map ?? new Map<string, string[]>();
    if (s.plain) return Object.fromEntries(map);
    let entries = [...map.entries()];
    if (s.reverse) entries.reverse();
    if (s.firstOnly) entries = entries.slice(0, 1);
    if (s.separator !== '.') entries = entries.map(([k, v]) => [k.replaceAll('.', s.separator), v]);
    if (s.secondMessage !== null) entries = entries.map(([k, v]) => [k, [...v, s.secondMessage!]]);
    const values = s.valuesStrings ? entries.map(([k, v]) => [k, v.join(' ')] as const) : entries;
    const obj = Object.fromEntries(values);
    return s.wrapped ? { message: 'The given data was invalid.', errors: obj } : obj;
  }

  /** Every message, for a one-line refusal (fault upload-validation-400). */
  summary(): string {
    return [...(this.map ?? [])].map(([k, v]) => `${k}: ${v.join(' ')}`).join('; ');
  }
}

export function sendValidation(res: ServerResponse, ctx: Ctx, errors: ValidationErrors): void {
  if (errors.wrongType && ctx.faults.has('wrong-type-400')) return sendError(res, ctx.out, ctx.err.wrongType);
  sendJson(res, ctx.out, errors.style.status, errors.body());
}
