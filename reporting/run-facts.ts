// The facts of a run that summary.json records (provider, profile digest, seed), read from the
// environment. playwright.config.ts also stores them in the config's metadata, because a blob report
// keeps that metadata: `npm run merge-reports` then reports the shards' provider, not the merging
// machine's (which has no BASE_URL).
import type { Gate } from '../contracts/levels.js';
import { loadProfile, profileDigest } from '../contracts/profile.js';
import type { Profile, ProfileLatency } from '../contracts/types.gen.js';
import { RUN_ENV } from '../contracts/run-protocol.js';
import { redactText } from '../contracts/redaction.js';

export const RUN_FACTS_KEY = 'ptsRun';

/** Set to "1" by global setup when it started the embedded provider. */
const EMBEDDED_ENV = RUN_ENV.embedded;

export interface RunFacts {
  baseUrl: string | null;
  embedded: boolean;
  profileDigest: string | null;
  fcSeed: number | null;
  /** The profile's gate section (what fails and what warns); absent from summaries before it, null for a bad PROFILE. */
  gate?: Gate | null;
  /** The profile's latency section: summary.json keeps it in its `latency` section (the threshold a later compare applies). */
  latencyThreshold?: ProfileLatency | null;
}

function profileOrNull(env: NodeJS.ProcessEnv): Profile | null {
  try {
    return loadProfile(env.PROFILE?.trim() || undefined);
  } catch {
    return null; // a bad PROFILE stops the run in global setup, with its own message
  }
}

/**
 * From the environment. Before global setup (config load) an embedded run has no BASE_URL yet; after it
 * (the reporter's onEnd) BASE_URL is the embedded provider's address and EMBEDDED_ENV is set.
 */
export function runFacts(env: NodeJS.ProcessEnv = process.env): RunFacts {
  const baseUrl = env.BASE_URL?.trim();
  const seed = env.FC_SEED?.trim();
  const profile = profileOrNull(env);
  return {
    baseUrl: baseUrl ? redactText(baseUrl) : null,
    embedded: baseUrl ? env[EMBEDDED_ENV] === '1' : true,
    profileDigest: profile && profileDigest(profile),
    fcSeed: seed && /^-?\d+$/.test(seed) ? Number(seed) : null,
    gate: profile?.gate ?? null,
    latencyThreshold: profile?.latency ?? null,
  };
}

/** The shards' facts from a merged config's metadata, when this is a merge of blob reports. */
export function mergedRunFacts(metadata: Record<string, unknown>): RunFacts | undefined {
  const facts = metadata[RUN_FACTS_KEY] as RunFacts | undefined;
  return facts && typeof facts === 'object' && typeof facts.embedded === 'boolean' ? facts : undefined;
}
