// The browser of the browser checks (projects whose metadata says `browser: true` in playwright.config.ts):
// Debian's Chromium where present (Playwright cannot always download its own), Playwright's own otherwise.
// Of Debian's, the headless shell first: it is what Playwright itself runs headless checks in, and the full
// browser's headless mode costs about 3.5 times its CPU per page (548 against 156 ms to open a page and
// press a button, measured with Chromium 156 on the 2-core machine), which npm test's many pages pay.
// The gate and certification look for it before anything else, so that a missing browser is a setup
// problem with one line naming the command that installs it, not dozens of failing checks.
// PTS_SYSTEM_CHROMIUM names the system browser to look for instead of Debian's (the tests use it to
// stand for a machine without one); Playwright's own browser is where Playwright looks
// (PLAYWRIGHT_BROWSERS_PATH), and its installer downloads from PLAYWRIGHT_DOWNLOAD_HOST when that is set.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chromium } from '@playwright/test';
import { EnvHttpProxyAgent, fetch } from 'undici';

export const SYSTEM_CHROMIUM_ENV = 'PTS_SYSTEM_CHROMIUM';
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** Debian's package chromium-headless-shell: the same engine without the browser's windows (headless only). */
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const PLAYWRIGHT_DOWNLOAD = 'https://cdn.playwright.dev';
/** Long enough to download Chromium (~170 MB) on a slow line; the installer is only tried when its host answers. */
const INSTALL_BOUND_MS = 5 * 60_000;
const PROBE_BOUND_MS = 5_000;

export interface FoundBrowser {
  path: string;
  /** system: launch it by path; playwright: Playwright finds it itself. */
  source: 'system' | 'playwright';
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where a Chromium is looked for, in order. */
export function chromiumCandidates(env: Record<string, string | undefined> = process.env): FoundBrowser[] {
  const named = env[SYSTEM_CHROMIUM_ENV]?.trim();
  return [
    ...(named ? [named] : [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM]).map((path) => ({ path, source: 'system' as const })),
    { path: chromium.executablePath(), source: 'playwright' },
  ];
}

/** The first Chromium that exists and is executable. */
export function findChromium(env: Record<string, string | undefined> = process.env): FoundBrowser | undefined {
  return chromiumCandidates(env).find((c) => executable(c.path));
}

/** Does Playwright's download host answer at all (within a few seconds, through the proxy of HTTPS_PROXY if set)? */
export async function downloadReachable(env: Record<string, string | undefined> = process.env, boundMs = PROBE_BOUND_MS): Promise<boolean> {
  const host = env.PLAYWRIGHT_DOWNLOAD_HOST?.trim() || PLAYWRIGHT_DOWNLOAD;
  try {
    const res = await fetch(host, { method: 'HEAD', signal: AbortSignal.timeout(boundMs), dispatcher: new EnvHttpProxyAgent() });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** `npx playwright install chromium`, output kept out of the gate's own (one line on failure), within a bound. */
function install(env: NodeJS.ProcessEnv, boundMs = INSTALL_BOUND_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'install', 'chromium'], { env, stdio: 'ignore', detached: true });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, boundMs);
    child.on('error', () => resolve(false));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/**
 * A Chromium for the given projects that need one, installing Playwright's when its host can be reached;
 * a one-line reason when there is none (the caller turns it into exit 2). Undefined: nothing needed or found.
 */
export async function browserProblem(needing: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  if (needing.length === 0 || findChromium(env)) return undefined;
  const reachable = await downloadReachable(env);
  if (reachable && (await install(env)) && findChromium(env)) return undefined;
  const looked = chromiumCandidates(env)
    .map((c) => c.path)
    .join(', ');
  const tried = reachable ? "Playwright's installer did not install it" : "Playwright's download is not reachable from here";
  return (
    `the browser checks (${needing.join(', ')}) need Chromium and there is none (looked at ${looked}; ${tried}): ` +
    'install it with `npx playwright install chromium` (Debian: `apt-get install -y chromium-headless-shell`), or leave those projects out (--project=…)'
  );
}
