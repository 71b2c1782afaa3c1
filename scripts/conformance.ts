// `npm run conformance`: the suite's main job and CI gate.
// Exit codes: 0 every check passed; 1 conformance failures; 2 configuration or connection problem.
// Arguments after `--` go to Playwright (e.g. `--project=invoice`, `--grep @documented`).
import { spawnSync } from 'node:child_process';
import { loadProfile, ProfileError } from '../contracts/profile.js';
import { ConfigError, readSettings } from '../tests/harness/settings.js';
import { probeProvider } from '../tests/harness/probe.js';
import { ProviderUnreachable } from '../tests/harness/failure.js';
import { CONFORMANCE_PROJECTS } from '../tests/harness/projects.js';

export const EXIT = { conformant: 0, failures: 1, setup: 2 } as const;

async function preflight(): Promise<void> {
  const settings = readSettings();
  const profile = loadProfile(settings.profilePath);
  if (settings.baseUrl !== undefined) await probeProvider(settings.baseUrl, profile.paths.invoice, settings.requestTimeoutSeconds);
}

async function main(): Promise<number> {
  try {
    await preflight();
  } catch (e) {
    if (e instanceof ConfigError || e instanceof ProfileError || e instanceof ProviderUnreachable) {
      console.error(`conformance: ${e.message}`);
      return EXIT.setup;
    }
    throw e;
  }
  const args = process.argv.slice(2);
  const projects = args.some((a) => a.startsWith('--project')) ? [] : CONFORMANCE_PROJECTS.map((p) => `--project=${p}`);
  const run = spawnSync('npx', ['playwright', 'test', ...projects, ...args], { stdio: 'inherit' });
  if (run.status === 0) return EXIT.conformant;
  return run.status === 1 ? EXIT.failures : EXIT.setup;
}

process.exitCode = await main();
