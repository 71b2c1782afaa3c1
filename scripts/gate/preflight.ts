// Shared by the gate (`npm run conformance`) and certification (`npm run certify`): the checks made
// before any Playwright run, and the exit codes both scripts use.
import { loadProfile, ProfileError } from '../../contracts/profile.js';
import { ConfigError, readSettings, type Settings } from '../../suite/runner/settings.js';
import { identifyService, probeProvider, ServiceMismatch } from '../../suite/runner/probe.js';
import { CallbackRouteError, probeRelay, probeTunnel } from '../../suite/runner/callback-route.js';
import { ProviderUnreachable } from '../../suite/harness/failure.js';
import { browserProblem } from './browser-setup.js';
import { ArgsError } from '../args.js';

type Profile = ReturnType<typeof loadProfile>;

export const EXIT = { conformant: 0, failures: 1, setup: 2 } as const;

/** A problem of configuration or connection (exit 2), as opposed to a failing check (exit 1). */
export class SetupError extends Error {
  override name = 'SetupError';
}

interface Preflight {
  settings: Settings;
  profile: Profile;
}

/**
 * Reads the settings and the profile, makes sure there is a Chromium when `browserProjects` (the selected
 * projects that drive a browser) is not empty, and, when BASE_URL is set, sends one probe request: every
 * setup problem is found before a request reaches the provider under test.
 */
export async function preflight(env: Record<string, string | undefined> = process.env, browserProjects: readonly string[] = []): Promise<Preflight> {
  const settings = readSettings(env);
  const profile = loadProfile(settings.profilePath);
  const noBrowser = await browserProblem(browserProjects, env);
  if (noBrowser !== undefined) throw new SetupError(noBrowser);
  if (settings.baseUrl !== undefined) {
    await probeProvider(settings.baseUrl, profile.paths.invoice, settings.requestTimeoutSeconds);
    await identifyService(settings.baseUrl, profile.paths, settings.requestTimeoutSeconds);
  }
  if (settings.callbackRelay !== undefined) await probeRelay(settings.callbackRelay);
  if (settings.callbackTunnel !== undefined) await probeTunnel(settings);
  return { settings, profile };
}

/** True for the errors that mean "exit 2 with one line": configuration, profile, reachability, setup. */
export function isSetupError(e: unknown): e is Error {
  return (
    e instanceof ConfigError ||
    e instanceof ProfileError ||
    e instanceof ProviderUnreachable ||
    e instanceof ServiceMismatch ||
    e instanceof SetupError ||
    e instanceof ArgsError ||
    e instanceof CallbackRouteError
  );
}

/** The repository root and the run's reports directory: one implementation, in reporting/. */
export { REPO_ROOT, reportsDir } from '../../reporting/reports-dir.js';
