import type { ServerResponse } from 'node:http';
import type { Ctx } from '../context.js';
import { ERRORS } from '../errors.js';
import { paymentJson } from '../present.js';
import { sendError, sendJson, sendValidation, ValidationErrors } from '../respond.js';
import { FieldChecker } from '../validation.js';
import { checkSignature, presentString } from './signature.js';

/** Status (profile): {api_key, transaction, signature = sha256(api_key + transaction + crypto_key)}. */
export function handleStatus(res: ServerResponse, ctx: Ctx, body: Record<string, unknown>): void {
  const { faults } = ctx;
  const errors = new ValidationErrors(faults);
  const check = new FieldChecker(errors, faults);
  const { apiKey, merchant, transaction, signature } = check.signedFields(body, ctx.merchants);
  if (merchant && signature !== undefined && presentString(body.transaction)) {
    checkSignature(errors, faults, merchant, signature, [apiKey!, body.transaction]);
  }
  if (!errors.empty) return sendValidation(res, faults, errors);

  const payment = ctx.store.find(merchant!, transaction!);
  if (!payment) {
    return sendError(res, faults, ERRORS.paymentNotFound, {}, faults.has('status-unknown-200') ? 200 : ERRORS.paymentNotFound.status);
  }
  const json = paymentJson(payment, faults);
  if (faults.has('status-id-string')) json.id = String(json.id);
  sendJson(res, faults, 200, { transaction, payment: json });
}
