// What the payer's browser tells other origins of the payment page's address (ASVS 5.0 3.4.5): the page address
// carries the payment's token, the payer's credential, and a Referer with it reaches the merchant's return page (and
// every analytics script there, through document.referrer) or a third party's asset. Judged from Chromium's own
// requests, whatever set the policy (a Referrer-Policy header, a meta element, a link's rel or referrerpolicy): a
// Referer sent to another origin may carry the provider's origin, never a path or query of its pages.
import type { BrowserContext, Page, Request } from '@playwright/test';
import type { RuleId } from '../../contracts/index.js';
import { findingOf, type Finding } from '../harness/findings.js';
import type { OwnOrigins } from '../harness/page-crawl.js';

const REFERRER_RULE: RuleId = 'PRO-SEC-PAGE-REFERRER';

/** A request of the tab to another origin than the provider's, with the Referer Chromium sent. */
export interface SentAway {
  url: string;
  navigation: boolean;
  referer: string | undefined;
}

/** Records every request the context sends to other origins than the provider's until stopped. */
export function watchRequestsAway(context: BrowserContext, origins: OwnOrigins): { seen(): Promise<SentAway[]>; stop(): void } {
  const pending: Promise<SentAway>[] = [];
  const onRequest = (r: Request) => {
    if (!/^https?:/i.test(r.url()) || origins.owns(r.url())) return;
    pending.push(
      r
        .headerValue('referer')
        .catch(() => null)
        .then((referer) => ({ url: r.url(), navigation: r.isNavigationRequest(), referer: referer ?? undefined })),
    );
  };
  context.on('request', onRequest);
  return { seen: () => Promise.all(pending), stop: () => void context.off('request', onRequest) };
}

/**
 * The payer's way back to the merchant, when the press did not already take it (a redirect): the first link of the
 * page shown at return_url's origin is clicked, and its request waited for up to `ms`. A page without one is left.
 */
export async function followReturnLink(page: Page, returnUrl: string, ms: number, seen: readonly SentAway[]): Promise<void> {
  const origin = URL.canParse(returnUrl) ? new URL(returnUrl).origin : undefined;
  const at = (url: string) => URL.canParse(url) && new URL(url).origin === origin;
  if (!origin || seen.some((s) => s.navigation && at(s.url))) return;
  const links = page.locator('a[href]');
  const hrefs = await links.evaluateAll((els) => els.map((e) => (e as HTMLAnchorElement).href)).catch(() => [] as string[]);
  const index = hrefs.findIndex(at);
  if (index < 0) return;
  const request = page.context().waitForEvent('request', { predicate: (r) => r.isNavigationRequest() && at(r.url()), timeout: ms });
  await links
    .nth(index)
    .click({ timeout: ms })
    .catch(() => undefined);
  await request.catch(() => undefined);
}

/** Each request whose Referer is a provider address with a path or a query: the page's address, or part of it. */
export function referrerFindings(sent: readonly SentAway[], origins: OwnOrigins): Finding[] {
  const leaked = sent.filter((s) => {
    if (!s.referer || !URL.canParse(s.referer) || !origins.owns(s.referer)) return false;
    const r = new URL(s.referer);
    return r.pathname !== '/' || r.search !== '';
  });
  return findingOf(
    leaked.slice(0, 4).map((s) => `${s.navigation ? 'the navigation' : 'the request'} to ${s.url} carried Referer ${s.referer}`),
    {
      name: 'referrer',
      rule: REFERRER_RULE,
      expected:
        "requests of the payment page to other origins (its assets, the way back to return_url) carry at most the provider's origin as Referer, never the page's path or query (its token)",
    },
  );
}
