// The embedded reference provider, as the suite starts it when BASE_URL is unset: two merchants with
// fresh credentials (API key, crypto key; an RSA key pair kept per machine user, embedded-keys.ts, whose private key
// sits in a file of its own, mode 0600, as a user's XSIGN_PRIVATE_KEY would; the second as API_KEY_2 and the rest, for the checks that one
// merchant cannot reach another's payments), and one provider per target, all knowing both merchants.
// Global setup, the gate's tests and the secrets test all start it through here.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProfile } from '../../contracts/profile.js';
import { embeddedKeyPair } from './embedded-keys.js';
import type { MerchantConfig, RunningProvider } from '../../mock/index.js';

/** What one embedded provider differs in: faults, variations, the PROFILE file it follows, other options. */
interface EmbeddedProvider {
  faults?: string[];
  variations?: string[];
  profile?: string;
  options?: Record<string, unknown>;
}

interface EmbeddedMerchant {
  apiKey: string;
  cryptoKey: string;
  privateKeyPem: string;
  /** The private key's file: XSIGN_PRIVATE_KEY. */
  keyPath: string;
}

export interface Embedded {
  merchant: EmbeddedMerchant;
  /** The second merchant (API_KEY_2, CRYPTO_KEY_2, XSIGN_PRIVATE_KEY_2). */
  secondMerchant: EmbeddedMerchant;
  providers: RunningProvider[];
  /** BASE_URL, API_KEY, CRYPTO_KEY and XSIGN_PRIVATE_KEY (and their _2) for a run against the first provider, as a user sets them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

interface EmbeddedOptions {
  /** Where the providers deliver callbacks; default nowhere that answers (a closed port). */
  callbackUrl?: string;
  /** Delays between callback tries: short ones keep redelivery checks fast. */
  callbackRetryDelaysMs?: number[];
  /** How long a callback try may take: short ones keep the checks of slow merchant answers fast. */
  callbackTryTimeoutMs?: number;
}

/**
 * Payments an embedded provider keeps (the reference provider's own default is 10 000): every payment of a run
 * must stay known to its end (suite/checks/whole-run.ts), and a default run creates about 8 500, a deep one
 * (FC_NUM_RUNS in the thousands, TIME_BUDGET) many more.
 */
const KEPT_PAYMENTS = 200_000;

/** A merchant with fresh credentials and a kept key pair (embedded-keys.ts), its private key in a file of `keyDir`; what the provider knows of it. */
async function generatedMerchant(keyDir: string, slot: number, callbackUrl: string): Promise<{ merchant: EmbeddedMerchant; known: MerchantConfig }> {
  const keys = await embeddedKeyPair(slot);
  const keyPath = join(keyDir, slot === 1 ? 'merchant.pem' : `merchant-${slot}.pem`);
  writeFileSync(keyPath, keys.privateKeyPem, { mode: 0o600 });
  const merchant: EmbeddedMerchant = { apiKey: `pts-${randomUUID()}`, cryptoKey: randomBytes(24).toString('hex'), privateKeyPem: keys.privateKeyPem, keyPath };
  return { merchant, known: { apiKey: merchant.apiKey, cryptoKey: merchant.cryptoKey, publicKeyPem: keys.publicKeyPem, callbackUrl } };
}

/** Starts one provider per entry of `providers` (default one clean provider), all with the same two merchants. */
export async function startEmbedded(providers: readonly EmbeddedProvider[] = [{}], o: EmbeddedOptions = {}): Promise<Embedded> {
  const { startProvider } = await import('../../mock/index.js'); // loaded only when the embedded provider is used
  const keyDir = mkdtempSync(join(tmpdir(), 'pts-keys-'));
  const callbackUrl = o.callbackUrl ?? 'http://127.0.0.1:9/callbacks';
  // Both at once: key pairs not kept yet are generated off the main thread, the second adding no wait of its own.
  const [first, second] = await Promise.all([generatedMerchant(keyDir, 1, callbackUrl), generatedMerchant(keyDir, 2, callbackUrl)]);
  const { merchant } = first;
  const started = await Promise.all(
    providers.map((p) =>
      startProvider({
        merchants: [first.known, second.known],
        faults: p.faults,
        variations: p.variations,
        profile: p.profile ? loadProfile(p.profile) : undefined,
        callbackRetryDelaysMs: o.callbackRetryDelaysMs,
        callbackTryTimeoutMs: o.callbackTryTimeoutMs,
        maxPayments: KEPT_PAYMENTS,
        ...p.options,
      }),
    ),
  );
  return {
    merchant,
    secondMerchant: second.merchant,
    providers: started,
    env: {
      BASE_URL: started[0].url,
      API_KEY: merchant.apiKey,
      CRYPTO_KEY: merchant.cryptoKey,
      XSIGN_PRIVATE_KEY: merchant.keyPath,
      API_KEY_2: second.merchant.apiKey,
      CRYPTO_KEY_2: second.merchant.cryptoKey,
      XSIGN_PRIVATE_KEY_2: second.merchant.keyPath,
    },
    close: async () => {
      await Promise.all(started.map((p) => p.close()));
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
}
