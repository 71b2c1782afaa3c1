// The payment page's own script against what others put before it, observed in Chromium by what an attack needs
// (docs/security/page.md, "Page script"). DOM clobbering (ASVS 5.0 3.2.3): elements named like the globals page
// scripts read, in the merchant's description, must not become window or document properties of those names, and
// the payer must never be sent to an address they carry. postMessage (ASVS 5.0 3.5.5): when the page listens for
// messages, Pay and Decline intents, navigation, markup and bad syntax posted by a window of another origin change
// nothing. A page without listeners is loaded once, read, pressed; one that listens is loaded again in a tab that a
// page of another site opens, messaged from there, and pressed.
import type { Page } from '@playwright/test';
import type { InvoiceResponse, RuleId } from '../../contracts/index.js';
import { RAN_MARKER } from '../../generators/hostile-text.js';
import { clobberingElements, hostileMessages, type Clobbering } from '../../generators/page-script-payloads.js';
import { type BrowserCheck, requirePaymentPage, step } from '../harness/check.js';
import type { Exchange } from '../harness/exchange.js';
import { expectSchema } from '../harness/expect-response.js';
import { CheckFailure } from '../harness/failure.js';
import { PAGE_LOAD_MS } from '../harness/page-load.js';
import { countMessageListeners, messageCounts, postFromAnotherOrigin, tabOpenedByAnotherSite } from '../harness/page-messages.js';
import { openPaymentPage, press, requireButton, settleMs } from '../harness/payment-page.js';
import { expectStaysProcessing } from '../harness/payment-watch.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { acceptedInvoice } from './page-injection.js';

const CLOBBER_RULE: RuleId = 'PRO-SEC-PAGE-NO-DOM-CLOBBERING';
const MESSAGE_RULE: RuleId = 'PRO-SEC-PAGE-POSTMESSAGE';

/** What the page's document shows now; a page still navigating (after a press, a message) is read once it has loaded. */
async function readLoaded<T>(tab: Page, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch {
    await tab.waitForLoadState('load', { timeout: PAGE_LOAD_MS });
    return read();
  }
}

/**
 * The window and document properties of the clobbering names that are elements of the merchant's text: an a, form
 * or img carrying an address on the payloads' own host (the page's own element of a name, `#amount`, carries none).
 */
function clobberedNow(tab: Page, c: Clobbering): Promise<string[]> {
  return readLoaded(tab, () =>
    tab.evaluate(
      ([names, origin]) => {
        const theirs = (e: unknown): e is Element =>
          e instanceof Element &&
          ['A', 'FORM', 'IMG'].includes(e.tagName) &&
          e.getAttributeNames().some((a) => a !== 'id' && a !== 'name' && (e.getAttribute(a) ?? '').startsWith(origin));
        const members = (v: unknown): unknown[] => (v instanceof Element ? [v] : v instanceof HTMLCollection || v instanceof NodeList ? Array.from(v) : []);
        const found: string[] = [];
        for (const name of names)
          for (const [where, holder] of [
            ['window', window],
            ['document', document],
          ] as const) {
            let value: unknown;
            try {
              value = (holder as unknown as Record<string, unknown>)[name];
            } catch {
              continue;
            }
            const element = members(value).find(theirs);
            if (element) found.push(`${where}.${name} is the merchant's ${element.outerHTML.slice(0, 160)}`);
          }
        return found;
      },
      [c.names, c.origin] as const,
    ),
  );
}

/** Fails naming the clobbering rule when a name is the merchant's element, or the payer went to one of their addresses. */
async function expectNotClobbered(tab: Page, c: Clobbering, sentThere: readonly string[], when: string, exchange: Exchange): Promise<void> {
  const found = [...(await clobberedNow(tab, c)), ...sentThere.map((r) => `the payer was sent to a clobbered address: ${r}`)];
  if (found.length > 0)
    throw new CheckFailure({
      rule: CLOBBER_RULE,
      expected: `${when}, no window or document property named ${c.names.join(', ')} is an element of the description, and no request goes to ${c.origin}`,
      received: found.slice(0, 6).join('; ') + (found.length > 6 ? `; and ${found.length - 6} more` : ''),
      exchange,
    });
}

/** Scripts of the markup message that ran in the page. */
function ranScripts(tab: Page): Promise<string[]> {
  return readLoaded(tab, () => tab.evaluate((marker) => ((window as unknown as Record<string, string[] | undefined>)[marker] ?? []).slice(), RAN_MARKER));
}

/** Where the payment page was loaded, what it carries, and what watches it. */
interface Seen {
  api: ProviderApi;
  redirectUrl: string;
  transaction: string;
  clobbering: Clobbering;
  /** Requests to the payloads' host from any tab: a payer sent there. */
  sentThere: string[];
  exchange: Exchange;
}

/** Records the tab's requests to the payloads' host. */
function watchSentThere(tab: Page, seen: Seen): void {
  tab.on('request', (r) => void (r.url().startsWith(`${seen.clobbering.origin}/`) && seen.sentThere.push(`${r.method()} ${r.url()}`)));
}

/** The payment page in `tab`, once it shows its Pay button (content and listeners a script adds after load count). */
async function openPage(tab: Page, seen: Seen): Promise<void> {
  watchSentThere(tab, seen);
  await openPaymentPage(tab, seen.redirectUrl, 'PRO-PAGE-CONTENT');
  await requireButton(seen.api, tab, seen.api.profile.paymentPage.payButton, 'PRO-PAGE-CONTENT');
}

/**
 * The page loaded again in a tab a page of another site opens, and hostile messages posted to it from there: the
 * payment stays in processing, no script of theirs runs, the payer stays, Pay still works. Returns that tab.
 */
async function expectMessagesDropped(page: Page, listeners: number, seen: Seen): Promise<Page> {
  const { api, transaction, sentThere, exchange } = seen;
  const { paymentPage } = api.profile;
  const opened = await tabOpenedByAnotherSite(page);
  const { tab } = opened;
  await openPage(tab, seen);
  const messages = hostileMessages(paymentPage.payButton, paymentPage.declineButton, seen.clobbering.origin);
  const how = await postFromAnotherOrigin(
    page,
    opened,
    messages.map((m) => m.data),
    settleMs(api),
  );
  const what = `${messages.length} messages ${how} to the page's ${listeners} message listener(s)`;
  await step(what, async () => {
    const listed = `${what}: ${messages.map((m) => m.what).join(', ')}`;
    await expectStaysProcessing(api, [{ transaction, label: 'the payment whose page got them' }], MESSAGE_RULE, listed);
    const found = [
      ...(await ranScripts(tab)).map((id) => `the script of the markup message ran (${id})`),
      ...sentThere.map((r) => `the payer was sent to the address a message named: ${r}`),
    ];
    if (found.length > 0)
      throw new CheckFailure({
        rule: MESSAGE_RULE,
        expected: `after ${what}: no script of theirs runs, the payer stays`,
        received: found.join('; '),
        exchange,
      });
    // The page keeps working: its Pay button is still there to press.
    await requireButton(api, tab, paymentPage.payButton, MESSAGE_RULE);
  });
  return tab;
}

/**
 * Named elements in the description take no window or document name before or after Pay and send the payer nowhere;
 * a page that listens for messages drops those of another origin and of bad syntax.
 */
export function pageScriptIgnoresHostileInput(): BrowserCheck {
  return {
    name: 'pageScriptIgnoresHostileInput()',
    title:
      "elements of the description named like page globals (config, returnUrl, cookie, …) become no window or document property, before and after Pay; a page that listens for messages drops another origin's Pay and Decline intents, navigation, markup and bad syntax",
    rules: [CLOBBER_RULE, MESSAGE_RULE],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      const clobbering = clobberingElements();
      const { exchange } = await acceptedInvoice(
        api,
        { description: `Order 42 ${clobbering.html}` },
        'an invoice with named elements in its description is accepted',
      );
      const response = expectSchema<InvoiceResponse>(exchange, 'PRO-INV-SUCCESS', 'invoice-response', 'the invoice response (precondition)');
      const seen: Seen = { api, redirectUrl: response.redirect_url, transaction: response.transaction, clobbering, sentThere: [], exchange };
      const context = page.context();
      await countMessageListeners(context);
      // The payloads' host never resolves: a payer sent there lands on a page of the suite's, and is recorded.
      await context.route(`${clobbering.origin}/**`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title><p>An address of the payloads.</p>' }),
      );
      const listeners = await step('the payment page', async () => {
        await openPage(page, seen);
        await expectNotClobbered(page, clobbering, seen.sentThere, 'once the page shows its Pay button', exchange);
        return (await readLoaded(page, () => messageCounts(page))).listeners;
      });
      // Most pages listen for no message: then there is nothing to post to, and one page load serves the check.
      const tab =
        listeners === 0
          ? await step('the page adds no message listener: nothing to post to (passes)', async () => page)
          : await step('messages from a page of another site that opens the payment page', () => expectMessagesDropped(page, listeners, seen));
      await step('the page after pressing Pay', async () => {
        await press(api, tab, api.profile.paymentPage.payButton, 'PRO-PAGE-PAY');
        await expectNotClobbered(tab, clobbering, seen.sentThere, `after pressing "${api.profile.paymentPage.payButton}" (${tab.url()})`, exchange);
      });
    },
  };
}
