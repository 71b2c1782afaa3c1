// Runs once per `playwright test`: checks the configuration, starts the callback receiver and, when
// BASE_URL is unset, the embedded reference provider with generated credentials. Workers receive
// the provider's address and credentials through the environment.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateRsaKeyPair } from '../../generators/signing.js';
import { loadProfile } from '../../contracts/profile.js';
import { CallbackReceiver } from './callback-receiver.js';
import { readSettings } from './settings.js';
import { RUN_ENV, embeddedFaults } from './run-context.js';
import { probeProvider } from './probe.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const settings = readSettings();
  const profile = loadProfile(settings.profilePath); // a bad profile stops the run here, before any request
  const receiver = await CallbackReceiver.start({ port: settings.callbackPort ?? 0 });
  process.env[RUN_ENV.inbox] = receiver.url;

  if (settings.baseUrl !== undefined) {
    await probeProvider(settings.baseUrl, profile.paths.invoice, settings.requestTimeoutSeconds);
    return () => receiver.close();
  }

  const { startProvider } = await import('../../mock/index.js'); // only when the embedded provider is used
  const keys = generateRsaKeyPair();
  const keyDir = mkdtempSync(join(tmpdir(), 'pts-keys-'));
  const keyPath = join(keyDir, 'merchant.pem');
  writeFileSync(keyPath, keys.privateKeyPem, { mode: 0o600 });
  const merchant = { apiKey: `pts-${randomUUID()}`, cryptoKey: randomBytes(24).toString('hex') };
  const provider = await startProvider({
    merchants: [{ ...merchant, publicKeyPem: keys.publicKeyPem, callbackUrl: `${receiver.url}/callbacks` }],
    faults: embeddedFaults(),
    callbackRetryDelaysMs: [100, 250, 500, 1000],
  });
  Object.assign(process.env, {
    BASE_URL: provider.url,
    API_KEY: merchant.apiKey,
    CRYPTO_KEY: merchant.cryptoKey,
    XSIGN_PRIVATE_KEY: keyPath,
    [RUN_ENV.embedded]: '1',
  });
  return async () => {
    await provider.close();
    await receiver.close();
    rmSync(keyDir, { recursive: true, force: true });
  };
}
