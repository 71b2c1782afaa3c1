import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ctx } from '../context.js';
import { ROUND_TRIP_MS } from '../faults/concurrency.js';
import type { Merchant } from '../merchants.js';
import type { Credentials } from '../store.js';
import { paymentJson } from '../present.js';
import { sendError, sendJson, sendValidation, ValidationErrors } from '../respond.js';
import { FieldChecker } from '../validation.js';
import { checkSignature, presentString } from './signature.js';

const DIGEST_FIELDS = ['api_key', 'transaction', 'amount', 'recipient_pan'] as const;
/** The documented request fields (variation unknown-fields-refused refuses any other). */
const FIELDS = ['api_key', 'transaction', 'signature', 'amount', 'payer_fio', 'payer_phone', 'recipient_pan'] as const;

/** X-Sign: verified with the key of the api_key's merchant, or (unknown key) with any known key. */
function xSignAccepted(req: IncomingMessage, res: ServerResponse, ctx: Ctx, body: Record<string, unknown>, raw: Buffer): boolean {
  const policy = ctx.policy.account2card;
  if (!policy.xSignVerified) return true;
  const header = policy.xSignOf(req);
  if (typeof header !== 'string' || header.trim() === '') {
    sendError(res, ctx.out, ctx.err.xSignMissing);
    return false;
  }
  const merchant = typeof body.api_key === 'string' ? ctx.merchants.get(body.api_key) : undefined;
  const signed = policy.xSignOver === 'reserialized' ? Buffer.from(JSON.stringify(body)) : raw;
  if (!ctx.merchants.xSignVerifies(signed, header.trim(), merchant, ctx.rules.xSignEncoding, policy.xSignPssAccepted)) {
    sendError(res, ctx.out, ctx.err.xSignInvalid);
    return false;
  }
  return true;
}

export function handleAccount2Card(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: Ctx,
  body: Record<string, unknown>,
  raw: Buffer,
  carried?: Record<string, unknown>,
): void | Promise<void> {
  const policy = ctx.policy.account2card;
  const xSignFirst = ctx.rules.xSignFirst;
  if (xSignFirst && !xSignAccepted(req, res, ctx, body, raw)) return;

  const errors = new ValidationErrors(ctx.validation);
  const check = new FieldChecker(errors, ctx);
  const { apiKey, merchant, transaction, signature } = check.signedFields(body, ctx.merchants);
  const amount = check.amount('amount', body.amount, policy.amountMin, policy.amountMax);
  check.string('payer_fio', body.payer_fio);
  check.phone('payer_phone', body.payer_phone);
  const pan = check.pan('recipient_pan', body.recipient_pan);

  if (merchant && signature !== undefined && presentString(body.transaction) && amount.typed !== undefined && presentString(body.recipient_pan)) {
    const parts = [apiKey!, body.transaction, String(body.amount), body.recipient_pan];
    checkSignature(errors, ctx, merchant, signature, parts, policy.digestAlso(parts));
  }
  check.signatureToo(body, DIGEST_FIELDS, merchant !== undefined);
  check.onlyKnownFields(body, FIELDS);
  if (merchant && transaction !== undefined && ctx.rules.rejectDuplicates && ctx.store.isUsed('account2card', merchant, transaction)) {
    errors.add('transaction', errors.text.duplicate);
  }
  if (!errors.empty) return sendValidation(res, ctx, errors);
  if (!xSignFirst && !xSignAccepted(req, res, ctx, body, raw)) return;

  if (policy.createdAfterRoundTrip) {
    return ctx.later.sleep(ROUND_TRIP_MS).then(() => createPayment(res, ctx, merchant!, transaction!, amount.typed!, pan!, body));
  }
  // Fault json-duplicate-keys-split: validated above on the first of each duplicated name, carried out on the last.
  if (carried) return createPayment(res, ctx, merchant!, String(carried.transaction), Number(carried.amount), String(carried.recipient_pan), body);
  createPayment(res, ctx, merchant!, transaction!, amount.typed!, pan!, body);
}

/** Credentials the request carries, at the top level or under payment (policy credentialsFromRequest). */
function requestedCredentials(body: Record<string, unknown>): Credentials | undefined {
  const nested = body.payment !== null && typeof body.payment === 'object' ? (body.payment as Record<string, unknown>).credentials : undefined;
  const credentials = body.credentials ?? nested;
  return credentials !== null && typeof credentials === 'object' && !Array.isArray(credentials) ? (credentials as Credentials) : undefined;
}

function createPayment(
  res: ServerResponse,
  ctx: Ctx,
  merchant: Merchant,
  transaction: string,
  amount: number,
  pan: string,
  body: Record<string, unknown>,
): void {
  const policy = ctx.policy.account2card;
  const forged = policy.credentialsFromRequest ? requestedCredentials(body) : undefined;
  const payment = ctx.store.add({
    operation: 'account2card',
    merchant,
    transaction,
    amount,
    state: ctx.rules.account2cardState,
    errorCode: null,
    errorDescription: null,
    credentials: forged ?? { card_pan: policy.recordedPan(pan) },
    createdAt: ctx.values.createdAt(),
  });
  // Profile account2card.successBody false: the success carries a message, not the payment.
  const answer = ctx.profile.account2card.successBody
    ? { transaction, payment: paymentJson(payment, ctx.faults) }
    : { message: ctx.validation.text.paymentAccepted };
  sendJson(res, ctx.out, ctx.profile.http.success, answer);
}
