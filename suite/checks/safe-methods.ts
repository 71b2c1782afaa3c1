// Safe methods change nothing (RFC 9110 9.2.1; ASVS 5.0 3.5.3): every address a payer is handed or led to is
// fetched the ways programs other than the payer's click fetch it (a browser prefetching or reopening it, a chat's
// link preview, a crawler: GET, HEAD, OPTIONS), and the status method still reports the page's own payment and
// a second, untouched one in processing. A form action meant for POST is fetched with GET too: a press route that
// answers GET lets a link preview pay.
import type { Page } from '@playwright/test';
import type { RuleId } from '../../contracts/index.js';
import { browserHeaders, PREVIEW_HEADERS, withAddressClient, type AddressClient } from '../harness/address-client.js';
import { type BrowserCheck, requirePaymentPage, requireProfile, step } from '../harness/check.js';
import type { Exchange } from '../harness/exchange.js';
import {
  addressesOnPage,
  AddressQueue,
  handedOut,
  httpAddressesIn,
  OwnOrigins,
  redirectTarget,
  type Found,
  type PageAddresses,
} from '../harness/page-crawl.js';
import { createInvoice, openPaymentPage, press, requireButton } from '../harness/payment-page.js';
import { answersLine, expectStaysProcessing, expectStillProcessing, type Watched } from '../harness/payment-watch.js';
import type { ProviderApi } from '../harness/provider-api.js';

const RULE: RuleId = 'PRO-SEC-SAFE-METHODS';
/** Addresses fetched at most per crawl: a page has a handful; a provider that keeps handing out new ones is cut off here. */
const MAX_ADDRESSES = 24;

/** What a crawl needs besides its queue. */
interface Crawl {
  api: ProviderApi;
  page: Page;
  client: AddressClient;
  origins: OwnOrigins;
  queue: AddressQueue;
  /** Addresses seen but not the provider's to answer (the merchant's return_url, a bank app's): recorded, never fetched. */
  elsewhere: string[];
}

/** Takes the http(s) addresses a found value leads to: the provider's own into the queue, the others into `elsewhere`. */
function take(crawl: Crawl, found: Found): void {
  const urls = httpAddressesIn(found.url);
  if (urls.length === 0) crawl.elsewhere.push(found.url);
  for (const url of urls) {
    if (crawl.origins.owns(url)) crawl.queue.add({ url, from: found.from });
    else crawl.elsewhere.push(url);
  }
}

/** A GET form submitted: its fields as the query. */
function submittedGet(action: string, fields: readonly [string, string][]): string {
  const url = new URL(action);
  url.search = new URLSearchParams([...fields]).toString();
  return url.href;
}

function takePage(crawl: Crawl, found: PageAddresses, where: string): void {
  for (const link of found.links) take(crawl, { url: link.url, from: `${link.from} on ${where}` });
  for (const form of found.forms)
    take(crawl, {
      url: form.method === 'get' ? submittedGet(form.action, form.fields) : form.action,
      from: `the action of a ${form.method.toUpperCase()} form on ${where} (fields ${JSON.stringify(form.fields)})`,
    });
}

/** The four safe fetches of one address. */
async function fetchSafely(crawl: Crawl, url: string): Promise<{ label: string; exchange: Exchange }[]> {
  const asBrowser = await browserHeaders(crawl.page, url);
  const ways: [string, string, Record<string, string>][] = [
    ['GET (as the browser, with its cookies)', 'GET', asBrowser],
    ['GET (as a link preview)', 'GET', PREVIEW_HEADERS],
    ['HEAD', 'HEAD', PREVIEW_HEADERS],
    ['OPTIONS', 'OPTIONS', PREVIEW_HEADERS],
  ];
  // One after another: the first answer that changed a payment is the one a failure shows.
  const sent: { label: string; exchange: Exchange }[] = [];
  for (const [label, method, headers] of ways) sent.push({ label, exchange: await crawl.client.send(url, { method, headers }) });
  return sent;
}

/** Fetches every queued address safely (redirect targets joining the queue); after each, the watched payments are still in processing. */
async function crawlQueue(crawl: Crawl, watched: readonly Watched[]): Promise<void> {
  for (let found = crawl.queue.next(); found; found = crawl.queue.next()) {
    const sent = await fetchSafely(crawl, found.url);
    for (const { label, exchange } of sent) {
      const target = redirectTarget(exchange);
      if (target) take(crawl, { url: target, from: `the Location of ${label} ${found.url}` });
    }
    // The answer most likely to have done it: one that was not refused.
    const shown = sent.find((s) => (s.exchange.response?.status ?? 999) < 400) ?? sent[0]!;
    await expectStillProcessing(
      crawl.api,
      watched,
      RULE,
      `${found.from}, ${found.url}, was fetched with GET (as a browser and as a link preview), HEAD and OPTIONS`,
      shown.exchange,
      answersLine(sent),
    );
  }
}

/**
 * Every address of a payment's page (redirect_url and its redirects, the deeplinks, the links, form actions and meta
 * refresh of the page Chromium renders, and those of the page shown after a press), fetched with GET as a browser and
 * as a link preview, HEAD and OPTIONS, changes neither that payment nor a second, untouched one.
 */
export function safeMethodsChangeNothing(): BrowserCheck {
  return {
    name: 'safeMethodsChangeNothing()',
    title:
      'every address a payment page hands out or leads to (redirect_url, deeplinks, links, form actions, redirects, the page after a press), fetched with GET as a browser and as a link preview, HEAD and OPTIONS, changes no payment',
    rules: [RULE],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      requireProfile(api.profile.status.enabled, 'profile status.enabled is false: a change cannot be observed');
      requireProfile(
        api.profile.invoice.initialState === 'processing',
        'profile invoice.initialState is not processing: a new payment has nothing left to change',
      );
      const [own, untouched] = await Promise.all([createInvoice(api, 'PRO-INV-SUCCESS'), createInvoice(api, 'PRO-INV-SUCCESS')]);
      const payer = { transaction: own.response.transaction, label: 'payment A, whose addresses are fetched' };
      const other = { transaction: untouched.response.transaction, label: 'payment B, untouched' };
      await withAddressClient(api, async (client) => {
        const crawl: Crawl = {
          api,
          page,
          client,
          origins: new OwnOrigins(api.baseUrl, own.response.redirect_url),
          queue: new AddressQueue(MAX_ADDRESSES),
          elsewhere: [],
        };
        for (const found of handedOut(own.response)) take(crawl, found);
        await step("the addresses of A's invoice answer and page", async () => {
          await openPaymentPage(page, own.response.redirect_url, 'PRO-PAGE-CONTENT', own.body.return_url);
          crawl.origins.add(page.url());
          // Content a script builds counts: read once the page shows its Pay button.
          await requireButton(api, page, api.profile.paymentPage.payButton, 'PRO-PAGE-CONTENT');
          takePage(crawl, await addressesOnPage(page), `the page ${page.url()}`);
          await crawlQueue(crawl, [payer, other]);
          await expectStaysProcessing(api, [payer, other], RULE, `the ${crawl.queue.taken} addresses of A's answer and page were fetched safely`);
        });
        await step('the addresses of the page shown after pressing Pay on A', async () => {
          await press(api, page, api.profile.paymentPage.payButton, 'PRO-PAGE-PAY');
          // A press that went on to the merchant (return_url) leaves no page of the provider's to read.
          if (crawl.origins.owns(page.url())) {
            take(crawl, { url: page.url(), from: 'the address of the page shown after pressing Pay' });
            takePage(crawl, await addressesOnPage(page), `the page shown after pressing Pay (${page.url()})`);
          }
          await crawlQueue(crawl, [other]);
        });
        // Recorded, not fetched: where the payer goes that is not the provider's (the merchant's return_url, a bank's app).
        const elsewhere = [...new Set(crawl.elsewhere)];
        if (elsewhere.length > 0) await step(`not fetched, not the provider's: ${elsewhere.join(', ').slice(0, 300)}`, async () => undefined);
      });
    },
  };
}
