/** Helpers shared by the variant builders: fresh valid bodies, field paths, re-signing as sent. */
import { buildAccount2CardRequest, buildInvoiceRequest } from '../builders.js';
import { account2cardDigest, invoiceDigest, statusDigest, type MerchantCredentials } from '../signing.js';
import { REQUIRED_FIELDS } from '../../contracts/operation-facts.js';
import type { PaymentOperation, SignedOperation } from '../../contracts/operations.js';

/** A JSON object body under construction. */
export type Body = Record<string, unknown>;

/** Required fields of each operation, with the requirement ID a missing one breaks (the request schemas', contracts/operation-facts.ts). */
export { REQUIRED_FIELDS };

/** The fields each signed operation's digest is taken over (crypto_key aside), in order. */
export const DIGEST_FIELDS: Readonly<Record<SignedOperation, readonly string[]>> = {
  invoice: ['api_key', 'transaction', 'amount'],
  account2card: ['api_key', 'transaction', 'amount', 'recipient_pan'],
  status: ['api_key', 'transaction'],
};

/** A fresh valid, signed body of the operation (new transaction each call). */
export function freshBody(operation: PaymentOperation, creds: MerchantCredentials): Body {
  const body = operation === 'invoice' ? buildInvoiceRequest(creds) : buildAccount2CardRequest(creds);
  return structuredClone(body) as unknown as Body;
}

/** A deep copy of a body. */
export function cloneBody(body: unknown): Body {
  return structuredClone(body) as Body;
}

/** Reads a dotted field path (`payload.client_id`). */
export function getField(body: Body, path: string): unknown {
  let node: unknown = body;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Body)[key];
  }
  return node;
}

/** Writes a dotted field path; `undefined` removes the field. The parent must be an object. */
export function setField(body: Body, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: Body = body;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) {
      throw new Error(`variants: cannot set '${path}': '${key}' is not an object`);
    }
    node = next as Body;
  }
  const last = keys[keys.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/** The digest of a body as sent: String(value) of each digest field, '' for a missing or null one. */
export function digestAsSent(operation: SignedOperation, body: Body, cryptoKey: string, rawAmount?: string): string {
  const fields = { ...body, ...(rawAmount !== undefined ? { amount: rawAmount } : {}) };
  if (operation === 'status') return statusDigest(fields as Parameters<typeof statusDigest>[0], cryptoKey);
  return operation === 'invoice'
    ? invoiceDigest(fields as Parameters<typeof invoiceDigest>[0], cryptoKey)
    : account2cardDigest(fields as Parameters<typeof account2cardDigest>[0], cryptoKey);
}

/** Re-signs a body as sent, unless `signature` is one of the broken fields. */
export function resignAsSent(operation: PaymentOperation, body: Body, creds: MerchantCredentials, broken: readonly string[], rawAmount?: string): void {
  if (broken.includes('signature')) return;
  body.signature = digestAsSent(operation, body, creds.cryptoKey, rawAmount);
}

/** Keys a correct provider may also report when `broken` fields are broken. */
export function collateralKeys(operation: PaymentOperation, broken: readonly string[]): string[] {
  const extra = new Set<string>();
  if (broken.some((b) => DIGEST_FIELDS[operation].includes(b)) && !broken.includes('signature')) extra.add('signature');
  if (operation === 'invoice' && broken.includes('payload')) {
    for (const k of ['payload.client_id', 'payload.client_ip']) if (!broken.includes(k)) extra.add(k);
  }
  return [...extra];
}

/** A short rendering of a value for labels. */
export function show(value: unknown): string {
  if (value === undefined) return 'absent';
  const s = JSON.stringify(value);
  return s.length > 40 ? s.slice(0, 37) + '...' : s;
}
