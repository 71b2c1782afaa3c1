// Each address an invoice answer hands out leads to that payment (OWASP API1:2023; ASVS 5.0 8.2.2): read, its value
// (decoded, for an app address that carries the page address inside) names no other payment of the run; followed
// where its scheme allows (http(s) on the provider's own origins, also the one written inside an app address), no
// address of its redirects names one, and the page it opens in Chromium is not the other payment's (its amount).
// Two invoices, the other one made just before: a provider that builds addresses from a cache or the wrong row
// hands out the previous payment's. Then a payer who counts: redirect_url with the other payment's id or transaction
// in place of each part, or added as a parameter; an answer that is no refusal must not open the other's page.
import type { Page } from '@playwright/test';
import type { InvoiceResponse, RuleId } from '../../contracts/index.js';
import { PREVIEW_HEADERS, withAddressClient, type AddressClient } from '../harness/address-client.js';
import { type BrowserCheck, requirePaymentPage, step } from '../harness/check.js';
import type { Exchange } from '../harness/exchange.js';
import { CheckFailure } from '../harness/failure.js';
import { loadPage } from '../harness/page-load.js';
import { decodings, handedOut, httpAddressesIn, OwnOrigins, redirectTarget, type Found } from '../harness/page-crawl.js';
import { createInvoice, pageTextOnce } from '../harness/payment-page.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { rublesPattern } from './page-text.js';
import { tamperingsOf } from './tamperings.js';

const RULE: RuleId = 'PRO-SEC-ADDRESS-OWN-PAYMENT';
/** 31 415,92 and 27 182,81 rubles: neither's text is found in the other's. */
const AMOUNTS = { other: 3_141_592, own: 2_718_281 } as const;
/** Redirects followed at most from one address. */
const MAX_HOPS = 5;
/** A part of an address shorter than this may be shared by chance (a path word, a small number): not a mark. */
export const MIN_MARK_LENGTH = 8;

/** What names the other payment in an address: its transaction, and the parts of its redirect_url not in the own one's (its page token). */
interface Mark {
  text: string;
  what: string;
}

/** The path segments and query values of an address. */
export function partsOf(url: string): string[] {
  const u = new URL(url);
  return [...u.pathname.split('/'), ...u.searchParams.values()].filter((p) => p !== '');
}

export function marksOf(other: InvoiceResponse, own: InvoiceResponse): Mark[] {
  const ownParts = new Set(partsOf(own.redirect_url));
  return [
    { text: other.transaction, what: "the other payment's transaction" },
    ...partsOf(other.redirect_url)
      .filter((p) => p.length >= MIN_MARK_LENGTH && !ownParts.has(p))
      .map((p) => ({ text: p, what: `"${p}", a part of the other payment's redirect_url ${other.redirect_url} (its page token)` })),
  ];
}

/** The mark the address carries, in any of its decodings, letter case aside. */
export function markIn(address: string, marks: readonly Mark[]): Mark | undefined {
  const texts = decodings(address).map((t) => t.toLowerCase());
  return marks.find((m) => texts.some((t) => t.includes(m.text.toLowerCase())));
}

function expectNoMark(found: Found, address: string, marks: readonly Mark[], exchange?: Exchange): void {
  const mark = markIn(address, marks);
  if (mark)
    throw new CheckFailure({
      rule: RULE,
      expected: `${found.from} of the payment (${found.url}) leads to that payment only`,
      received: `${address === found.url ? 'it' : `on the way, ${address}`} carries ${mark.what}`,
      exchange,
    });
}

/** Follows the address's redirects (GET, as a link preview), each address met judged; returns where it ends. */
async function followed(client: AddressClient, found: Found, start: string, marks: readonly Mark[], origins: OwnOrigins): Promise<string> {
  let url = start;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const exchange = await client.send(url, { method: 'GET', headers: PREVIEW_HEADERS });
    const next = redirectTarget(exchange);
    if (next === undefined) return url;
    expectNoMark(found, next, marks, exchange);
    if (!origins.owns(next)) return next;
    url = next;
  }
  return url;
}

/** The page the address opens in Chromium shows the other payment's amount, not its own: it is the other payment's page. */
async function expectNotOthersPage(api: ProviderApi, page: Page, found: Found, url: string): Promise<void> {
  const [own, other] = [rublesPattern(AMOUNTS.own), rublesPattern(AMOUNTS.other)];
  await loadPage(page, url, RULE);
  const text = await pageTextOnce(api, page, (t) => own.test(t) || other.test(t));
  if (other.test(text) && !own.test(text))
    throw new CheckFailure({
      rule: RULE,
      expected: `${found.from} (${found.url}) opens the page of its own payment (${AMOUNTS.own / 100} rubles)`,
      received: `${page.url()} shows the other payment's amount (${AMOUNTS.other / 100} rubles): ${text.slice(0, 400)}`,
    });
}

/**
 * redirect_url and every deeplink of an invoice lead to that payment's page, never to the payment made just before it;
 * redirect_url with that payment's id or transaction in place of any part, or added as a parameter, opens no page of it.
 */
export function addressesLeadToOwnPayment(): BrowserCheck {
  return {
    name: 'addressesLeadToOwnPayment()',
    title:
      "redirect_url and every deeplink of an invoice, read and followed, lead to that payment's page: none names or opens the page of the payment made just before, nor does redirect_url with that payment's id or transaction in any of its parts",
    rules: [RULE],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      // One after the other: the payment made just before is the one a cached or shifted address would name.
      const other = await createInvoice(api, 'PRO-INV-SUCCESS', { amount: AMOUNTS.other });
      const own = await createInvoice(api, 'PRO-INV-SUCCESS', { amount: AMOUNTS.own });
      const marks = marksOf(other.response, own.response);
      const origins = new OwnOrigins(api.baseUrl, own.response.redirect_url, other.response.redirect_url);
      await withAddressClient(api, async (client) => {
        for (const found of handedOut(own.response))
          await step(`${found.from}: ${found.url.slice(0, 200)}`, async () => {
            expectNoMark(found, found.url, marks);
            // An app address is only read; the http(s) address inside it is the provider's to follow, like an http(s) one.
            for (const start of httpAddressesIn(found.url).filter((u) => origins.owns(u))) {
              const end = await followed(client, found, start, marks, origins);
              if (origins.owns(end)) await expectNotOthersPage(api, page, found, start);
            }
          });
        // A payer who counts: the own redirect_url with the other payment's id or transaction in each of its parts.
        const id = { value: String(other.response.payment.id), what: `the other payment's id ${other.response.payment.id}` };
        const transaction = { value: other.response.transaction, what: `the other payment's transaction ${other.response.transaction}` };
        const tampered = tamperingsOf({ action: own.response.redirect_url, method: 'get', fields: [] }, [id, transaction], { id, transaction });
        await step("redirect_url with a part replaced by the other payment's id or transaction, or with its identifiers added", async () => {
          for (const t of tampered.filter((x) => x.fields.length === 0)) {
            const exchange = await client.send(t.url, { method: 'GET', headers: PREVIEW_HEADERS });
            const status = exchange.response?.status ?? 0;
            // A refusal (404, 400, 403) leads nowhere; an answer that does is opened and must not be the other payment's page.
            if (status >= 200 && status < 400) await expectNotOthersPage(api, page, { url: t.url, from: `redirect_url with ${t.what}` }, t.url);
          }
        });
      });
    },
  };
}
