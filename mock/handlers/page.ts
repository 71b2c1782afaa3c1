import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ctx } from '../context.js';
import type { FaultSet } from '../faults/catalog.js';
import { ERRORS, type ErrorResponse } from '../errors.js';
import { maskPan, paymentJson, rubles, rublesPlain } from '../present.js';
import { sendError, sendHtml, sendJson } from '../respond.js';
import type { Payment } from '../store.js';
import { isAbsoluteHttpUrl } from '../validation.js';

export const PAGE_ROUTE = /^\/pay\/([A-Za-z0-9_-]{1,64})(?:\/(pay|decline))?$/;
export const DECLINE_CODE = 'DECLINED_BY_USER';
export const DECLINE_DESCRIPTION = 'The payer declined the payment';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Browsers (Accept: text/html) get HTML; API clients get JSON. */
const wantsHtml = (req: IncomingMessage) => /text\/html/i.test(req.headers.accept ?? '');

const isFinal = (p: Payment) => p.state === 'deposited' || p.state === 'declined';

function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title></head>
<body>
<main>
${main}
</main>
</body>
</html>
`;
}

function recipientHtml(p: Payment): string {
  const c = p.credentials;
  if ('card_pan' in c) return `<dt>Recipient card</dt><dd id="recipient">${esc(maskPan(c.card_pan))}</dd>`;
  return `<dt>Recipient</dt><dd id="recipient">${esc(c.holder)}, phone ${esc(c.phone)}</dd>`;
}

function paymentPage(p: Payment, faults: FaultSet): string {
  // Fault page-amount-in-kopecks: the amount field read as rubles.
  const shown = faults.has('page-amount-in-kopecks') ? p.amount * 100 : p.amount;
  const action = `/pay/${p.token}`;
  return layout(
    `Payment ${rubles(shown)}`,
    `<h1>Payment</h1>
<dl>
<dt>Amount</dt><dd id="amount" data-kopecks="${p.amount}">${esc(rubles(shown))} (${esc(rublesPlain(shown))})</dd>
${recipientHtml(p)}
<dt>Description</dt><dd>${esc(p.description ?? '')}</dd>
<dt>State</dt><dd id="state">${esc(p.state)}</dd>
</dl>
<form method="post" action="${esc(action)}/pay"><button type="submit">Pay</button></form>
<form method="post" action="${esc(action)}/decline"><button type="submit">Decline</button></form>`,
  );
}

function resultPage(p: Payment, status: string): string {
  const back = p.returnUrl && isAbsoluteHttpUrl(p.returnUrl) ? `<p><a href="${esc(p.returnUrl)}">Return to the merchant</a></p>` : '';
  const error = p.errorCode !== null ? `<p>Error: <span id="error-code">${esc(String(p.errorCode))}</span> ${esc(p.errorDescription ?? '')}</p>` : '';
  return layout(`Payment ${p.state}`, `<h1>Payment ${esc(p.state)}</h1>
<p>${esc(status)}</p>
<p>State: <strong id="state">${esc(p.state)}</strong></p>
${error}${back}`);
}

function fail(req: IncomingMessage, res: ServerResponse, ctx: Ctx, err: ErrorResponse, headers: Record<string, string> = {}): void {
  if (wantsHtml(req)) sendHtml(res, err.status, layout(err.message, `<h1>${esc(err.message)}</h1>`), headers);
  else sendError(res, ctx.faults, err, headers);
}

/** GET /pay/<token> shows the page; POST /pay/<token>/pay|decline moves the payment to a final state. */
export function handlePage(req: IncomingMessage, res: ServerResponse, ctx: Ctx, token: string, action: string | undefined): void {
  const { faults } = ctx;
  const expected = action ? 'POST' : 'GET';
  if (req.method !== expected && !(expected === 'GET' && req.method === 'HEAD')) {
    req.resume();
    return fail(req, res, ctx, ERRORS.methodNotAllowed, { allow: expected === 'GET' ? 'GET, HEAD' : 'POST' });
  }
  req.resume(); // a form body, if any, carries nothing we need
  const p = ctx.store.byPageToken(token);
  if (!p) return fail(req, res, ctx, ERRORS.pageNotFound);
  if (!action) return sendHtml(res, 200, paymentPage(p, faults));

  if (isFinal(p) && !faults.has('final-state-changes')) {
    if (wantsHtml(req)) return sendHtml(res, 409, resultPage(p, `${ERRORS.finalState.message}: ${p.state}. Nothing changed.`));
    return sendError(res, faults, { status: 409, message: `${ERRORS.finalState.message}: ${p.state}` });
  }
  if (action === 'pay' && !faults.has('pay-declines')) ctx.store.finalize(p, 'deposited', null, null);
  else if (faults.has('decline-null-error')) ctx.store.finalize(p, 'declined', null, null);
  else ctx.store.finalize(p, 'declined', DECLINE_CODE, DECLINE_DESCRIPTION);
  ctx.callbacks.paymentFinal(p);

  if (wantsHtml(req)) return sendHtml(res, 200, resultPage(p, p.state === 'deposited' ? 'Thank you, the payment is done.' : 'The payment was declined.'));
  sendJson(res, faults, 200, { transaction: p.transaction, payment: paymentJson(p, faults) });
}
