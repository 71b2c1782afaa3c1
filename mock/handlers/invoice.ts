import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Ctx } from '../context.js';
import { ERRORS } from '../errors.js';
import { depthExceeds } from '../json-text.js';
import { createdAt, deeplinks, invoiceCredentials, paymentJson } from '../present.js';
import { sendError, sendJson, sendValidation, ValidationErrors } from '../respond.js';
import { FieldChecker } from '../validation.js';
import { checkSignature, presentString } from './signature.js';

export const INVOICE_MIN = 10_000;
export const INVOICE_MAX = 40_000_000;
/** The embedded provider's anti-fraud trigger (profile antifraud.invoiceClientIp). */
export const ANTIFRAUD_CLIENT_IP = '203.0.113.66';

export function handleInvoice(res: ServerResponse, ctx: Ctx, body: Record<string, unknown>): void {
  const { faults } = ctx;
  const errors = new ValidationErrors(faults);
  const check = new FieldChecker(errors, faults);

  const { apiKey, merchant, transaction, signature } = check.signedFields(body, ctx.merchants);
  const min = faults.has('invoice-amount-min-exclusive') ? INVOICE_MIN + 1 : INVOICE_MIN;
  const max = faults.has('invoice-amount-max-off-by-one') ? INVOICE_MAX + 1 : INVOICE_MAX;
  const amount = check.amount('amount', body.amount, min, max);
  const description = check.string('description', body.description);
  const returnUrl = check.url('return_url', body.return_url);
  const payload = check.object('payload', body.payload);
  let clientIp: string | undefined;
  if (payload) {
    check.string('payload.client_id', payload.client_id);
    clientIp = check.ip('payload.client_ip', payload.client_ip);
    if (faults.has('payload-extra-rejected')) {
      for (const k of Object.keys(payload)) {
        if (k !== 'client_id' && k !== 'client_ip') errors.add(`payload.${k}`, `The payload.${k} field is not allowed.`);
      }
    }
    if (faults.has('crash-on-deep-json') && depthExceeds(payload, 32)) throw new Error('payload sanitiser: nesting too deep');
  }

  // The digest is checked only when every part of it arrived with the right type.
  if (merchant && signature !== undefined && presentString(body.transaction) && amount.typed !== undefined && !faults.has('accept-any-signature')) {
    const parts = [apiKey!, body.transaction, String(body.amount)];
    checkSignature(errors, faults, merchant, signature, parts, faults.has('signature-ignores-amount') ? [[apiKey!, body.transaction]] : []);
  }
  if (merchant && transaction !== undefined && !faults.has('duplicate-transaction-accepted') && ctx.store.isUsed('invoice', merchant, transaction)) {
    errors.add('transaction', 'The transaction has already been taken.');
  }
  if (!errors.empty) return sendValidation(res, faults, errors);

  if (clientIp === ANTIFRAUD_CLIENT_IP) {
    return sendError(res, faults, ERRORS.antiFraud, {}, faults.has('antifraud-status-200') ? 200 : ERRORS.antiFraud.status);
  }

  ctx.invoiceCount++;
  const token = randomUUID().replaceAll('-', ''); // 122 random bits, from node's pooled UUID entropy
  const pageUrl = `${ctx.baseUrl}/pay/${token}`;
  const payment = ctx.store.add({
    operation: 'invoice',
    merchant: merchant!,
    transaction: transaction!,
    amount: amount.typed!,
    state: faults.has('state-pending') ? 'pending' : 'processing',
    errorCode: null,
    errorDescription: null,
    credentials: invoiceCredentials(ctx.invoiceCount, faults),
    createdAt: createdAt(faults),
    token,
    payload: payload!,
    returnUrl: returnUrl!,
    description: description!,
  });
  sendJson(res, faults, faults.has('invoice-status-201') ? 201 : 200, {
    transaction: faults.has('transaction-not-echoed') ? randomUUID() : transaction,
    redirect_url: pageUrl,
    payment: paymentJson(payment, faults),
    deeplink: deeplinks(pageUrl, faults),
  });
}
