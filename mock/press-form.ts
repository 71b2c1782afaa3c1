/**
 * What the page's press forms carry besides their button, and what a press reads of its form body: nothing by
 * default (the path names the payment); a hidden csrf_token bound to the payment (variation
 * press-form-csrf-token); a hidden payment_id that the press obeys (fault press-form-payment-id).
 */
import type { IncomingMessage } from 'node:http';
import { readBody } from './body.js';
import type { Ctx } from './context.js';
import { hmacSha256Hex } from './crypto.js';
import type { ErrorResponse } from './errors.js';
import type { Payment } from './store.js';

const CSRF_FIELD = 'csrf_token';
/** Fault press-form-payment-id. */
const PAYMENT_ID_FIELD = 'payment_id';
/** A form body is a few fields: anything longer is not read. */
const MAX_FORM_BYTES = 16 * 1024;

const CSRF_REFUSED: ErrorResponse = { status: 403, message: 'The form token is missing or wrong' };

/** The form token of a payment's page: bound to its page token, keyed with the merchant's secret. */
function csrfToken(p: Payment): string {
  return hmacSha256Hex(p.merchant.cryptoKey, `csrf:${p.token ?? ''}`).slice(0, 32);
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${value}">`;

/** The hidden fields of a press form (hex digits and integers only: nothing to escape). */
export function hiddenFields(ctx: Ctx, p: Payment): string {
  let html = '';
  if (ctx.faults.has('press-form-payment-id')) html += hidden(PAYMENT_ID_FIELD, String(p.id));
  if (ctx.variations.has('press-form-csrf-token')) html += hidden(CSRF_FIELD, csrfToken(p));
  return html;
}

/** Whether a press reads its form body at all (the default press ignores it, unread). */
export function pressReadsForm(ctx: Ctx): boolean {
  return ctx.faults.has('press-form-payment-id') || ctx.variations.has('press-form-csrf-token');
}

/** The fields of a press's form body (application/x-www-form-urlencoded; anything else reads as no fields). */
export function readPressForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve) =>
    readBody(req, MAX_FORM_BYTES, (read) =>
      resolve(new URLSearchParams(read.ok && /urlencoded/i.test(req.headers['content-type'] ?? '') ? read.bytes.toString('utf8') : '')),
    ),
  );
}

/**
 * The payment a press with these form fields acts on, or the refusal: the page's own, unless the form token is
 * wrong (variation press-form-csrf-token); under fault press-form-payment-id, the merchant's payment the hidden
 * field names.
 */
export function pressTarget(ctx: Ctx, p: Payment, fields: URLSearchParams): Payment | ErrorResponse {
  if (ctx.variations.has('press-form-csrf-token') && fields.get(CSRF_FIELD) !== csrfToken(p)) return CSRF_REFUSED;
  const named = fields.get(PAYMENT_ID_FIELD);
  if (ctx.faults.has('press-form-payment-id') && named !== null && /^\d+$/.test(named)) return ctx.store.findById(p.merchant, Number(named)) ?? p;
  return p;
}
