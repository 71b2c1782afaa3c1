import { test as base, expect } from '@playwright/test';
import { generateKeyPairSync } from 'node:crypto';
import { startProvider, type ProviderOptions, type RunningProvider } from '../index.js';
import { Client, type TestMerchant } from './client.js';
import { CallbackReceiver } from './receiver.js';

/** Short retry delays so the callback tests take well under a second. */
export const TEST_RETRY_DELAYS_MS = [100, 200, 300];

function makeMerchant(apiKey: string): TestMerchant {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { apiKey, cryptoKey: `ck-${apiKey}-secret`, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string, privateKey };
}

/** The second merchant every provider of these tests knows (no callback address): the two-merchant probes speak as it. */
export const OTHER_MERCHANT = makeMerchant('ak_other');

type WorkerFixtures = {
  merchant: TestMerchant;
  otherMerchant: TestMerchant;
  receiver: CallbackReceiver;
  provider: RunningProvider;
};

type TestFixtures = {
  /** Signed client for the worker's provider and merchant. */
  api: Client;
  /** Starts an extra provider (e.g. with faults) for one test; closed after it. */
  startWith: (options?: Partial<ProviderOptions>) => Promise<Client>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  merchant: [async ({}, use, workerInfo) => use(makeMerchant(`ak_test_${workerInfo.workerIndex}`)), { scope: 'worker' }],
  otherMerchant: [async ({}, use) => use(OTHER_MERCHANT), { scope: 'worker' }],
  receiver: [
    async ({}, use) => {
      const r = await CallbackReceiver.create();
      await use(r);
      await r.close();
    },
    { scope: 'worker' },
  ],
  provider: [
    async ({ merchant, otherMerchant, receiver }, use) => {
      const p = await startProvider({
        merchants: [
          { apiKey: merchant.apiKey, cryptoKey: merchant.cryptoKey, publicKeyPem: merchant.publicKeyPem, callbackUrl: receiver.url },
          { apiKey: otherMerchant.apiKey, cryptoKey: otherMerchant.cryptoKey, publicKeyPem: otherMerchant.publicKeyPem },
        ],
        callbackRetryDelaysMs: TEST_RETRY_DELAYS_MS,
      });
      await use(p);
      await p.close();
    },
    { scope: 'worker' },
  ],
  api: async ({ provider, merchant, receiver }, use) => {
    receiver.reset();
    await use(new Client(provider.url, merchant));
  },
  startWith: async ({ merchant, receiver }, use) => {
    const started: RunningProvider[] = [];
    await use(async (options = {}) => {
      const p = await startProvider({
        merchants: [
          { apiKey: merchant.apiKey, cryptoKey: merchant.cryptoKey, publicKeyPem: merchant.publicKeyPem, callbackUrl: receiver.url },
          { apiKey: OTHER_MERCHANT.apiKey, cryptoKey: OTHER_MERCHANT.cryptoKey, publicKeyPem: OTHER_MERCHANT.publicKeyPem },
        ],
        callbackRetryDelaysMs: TEST_RETRY_DELAYS_MS,
        ...options,
      });
      started.push(p);
      return new Client(p.url, merchant);
    });
    await Promise.all(started.map((p) => p.close()));
  },
});

export { expect };

/** created_at shape of the interface document. */
export const CREATED_AT = /^\d{8}T\d{6}\.\d{6}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
