import fc from 'fast-check';
import type { StatusRequest } from '../../contracts/index.js';
import { buildStatusRequest } from '../builders.js';
import type { MerchantCredentials } from '../signing.js';
import { uuid } from './uuid.js';

/**
 * A correctly signed (default profile) status request: `{api_key, transaction, signature}`
 * with signature = sha256(api_key + transaction + crypto_key). With `transaction` given,
 * every value asks about that transaction; without it, transactions are drawn from
 * `uuidClasses` (letter cases and versions; unknown to the provider).
 */
export function statusRequest(creds: MerchantCredentials, transaction?: string): fc.Arbitrary<StatusRequest> {
  const tx = transaction === undefined ? uuid() : fc.constant(transaction);
  return tx.map((t) => buildStatusRequest(creds, t));
}
