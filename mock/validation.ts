import { isIP } from 'node:net';
import { luhnValid } from './crypto.js';
import type { FaultSet } from './faults/catalog.js';
import type { Merchant, Merchants } from './merchants.js';
import type { ValidationErrors } from './respond.js';

/** Field checks shared by the JSON operations. Each returns the valid value or undefined. */
export class FieldChecker {
  constructor(
    private readonly errors: ValidationErrors,
    private readonly faults: FaultSet,
  ) {}

  /**
   * The fields every signed JSON operation opens with: api_key naming a known merchant, a UUID
   * transaction and a signature string (which the operation then verifies against its own digest).
   */
  signedFields(body: Record<string, unknown>, merchants: Merchants) {
    const apiKey = this.string('api_key', body.api_key);
    const merchant: Merchant | undefined = apiKey === undefined ? undefined : merchants.find(apiKey, this.faults);
    if (apiKey !== undefined && !merchant) this.errors.add('api_key', 'Unknown api_key.');
    const transaction = this.uuid('transaction', body.transaction);
    const signature = this.string('signature', body.signature);
    return { apiKey, merchant, transaction, signature };
  }

  /** Missing, null, or '' count as missing. */
  missing(value: unknown): boolean {
    return value === undefined || value === null || (value === '' && !this.faults.has('empty-string-accepted'));
  }

  /** A required string; reports `required` or a type message. */
  string(field: string, value: unknown): string | undefined {
    if (this.missing(value)) {
      this.errors.required(field);
      return undefined;
    }
    if (typeof value !== 'string') {
      this.errors.add(field, `The ${field} must be a string.`);
      return undefined;
    }
    return value;
  }

  uuid(field: string, value: unknown): string | undefined {
    const s = this.string(field, value);
    if (s === undefined) return undefined;
    if (!this.faults.has('transaction-uuid-not-checked') && !UUID.test(s)) {
      this.errors.add(field, `The ${field} must be a valid UUID.`);
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
    else if (typeof value === 'string' && this.faults.has('amount-accepts-numeric-string') && /^[0-9]+$/.test(value)) n = Number(value);
    if (n === undefined) {
      this.errors.add(field, `The ${field} must be an integer.`);
      return { valid: false };
    }
    if (n < min || n > max) {
      this.errors.add(field, `The ${field} must be between ${min} and ${max}.`);
      return { typed: n, valid: false };
    }
    return { typed: n, valid: true };
  }

  url(field: string, value: unknown): string | undefined {
    const s = this.string(field, value);
    if (s === undefined) return undefined;
    if (!this.faults.has('return-url-not-validated') && !isAbsoluteHttpUrl(s)) {
      this.errors.add(field, `The ${field} must be an absolute http or https URL.`);
      return undefined;
    }
    return s;
  }

  ip(field: string, value: unknown): string | undefined {
    const s = this.string(field, value);
    if (s === undefined) return undefined;
    if (!this.faults.has('client-ip-not-validated') && isIP(s) === 0) {
      this.errors.add(field, `The ${field} must be a valid IPv4 or IPv6 address.`);
      return undefined;
    }
    return s;
  }

  phone(field: string, value: unknown): string | undefined {
    const s = this.string(field, value);
    if (s === undefined) return undefined;
    if (!this.faults.has('payer-phone-not-validated') && !/^\+?[0-9]{10,15}$/.test(s)) {
      this.errors.add(field, `The ${field} must be 10 to 15 digits, optionally preceded by +.`);
      return undefined;
    }
    return s;
  }

  pan(field: string, value: unknown): string | undefined {
    const s = this.string(field, value);
    if (s === undefined) return undefined;
    if (!/^[0-9]{13,19}$/.test(s)) {
      this.errors.add(field, `The ${field} must be 13 to 19 digits.`);
      return undefined;
    }
    if (!this.faults.has('luhn-not-checked') && !luhnValid(s)) {
      this.errors.add(field, `The ${field} is not a valid card number.`);
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
      this.errors.add(field, `The ${field} must be an object.`);
      return undefined;
    }
    return value as Record<string, unknown>;
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isAbsoluteHttpUrl(s: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\//i.test(s) || /[\s\u0000-\u001f\u007f]/.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
