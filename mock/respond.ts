import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Ctx } from './context.js';
import type { ErrorResponse } from './errors.js';
import type { FaultSet } from './faults/catalog.js';
import type { Wording } from './messages.js';
import type { Profile } from './profile.js';
import type { VariationSet } from './variations/catalog.js';
import { plainJson, serializer, type Serializer } from './variations/json.js';
import type { StackBehaviour } from './stacks/catalog.js';
import { throughSeam } from './seams/apply.js';
import { cleanPageProtections, CSP_REPORT_PATH, PAGE_PROTECTION_SEAMS } from './seams/page-protections.js';
import { ANSWER_STYLE_SEAMS, type AnswerStyle } from './seams/answer-style.js';
import { VALIDATION_STYLE_SEAMS, type ValidationStyleChoices } from './seams/validation-style.js';

export { CSP_REPORT_PATH };

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
  /** Fault chunked-to-http10: Transfer-Encoding named by hand, whatever the request's version. */
  readonly chunkedNamed: boolean;
  readonly close: boolean;
  /** Every answer carries X-Content-Type-Options: nosniff. */
  readonly nosniff: boolean;
  /** Fault message-error-extra-field. */
  readonly codeField: boolean;
  readonly encoding: 'utf-8' | 'windows-1251';
  /** What every page answer (HTML) carries: framing, sniffing and caching protections (the faults and variations change them). */
  readonly pageHeaders: Headers;
  /** Variation page-csp-nonce: each page answer gets a fresh nonce, in its CSP and on each of its script elements. */
  readonly pageNonce: boolean;
  /** CORS headers for the request's Origin (the fault and variations that send them); null: none. */
  readonly cors: ((origin: string | undefined) => Headers) | null;
}

export function makeOutput(faults: FaultSet, variations: VariationSet, profile: Profile, stack?: StackBehaviour): Output {
  const clean: AnswerStyle = {
    jsonType: stack?.jsonType ?? JSON_TYPE,
    extraHeaders: null,
    chunked: stack?.chunkedAnswers === true,
    chunkedNamed: false,
    close: false,
    lengthInCharacters: false,
    nosniff: true,
    codeField: false,
    cors: null,
    encoding: 'utf-8',
  };
  const style = throughSeam(ANSWER_STYLE_SEAMS, faults, variations, clean);
  // A profile whose provider does not label its JSON as such.
  if (!profile.http.jsonContentType) style.jsonType = 'text/plain; charset=utf-8';
  const page = throughSeam(PAGE_PROTECTION_SEAMS, faults, variations, cleanPageProtections());
  return {
    ...style,
    serialize: serializer(variations),
    plainJson: plainJson(variations),
    special:
      style.extraHeaders !== null ||
      style.chunked ||
      style.close ||
      style.cors !== null ||
      style.lengthInCharacters ||
      !style.nosniff ||
      style.encoding !== 'utf-8',
    pageHeaders: page.headers,
    pageNonce: page.nonce,
  };
}

/** The text in windows-1251: Cyrillic letters one byte each, other characters beyond ASCII as `?`. */
function windows1251(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (c) => {
      const code = c.codePointAt(0)!;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      return code === 0x401 ? 0xa8 : code === 0x451 ? 0xb8 : 0x3f;
    }),
  );
}

/** Every answer: its type is the one sent (ZAP 10021). */
const NOSNIFF = 'nosniff';
/** Variation page-csp-nonce: a strict policy, scripts only by this answer's nonce (report-to, the Reporting API's endpoint). */
function noncePolicy(nonce: string): Headers {
  return {
    'content-security-policy': `script-src 'nonce-${nonce}' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; report-to pts-csp`,
    'reporting-endpoints': `pts-csp="${CSP_REPORT_PATH}"`,
  };
}

/**
 * Writes one answer as the provider's output says (several chunks under the chunked variation).
 * `headers`: extra headers, if any (no empty object to spread on the common path). The body goes
 * out as one Buffer: encoded once here, where a string body is measured (byteLength), then joined
 * to the header text and encoded again by node.
 */
function write(res: ServerResponse, out: Output, status: number, type: string, text: string, headers?: Headers): void {
  const bytes = out.encoding === 'utf-8' ? Buffer.from(text, 'utf8') : windows1251(text);
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
  const h: Headers = { ...out.extraHeaders?.(), ...out.cors?.(res.req?.headers.origin), ...headers, 'content-type': type };
  if (out.nosniff) h['x-content-type-options'] ??= NOSNIFF;
  if (out.close) h.connection = 'close';
  if (!out.chunked) {
    h['content-length'] = String(out.lengthInCharacters ? text.length : bytes.length);
    res.writeHead(status, h);
    res.end(bytes);
    return;
  }
  // No Content-Length: node sends Transfer-Encoding: chunked to HTTP/1.1 clients (an HTTP/1.0 one reads to the close).
  if (out.chunkedNamed) h['transfer-encoding'] = 'chunked';
  res.writeHead(status, h);
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
  readonly wrongTypeAsMessage: boolean;
}

export function makeValidationStyle(faults: FaultSet, variations: VariationSet, profile: Profile, text: Wording): ValidationStyle {
  const v = profile.validation;
  const clean: ValidationStyleChoices = {
    text,
    status: profile.http.validation,
    firstOnly: !v.reportsAllFields,
    separator: v.nestedSeparator,
    reverse: false,
    secondMessage: null,
    valuesStrings: false,
    wrapped: false,
    requiredMissing: false,
    wrongTypeAsMessage: false,
  };
  const style = throughSeam(VALIDATION_STYLE_SEAMS, faults, variations, clean);
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
  if (errors.wrongType && errors.style.wrongTypeAsMessage) return sendError(res, ctx.out, ctx.err.wrongType);
  sendJson(res, ctx.out, errors.style.status, errors.body());
}
