// The operations a request is sent to, derived from the `operation` field of contracts/requirements.json
// (which also names areas, callbacks and the payment page, and `all` for rules of every operation): the
// document's three operations and the profile's status method. The one union of the project: generators,
// checks and reports speak of operations in these words.
import type { RequirementOperation } from './rule-ids.gen.js';

/** invoice, account2card, upload, status. */
export type Operation = Exclude<RequirementOperation, 'all' | 'callbacks' | 'payment-page'>;

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
