import type { ServerResponse } from 'node:http';
import type { Ctx } from '../context.js';
import { asReplicaHasIt } from '../faults/concurrency.js';
import { createdAt, maskPan, paymentJson } from '../present.js';
import { RECENT_PAYMENTS } from '../faults/history.js';
import { sendError, sendJson, sendValidation, ValidationErrors } from '../respond.js';
import { FieldChecker } from '../validation.js';
import { checkSignature, presentString } from './signature.js';

/** Status (profile): {api_key, transaction, signature = sha256(api_key + transaction + crypto_key)}. */
export function handleStatus(res: ServerResponse, ctx: Ctx, body: Record<string, unknown>): void {
  const { faults } = ctx;
  const errors = new ValidationErrors(ctx.validation);
  const check = new FieldChecker(errors, ctx);
  const { apiKey, merchant, transaction, signature } = check.signedFields(body, ctx.merchants);
  if (merchant && signature !== undefined && presentString(body.transaction)) {
    checkSignature(errors, ctx, merchant, signature, [apiKey!, body.transaction]);
  }
  check.onlyKnownFields(body, ['api_key', 'transaction', 'signature']);
  if (!errors.empty) return sendValidation(res, ctx, errors);

  // Fault status-ignores-merchant: the lookup by transaction alone, the api_key only authenticating the caller.
  const found = faults.has('status-ignores-merchant') ? ctx.store.findOfAnyMerchant(transaction!) : ctx.store.find(merchant!, transaction!);
  if (!found) {
    return sendError(res, ctx.out, ctx.err.paymentNotFound, undefined, faults.has('status-unknown-200') ? 200 : ctx.err.paymentNotFound.status);
  }
  const payment = faults.has('status-lags') ? asReplicaHasIt(found) : found;
  const json = paymentJson(payment, faults);
  if (faults.has('status-id-string')) json.id = String(json.id);
  // Fault status-pan-masked: a "never return a full PAN" serializer on this method alone.
  const card = (json.credentials as { card_pan?: string } | undefined)?.card_pan;
  if (faults.has('status-pan-masked') && card !== undefined) json.credentials = { card_pan: maskPan(card) };
  // An older payment is rebuilt from an archive that keeps no created_at: it gets the time of the question.
  if (faults.has('status-created-at-rebuilt') && ctx.store.createdSince(found) >= RECENT_PAYMENTS) json.created_at = createdAt(faults);
  // Fault status-transaction-lower-cased: the transaction as a uuid column gives it back.
  const shown = faults.has('status-transaction-lower-cased') ? transaction!.toLowerCase() : transaction;
  const answer = { transaction: shown, payment: json };
  sendJson(res, ctx.out, ctx.profile.http.success, faults.has('status-answers-cached') ? cachedAnswer(found, answer) : answer);
}

/** Fault status-answers-cached: how long an answer is kept. */
const STATUS_CACHE_MS = 30_000;
const statusCache = new WeakMap<object, { answer: object; at: number }>();

/** The answer given for this payment in the last 30 s, else `answer` (kept from now). */
function cachedAnswer(payment: object, answer: object): object {
  const kept = statusCache.get(payment);
  if (kept !== undefined && performance.now() - kept.at < STATUS_CACHE_MS) return kept.answer;
  statusCache.set(payment, { answer, at: performance.now() });
  return answer;
}
