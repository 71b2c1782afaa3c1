import fc from 'fast-check';
import type { Account2CardRequest } from '../../contracts/index.js';
import { buildAccount2CardRequest } from '../builders.js';
import type { MerchantCredentials } from '../signing.js';
import { account2cardAmount, type Account2CardAmountConstraints } from './account2cardAmount.js';
import { luhnPan, type LuhnPanConstraints } from './luhnPan.js';
import { personName } from './personName.js';
import { phone } from './phone.js';
import { uuid } from './uuid.js';

/** Options of {@link account2cardRequest}. */
export interface Account2CardRequestConstraints {
  /** Range of the amount. Default the whole account-to-card range, biased to its edges. */
  amount?: Account2CardAmountConstraints;
  /** Recipient card numbers. Default {@link luhnPan} defaults (13..19 digits, Luhn-valid, every scheme and length). */
  pan?: LuhnPanConstraints;
}

/**
 * A valid, correctly signed account-to-card request body: `api_key` of the merchant, and every
 * other documented field drawn from its value classes (`uuidClasses`, `amountClasses`,
 * `personNameClasses`, `phoneClasses` with an optional plus, `luhnPanClasses`): class i of each
 * field at run i of a property's first runs, so a run of 25 meets every class. `signature` =
 * sha256(api_key + transaction + amount + recipient_pan + crypto_key). The X-Sign header is
 * computed by the sender over the serialised body (`xSign`).
 */
export function account2cardRequest(creds: MerchantCredentials, constraints: Account2CardRequestConstraints = {}): fc.Arbitrary<Account2CardRequest> {
  return fc
    .record({
      transaction: uuid(),
      amount: account2cardAmount(constraints.amount ?? {}),
      payer_fio: personName(),
      payer_phone: phone({ plus: 'sometimes' }),
      recipient_pan: luhnPan(constraints.pan ?? {}),
    })
    .map((fields) => buildAccount2CardRequest(creds, fields));
}
