// Every request the suite sends carries a transaction never used before (a real sandbox keeps them),
// so a generated or shrunk body gets a fresh UUID of the same kind (version, letter case: the generators'
// classes reach the provider) and its signature is taken again.
import { renewUuid } from '../../generators/arbitraries/index.js';
import { account2cardDigest, invoiceDigest } from '../../generators/signing.js';
import type { Merchant } from './provider-api.js';

type Body = object;

function renewed(body: Body): Record<string, unknown> {
  const previous = (body as { transaction?: unknown }).transaction;
  return { ...body, transaction: renewUuid(typeof previous === 'string' ? previous : '00000000-0000-4000-8000-000000000000') };
}

export function freshInvoice<T extends Body>(body: T, merchant: Merchant): T {
  const next = renewed(body);
  next.signature = invoiceDigest(next as never, merchant.cryptoKey);
  return next as T;
}

export function freshAccount2Card<T extends Body>(body: T, merchant: Merchant): T {
  const next = renewed(body);
  next.signature = account2cardDigest(next as never, merchant.cryptoKey);
  return next as T;
}
