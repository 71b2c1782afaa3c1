// The three signed operations alike (invoice, account to card, the profile's status method) for the checks
// that probe each of them the same way: a fresh correctly signed request, how to send it, when it cannot be
// sent. A status request asks about an invoice of its own.
import type { SignedOperation } from '../../contracts/operations.js';
import { buildStatusRequest } from '../../generators/builders.js';
import type { Exchange } from '../harness/exchange.js';
import type { JsonSendOptions, ProviderApi } from '../harness/provider-api.js';
import { requireProfile } from '../harness/check.js';
import { knownTransaction } from './known-transaction.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS } from './operations.js';

export type Body = Record<string, unknown>;

/** How titles name a signed operation. */
export const signedLabel = (op: SignedOperation): string => OPERATION_NAMES[op].label;

/** Skips the check, with the reason, when the operation cannot be sent (no X-Sign key, no status method). */
export function requireSigned(api: ProviderApi, op: SignedOperation): void {
  if (op === 'status') requireProfile(api.profile.status.enabled, 'profile status.enabled is false');
  else PAYMENT_OPERATIONS[op].requireConfigured(api);
}

/** A correctly signed request with a fresh transaction (status: about a fresh accepted invoice). */
export async function signedBody(api: ProviderApi, op: SignedOperation): Promise<Body> {
  if (op === 'status') return { ...buildStatusRequest(api.merchant, (await knownTransaction(api)).transaction) };
  return PAYMENT_OPERATIONS[op].build(api);
}

/** Sends a body (account to card: with X-Sign over its exact bytes). */
export function sendSigned(api: ProviderApi, op: SignedOperation, body: unknown, opts?: JsonSendOptions): Promise<Exchange> {
  return op === 'status' ? api.status(body, opts) : PAYMENT_OPERATIONS[op].send(api, body, opts);
}

/** The operation's path in the profile. */
export const pathOf = (api: ProviderApi, op: SignedOperation): string => api.profile.paths[op];
