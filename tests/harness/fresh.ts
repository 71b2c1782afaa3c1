// Every request the suite sends carries a transaction never used before (a real sandbox keeps them),
// so a generated or shrunk body gets a fresh UUID and its signature is taken again.
import { randomUUID } from 'node:crypto';
import { account2cardDigest, invoiceDigest } from '../../generators/signing.js';
import type { Merchant } from './provider-api.js';

type Body = object;

export function freshInvoice<T extends Body>(body: T, merchant: Merchant): T {
  const next: Record<string, unknown> = { ...body, transaction: randomUUID() };
  next.signature = invoiceDigest(next as never, merchant.cryptoKey);
  return next as T;
}

export function freshAccount2Card<T extends Body>(body: T, merchant: Merchant): T {
  const next: Record<string, unknown> = { ...body, transaction: randomUUID() };
  next.signature = account2cardDigest(next as never, merchant.cryptoKey);
  return next as T;
}
