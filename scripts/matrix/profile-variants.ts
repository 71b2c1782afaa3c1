// Profile variants: providers that differ from the default profile in several ways at once, each a
// choice a PROFILE file states (contracts/profiles/*.json). A matrix run judges each twice: with its PROFILE
// (every check must pass) and with the default profile (some check must fail: the profile is what made
// the difference; by default the API areas' checks show it). Together they change every profile key that changes what a check expects.
import { fileURLToPath } from 'node:url';
import { API_AREAS } from '../../contracts/areas.js';
import type { RuleId } from '../../contracts/index.js';
import { CONFORMANCE_PROJECTS } from '../../suite/runner/projects.js';
import type { TargetPlan } from '../../suite/runner/targets.js';

interface ProfileVariant {
  name: string;
  /** The PROFILE file (an override of the default profile). */
  file: string;
  /** Options of the embedded provider besides the profile (a behaviour no profile key states: its own clock). */
  provider?: Record<string, unknown>;
  /** Only the checks of these rules judge it (a variant of one concern); default every check. */
  rules?: RuleId[];
  /**
   * The areas that tell it apart under the default profile; default those of the API, whose checks fail at once where
   * a browser check would wait out its bound for a button or a callback the variant names otherwise.
   */
  toldApartIn?: readonly string[];
}

/** The path of contracts/profiles/<name>.json. */
export const profileFile = (name: string) => fileURLToPath(new URL(`../../contracts/profiles/${name}.json`, import.meta.url));

/**
 * The timing the matrices judge embedded providers by (contracts/profiles/matrix-timing.json): shorter settle and
 * quiet times than the default profile's, which are meant for real providers. Not a profile variant.
 */
export const MATRIX_TIMING_PROFILE = profileFile('matrix-timing');

export const PROFILE_VARIANTS: readonly ProfileVariant[] = [
  { name: 'strict-framework', file: profileFile('strict-framework') },
  // Its clock is an hour off: only a profile that does not compare clocks (createdAtToleranceSeconds 0) accepts it.
  { name: 'api-only', file: profileFile('api-only'), provider: { clockSkewMs: 3_600_000 } },
  // The passive look's levels: its faults pass as warnings under this profile and fail under the default.
  {
    name: 'passive-warnings',
    file: profileFile('passive-warnings'),
    provider: { faults: ['page-framable', 'page-cache-public', 'api-cors-reflects-origin'] },
    rules: ['PRO-SEC-PAGE-NO-FRAMING', 'PRO-SEC-PAGE-NO-SHARED-CACHE', 'PRO-SEC-CORS-NO-CREDENTIALED-ORIGIN'],
  },
  // The exposure probe's levels: its faults pass as warnings under this profile and fail under the default.
  {
    name: 'exposure-warnings',
    file: profileFile('exposure-warnings'),
    provider: { faults: ['git-directory-served', 'env-file-served'] },
    rules: ['PRO-SEC-NO-REPOSITORY-METADATA', 'PRO-SEC-NO-DIRECTORY-LISTING', 'PRO-SEC-NO-EXPOSED-ENDPOINTS'],
  },
];

/**
 * Profile keys that change nothing a check expects, with why: every other key of the profile schema must
 * be changed by some variant (tests/selftest/matrix-targets.spec.ts checks it).
 */
export const KEYS_NO_CHECK_EXPECTS: Readonly<Record<string, string>> = {
  'http.serverError': 'no check can make a correct provider fail by itself; checks only require that generated input never causes a 5xx',
  'upload.encoding': 'the schema allows one value, multipart/form-data',
  'paymentPage.settleSeconds': 'a bound on waiting, not an expectation: a provider within it passes under any larger bound',
  'callbacks.waitSeconds': 'a bound on waiting for an expected callback, not an expectation',
  'callbacks.quietSeconds': 'a bound on listening for an unexpected callback, not an expectation',
  'http.retryAfter': 'what the suite waits out and asks again (an answer that is no verdict), not an expectation of the provider',
  'gate.advice':
    'what a failure of an advice rule does to the gate, not what a check expects: the kill matrix judges the faults of advice rules with it (contracts/profiles/matrix-strict.json)',
  'latency.p95Growth.ratio': 'when compare calls a latency grown between two runs, not what a check expects (tests/reporting/latency-*.spec.ts)',
  'latency.p95Growth.ms': 'when compare calls a latency grown between two runs, not what a check expects (tests/reporting/latency-*.spec.ts)',
  'latency.gate': "what a latency regression does to compare's exit code, not what a check expects (tests/reporting/latency-*.spec.ts)",
};

/** The matrix targets of the profile variants: judged with their profile (pass), and with the default (observed to fail). */
export function profileVariantTargets(numRuns: number): TargetPlan[] {
  return PROFILE_VARIANTS.flatMap((v) => [
    { name: `profile ${v.name}`, provider: { profile: v.file, options: v.provider }, profile: v.file, mode: 'judge' as const, numRuns, rules: v.rules },
    {
      name: `profile ${v.name} under the default profile`,
      provider: { profile: v.file, options: v.provider },
      mode: 'observe' as const,
      decidedByOne: true,
      numRuns,
      rules: v.rules,
      projects: [...(v.toldApartIn ?? (v.rules ? CONFORMANCE_PROJECTS : API_AREAS))],
    },
  ]);
}
