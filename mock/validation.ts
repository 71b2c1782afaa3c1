import { isIP } from 'node:net';
import { REQUIRED_TEXT_FIELDS } from '../contracts/operation-facts.js';
import type { Ctx, Rules } from './context.js';
import { luhnValid } from './crypto.js';
import type { FaultSet } from './faults/catalog.js';
import type { Merchant, Merchants } from './merchants.js';
import type { Wording } from './messages.js';
import type { ValidationErrors } from './respond.js';

/** The required text fields a profile or a variation may read as missing when they hold only whitespace. */
const BLANK_CHECKED = new Set(Object.values(REQUIRED_TEXT_FIELDS).flat());

/** Field checks shared by the JSON operations. Each returns the valid value or undefined. */
export class FieldChecker {
  private readonly faults: FaultSet;
  private readonly rules: Rules;
  private readonly text: Wording;

  constructor(
    private readonly errors: ValidationErrors,
    ctx: Ctx,
  ) {
    this.faults = ctx.faults;
    this.rules = ctx.rules;
    this.text = errors.text;
  }

  /**
   * The fields every signed JSON operation opens with: api_key naming a known merchant, a UUID
   * transaction and a signature string (which the operation then verifies against its own digest).
   */
  signedFields(body: Record<string, unknown>, merchants: Merchants) {
    const apiKey = this.string('api_key', body.api_key);
    const merchant: Merchant | undefined = apiKey === undefined ? undefined : merchants.find(apiKey, this.faults);
    if (apiKey !== undefined && !merchant) this.errors.add('api_key', this.text.unknownApiKey);
    const transaction = this.uuid('transaction', body.transaction);
    // Fault signature-array-coerced: read with String(value), so ["<digest>"] reads as the digest.
    const coerced = this.faults.has('signature-array-coerced') && Array.isArray(body.signature);
    const signature = coerced ? String(body.signature as unknown[]) : this.string('signature', body.signature);
    return { apiKey, merchant, transaction, signature };
  }

  /** Absent, and (as the profile says) null or '', count as missing. */
  missing(value: unknown): boolean {
    return value === undefined || (value === null && this.rules.nullIsMissing) || (value === '' && this.rules.emptyIsMissing);
  }

  /** A required string; reports `required`, a type message, or (profile: "" not missing) an empty one. */
  string(field: string, value: unknown): string | undefined {
    if (this.missing(value) || (this.rules.blankIsMissing && BLANK_CHECKED.has(field) && typeof value === 'string' && value.trim() === '' && value !== '')) {
      this.errors.required(field);
      return undefined;
    }
    if (typeof value !== 'string') {
      this.errors.typeMismatch(field, this.text.string(field));
      return undefined;
    }
    if (value === '' && !this.rules.emptyAccepted) {
      this.errors.add(field, this.text.notEmpty(field));
      return undefined;
    }
    return value;
  }

  uuid(field: string, value: unknown): string | undefined {
    const s = this.string(field, value);
    if (s === undefined) return undefined;
    if (!this.faults.has('transaction-uuid-not-checked') && !UUID.test(s)) {
      this.errors.add(field, this.text.uuid(field));
      return undefined;
    }
    // Fault transaction-uuid-v4-only: a validator for version 4 UUIDs (Laravel's uuid rule once, Joi's default versions).
    if (this.faults.has('transaction-uuid-v4-only') && s.charAt(14) !== '4') {
      this.errors.add(field, this.text.uuid(field));
      return undefined;
    }
    return s;
  }

  /** A required integer within [min, max]; returns the number when it has the right type (even out of range). */
  amount(field: string, value: unknown, min: number, max: number): { typed?: number; valid: boolean } {
    if (this.missing(value)) {
      this.errors.required(field);
      return { valid: false };
    }
    let n: number | undefined;
    if (typeof value === 'number' && Number.isFinite(value) && (Number.isInteger(value) || this.faults.has('amount-accepts-fraction'))) n = value;
    // Fault amount-int32-wraps: the amount is held in 32 bits before its range check.
    if (n !== undefined && this.faults.has('amount-int32-wraps')) n |= 0;
    else if (typeof value === 'string' && this.faults.has('amount-accepts-numeric-string') && /^[0-9]+$/.test(value)) n = Number(value);
    if (n === undefined) {
      this.errors.typeMismatch(field, this.text.integer(field));
      return { valid: false };
    }
    if (n < min || n > max) {
      this.errors.add(field, this.text.range(field, min, max));
      return { typed: n, valid: false };
    }
    return { typed: n, valid: true };
  }

  url(field: string, value: unknown): string | undefined {
    const s = this.string(field, value);
    if (s === undefined) return undefined;
    if (!this.faults.has('return-url-not-validated') && !this.urlTaken(s)) {
      this.errors.add(field, this.text.url(field));
      return undefined;
    }
    // Variation return-url-private-ip-refused: an address of this network or the provider's own is no merchant's page.
    if (this.rules.refusePrivateIp && privateIpHost(s)) {
      this.errors.add(field, this.text.url(field));
      return undefined;
    }
    // Variation return-url-whatwg: kept as read.
    return this.rules.urlWhatwg ? (whatwgHttpUrl(s) ?? s) : s;
  }

  /** return_url as this provider reads it (the faults and variation that read it otherwise). */
  private urlTaken(s: string): boolean {
    // Fault return-url-regex-unanchored: an http(s) URL anywhere in the value passes.
    if (this.faults.has('return-url-regex-unanchored')) return /https?:\/\/\S+/i.test(s);
    // Fault location-header-split, variation return-url-whatwg: read as the URL Standard reads it.
    if (this.faults.has('location-header-split') || this.rules.urlWhatwg) return whatwgHttpUrl(s) !== undefined;
    return isAbsoluteHttpUrl(s);
  }

  ip(field: string, value: unknown): string | undefined {
    const s = this.string(field, value);
    if (s === undefined) return undefined;
    // Fault client-ip-accepts-cidr: checked as a database inet value, which takes a prefix length.
    const address = this.faults.has('client-ip-accepts-cidr') ? s.replace(/\/\d{1,3}$/, '') : s;
    if (!this.faults.has('client-ip-not-validated') && isIP(address) === 0) {
      this.errors.add(field, this.text.ip(field));
      return undefined;
    }
    // Fault client-ip-ipv6-full-form-only: eight groups of hex digits, the form a hand-written pattern expects.
    if (this.faults.has('client-ip-ipv6-full-form-only') && isIP(address) === 6 && !/^([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}$/i.test(address)) {
      this.errors.add(field, this.text.ip(field));
      return undefined;
    }
    return s;
  }

  phone(field: string, value: unknown): string | undefined {
    const s = this.string(field, value);
    if (s === undefined) return undefined;
    if (!this.faults.has('payer-phone-not-validated') && !/^\+?[0-9]{10,15}$/.test(s)) {
      this.errors.add(field, this.text.phone(field));
      return undefined;
    }
    return s;
  }

  pan(field: string, value: unknown): string | undefined {
    const s = this.string(field, value);
    if (s === undefined) return undefined;
    if (!/^[0-9]{13,19}$/.test(s)) {
      this.errors.add(field, this.text.panDigits(field));
      return undefined;
    }
    if (!this.faults.has('luhn-not-checked') && !luhnValid(s)) {
      this.errors.add(field, this.text.panLuhn(field));
      return undefined;
    }
    return s;
  }

  object(field: string, value: unknown): Record<string, unknown> | undefined {
    if (this.missing(value)) {
      this.errors.required(field);
      return undefined;
    }
    if (typeof value !== 'object' || value === null || (Array.isArray(value) && !this.faults.has('payload-array-accepted'))) {
      this.errors.typeMismatch(field, this.text.object(field));
      return undefined;
    }
    return value as Record<string, unknown>;
  }

  /**
   * Variation validation-reports-signature: when the documented digest cannot be computed or verified
   * (a field it is taken over is absent, null or "", or api_key names no merchant), the signature is
   * reported as well. Not when such a field is present but invalid (out of range, not a UUID, not a
   * card number): the digest over it can still be right, and the document keys the body by the
   * invalid fields only.
   */
  signatureToo(body: Record<string, unknown>, digestFields: readonly string[], merchantKnown: boolean): void {
    if (!this.rules.reportsSignature || this.errors.has('signature')) return;
    const absent = (f: string) => body[f] === undefined || body[f] === null || body[f] === '';
    if (!merchantKnown || digestFields.some(absent)) this.errors.add('signature', this.text.signatureUnverifiable);
  }

  /** Variation unknown-fields-refused: every top-level field the operation does not take, keyed by its name. */
  onlyKnownFields(body: Record<string, unknown>, known: readonly string[]): void {
    if (!this.rules.refusesUnknownFields) return;
    for (const field of Object.keys(body)) if (!known.includes(field)) this.errors.add(field, this.text.notAllowed(field));
  }
}

/**
 * Variation amount-literal-strict: an integer amount the body wrote other than as its plain digits (1e4,
 * 10000.0) is kept as the text written, which the integer check then refuses. Plain digits anywhere for the
 * key (a payload's own "amount" included) count as plain: the variation never refuses a plain amount.
 */
export function keepAmountAsWritten(body: Record<string, unknown>, raw: Buffer): void {
  const n = body.amount;
  if (typeof n !== 'number' || !Number.isInteger(n)) return;
  const text = raw.toString('utf8');
  const plain = String(n).replace(/[+.]/g, '\\$&');
  if (new RegExp(`"amount"\\s*:\\s*${plain}\\s*[,}\\]]`).test(text)) return;
  body.amount = /"amount"\s*:\s*(-?[0-9][0-9.eE+-]*)/.exec(text)?.[1] ?? String(n);
}

/**
 * An http(s) URL as the URL Standard reads it (fault location-header-split, variation return-url-whatwg): tab,
 * CR and LF removed anywhere, C0 controls and spaces trimmed at both ends, then whatever its parser takes
 * (spaces inside percent-encoded). The URL so read, or undefined.
 */
function whatwgHttpUrl(s: string): string | undefined {
  const read = s.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!/^https?:\/\//i.test(read)) return undefined;
  try {
    const url = new URL(read);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** http(s):// and then printable ASCII only: no whitespace, no control characters. */
const PLAIN_HTTP_URL = /^https?:\/\/[\x21-\x7e]*$/i;

/** A URL whose host is a loopback, private or link-local IP address (127/8, 10/8, 172.16/12, 192.168/16, 169.254/16, ::1, fc00::/7, fe80::/10). */
function privateIpHost(s: string): boolean {
  let host: string;
  try {
    host = new URL(s).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (/^\[(::1|f[cd][0-9a-f]{0,2}:.*|fe[89ab][0-9a-f]:.*)\]$/.test(host)) return true;
  const m = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

export function isAbsoluteHttpUrl(s: string): boolean {
  // The common case without a URL object per request. With that prefix the WHATWG parser gives
  // protocol http: or https: and refuses an empty host, so "parses" is the whole check. Only for
  // ASCII: Node 20's URL.canParse misreads Latin-1 strings ("http://é") once optimised.
  if (PLAIN_HTTP_URL.test(s)) return URL.canParse(s);
  if (!/^https?:\/\//i.test(s) || /[\s\u0000-\u001f\u007f]/.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
