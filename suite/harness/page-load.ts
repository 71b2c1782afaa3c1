// Loading the payment page across a real network: a load, or a request of the loaded page (a script's fetch of its
// content), that meets transport trouble is the network's, not the page's. The page is loaded again, and when it
// still cannot be had whole the check is not judged. Only a page that loaded whole is judged.
import type { Frame, Page, Request, Response } from '@playwright/test';
import type { RuleId } from '../../contracts/index.js';
import { GATEWAY_STATUSES } from './transport-errors.js';
import { MAX_429_RETRIES, retryAfterMs } from './retry-policy.js';
import { CheckFailure, ProviderUnavailable, SuiteError } from './failure.js';

/** How long a page may take to load (a navigation, not a request: it fetches the page and what it needs). */
export const PAGE_LOAD_MS = 10_000;

/** Chromium's words for a connection lost or refused on the way: the network's trouble, not the page's. */
const NETWORK_ERROR =
  /net::ERR_(CONNECTION_(RESET|REFUSED|CLOSED|ABORTED|FAILED)|EMPTY_RESPONSE|NETWORK_CHANGED|ADDRESS_UNREACHABLE|INTERNET_DISCONNECTED|TIMED_OUT)/;

/**
 * Whether a failed load met transport trouble; `addresses` are the ones the load asked for (its URL and the redirects
 * it followed). A load whose connection is lost sometimes reports only that another navigation took its place:
 * Chromium's own error page, or its own new try of one of those addresses.
 */
export function isTransportTrouble(message: string, addresses: readonly string[]): boolean {
  if (NETWORK_ERROR.test(message)) return true;
  const replacing = replacedBy(message);
  return replacing !== undefined && (replacing.startsWith('chrome-error:') || addresses.includes(replacing));
}

/** The address of the navigation Playwright says interrupted a load. */
function replacedBy(message: string): string | undefined {
  return /interrupted by another navigation to "([^"]*)"/.exec(message)?.[1];
}

/** The navigation that takes the place of one that met transport trouble: the one the message names, or Chromium's error page. */
function replacingNavigation(message: string): (url: string) => boolean {
  const replacing = replacedBy(message);
  return replacing === undefined ? (url) => url.startsWith('chrome-error:') : (url) => url === replacing;
}

/** Loads of a page that meet transport trouble (a dropped connection, a gateway answer 502/503/504), before it is not judged. */
const PAGE_TRIES = 3;

/**
 * The page opened last on a tab: its address, the addresses its load was redirected through, and the transport trouble
 * its loads met, one entry per load that met it (a failed navigation, or a request of the loaded page to one of those
 * origins, such as a script's fetch of the content, lost on the way). `trouble` is the current load's.
 */
interface OpenedPage {
  url: string;
  rule: RuleId;
  addresses: string[];
  troubles: string[];
  trouble?: string;
}

const openedPages = new WeakMap<Page, OpenedPage>();
/** Tabs whose requests are watched for the page opened last on them. */
const watchedTabs = new WeakSet<Page>();

/** A connection lost: what a request of the page meets on a bad network, not what the page does. */
function requestTrouble(r: Request): string | undefined {
  const error = r.failure()?.errorText ?? '';
  return NETWORK_ERROR.test(error) ? `${r.method()} ${r.url()}: ${error}` : undefined;
}

/** A gateway's answer (502, 503, 504), or a 429, to a request of the page, as evidence; undefined for any other answer. */
export function gatewayAnswer(r: Response): string | undefined {
  return GATEWAY_STATUSES.includes(r.status()) || r.status() === 429 ? `${r.request().method()} ${r.url()}: HTTP ${r.status()}` : undefined;
}

/** Waits as a 429's Retry-After says (the `attempt`-th wait: doubling from 1 s without the header). */
export function waitRetryAfter(header: string | undefined, attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, retryAfterMs(header, attempt)));
}

/**
 * A tab's own navigation in flight: from its main frame's navigation request until the answer commits (a page, or
 * Chromium's error page). A redirect keeps it in flight; a 204 or an aborted one ends it. A page.goto on a tab whose
 * navigation is still in flight (a press's 303 to a result page, say) may be interrupted by it: loads wait first.
 */
interface TabNavigation {
  inFlight: boolean;
  /** The address of the last navigation request of the tab's main frame. */
  url?: string;
  /** Called on every change, by those waiting for the navigation to land. */
  readonly changed: Set<() => void>;
}
const tabNavigations = new WeakMap<Page, TabNavigation>();

function trackNavigations(page: Page): void {
  const nav: TabNavigation = { inFlight: false, changed: new Set() };
  tabNavigations.set(page, nav);
  const set = (inFlight: boolean) => {
    nav.inFlight = inFlight;
    for (const c of nav.changed) c();
  };
  const main = (r: Request) => {
    try {
      return r.isNavigationRequest() && r.frame() === page.mainFrame();
    } catch {
      return false; // a request of no frame (a service worker's)
    }
  };
  page.on('request', (r) => {
    if (!main(r)) return;
    nav.url = r.url();
    set(true);
  });
  page.on('requestfinished', (r) => {
    if (!main(r)) return;
    r.response().then(
      (res) => {
        const status = res?.status() ?? 0;
        // Nothing commits after a 204 or 205; a redirect's next request keeps the navigation in flight.
        if (status === 204 || status === 205) set(false);
      },
      () => set(false), // the tab closed: nothing of it is in flight
    );
  });
  // An aborted navigation commits nothing (another took its place, and is in flight itself); a failed one commits its error page.
  page.on('requestfailed', (r) => void (main(r) && /ERR_ABORTED/.test(r.failure()?.errorText ?? '') && set(false)));
  page.on('framenavigated', (f) => void (f === page.mainFrame() && set(false)));
}

/**
 * Once the tab's own navigation has landed (committed and loaded), or after `ms`: what a new load of the tab waits for,
 * so that the navigation it would take the place of cannot interrupt it.
 */
export async function navigationLanded(page: Page, ms = PAGE_LOAD_MS): Promise<string | undefined> {
  const nav = tabNavigations.get(page);
  if (nav?.inFlight) {
    let done = () => undefined as void;
    const landed = new Promise<void>((resolve) => (done = resolve));
    const check = () => !nav.inFlight && done();
    nav.changed.add(check);
    const timer = setTimeout(done, ms);
    await landed;
    clearTimeout(timer);
    nav.changed.delete(check);
  }
  await page.waitForLoadState('load', { timeout: ms }).catch(() => undefined);
  return nav?.inFlight ? nav.url : undefined;
}

/** Records, for the page opened last on the tab, the first request to its origins that met transport trouble. */
function watchOpenedPage(page: Page): void {
  if (watchedTabs.has(page)) return;
  watchedTabs.add(page);
  trackNavigations(page);
  const current = (url: string) => {
    const o = openedPages.get(page);
    if (!o || o.trouble !== undefined || !URL.canParse(url)) return undefined;
    const origin = new URL(url).origin;
    return o.addresses.some((a) => URL.canParse(a) && new URL(a).origin === origin) ? o : undefined;
  };
  page.on('requestfailed', (r) => {
    const o = current(r.url());
    if (o) o.trouble ??= requestTrouble(r);
  });
  page.on('response', (r) => {
    const o = current(r.url());
    if (o) o.trouble ??= gatewayAnswer(r);
  });
}

/**
 * page.goto, tried again after transport trouble as the client tries a request again; when the page still cannot be
 * had the check is not judged. Anything else that keeps the page from opening fails `rule`.
 */
export function loadPage(page: Page, url: string, rule: RuleId) {
  return load(page, { url, rule, addresses: [url], troubles: [] });
}

async function load(page: Page, opened: OpenedPage) {
  const { url, rule, addresses, troubles } = opened;
  watchOpenedPage(page);
  openedPages.set(page, opened);
  const followRedirects = (r: Request) => {
    const from = r.redirectedFrom();
    if (from && r.isNavigationRequest() && addresses.includes(from.url())) addresses.push(r.url());
  };
  const committed: string[] = [];
  const onCommit = (f: Frame) => void (f === page.mainFrame() && committed.push(f.url()));
  page.on('request', followRedirects);
  page.on('framenavigated', onCommit);
  try {
    // A navigation of the tab's own still in flight (a press redirected to its result) would interrupt this load.
    const pending = await navigationLanded(page);
    let waits = 0;
    for (;;) {
      opened.trouble = undefined;
      committed.length = 0;
      let trouble: string;
      try {
        const response = await page.goto(url, { waitUntil: 'load', timeout: PAGE_LOAD_MS });
        const status = response?.status() ?? 0;
        // "Not now": waited out as Retry-After says and loaded again, as the client does a request; no verdict on it.
        if (status === 429 && waits++ < MAX_429_RETRIES) {
          await waitRetryAfter(response?.headers()['retry-after'], waits);
          continue;
        }
        if (!GATEWAY_STATUSES.includes(status) && status !== 429) return response;
        trouble = `HTTP ${status}`;
      } catch (e) {
        const message = (e as Error).message.split('\n')[0];
        // Interrupted by the tab's own earlier navigation, which never landed: the suite drove the tab too soon.
        if (pending !== undefined && replacedBy(message) === pending)
          throw new SuiteError(`${message} (a navigation of the tab's own, still in flight after ${PAGE_LOAD_MS / 1000} s)`);
        if (!isTransportTrouble(message, addresses)) throw new CheckFailure({ rule, expected: `redirect_url ${url} opens in a browser`, received: message });
        trouble = message;
        // The navigation that took the failed one's place (Chromium's error page, or where the load went on) may commit
        // after page.goto has given up on it; a new try before that is interrupted by it, and is lost too.
        await untilReplaced(page, committed, replacingNavigation(message));
      }
      troubles.push(trouble);
      if (troubles.length >= PAGE_TRIES) throw new ProviderUnavailable(`GET ${url}: ${troubles.join('; ')} (${PAGE_TRIES} tries)`);
    }
  } finally {
    page.off('request', followRedirects);
    page.off('framenavigated', onCommit);
  }
}

/** Waits (no longer than a page load) for the navigation `replacing` names to commit, if it has not since the try began, and to load. */
async function untilReplaced(page: Page, committed: readonly string[], replacing: (url: string) => boolean): Promise<void> {
  const bound = { timeout: PAGE_LOAD_MS };
  if (!committed.some(replacing))
    await page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame() && replacing(f.url()), ...bound }).catch(() => undefined);
  await page.waitForLoadState('load', bound).catch(() => undefined);
}

/**
 * What `look` reads on the page opened last on the tab, once `ok` holds for it. When it does not and a request of the
 * page met transport trouble since it loaded (a script's fetch of the content lost on the way), no verdict stands on
 * it: the page is loaded again and read again; after PAGE_TRIES troubled loads the check is not judged.
 */
export async function lookAtOpenedPage<T>(page: Page, look: () => Promise<T>, ok: (seen: T) => boolean): Promise<T> {
  for (;;) {
    const seen = await look();
    const opened = openedPages.get(page);
    if (ok(seen) || opened === undefined) return seen;
    opened.trouble ??= await gatewayPageShown(page);
    if (opened.trouble === undefined) return seen;
    opened.troubles.push(opened.trouble);
    if (opened.troubles.length >= PAGE_TRIES) throw new ProviderUnavailable(`GET ${opened.url}: ${opened.troubles.join('; ')} (${PAGE_TRIES} tries)`);
    await load(page, opened);
  }
}

/**
 * The gateway's answer (502, 503, 504), or a 429, the tab shows instead of a page, whatever navigation brought it there
 * (a redirect, a reload, a late navigation of the tab's, such as an earlier press landing after the load): the
 * network's, or "not now", as when the load itself got it; the page is loaded again (a 429 after its Retry-After).
 */
async function gatewayPageShown(page: Page): Promise<string | undefined> {
  const status = await page
    .evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseStatus)
    .catch(() => undefined);
  return status !== undefined && (GATEWAY_STATUSES.includes(status) || status === 429)
    ? `GET ${page.url()}: HTTP ${status} (the page the tab shows)`
    : undefined;
}

/** The tab's page is no longer read as opened (a page reopened only to see what it does, whatever that is). */
export function forgetOpenedPage(page: Page): void {
  openedPages.delete(page);
}
