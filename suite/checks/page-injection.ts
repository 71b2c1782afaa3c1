// Merchant text on the payment page, observed in Chromium the way an attack succeeds (ASVS 5.0 1.2.1, 1.2.2,
// 1.3.7; ZAP 40012/40014, 90035, 40003): a script of the payload ran (it pushes its id onto a window
// property), a dialog opened, an element of the payload is in the DOM, a template expression was evaluated
// (its product shows between its delimiters), a header split off a redirect. Never a text search for the
// payload: text shown escaped, in any encoding, or not at all, is right.
import type { Dialog, Page, Response } from '@playwright/test';
import type { InvoiceResponse, RuleId } from '../../contracts/index.js';
import { buildInvoiceRequest, INVOICE_DEFAULTS, type InvoiceOverrides } from '../../generators/builders.js';
import {
  headerSplittingReturnUrls,
  INJECTED_ATTRIBUTE,
  INJECTED_COOKIE,
  INJECTED_HEADER,
  markupInjections,
  RAN_MARKER,
  returnUrlInjection,
  TEMPLATE_RESULT,
  templateDelimiter,
  type Injection,
} from '../../generators/hostile-text.js';
import type { Exchange } from '../harness/exchange.js';
import { expectNoServerError, expectSchema, expectStatus } from '../harness/expect-response.js';
import { CheckFailure } from '../harness/failure.js';
import { PAGE_LOAD_MS } from '../harness/page-load.js';
import { openPaymentPage, press, requireButton } from '../harness/payment-page.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { expectProfileValidation } from '../harness/variants.js';
import { type BrowserCheck, requirePaymentPage, step } from '../harness/check.js';

const INERT_RULE: RuleId = 'PRO-SEC-PAGE-TEXT-INERT';
const SPLIT_RULE: RuleId = 'PRO-SEC-RETURN-URL-NO-HEADER-SPLIT';

/** Where each payload goes: the description, a required and an extra payload value, the return_url. */
interface Placed extends Injection {
  place: string;
}

/** An invoice accepted with `overrides`, or, when the provider refuses only the return_url (allowed), without it. */
export async function acceptedInvoice(
  api: ProviderApi,
  overrides: InvoiceOverrides,
  what = 'an invoice with markup in its description and payload values is accepted',
): Promise<{ exchange: Exchange; returnUrlTaken: boolean }> {
  let exchange = await api.invoice(buildInvoiceRequest(api.merchant, overrides));
  let returnUrlTaken = true;
  const keys = Object.keys((exchange.response?.json ?? {}) as object);
  if (exchange.response?.status === api.profile.http.validation && keys.length > 0 && keys.every((k) => k === 'return_url')) {
    exchange = await api.invoice(buildInvoiceRequest(api.merchant, { ...overrides, return_url: INVOICE_DEFAULTS.return_url }));
    returnUrlTaken = false;
  }
  // The description and the payload are free text (DOC-INV-REQ-PAYLOAD-EXTRA: any merchant parameters): refusing them is no defence.
  expectStatus(exchange, 'PRO-INV-SUCCESS', api.profile.http.success, what);
  return { exchange, returnUrlTaken };
}

interface Traces {
  elements: { id: string; html: string }[];
  ran: string[];
  text: string;
}

/** What the payloads left on the page now; a page still navigating (a redirect after a press) is read once it has loaded. */
async function tracesOn(page: Page): Promise<Traces> {
  const read = () =>
    page.evaluate(
      ([attribute, marker]) => ({
        elements: Array.from(document.querySelectorAll(`[${attribute}]`)).map((e) => ({
          id: e.getAttribute(attribute) ?? '',
          html: e.outerHTML.slice(0, 200),
        })),
        ran: ((window as unknown as Record<string, unknown>)[marker] as string[] | undefined) ?? [],
        text: `${document.title}\n${document.body?.innerText ?? ''}`,
      }),
      [INJECTED_ATTRIBUTE, RAN_MARKER] as const,
    );
  try {
    return await read();
  } catch {
    await page.waitForLoadState('load', { timeout: PAGE_LOAD_MS });
    return read();
  }
}

/** Fails naming the rule when a payload left any trace: an element, a script run, a dialog, an evaluated template. */
function expectInert(traces: Traces, dialogs: readonly string[], placed: readonly Placed[], where: string, exchange: Exchange): void {
  const byId = new Map(placed.map((p) => [p.id, p]));
  const name = (id: string) => {
    const p = byId.get(id.split(/[\s/]/)[0]!);
    return p ? `${p.id} (${p.what}, in ${p.place})` : id;
  };
  const findings = [
    ...traces.elements.map((e) => `element of ${name(e.id)}: ${e.html}`),
    ...traces.ran.map((id) => `script of ${name(id)} ran`),
    ...dialogs.map((message) => `dialog "${message}" opened (${name(message)})`),
    ...placed
      .filter((p) => new RegExp(`${templateDelimiter(p.id)}\\s*${TEMPLATE_RESULT}\\s*${templateDelimiter(p.id)}`).test(traces.text))
      .map((p) => `template of ${name(p.id)} evaluated to ${TEMPLATE_RESULT}`),
  ];
  if (findings.length > 0)
    throw new CheckFailure({
      rule: INERT_RULE,
      expected: `${where} shows the merchant's text as text (escaped in any way) or not at all`,
      received: findings.slice(0, 6).join('; ') + (findings.length > 6 ? `; and ${findings.length - 6} more` : ''),
      exchange,
    });
}

/** Markup, script, attribute and script-string breakouts, javascript: links, dialogs and template expressions in every merchant text stay inert. */
export function merchantTextInertOnPage(): BrowserCheck {
  return {
    name: 'merchantTextInertOnPage()',
    title:
      'markup, scripts, attribute and script breakouts, javascript: links and template expressions in the description, payload values and return_url stay inert on the payment page and after Pay',
    rules: [INERT_RULE],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      const inText = (place: string, prefix: string) => markupInjections(prefix).map((i) => ({ ...i, place }));
      const [description, clientId, extra] = [inText('description', 'd'), inText('payload.client_id', 'c'), inText('payload.order_title', 'o')];
      const url = returnUrlInjection();
      const joined = (list: Placed[]) => list.map((p) => p.text).join(' ');
      const { exchange, returnUrlTaken } = await acceptedInvoice(api, {
        description: joined(description),
        return_url: url.url,
        payload: { client_id: joined(clientId), order_title: joined(extra) },
      });
      const placed = [...description, ...clientId, ...extra, ...(returnUrlTaken ? url.injections.map((i) => ({ ...i, place: 'return_url' })) : [])];
      const response = expectSchema<InvoiceResponse>(exchange, 'PRO-INV-SUCCESS', 'invoice-response', 'the invoice response (precondition)');
      const dialogs: string[] = [];
      const onDialog = (dialog: Dialog) => {
        dialogs.push(dialog.message());
        dialog.dismiss().catch(() => undefined);
      };
      page.on('dialog', onDialog);
      try {
        await step('the payment page', async () => {
          await openPaymentPage(page, response.redirect_url, 'PRO-PAGE-CONTENT', returnUrlTaken ? url.url : INVOICE_DEFAULTS.return_url);
          // Content a script builds after load counts: read once the page shows its Pay button.
          await requireButton(api, page, api.profile.paymentPage.payButton, 'PRO-PAGE-CONTENT');
          expectInert(await tracesOn(page), dialogs, placed, `the payment page ${response.redirect_url}`, exchange);
        });
        await step('the page after pressing Pay', async () => {
          await press(api, page, api.profile.paymentPage.payButton, 'PRO-PAGE-PAY');
          expectInert(await tracesOn(page), dialogs, placed, `the page after pressing "${api.profile.paymentPage.payButton}" (${page.url()})`, exchange);
        });
      } finally {
        page.off('dialog', onDialog);
      }
    },
  };
}

/** A header or cookie the CR LF payload added to any answer the browser got. */
async function splitHeaders(responses: readonly Response[]): Promise<string[]> {
  const found: string[] = [];
  for (const r of responses) {
    const headers = await r.allHeaders().catch(() => ({}) as Record<string, string>);
    const cookie = headers['set-cookie'] ?? '';
    if (INJECTED_HEADER in headers || cookie.includes(`${INJECTED_COOKIE}=`))
      found.push(`HTTP ${r.status()} ${r.url()}: ${INJECTED_HEADER}: ${headers[INJECTED_HEADER] ?? '(none)'}; set-cookie: ${cookie || '(none)'}`);
  }
  return found;
}

/** A return_url with a CR LF, raw or percent-encoded, is refused keyed return_url, or splits no header off the page's answers (the redirect after Pay included). */
export function returnUrlSplitsNoHeader(): BrowserCheck {
  return {
    name: 'returnUrlSplitsNoHeader()',
    title:
      'a return_url with a CR LF, raw or percent-encoded, is refused keyed return_url or adds no header or cookie to any answer of the page, the redirect after Pay included',
    rules: [SPLIT_RULE],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      for (const { label, url } of headerSplittingReturnUrls())
        await step(label, async () => {
          const exchange = await api.invoice(buildInvoiceRequest(api.merchant, { return_url: url }));
          const res = expectNoServerError(exchange, `return_url with a ${label}`);
          if (res.status < 200 || res.status > 299) {
            // No URL by RFC 3986 (raw) or one a provider may still refuse: refused keyed return_url is safe.
            expectProfileValidation(api, exchange, { rule: SPLIT_RULE, keysRule: 'PRO-VAL-RETURN_URL', breaks: ['return_url'] });
            return;
          }
          const response = expectSchema<InvoiceResponse>(exchange, 'PRO-INV-SUCCESS', 'invoice-response', 'the invoice response (precondition)');
          const responses: Response[] = [];
          const onResponse = (r: Response) => void responses.push(r);
          page.on('response', onResponse);
          try {
            await openPaymentPage(page, response.redirect_url, 'PRO-PAGE-CONTENT', url);
            await press(api, page, api.profile.paymentPage.payButton, 'PRO-PAGE-PAY');
          } finally {
            page.off('response', onResponse);
          }
          const split = await splitHeaders(responses);
          const cookies = (await page.context().cookies()).filter((c) => c.name === INJECTED_COOKIE);
          if (split.length > 0 || cookies.length > 0)
            throw new CheckFailure({
              rule: SPLIT_RULE,
              expected: `no answer of the page carries a header or cookie written in return_url (${label})`,
              received: [...split, ...cookies.map((c) => `cookie ${c.name}=${c.value} set for ${c.domain}`)].join('; '),
              exchange,
            });
        });
    },
  };
}
