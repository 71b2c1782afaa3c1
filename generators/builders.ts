/**
 * Plain builders for single, correctly signed request bodies. Every field has a fixed,
 * valid default except `transaction`, which is a fresh v4 UUID unless overridden (the
 * default profile rejects a reused transaction). The signature is computed after the
 * overrides are applied, over the body as it will be sent, unless the overrides set
 * `signature` themselves (even to `undefined`).
 */
import { randomUUID } from 'node:crypto';
import type { Account2CardRequest, InvoicePayload, InvoiceRequest, StatusRequest } from '../contracts/index.js';
import { account2cardDigest, invoiceDigest, statusDigest, type MerchantCredentials } from './signing.js';

/** Fields of an invoice request to replace; `payload` is merged into the default payload. */
export type InvoiceOverrides = Partial<Omit<InvoiceRequest, 'payload'>> & {
  payload?: Partial<InvoicePayload> & Record<string, unknown>;
};

/** Fields of an account-to-card request to replace. */
type Account2CardOverrides = Partial<Account2CardRequest>;

/** Fields of a status request to replace. */
type StatusOverrides = Partial<StatusRequest>;

/** Default invoice fields (valid under the interface document and the default profile). */
export const INVOICE_DEFAULTS = {
  amount: 10_000,
  description: 'Оплата заказа №1001',
  return_url: 'https://shop.example/return',
  payload: { client_id: 'user-1001', client_ip: '198.51.100.7' },
} as const;

/** Default account-to-card fields. */
const ACCOUNT2CARD_DEFAULTS = {
  amount: 100_000,
  payer_fio: 'Иванов Иван Иванович',
  payer_phone: '79991234567',
  recipient_pan: '4111111111111111',
} as const;

/** A correctly signed invoice request body; fields in the documented order. */
export function buildInvoiceRequest(creds: MerchantCredentials, overrides: InvoiceOverrides = {}): InvoiceRequest {
  const { payload: payloadOverrides, ...rest } = overrides;
  const body = {
    api_key: creds.apiKey,
    transaction: randomUUID(),
    signature: '',
    amount: INVOICE_DEFAULTS.amount as number,
    description: INVOICE_DEFAULTS.description as string,
    return_url: INVOICE_DEFAULTS.return_url as string,
    ...rest,
    payload: { ...INVOICE_DEFAULTS.payload, ...payloadOverrides } as InvoicePayload,
  };
  if (!('signature' in overrides)) body.signature = invoiceDigest(body, creds.cryptoKey);
  return body;
}

/** A correctly signed account-to-card request body; fields in the documented order. */
export function buildAccount2CardRequest(creds: MerchantCredentials, overrides: Account2CardOverrides = {}): Account2CardRequest {
  const body: Account2CardRequest = {
    api_key: creds.apiKey,
    transaction: randomUUID(),
    signature: '',
    amount: ACCOUNT2CARD_DEFAULTS.amount,
    payer_fio: ACCOUNT2CARD_DEFAULTS.payer_fio,
    payer_phone: ACCOUNT2CARD_DEFAULTS.payer_phone,
    recipient_pan: ACCOUNT2CARD_DEFAULTS.recipient_pan,
    ...overrides,
  };
  if (!('signature' in overrides)) body.signature = account2cardDigest(body, creds.cryptoKey);
  return body;
}

/** A correctly signed (profile) status request body for a transaction. */
export function buildStatusRequest(creds: MerchantCredentials, transaction: string, overrides: StatusOverrides = {}): StatusRequest {
  const body: StatusRequest = { api_key: creds.apiKey, transaction, signature: '', ...overrides };
  if (!('signature' in overrides)) body.signature = statusDigest(body, creds.cryptoKey);
  return body;
}
