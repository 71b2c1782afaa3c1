// The operations a request is sent to, derived from the `operation` field of contracts/requirements.json
// (which also names areas, callbacks and the payment page, and `all` for rules of every operation): the
// document's three operations and the profile's status method. The one union of the project: generators,
// checks and reports speak of operations in these words.
import { REQUIREMENT_OPERATIONS, type RequirementOperation } from './rule-ids.gen.js';

/** The values of the requirements' `operation` field that name no request: rules of every operation, and two areas. */
type NoRequest = 'all' | 'callbacks' | 'payment-page';

/** invoice, account2card, upload, status. */
export type Operation = Exclude<RequirementOperation, NoRequest>;

const NO_REQUEST: readonly string[] = ['all', 'callbacks', 'payment-page'] satisfies NoRequest[];

/** The operations, in the order requirements.json first names them (reports list them so). */
export const OPERATIONS: readonly Operation[] = REQUIREMENT_OPERATIONS.filter((o): o is Operation => !NO_REQUEST.includes(o));

/**
 * What the suite does with the payment page and times (reports list their latency beside the operations'): loading it
 * in the browser, fetching a page address without one (as a link preview would), and pressing the profile's Pay or
 * Decline button (named for the state each leads to, whatever the button is called).
 */
export const PAGE_ACTIONS = ['page load', 'page fetch', 'press pay', 'press decline'] as const;
export type PageAction = (typeof PAGE_ACTIONS)[number];

/** The two signed payment operations: the ones with an amount, a sha256 signature and validation variants. */
export type PaymentOperation = Extract<Operation, 'invoice' | 'account2card'>;

/**
 * The payment operations a merchant can create payments with: account to card needs the merchant's X-Sign key and a
 * profile that states its success answer.
 */
export function creatablePaymentOperations(profile: { account2card: { successBody: boolean } }, hasXSignKey: boolean): PaymentOperation[] {
  return hasXSignKey && profile.account2card.successBody ? ['invoice', 'account2card'] : ['invoice'];
}

/** The operations signed with a sha256 digest: the two payments and the profile's status request. */
export type SignedOperation = PaymentOperation | 'status';
