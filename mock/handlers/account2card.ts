import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ctx } from '../context.js';
import { ERRORS } from '../errors.js';
import { createdAt, maskPan, paymentJson } from '../present.js';
import { sendError, sendJson, sendValidation, ValidationErrors } from '../respond.js';
import { FieldChecker } from '../validation.js';
import { checkSignature, presentString } from './signature.js';

export const A2C_MIN = 100_000;
export const A2C_MAX = 1_500_000;

/** X-Sign first: verified with the key of the api_key's merchant, or (unknown key) with any known key. */
function xSignAccepted(req: IncomingMessage, res: ServerResponse, ctx: Ctx, body: Record<string, unknown>, raw: Buffer): boolean {
  if (ctx.faults.has('xsign-not-verified')) return true;
  const header = req.headers['x-sign'];
  if (typeof header !== 'string' || header.trim() === '') {
    sendError(res, ctx.faults, ERRORS.xSignMissing);
    return false;
  }
  const merchant = typeof body.api_key === 'string' ? ctx.merchants.get(body.api_key) : undefined;
  if (!ctx.merchants.xSignVerifies(raw, header.trim(), merchant)) {
    sendError(res, ctx.faults, ERRORS.xSignInvalid);
    return false;
  }
  return true;
}

export function handleAccount2Card(req: IncomingMessage, res: ServerResponse, ctx: Ctx, body: Record<string, unknown>, raw: Buffer): void {
  const { faults } = ctx;
  const xSignLate = faults.has('xsign-after-validation');
  if (!xSignLate && !xSignAccepted(req, res, ctx, body, raw)) return;

  const errors = new ValidationErrors(faults);
  const check = new FieldChecker(errors, faults);
  const { apiKey, merchant, transaction, signature } = check.signedFields(body, ctx.merchants);
  const amount = check.amount('amount', body.amount, A2C_MIN, faults.has('a2c-amount-max-off-by-one') ? A2C_MAX + 1 : A2C_MAX);
  check.string('payer_fio', body.payer_fio);
  check.phone('payer_phone', body.payer_phone);
  const pan = check.pan('recipient_pan', body.recipient_pan);

  if (merchant && signature !== undefined && presentString(body.transaction) && amount.typed !== undefined && presentString(body.recipient_pan)) {
    const base = [apiKey!, body.transaction, String(body.amount)];
    checkSignature(errors, faults, merchant, signature, [...base, body.recipient_pan], faults.has('a2c-signature-ignores-pan') ? [base] : []);
  }
  if (merchant && transaction !== undefined && !faults.has('duplicate-transaction-accepted') && ctx.store.isUsed('account2card', merchant, transaction)) {
    errors.add('transaction', 'The transaction has already been taken.');
  }
  if (!errors.empty) return sendValidation(res, faults, errors);
  if (xSignLate && !xSignAccepted(req, res, ctx, body, raw)) return;

  const payment = ctx.store.add({
    operation: 'account2card',
    merchant: merchant!,
    transaction: transaction!,
    amount: amount.typed!,
    state: 'processing',
    errorCode: null,
    errorDescription: null,
    credentials: { card_pan: faults.has('a2c-credentials-wrong') ? maskPan(pan!) : pan! },
    createdAt: createdAt(faults),
  });
  sendJson(res, faults, 200, { transaction, payment: paymentJson(payment, faults) });
}
