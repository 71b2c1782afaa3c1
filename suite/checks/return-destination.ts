// Where the payer is sent back (the document: return_url is "where the user is returned after payment"). After a
// press, wherever the page sends the payer at the merchant's origin (a redirect, a link, a meta refresh, a script
// navigation) is return_url exactly as the merchant sent it: query, fragment, percent-encoding and
// internationalised host kept. And never to an address another parameter of the invoice carries (open redirect:
// ASVS 5.0 3.7.2, CWE-601). Addresses at the provider's own origins, and at third parties (a help page, a bank's
// site), are not returns and are not judged. A provider that sends the payer nowhere is not judged either.
import type { Page, Request, Response } from '@playwright/test';
import { propertyParameters } from '../../generators/settings.js';
import { INVOICE_DEFAULTS } from '../../generators/builders.js';
import { type BrowserCheck, requirePaymentPage } from '../harness/check.js';
import { CheckFailure } from '../harness/failure.js';
import { BATCH_TABS, createInvoice, inTabs, openPaymentPage, press } from '../harness/payment-page.js';
import { flowRecorder, returnUrls } from './flow.js';

const RULE = 'PRO-PAGE-RETURN-DESTINATION';

/** Beside the covering examples: escapes a decoder changes (%2F, %25, %3F, %26, %23), a query and a fragment. */
const FIXED_RETURN_URL = 'https://shop.example/orders/a%2Fb/100%25/%3Fq?order=42&note=a%26b%23c&lang=ru#paid';

/** Other parameters that carry an address of someone else's: a page that sends the payer there is an open redirect. */
const BAIT = 'https://elsewhere.example/collect';
const BAIT_PARAMETERS = { redirect_url: BAIT, return_to: `${BAIT}?to=1`, next: `${BAIT}/next`, success_url: `${BAIT}/ok` };

interface Destination {
  how: string;
  url: string;
}

/** Everywhere the tab sends the payer from now on: Location headers, main-frame navigations. */
function watchDestinations(tab: Page): { seen: Destination[]; stop(): void } {
  const seen: Destination[] = [];
  const onResponse = (r: Response) => {
    const location = r.headers()['location'];
    if (r.status() >= 300 && r.status() < 400 && location) seen.push({ how: `${r.status()} Location`, url: new URL(location, r.url()).href });
  };
  const onRequest = (r: Request) => {
    if (r.isNavigationRequest() && r.frame() === tab.mainFrame()) seen.push({ how: 'navigation', url: r.url() });
  };
  tab.on('response', onResponse);
  tab.on('request', onRequest);
  return { seen, stop: () => (tab.off('response', onResponse), tab.off('request', onRequest)) };
}

/** The links and meta refreshes of the page the press led to, resolved against it. */
async function linksOf(tab: Page): Promise<Destination[]> {
  const found = await tab
    .locator('a[href], area[href], meta[http-equiv="refresh" i]')
    .evaluateAll((els) =>
      els.map((e) =>
        e.tagName === 'META'
          ? // As the URL Standard reads a refresh: after "url=", up to a closing quote when it opens with one.
            {
              how: 'meta refresh',
              href:
                /url\s*=\s*(?:'([^']*)|"([^"]*)|(.*))/i
                  .exec(e.getAttribute('content') ?? '')
                  ?.slice(1)
                  .find((x) => x !== undefined) ?? '',
            }
          : { how: 'link', href: e.getAttribute('href') ?? '' },
      ),
    )
    .catch(() => [] as { how: string; href: string }[]);
  const base = tab.url();
  return found.flatMap(({ how, href }) => {
    try {
      return [{ how, url: new URL(href, base).href }];
    } catch {
      return [];
    }
  });
}

const parsed = (u: string): URL | undefined => {
  try {
    return new URL(u);
  } catch {
    return undefined;
  }
};

/** The same address, as URLs compare (RFC 3986 6.2.2 by the URL Standard); a navigation's request carries no fragment. */
function sameAddress(d: Destination, sent: string): boolean {
  const a = parsed(d.url);
  const b = parsed(sent);
  if (!a || !b) return false;
  if (d.how === 'navigation' && a.hash === '') b.hash = '';
  return a.href === b.href;
}

/** The payer's destinations at the merchant's origin and at the bait's; a failure for any that is not return_url. */
function judge(destinations: readonly Destination[], sent: string, providerOrigins: ReadonlySet<string>, page: string): boolean {
  const merchant = parsed(sent)?.origin;
  const baitOrigin = new URL(BAIT).origin;
  const returns = destinations.filter((d) => {
    const origin = parsed(d.url)?.origin;
    return origin !== undefined && !providerOrigins.has(origin) && (origin === merchant || origin === baitOrigin);
  });
  const wrong = returns.filter((d) => !sameAddress(d, sent));
  if (wrong.length > 0)
    throw new CheckFailure({
      rule: RULE,
      expected: `after the press the payer is sent back to return_url exactly as sent: ${sent} (never to an address another parameter carries, such as ${BAIT})`,
      received: `${wrong.map((d) => `${d.how} to ${d.url}`).join('; ')} (from the payment page ${page})`,
    });
  return returns.length > 0;
}

/**
 * Invoices whose return_urls meet every class of return_url (flow.ts) and one with escapes a decoder changes,
 * each with other parameters carrying another address; Pay is pressed on each page and every place the page
 * sends the payer at the merchant's origin must be return_url as sent.
 */
export function payerReturnedToReturnUrl(): BrowserCheck {
  return {
    name: 'payerReturnedToReturnUrl()',
    title:
      'after a press the payer is sent back (redirect, link, refresh, script) to return_url exactly as sent, never to an address another parameter carries',
    rules: [RULE, 'PRO-PAGE-PAY'],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api, 'no page to be sent back from');
      const seed = propertyParameters({ numRuns: 1 }).seed!;
      const sent = [FIXED_RETURN_URL, ...returnUrls(seed)];
      const reached = flowRecorder('invoice.return_url', 'return destination');
      const payload = { ...INVOICE_DEFAULTS.payload, ...BAIT_PARAMETERS };
      // A provider that refuses a valid return_url breaks the profile's validation rule, not this one.
      const created = await Promise.all(sent.map((return_url) => createInvoice(api, 'PRO-VAL-RETURN_URL', { return_url, payload })));
      await inTabs(page, created, BATCH_TABS, async (tab, c) => {
        const watch = watchDestinations(tab);
        try {
          await openPaymentPage(tab, c.response.redirect_url, 'PRO-PAGE-CONTENT', c.body.return_url);
          await press(api, tab, api.profile.paymentPage.payButton, 'PRO-PAGE-PAY');
          const links = await linksOf(tab);
          const origins = new Set([new URL(c.response.redirect_url).origin, new URL(api.baseUrl).origin]);
          if (judge([...watch.seen, ...links], c.body.return_url, origins, c.response.redirect_url)) reached(c.body.return_url);
        } catch (e) {
          if (e instanceof CheckFailure)
            throw new CheckFailure({ ...e.details, replay: `FC_SEED=${seed} npm run conformance -- --project=payment-page -g "sent back"` });
          throw e;
        } finally {
          watch.stop();
        }
      });
    },
  };
}
