import type { ServerResponse } from 'node:http';
import type { Ctx } from '../context.js';
import { paymentJson } from '../present.js';
import type { StatusAnswer } from '../seams/status-policy.js';
import { sendError, sendJson, sendJsonText, sendValidation, ValidationErrors } from '../respond.js';
import { FieldChecker } from '../validation.js';
import { checkSignature, presentString } from './signature.js';

/** Status (profile): {api_key, transaction, signature = sha256(api_key + transaction + crypto_key)}. */
export function handleStatus(res: ServerResponse, ctx: Ctx, body: Record<string, unknown>): void {
  const errors = new ValidationErrors(ctx.validation);
  const check = new FieldChecker(errors, ctx);
  const { apiKey, merchant, transaction, signature } = check.signedFields(body, ctx.merchants);
  if (merchant && signature !== undefined && presentString(body.transaction)) {
    checkSignature(errors, ctx, merchant, signature, [apiKey!, body.transaction]);
  }
  check.onlyKnownFields(body, ['api_key', 'transaction', 'signature']);
  if (!errors.empty) return sendValidation(res, ctx, errors);

  const policy = ctx.policy.status;
  const found = policy.anyMerchant ? ctx.store.findOfAnyMerchant(transaction!) : ctx.store.find(merchant!, transaction!);
  if (!found) return sendError(res, ctx.out, ctx.err.paymentNotFound, undefined, policy.notFoundStatus ?? ctx.err.paymentNotFound.status);
  const made: StatusAnswer = { transaction: transaction!, payment: paymentJson(policy.asRead(found), ctx.faults) };
  const answer = policy.dressings.reduce((answer, dress) => dress(answer, found, ctx), made);
  const headers = policy.headers?.(ctx.profile.paths.status);
  if (policy.text && ctx.out.plainJson) return sendJsonText(res, ctx.out, ctx.profile.http.success, policy.text(answer, found), headers);
  sendJson(res, ctx.out, ctx.profile.http.success, answer, headers);
}
