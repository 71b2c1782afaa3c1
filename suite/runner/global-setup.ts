// Runs once per `playwright test`: checks the configuration, starts the callback receiver and the route callbacks
// take to it (callback-route.ts: the address to register, the relay, or why none can arrive), opens the run's
// ledger (a directory every worker records the payments it creates into) and, when BASE_URL is unset, the
// embedded reference provider with generated credentials (a matrix run: one embedded provider per target of
// its plan that names no address of its own). Workers receive the providers' addresses, the credentials and the
// ledger through the environment.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomSeed } from '../../generators/settings.js';
import { loadProfile } from '../../contracts/profile.js';
import type { Profile } from '../../contracts/index.js';
import { RunLedger, ledgerExport } from '../harness/ledger.js';
import { CallbackReceiver } from '../harness/callback-receiver.js';
import { readSettings } from './settings.js';
import { RUN_ENV } from '../../contracts/run-protocol.js';
import { probeProvider } from './probe.js';
import { startEmbedded } from './embedded.js';
import { MAIN_TARGET, loadPlan } from './targets.js';
import { openCallbackRoute, receiverOptions } from './callback-route.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const settings = readSettings();
  const profile = loadProfile(settings.profilePath); // a bad profile stops the run here, before any request
  const plan = loadPlan();
  for (const t of plan?.targets ?? []) if (t.profile) loadProfile(t.profile);
  // One seed for the whole run, drawn here when FC_SEED is unset: every property and every sample of the
  // run derives from it, the summary records it, and FC_SEED=<it> replays the run.
  if (settings.fcSeed === undefined) process.env.FC_SEED = String(randomSeed());
  const receiver = await CallbackReceiver.start(receiverOptions(settings));
  process.env[RUN_ENV.inbox] = receiver.url;
  if (settings.baseUrl !== undefined && plan) throw new Error(`${RUN_ENV.plan} runs against embedded providers only: unset BASE_URL`);
  if (settings.baseUrl !== undefined) await probeProvider(settings.baseUrl, profile.paths.invoice, settings.requestTimeoutSeconds);
  const route = await openCallbackRoute(settings, receiver).catch(async (e: unknown) => {
    await receiver.close();
    throw e;
  });
  for (const line of route.lines) console.log(line);
  if (route.outOfReach !== undefined) process.env[RUN_ENV.callbacksOutOfReach] = route.outOfReach;
  if (route.relayed !== undefined) process.env[RUN_ENV.relayed] = route.relayed;

  if (settings.baseUrl !== undefined) {
    const closeLedger = openLedger(settings.baseUrl, profile.paths);
    return async () => {
      await route.close();
      await receiver.close();
      closeLedger();
    };
  }

  // PTS_FAULTS: faults of the main provider, and of every target that names none of its own.
  const faults = listed(process.env[RUN_ENV.faults]);
  const targets = plan?.targets ?? [];
  const started = targets.filter((t) => t.baseUrl === undefined);
  const embedded = await startEmbedded([{ faults }, ...started.map((t) => ({ ...t.provider, faults: t.provider?.faults ?? faults }))], {
    callbackUrl: route.publicUrl,
    callbackRetryDelaysMs: [100, 250, 500, 1000],
    // The receiver answers at once but for its slow class, which it holds past any sender's limit: a try given
    // up after 1.5 s tells that class apart as well as after the reference provider's own 3 s.
    callbackTryTimeoutMs: 1500,
  });
  const closeLedger = openLedger(embedded.env.BASE_URL.replace(/\/+$/, ''), profile.paths);
  Object.assign(process.env, {
    ...embedded.env,
    [RUN_ENV.embedded]: '1',
    [RUN_ENV.targetUrls]: JSON.stringify(Object.fromEntries(targets.map((t) => [t.name, t.baseUrl ?? embedded.providers[started.indexOf(t) + 1].url]))),
  });
  return async () => {
    await embedded.close();
    await route.close();
    await receiver.close();
    closeLedger();
  };
}

/**
 * The run's ledger directory, for the workers; private to the run (mode 0700: credentials are written there).
 * Returns its removal, which first writes the main provider's payments to PTS_LEDGER_EXPORT when certify asks.
 */
function openLedger(baseUrl: string, paths: Profile['paths']): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'pts-ledger-'));
  process.env[RUN_ENV.ledger] = dir;
  return () => {
    const exportTo = process.env[RUN_ENV.ledgerExport];
    if (exportTo) {
      const snapshot = new RunLedger(dir, { name: MAIN_TARGET, baseUrl }, paths).read();
      writeFileSync(exportTo, JSON.stringify(ledgerExport(snapshot, baseUrl), null, 2) + '\n');
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

/** A comma-separated list of names (PTS_FAULTS), empty when unset. */
function listed(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
