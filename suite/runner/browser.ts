// The browser of the browser checks (the areas contracts/areas.ts marks `browser: true`):
// Debian's Chromium where present (Playwright cannot always download its own), Playwright's own otherwise
// (scripts/gate/browser-setup.ts installs that one when it can).
// Of Debian's, the headless shell first: it is what Playwright itself runs headless checks in, and the full
// browser's headless mode costs several times its CPU per page (docs/performance.md), which npm test's many pages pay.
// The gate and certification look for it before anything else, so that a missing browser is a setup
// problem with one line naming the command that installs it, not dozens of failing checks.
// PTS_SYSTEM_CHROMIUM names the system browser to look for instead of Debian's (the tests use it to
// stand for a machine without one); Playwright's own browser is where Playwright looks
// (PLAYWRIGHT_BROWSERS_PATH), and its installer downloads from PLAYWRIGHT_DOWNLOAD_HOST when that is set.
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';

export const SYSTEM_CHROMIUM_ENV = 'PTS_SYSTEM_CHROMIUM';
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** Debian's package chromium-headless-shell: the same engine without the browser's windows (headless only). */
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

interface FoundBrowser {
  readonly path: string;
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
    {
      // Asked of Playwright only when no system browser was found: loading it costs a command that merely starts it.
      get path() {
        return playwrightChromium();
      },
      source: 'playwright',
    },
  ];
}

/** Where Playwright keeps its own Chromium. */
function playwrightChromium(): string {
  const { chromium } = createRequire(import.meta.url)('@playwright/test') as typeof import('@playwright/test');
  return chromium.executablePath();
}

/** The first Chromium that exists and is executable. */
export function findChromium(env: Record<string, string | undefined> = process.env): FoundBrowser | undefined {
  return chromiumCandidates(env).find((c) => executable(c.path));
}
