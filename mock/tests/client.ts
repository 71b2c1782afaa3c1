import { createHash, randomUUID, sign, type KeyObject } from 'node:crypto';
import { OPERATION_PATHS } from '../../contracts/operation-facts.js';

/** Where the default profile serves each operation. */
export const PATHS = OPERATION_PATHS;

export interface TestMerchant {
  apiKey: string;
  cryptoKey: string;
  publicKeyPem: string;
  privateKey: KeyObject;
}

/** A parsed JSON answer, read field by field in tests: a wrong guess fails the test that made it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body, or undefined when not JSON. */
  json: Json;
}

export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** A signed client for one provider and merchant (hand-written: independent of contracts/ and generators/). */
export class Client {
  constructor(
    readonly url: string,
    readonly merchant: TestMerchant,
    /** Paths of the provider's profile (default: the default profile's). */
    readonly paths: Record<keyof typeof PATHS, string> = PATHS,
  ) {}

  send(path: string, init: RequestInit = {}): Promise<Reply> {
    return sendTo(this.url + path, init);
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    return this.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  invoiceSignature(transaction: string, amount: unknown): string {
    return sha256(this.merchant.apiKey + transaction + String(amount) + this.merchant.cryptoKey);
  }

  /** A valid, signed invoice body; `overrides` replace fields (undefined removes one). */
  invoiceBody(overrides: Record<string, unknown> = {}, payloadExtra: Record<string, unknown> = {}): Record<string, unknown> {
    const transaction = (overrides.transaction as string | undefined) ?? randomUUID();
    const amount = 'amount' in overrides ? overrides.amount : 123456;
    const body: Record<string, unknown> = {
      api_key: this.merchant.apiKey,
      transaction,
      amount,
      signature: this.invoiceSignature(transaction, amount),
      description: 'Order 42',
      return_url: 'https://merchant.example/return?order=42',
      payload: { client_id: 'client-1', client_ip: '198.51.100.7', ...payloadExtra },
      ...overrides,
    };
    for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete body[k];
    return body;
  }

  invoice(overrides: Record<string, unknown> = {}, payloadExtra: Record<string, unknown> = {}): Promise<Reply> {
    return this.post(this.paths.invoice, this.invoiceBody(overrides, payloadExtra));
  }

  a2cBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const transaction = (overrides.transaction as string | undefined) ?? randomUUID();
    const amount = 'amount' in overrides ? overrides.amount : 150000;
    const pan = (overrides.recipient_pan as string | undefined) ?? '4111111111111111';
    const body: Record<string, unknown> = {
      api_key: this.merchant.apiKey,
      transaction,
      amount,
      signature: sha256(this.merchant.apiKey + transaction + String(amount) + pan + this.merchant.cryptoKey),
      payer_fio: 'Петров Пётр Петрович',
      payer_phone: '+79001234567',
      recipient_pan: pan,
      ...overrides,
    };
    for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete body[k];
    return body;
  }

  xSign(raw: string, key: KeyObject = this.merchant.privateKey): string {
    return sign('sha256', Buffer.from(raw, 'utf8'), key).toString('base64');
  }

  /** POSTs an account-to-card body with a valid X-Sign over its exact bytes (unless `xsign` given). */
  a2c(body: Record<string, unknown> | string, xsign?: string | null): Promise<Reply> {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const headers: Record<string, string> = {};
    const value = xsign === undefined ? this.xSign(raw) : xsign;
    if (value !== null) headers['x-sign'] = value;
    return this.post(this.paths.account2card, raw, headers);
  }

  statusBody(transaction: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      api_key: this.merchant.apiKey,
      transaction,
      signature: sha256(this.merchant.apiKey + transaction + this.merchant.cryptoKey),
      ...overrides,
    };
  }

  status(transaction: string, overrides: Record<string, unknown> = {}): Promise<Reply> {
    return this.post(this.paths.status, this.statusBody(transaction, overrides));
  }

  upload(parts: { api_key?: string; file?: Blob | string; fileName?: string }): Promise<Reply> {
    const fd = new FormData();
    if (parts.api_key !== undefined) fd.set('api_key', parts.api_key);
    if (parts.file !== undefined) {
      const blob = typeof parts.file === 'string' ? new Blob([parts.file]) : parts.file;
      fd.set('file', blob, parts.fileName ?? 'transports.csv');
    }
    return this.send(this.paths.upload, { method: 'POST', body: fd });
  }

  /** Presses a page button over HTTP (API client: JSON answer), on the page's own server. */
  press(redirectUrl: string, action: 'pay' | 'decline'): Promise<Reply> {
    return sendTo(`${pageOf(redirectUrl)}/${action}`, { method: 'POST' });
  }
}

/** The payment page behind redirect_url (a /go/ address redirects to it: variation page-redirect). */
export const pageOf = (redirectUrl: string) => redirectUrl.replace(/\/go\/([^/?#]+)$/, '/pay/$1');

/** A request to a full address (the page may live on another origin than the API). */
export async function sendTo(url: string, init: RequestInit = {}): Promise<Reply> {
  const res = await fetch(url, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}
