// One Chromium for the whole run: global setup launches it as a server when a selected project drives a browser,
// and every worker connects to it (playwright.config.ts, connectOptions) instead of launching its own. A browser
// is about 1.5 CPU-seconds to start with its helper processes, and a run starts a worker per area and browser
// slot, and again after every failed test of a matrix run: on a 2-core machine that CPU is the run's time.
// Each test still has a browser context of its own, so nothing of one check's pages is seen by another's.
import { chromium } from '@playwright/test';
import { PROJECTS } from '../../contracts/areas.js';
import { RUN_ENV } from '../../contracts/run-protocol.js';
import { chromiumLaunchOptions } from './browser.js';
import { cliProjects } from './cli-grep.js';

/** A project pattern of the command line (`*` any run of characters, as Playwright reads it) as an expression. */
function patternOf(name: string): RegExp {
  return new RegExp(
    `^${name
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'i',
  );
}

/** Whether the selected projects (none named: all) include one that drives a browser: a browser area, or the project's own tests, which open pages of their own. */
export function browserSelected(named: readonly string[] = cliProjects()): boolean {
  const drives = PROJECTS.filter((p) => p.browser || (p.kind === 'own' && !('offline' in p)));
  if (named.length === 0) return drives.length > 0;
  const patterns = named.map(patternOf);
  return drives.some((p) => patterns.some((re) => re.test(p.name)));
}

/**
 * Launches the run's Chromium when the selection needs one and tells the workers where it is; returns its close.
 * A browser that will not start is left to the workers, which then launch their own and say why it failed.
 */
export async function startSharedBrowser(args: readonly string[] = process.argv.slice(2)): Promise<() => Promise<void>> {
  // A headed or debugged run launches per worker as Playwright does: the shared browser is headless.
  const watched = process.env.PWDEBUG !== undefined || args.some((a) => a === '--headed' || a === '--debug' || a.startsWith('--ui'));
  if (watched || !browserSelected(cliProjects(args))) return async () => undefined;
  const server = await chromium.launchServer(chromiumLaunchOptions()).catch(() => undefined);
  if (!server) return async () => undefined;
  process.env[RUN_ENV.browserEndpoint] = server.wsEndpoint();
  return async () => {
    delete process.env[RUN_ENV.browserEndpoint];
    await server.close();
  };
}
