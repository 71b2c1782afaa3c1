import type { ServerResponse } from 'node:http';
import type { ErrorResponse } from './errors.js';
import type { FaultSet } from './faults/catalog.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

type Headers = Record<string, string>;

export function sendJson(res: ServerResponse, faults: FaultSet, status: number, body: unknown, headers: Headers = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': faults.has('content-type-text-plain') ? 'text/plain; charset=utf-8' : JSON_TYPE,
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/** A `{message}` error body (and nothing else). */
export function sendError(res: ServerResponse, faults: FaultSet, err: ErrorResponse, headers: Headers = {}, status = err.status): void {
  const body: Record<string, unknown> = { message: err.message };
  if (faults.has('message-error-extra-field')) body.code = err.status;
  sendJson(res, faults, status, body, headers);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Headers = {}): void {
  res.writeHead(status, { ...headers, 'content-type': HTML_TYPE, 'content-length': String(Buffer.byteLength(html)) });
  res.end(html);
}

/** Field name -> messages, in the order found. */
export class ValidationErrors {
  private readonly map = new Map<string, string[]>();

  constructor(private readonly faults: FaultSet) {}

  add(field: string, message: string): void {
    const list = this.map.get(field);
    if (list) list.push(message);
    else this.map.set(field, [message]);
  }

  has(field: string): boolean {
    return this.map.has(field);
  }

  get empty(): boolean {
    return this.map.size === 0;
  }

  /** "The x field is required." (fault required-message-missing: "... is missing."). */
  required(field: string): void {
    this.add(field, this.faults.has('required-message-missing') ? `The ${field} field is missing.` : `The ${field} field is required.`);
  }

  /** The documented body: `{field: [messages]}` (faults change the shape). */
  body(): unknown {
    let entries = [...this.map.entries()];
    if (this.faults.has('validation-first-field-only')) entries = entries.slice(0, 1);
    if (this.faults.has('validation-underscore-names')) entries = entries.map(([k, v]) => [k.replaceAll('.', '_'), v]);
    const values = this.faults.has('validation-values-strings')
      ? entries.map(([k, v]) => [k, v.join(' ')] as const)
      : entries;
    const obj = Object.fromEntries(values);
    return this.faults.has('validation-wrapped') ? { message: 'The given data was invalid.', errors: obj } : obj;
  }
}

export function sendValidation(res: ServerResponse, faults: FaultSet, errors: ValidationErrors): void {
  sendJson(res, faults, faults.has('validation-status-400') ? 400 : 422, errors.body());
}
