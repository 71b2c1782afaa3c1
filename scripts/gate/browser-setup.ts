// Before a gate or certification run that drives a browser: a Chromium, installing Playwright's when its
// download host can be reached, or one line naming the command that installs one (the caller exits 2).
import { EnvHttpProxyAgent, fetch } from 'undici';
import { chromiumCandidates, findChromium } from '../../suite/runner/browser.js';
import { playwrightArgs, runChild } from '../child-run.js';

const PLAYWRIGHT_DOWNLOAD = 'https://cdn.playwright.dev';
/** Long enough to download Chromium (~170 MB) on a slow line; the installer is only tried when its host answers. */
const INSTALL_BOUND_MS = 5 * 60_000;
const PROBE_BOUND_MS = 5_000;

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

/**
 * `playwright install chromium` of the suite's own Playwright (npx, from an installed package's folder, would fetch
 * another), output kept out of the gate's own (one line on failure), within a bound.
 */
async function install(env: NodeJS.ProcessEnv, boundMs = INSTALL_BOUND_MS): Promise<boolean> {
  return (await runChild(process.execPath, playwrightArgs(['install', 'chromium']), { env, boundMs })).code === 0;
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
