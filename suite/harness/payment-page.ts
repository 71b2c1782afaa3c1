// The browser side of the payment page (profile: redirect_url opens an HTML page with the amount, the
// recipient and two buttons): create an invoice, open its page, press a button, read the payment back
// through the status method. Everything that can go wrong throws a CheckFailure naming the rule the
// calling check enforces. Waits are bounded by the profile's paymentPage.settleSeconds.
import type { Locator, Page, Request, Response } from '@playwright/test';
import type { InvoiceRequest, InvoiceResponse, Payment, RuleId, StatusResponse } from '../../contracts/index.js';
import type { PageAction } from '../../contracts/operations.js';
import { buildInvoiceRequest, buildStatusRequest, INVOICE_DEFAULTS, type InvoiceOverrides } from '../../generators/builders.js';
import { eventually } from './eventually.js';
import { forgetOpenedPage, gatewayAnswer, loadPage, lookAtOpenedPage, navigationLanded, PAGE_LOAD_MS, waitRetryAfter } from './page-load.js';
import { MAX_429_RETRIES } from './retry-policy.js';
import { notePageAction } from './latency.js';
import { expectSchema, expectStatus } from './expect-response.js';
import { CheckFailure, clip, ProviderUnavailable, SuiteError } from './failure.js';
import type { ProviderApi } from './provider-api.js';
import type { RuleTable } from './schema-rules.js';

export type FinalState = 'deposited' | 'declined';

export interface CreatedInvoice {
  body: InvoiceRequest;
  response: InvoiceResponse;
}

/** A fresh, correctly signed invoice that the provider accepts (the ground every page check stands on). */
export async function createInvoice(api: ProviderApi, rule: RuleId, overrides: InvoiceOverrides = {}): Promise<CreatedInvoice> {
  const body = buildInvoiceRequest(api.merchant, overrides);
  const exchange = await api.invoice(body);
  expectStatus(exchange, rule, api.profile.http.success, 'the invoice is accepted (precondition)');
  const response = expectSchema<InvoiceResponse>(exchange, rule, 'invoice-response', 'the invoice response (precondition)');
  return { body, response };
}

const STATE_RULES: RuleTable = [[/^\/payment\/state$/, 'DOC-STATE-VALUES']];

/** The payment as the status method reports it now. */
export async function statusOf(api: ProviderApi, transaction: string, rule: RuleId): Promise<Payment> {
  const exchange = await api.status(buildStatusRequest(api.merchant, transaction));
  expectStatus(exchange, rule, api.profile.http.success, 'the status of a known transaction');
  // A state outside the documented three names DOC-STATE-VALUES; any other shape fault names `rule`.
  return expectSchema<StatusResponse>(exchange, rule, 'status-response', 'the status response', STATE_RULES).payment;
}

export function settleMs(api: ProviderApi): number {
  return api.profile.paymentPage.settleSeconds * 1000;
}

/** The payment once it has left `processing` (a provider may settle a press asynchronously), or as it still is after the profile's settle time. */
export function settledStatus(api: ProviderApi, transaction: string, rule: RuleId): Promise<Payment> {
  return eventually(
    () => statusOf(api, transaction, rule),
    (p) => p.state !== 'processing',
    settleMs(api),
  );
}

/** Visible text of the page, whitespace collapsed, for evidence. */
export async function pageText(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch(() => '');
  return text.replace(/\s+/g, ' ').trim();
}

/** The merchant origins a browser context answers itself. */
const answered = new WeakMap<object, Set<string>>();

/**
 * The merchant's return_url answered inside the browser: a page that redirects there after a press
 * lands on a real page although the merchant's host is not reachable from here.
 */
async function answerReturnUrl(page: Page, returnUrl: string): Promise<void> {
  let origin: string;
  try {
    origin = new URL(returnUrl).origin;
  } catch {
    return; // not a URL: the provider has refused such an invoice already
  }
  const context = page.context();
  const origins = answered.get(context) ?? new Set<string>();
  answered.set(context, origins);
  if (origins.has(origin)) return;
  origins.add(origin);
  await context.route(`${origin}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Merchant</title><p>Back at the merchant.</p>' }),
  );
}

/**
 * Opens redirect_url; the page must load (redirects followed) as HTML with a 2xx status. `returnUrl`: the
 * invoice's return_url, answered in the browser if the page goes there. What the page shows is read by whoever
 * needs it (pageTextOnce): each read is a round trip to the browser and a layout.
 */
export async function openPaymentPage(page: Page, redirectUrl: string, rule: RuleId, returnUrl: string = INVOICE_DEFAULTS.return_url): Promise<void> {
  await answerReturnUrl(page, returnUrl);
  const started = performance.now();
  const response = await loadPage(page, redirectUrl, rule);
  notePageAction('page load', performance.now() - started);
  const status = response?.status();
  const type = response?.headers()['content-type'] ?? '(none)';
  if (response && (status! < 200 || status! > 299 || !/text\/html/i.test(type)))
    throw new CheckFailure({
      rule,
      expected: `redirect_url ${redirectUrl} opens a 2xx HTML page`,
      received: `HTTP ${status} Content-Type ${type}: ${clip(await pageText(page), 600)}`,
    });
}

/** The page's text once `shows` holds for it (content a script builds after load), or as it is after the profile's settle time. */
export function pageTextOnce(api: ProviderApi, page: Page, shows: (text: string) => boolean): Promise<string> {
  return lookAtOpenedPage(page, () => eventually(() => pageText(page), shows, settleMs(api)), shows);
}

/** The button (any element with the role) whose accessible name is exactly `name`, and whether it became visible within the settle time. */
async function findButton(api: ProviderApi, page: Page, name: string): Promise<{ button: Locator; visible: boolean }> {
  const button = page.getByRole('button', { name, exact: true }).first();
  const visible = await button.waitFor({ state: 'visible', timeout: settleMs(api) }).then(
    () => true,
    () => false,
  );
  return { button, visible };
}

/** Whether that button is visible on the page opened last (loaded again when the network broke it). */
async function buttonShown(api: ProviderApi, page: Page, name: string): Promise<{ button: Locator; visible: boolean }> {
  return lookAtOpenedPage(
    page,
    () => findButton(api, page, name),
    (b) => b.visible,
  );
}

/** The visible button whose accessible name is `name` (exactly); fails naming `rule` when it is not there. */
export async function requireButton(api: ProviderApi, page: Page, name: string, rule: RuleId): Promise<Locator> {
  const { button, visible } = await buttonShown(api, page, name);
  if (!visible)
    throw new CheckFailure({
      rule,
      expected: `a button with the accessible name "${name}" on the payment page ${page.url()}`,
      received: `no such button; page text: ${clip(await pageText(page), 600)}`,
    });
  return button;
}

/**
 * Presses the button whose accessible name is `name` (exactly); fails naming `rule` when it is not there. A press
 * answered 429 was not processed: the page is loaded again once its Retry-After has passed, and pressed again.
 */
export async function press(api: ProviderApi, page: Page, name: string, rule: RuleId): Promise<void> {
  for (let waits = 1; ; waits++) {
    const button = await requireButton(api, page, name, rule);
    const before = page.url();
    const lost = watchPressLost(page);
    const unavailable = () => new ProviderUnavailable(`pressing "${name}" on ${before}: ${lost.why}; whether the press was applied is unknown`);
    const started = performance.now();
    try {
      await clickAnswered(api, button, name, rule);
      await pressNavigated(api, page, before);
    } catch (e) {
      throw lost.why ? unavailable() : e; // a click left unanswered because its answer was lost is no verdict
    } finally {
      lost.stop();
    }
    if (lost.retryAfter === undefined || waits > MAX_429_RETRIES) {
      if (lost.why) throw unavailable();
      // Answered (neither lost nor refused 429: both set `why`), and its page loaded.
      notePageAction(pressAction(api, name), performance.now() - started);
      return;
    }
    await waitRetryAfter(lost.retryAfter, waits);
    await loadPage(page, before, rule);
  }
}

/** The page action a press of the button `name` is: the profile's Pay or Decline button. */
function pressAction(api: ProviderApi, name: string): PageAction | undefined {
  const { payButton, declineButton } = api.profile.paymentPage;
  return name === payButton ? 'press pay' : name === declineButton ? 'press decline' : undefined;
}

/**
 * Whether the answer to a press was lost on the way: the page's own origin failed a navigation (a dropped
 * connection) or answered it 502/503/504. A redirect onward to the merchant's host is another origin, not this.
 */
export function watchPressLost(page: Page): { readonly why: string | undefined; readonly retryAfter: string | undefined; stop(): void } {
  const origin = new URL(page.url()).origin;
  const mine = (url: string) => URL.canParse(url) && new URL(url).origin === origin;
  const state: { why: string | undefined; retryAfter?: string } = { why: undefined };
  const onFailed = (r: Request) => {
    if (r.isNavigationRequest() && mine(r.url())) state.why ??= `${r.method()} ${r.url()}: ${r.failure()?.errorText ?? 'failed'}`;
  };
  const onResponse = (r: Response) => {
    if (!r.request().isNavigationRequest() || !mine(r.url()) || state.why !== undefined) return;
    state.why = gatewayAnswer(r);
    // A press refused 429 was not processed: it may be pressed again once Retry-After has passed.
    if (r.status() === 429 && r.request().method() !== 'GET') state.retryAfter = r.headers()['retry-after'] ?? '';
  };
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  return {
    get why() {
      return state.why;
    },
    get retryAfter() {
      return state.retryAfter;
    },
    stop() {
      page.off('requestfailed', onFailed);
      page.off('response', onResponse);
    },
  };
}

/**
 * Waits for the navigation a press started to commit and load. A click returns before its form post is
 * answered, and the post may redirect to the merchant's return_url, a host that does not resolve here (and
 * a redirect target that context.route does not see): its error page then commits late, into the next
 * page.goto on this page, which Chromium reports as interrupted. A press whose page stays where it is (a
 * script that posts by itself) is waited for no longer than the profile's settle time.
 */
async function pressNavigated(api: ProviderApi, page: Page, before: string): Promise<void> {
  await page.waitForURL((url) => url.href !== before, { waitUntil: 'load', timeout: settleMs(api) }).catch(() => undefined);
  // A load the network left hanging is one request: no longer than REQUEST_TIMEOUT; what it did, the status tells.
  await page.waitForLoadState('load', { timeout: api.requestTimeoutMs }).catch(() => undefined);
}

/**
 * Clicks a button and waits for what it started (a form post, a navigation) as long as one request may take
 * (REQUEST_TIMEOUT): a press is a request to the provider, and a busy machine or a slow provider is no fault.
 */
export async function clickAnswered(api: ProviderApi, button: Locator, name: string, rule: RuleId): Promise<void> {
  try {
    await button.click({ timeout: api.requestTimeoutMs });
  } catch (e) {
    const message = (e as Error).message.split('\n')[0]!;
    // The suite's own tab or context closed under the press: no verdict on the provider.
    if (/has been closed/.test(message)) throw new SuiteError(`pressing "${name}": ${message}`);
    throw new CheckFailure({
      rule,
      expected: `pressing "${name}" is answered within ${api.requestTimeoutMs / 1000} s (REQUEST_TIMEOUT)`,
      received: (e as Error).message.split('\n')[0],
    });
  }
}

/** Whether a visible button named `name` is on the page (waited for up to the settle time), and the names of all buttons. */
export async function visibleButton(api: ProviderApi, page: Page, name: string): Promise<{ visible: boolean; names: string[] }> {
  const { visible } = await buttonShown(api, page, name);
  return { visible, names: visible ? [] : await page.getByRole('button').allInnerTexts() };
}

/**
 * A second press on a payment that is already final: the page may refuse it in any way (a 409 page,
 * disabled or missing buttons, an error on click). Only what the press does to the state matters.
 * Returns what happened, for evidence.
 */
export async function tryPressAgain(api: ProviderApi, page: Page, redirectUrl: string, name: string): Promise<string> {
  forgetOpenedPage(page); // read as it comes: any refusal is allowed here
  try {
    await navigationLanded(page);
    const response = await page.goto(redirectUrl, { waitUntil: 'load', timeout: PAGE_LOAD_MS });
    const { button, visible } = await findButton(api, page, name);
    if (!visible) return `the reopened page (HTTP ${response?.status()}) has no "${name}" button`;
    if (!(await button.isEnabled())) return `the "${name}" button is disabled`;
    const before = page.url();
    await button.click({ timeout: 3_000 });
    await pressNavigated(api, page, before);
    return `"${name}" pressed again: ${clip(await pageText(page), 200)}`;
  } catch (e) {
    return `the second press was refused: ${(e as Error).message.split('\n')[0]}`;
  }
}

/** Creates an invoice, opens its page and presses `button`. */
export async function invoicePressed(
  api: ProviderApi,
  page: Page,
  button: string,
  rule: RuleId,
  overrides: InvoiceOverrides = {},
  /** The rule an invoice refusal breaks, when not `rule` (extra payload parameters: DOC-INV-REQ-PAYLOAD-EXTRA). */
  invoiceRule: RuleId = rule,
): Promise<CreatedInvoice> {
  const created = await createInvoice(api, invoiceRule, overrides);
  await openPaymentPage(page, created.response.redirect_url, rule, created.body.return_url);
  await press(api, page, button, rule);
  return created;
}

/**
 * Runs `each` for every item, on the page and on tabs of its browser context, at most `tabs` at once: a page
 * opened or pressed is mostly waiting, so a batch of pages costs about a page per tab. The tabs close after.
 */
export async function inTabs<T>(page: Page, items: readonly T[], tabs: number, each: (tab: Page, item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let stopped = false;
  // After the first failure no item starts, and the ones under way end before the tabs close (allOnTabs): nothing
  // of the check goes on driving the page once it has its verdict, which is the first failure.
  const work = async (tab: Page) => {
    while (!stopped && next < items.length) {
      const i = next++;
      await each(tab, items[i]!, i).catch((error: unknown) => {
        stopped = true;
        throw error;
      });
    }
  };
  const extra = await Promise.all(Array.from({ length: Math.max(0, Math.min(tabs, items.length) - 1) }, () => page.context().newPage()));
  try {
    await allOnTabs([page, ...extra].map(work));
  } finally {
    await Promise.all(extra.map((t) => t.close()));
  }
}

/**
 * The results of work on several tabs at once, once all of it has ended; then the first failure (in time) is thrown.
 * A tab closed, or a check ended, with a navigation of its own still under way can hang on it.
 */
export async function allOnTabs<T>(work: readonly Promise<T>[]): Promise<T[]> {
  let failed: { error: unknown } | undefined;
  const results = await Promise.all(work.map((w) => w.catch((error: unknown) => void (failed ??= { error }))));
  if (failed) throw failed.error;
  return results as T[];
}

/** Tabs a batch of pages uses at once. */
export const BATCH_TABS = 2;

/**
 * Creates the invoices, then opens the page of each and presses `button` there, a few at once (see
 * {@link inTabs}); `afterPress` starts what waits on an invoice (its callbacks) as soon as it is pressed, so
 * that those waits overlap the other presses. Resolves when every press and every `afterPress` has.
 */
export async function invoicesPressed(
  api: ProviderApi,
  page: Page,
  button: string,
  rule: RuleId,
  overrides: readonly InvoiceOverrides[],
  invoiceRule: RuleId = rule,
  afterPress: (created: CreatedInvoice, index: number) => Promise<void> = async () => undefined,
): Promise<CreatedInvoice[]> {
  const created = await Promise.all(overrides.map((o) => createInvoice(api, invoiceRule, o)));
  const after: Promise<void>[] = [];
  await inTabs(page, created, BATCH_TABS, async (tab, c, i) => {
    await openPaymentPage(tab, c.response.redirect_url, rule, c.body.return_url);
    await press(api, tab, button, rule);
    const waiting = afterPress(c, i);
    waiting.catch(() => undefined); // judged below with the others (a press that fails first is the failure)
    after.push(waiting);
  });
  await Promise.all(after);
  return created;
}

/** The profile's button name for a final state. */
export function buttonFor(api: ProviderApi, state: FinalState): string {
  return state === 'deposited' ? api.profile.paymentPage.payButton : api.profile.paymentPage.declineButton;
}

export function otherState(state: FinalState): FinalState {
  return state === 'deposited' ? 'declined' : 'deposited';
}
