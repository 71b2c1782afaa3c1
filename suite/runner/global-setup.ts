// Runs once per `playwright test`: checks the configuration, starts the callback receiver and, when
// BASE_URL is unset, the embedded reference provider with generated credentials (a matrix run: one
// embedded provider per target of its plan). Workers receive the providers' addresses and the
// credentials through the environment.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateRsaKeyPair } from '../../generators/signing.js';
import { randomSeed } from '../../generators/settings.js';
import { loadProfile } from '../../contracts/profile.js';
import { CallbackReceiver } from '../harness/callback-receiver.js';
import { readSettings } from './settings.js';
import { RUN_ENV } from '../../contracts/run-protocol.js';
import { probeProvider } from './probe.js';
import { loadPlan, type TargetPlan } from './targets.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const settings = readSettings();
  const profile = loadProfile(settings.profilePath); // a bad profile stops the run here, before any request
  const plan = loadPlan();
  for (const t of plan?.targets ?? []) if (t.profile) loadProfile(t.profile);
  // One seed for the whole run, drawn here when FC_SEED is unset: every property and every sample of the
  // run derives from it, the summary records it, and FC_SEED=<it> replays the run.
  if (settings.fcSeed === undefined) process.env.FC_SEED = String(randomSeed());
  const receiver = await CallbackReceiver.start({ port: settings.callbackPort ?? 0 });
  process.env[RUN_ENV.inbox] = receiver.url;

  if (settings.baseUrl !== undefined) {
    if (plan) throw new Error(`${RUN_ENV.plan} runs against embedded providers only: unset BASE_URL`);
    await probeProvider(settings.baseUrl, profile.paths.invoice, settings.requestTimeoutSeconds);
    return () => receiver.close();
  }

  const { startProvider } = await import('../../mock/index.js'); // only when the embedded provider is used
  const keys = generateRsaKeyPair();
  const keyDir = mkdtempSync(join(tmpdir(), 'pts-keys-'));
  const keyPath = join(keyDir, 'merchant.pem');
  writeFileSync(keyPath, keys.privateKeyPem, { mode: 0o600 });
  const merchant = { apiKey: `pts-${randomUUID()}`, cryptoKey: randomBytes(24).toString('hex') };
  const start = (options: TargetPlan['provider'] = {}) =>
    startProvider({
      merchants: [{ ...merchant, publicKeyPem: keys.publicKeyPem, callbackUrl: `${receiver.url}/callbacks` }],
      faults: options.faults ?? listed(process.env[RUN_ENV.faults]),
      variations: options.variations,
      profile: options.profile ? loadProfile(options.profile) : undefined,
      callbackRetryDelaysMs: [100, 250, 500, 1000],
      ...options.options,
    });
  const targets = plan?.targets ?? [];
  const providers = await Promise.all([start(), ...targets.map((t) => start(t.provider))]);
  Object.assign(process.env, {
    BASE_URL: providers[0].url,
    API_KEY: merchant.apiKey,
    CRYPTO_KEY: merchant.cryptoKey,
    XSIGN_PRIVATE_KEY: keyPath,
    [RUN_ENV.embedded]: '1',
    [RUN_ENV.targetUrls]: JSON.stringify(Object.fromEntries(targets.map((t, i) => [t.name, providers[i + 1].url]))),
  });
  return async () => {
    await Promise.all(providers.map((p) => p.close()));
    await receiver.close();
    rmSync(keyDir, { recursive: true, force: true });
  };
}

/** A comma-separated list of names (PTS_FAULTS), empty when unset. */
function listed(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
