import type { KeyObject } from 'node:crypto';
import { publicKeyFromPem, xSignValid, type XSignEncoding } from './crypto.js';
import type { FaultSet } from './faults/catalog.js';
import type { MerchantConfig } from './types.js';

export interface Merchant {
  readonly apiKey: string;
  readonly cryptoKey: string;
  readonly publicKey: KeyObject;
  readonly callbackUrl?: string;
}

export class Merchants {
  private readonly byKey = new Map<string, Merchant>();
  private readonly all: Merchant[] = [];

  constructor(configs: readonly MerchantConfig[]) {
    if (!Array.isArray(configs) || configs.length === 0) {
      throw new Error('startProvider: at least one merchant is required');
    }
    for (const c of configs) {
      if (!c.apiKey || !c.cryptoKey || !c.publicKeyPem) {
        throw new Error('startProvider: every merchant needs apiKey, cryptoKey and publicKeyPem');
      }
      if (c.callbackUrl !== undefined) new URL(c.callbackUrl); // throws on a bad address
      const m: Merchant = { apiKey: c.apiKey, cryptoKey: c.cryptoKey, publicKey: publicKeyFromPem(c.publicKeyPem), callbackUrl: c.callbackUrl };
      this.byKey.set(c.apiKey, m);
      this.all.push(m);
    }
  }

  /** The merchant owning `apiKey`, or undefined (fault unknown-api-key-accepted: the first one). */
  find(apiKey: unknown, faults: FaultSet): Merchant | undefined {
    if (typeof apiKey !== 'string') return undefined;
    const m = this.byKey.get(apiKey);
    if (m === undefined && faults.has('unknown-api-key-accepted') && apiKey !== '') return this.all[0];
    if (m === undefined && faults.has('api-key-letter-case-ignored')) return this.all.find((x) => x.apiKey.toLowerCase() === apiKey.toLowerCase());
    // Fault api-key-normalised: looked up as a form field "cleaned" by a framework (NFKC, invisible characters removed, trimmed).
    if (m === undefined && faults.has('api-key-normalised'))
      return this.byKey.get(
        apiKey
          .normalize('NFKC')
          .replace(/[\u200b-\u200d\ufeff]/g, '')
          .trim(),
      );
    return m;
  }

  /** Exact lookup, no faults applied. */
  get(apiKey: string): Merchant | undefined {
    return this.byKey.get(apiKey);
  }

  /** Every merchant's crypto_key (fault signature-any-merchant-key only). */
  cryptoKeys(): string[] {
    return this.all.map((m) => m.cryptoKey);
  }

  /** Does X-Sign verify with `merchant`'s key, or (no merchant) with any known key? */
  xSignVerifies(body: Buffer, header: string, merchant: Merchant | undefined, encoding: XSignEncoding, pssToo = false): boolean {
    if (merchant) return xSignValid(body, header, merchant.publicKey, encoding, pssToo);
    return this.all.some((m) => xSignValid(body, header, m.publicKey, encoding, pssToo));
  }
}
