// What the payment-page and callback checks share (the harness has no browser helpers): create an
// invoice, open its page, press a button, and read the payment back through the status method.
// Everything that can go wrong throws a CheckFailure naming the rule the calling check enforces.
import type { Page } from '@playwright/test';
import type { InvoiceRequest, InvoiceResponse, Payment, StatusResponse } from '../../../contracts/index.js';
import { buildInvoiceRequest, buildStatusRequest, type InvoiceOverrides } from '../../../generators/builders.js';
import { expectSchema, expectStatus } from '../../harness/expect-response.js';
import { CheckFailure } from '../../harness/failure.js';
import type { ProviderApi } from '../../harness/provider-api.js';
import type { RuleTable } from '../../harness/schema-rules.js';

export type FinalState = 'deposited' | 'declined';

export interface CreatedInvoice {
  body: InvoiceRequest;
  response: InvoiceResponse;
}

/** A fresh, correctly signed invoice that the provider accepts (the ground every page check stands on). */
export async function createInvoice(api: ProviderApi, rule: string, overrides: InvoiceOverrides = {}): Promise<CreatedInvoice> {
  const body = buildInvoiceRequest(api.merchant, overrides);
  const exchange = await api.invoice(body);
  expectStatus(exchange, rule, api.profile.http.success, 'the invoice is accepted (precondition)');
  const response = expectSchema<InvoiceResponse>(exchange, rule, 'invoice-response', 'the invoice response (precondition)');
  return { body, response };
}

/** The payment as the status method reports it now. */
export async function statusOf(api: ProviderApi, transaction: string, rule: string): Promise<Payment> {
  const exchange = await api.status(buildStatusRequest(api.merchant, transaction));
  expectStatus(exchange, rule, api.profile.http.success, 'the status of a known transaction');
  // A state outside the documented three names DOC-STATE-VALUES; any other shape fault names `rule`.
  return expectSchema<StatusResponse>(exchange, rule, 'status-response', 'the status response', STATE_RULES).payment;
}

const STATE_RULES: RuleTable = [[/^\/payment\/state$/, 'DOC-STATE-VALUES']];

/**
 * The payment once it has left `processing` (a provider may settle a press asynchronously), or as it
 * still is after `waitMs`. Polls the status method.
 */
export async function settledStatus(api: ProviderApi, transaction: string, rule: string, waitMs = 5_000): Promise<Payment> {
  const until = Date.now() + waitMs;
  for (;;) {
    const payment = await statusOf(api, transaction, rule);
    if (payment.state !== 'processing' || Date.now() >= until) return payment;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Visible text of the page, whitespace collapsed, for evidence. */
export async function pageText(page: Page): Promise<string> {
  const text = await page.locator('body').innerText({ timeout: 2_000 }).catch(() => '');
  return text.replace(/\s+/g, ' ').trim();
}

function clip(s: string, n = 600): string {
  return s.length > n ? `${s.slice(0, n)}… (${s.length} characters)` : s;
}

/** Opens redirect_url; the page must load as HTML with a 2xx status. Returns its visible text. */
export async function openPaymentPage(page: Page, redirectUrl: string, rule: string): Promise<string> {
  let response;
  try {
    response = await page.goto(redirectUrl, { waitUntil: 'load', timeout: 10_000 });
  } catch (e) {
    throw new CheckFailure({ rule, expected: `redirect_url ${redirectUrl} opens in a browser`, received: (e as Error).message });
  }
  const status = response?.status();
  const type = response?.headers()['content-type'] ?? '(none)';
  if (response && (status! < 200 || status! > 299 || !/text\/html/i.test(type)))
    throw new CheckFailure({
      rule,
      expected: `redirect_url ${redirectUrl} opens a 2xx HTML page`,
      received: `HTTP ${status} Content-Type ${type}: ${clip(await pageText(page))}`,
    });
  return pageText(page);
}

/** Presses the button whose accessible name is `name` (exactly); fails naming `rule` when it is not there. */
export async function press(page: Page, name: string, rule: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  if ((await button.count()) === 0)
    throw new CheckFailure({
      rule,
      expected: `a button with the accessible name "${name}" on the payment page ${page.url()}`,
      received: `no such button; page text: ${clip(await pageText(page))}`,
    });
  await button.first().click({ timeout: 5_000 });
  await page.waitForLoadState('load');
}

/**
 * A second press on a payment that is already final: the page may refuse it in any way (a 409 page,
 * disabled or missing buttons, an error on click). Only what the press does to the state matters.
 * Returns what happened, for evidence.
 */
export async function tryPressAgain(page: Page, redirectUrl: string, name: string): Promise<string> {
  try {
    const response = await page.goto(redirectUrl, { waitUntil: 'load', timeout: 10_000 });
    const button = page.getByRole('button', { name, exact: true }).first();
    if ((await page.getByRole('button', { name, exact: true }).count()) === 0)
      return `the reopened page (HTTP ${response?.status()}) has no "${name}" button`;
    if (!(await button.isEnabled())) return `the "${name}" button is disabled`;
    await button.click({ timeout: 3_000 });
    await page.waitForLoadState('load');
    return `"${name}" pressed again: ${clip(await pageText(page), 200)}`;
  } catch (e) {
    return `the second press was refused: ${(e as Error).message.split('\n')[0]}`;
  }
}

/** A fresh invoice, its page opened and `button` pressed. */
export async function invoicePressed(
  api: ProviderApi,
  page: Page,
  button: string,
  rule: string,
  overrides: InvoiceOverrides = {},
  /** The rule an invoice refusal breaks, when not `rule` (extra payload parameters: DOC-INV-REQ-PAYLOAD-EXTRA). */
  invoiceRule = rule,
): Promise<CreatedInvoice> {
  const created = await createInvoice(api, invoiceRule, overrides);
  await openPaymentPage(page, created.response.redirect_url, rule);
  await press(page, button, rule);
  return created;
}

/** The profile's button name for a final state. */
export function buttonFor(api: ProviderApi, state: FinalState): string {
  return state === 'deposited' ? api.profile.paymentPage.payButton : api.profile.paymentPage.declineButton;
}

export function otherState(state: FinalState): FinalState {
  return state === 'deposited' ? 'declined' : 'deposited';
}
