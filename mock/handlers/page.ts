import type { IncomingMessage, ServerResponse } from 'node:http';
import { isFinalState } from '../../contracts/operation-facts.js';
import type { Ctx } from '../context.js';
import type { ErrorResponse } from '../errors.js';
import { beforeChange, PRESS_ROUND_TRIP_MS, STORE_DELAY_MS } from '../faults/concurrency.js';
import { esc, layout, pageContent, paymentPage, resultPage, returnDestination } from '../page-html.js';
import { paymentJson } from '../present.js';
import { pressReadsForm, pressTarget, readPressForm } from '../press-form.js';
import { sendError, sendHtml, sendJson, sendRedirect } from '../respond.js';
import type { Payment } from '../store.js';
import { isAbsoluteHttpUrl } from '../validation.js';
import { answeredJsonp, refusedBySecFetch } from '../page-leaks.js';

/**
 * /pay/<token> (page), /pay/<token>/pay|decline (press), /pay/<token>/view (script-rendered page), /pay/<token>/done (the
 * result a press redirects to: variation press-see-other), /go/<token> (page-redirect).
 */
export const PAGE_ROUTE = /^\/(pay|go)\/([A-Za-z0-9_-]{1,64})(?:\/(pay|decline|view|done))?$/;
const DECLINE_CODE = 'DECLINED_BY_USER';
/** Variation error-code-number. */
const DECLINE_CODE_NUMBER = 1001;
const DECLINE_DESCRIPTION = 'The payer declined the payment';
/** Variation press-settles-later. */
const SETTLE_LATER_MS = 1000;

/** Variation page-sec-fetch-refused: the refusal of another site's subresource load. */
const CROSS_SITE_REFUSED: ErrorResponse = { status: 403, message: 'Cross-site load refused' };

/** Browsers (Accept: text/html) get HTML; API clients get JSON. */
const wantsHtml = (req: IncomingMessage) => /text\/html/i.test(req.headers.accept ?? '');

/** Presses taken whose state is not applied yet (variation press-settles-later). */
const settling = new WeakSet<Payment>();

type Outcome = readonly ['deposited' | 'declined', string | number | null, string | null];

function fail(req: IncomingMessage, res: ServerResponse, ctx: Ctx, err: ErrorResponse, headers?: Record<string, string>): void {
  if (wantsHtml(req)) sendHtml(res, ctx.out, err.status, layout(err.message, `<h1>${esc(err.message)}</h1>`), headers);
  else sendError(res, ctx.out, err, headers);
}

/** Routes the payment page's requests (PAGE_ROUTE's groups). */
export function handlePage(req: IncomingMessage, res: ServerResponse, ctx: Ctx, kind: string, token: string, action: string | undefined): void | Promise<void> {
  const v = ctx.variations;
  const known =
    kind === 'go'
      ? v.has('page-redirect') && !action
      : (action !== 'view' || v.has('page-script-rendered')) && (action !== 'done' || pressSeesOther(ctx) !== undefined);
  const pressing = action === 'pay' || action === 'decline';
  if (!known || (pressing && !ctx.profile.paymentPage.enabled)) {
    req.resume();
    return fail(req, res, ctx, ctx.err.pageNotFound);
  }
  // Variation page-sec-fetch-refused: another site's subresource load of a page address.
  if (refusedBySecFetch(req, ctx)) {
    req.resume();
    return fail(req, res, ctx, CROSS_SITE_REFUSED);
  }
  const expected = pressing ? 'POST' : 'GET';
  const head = !v.has('page-head-405'); // variation page-head-405: GET only
  // Fault press-answers-get: the press routes are registered for every method.
  const anyMethod = pressing && ctx.faults.has('press-answers-get');
  if (!anyMethod && req.method !== expected && !(expected === 'GET' && head && req.method === 'HEAD')) {
    req.resume();
    return fail(req, res, ctx, ctx.err.methodNotAllowed, { allow: expected === 'GET' ? (head ? 'GET, HEAD' : 'GET') : 'POST' });
  }
  const readsForm = pressing && pressReadsForm(ctx);
  if (!readsForm) req.resume(); // a form body, if any, carries nothing we need
  // Fault page-by-id: an unknown token that is a number is looked up as a payment id.
  const p = ctx.store.byPageToken(token) ?? (ctx.faults.has('page-by-id') && /^\d+$/.test(token) ? ctx.store.invoiceWithId(Number(token)) : undefined);
  if (!p) {
    if (readsForm) req.resume();
    return fail(req, res, ctx, ctx.err.pageNotFound);
  }
  if (kind === 'go') return sendRedirect(res, ctx.out, 302, `/pay/${token}`);
  if (action === 'view') return sendJson(res, ctx.out, 200, { transaction: p.transaction, payment: paymentJson(p, ctx.faults), html: pageContent(ctx, p) });
  if (!pressing && !action && answeredJsonp(req, res, ctx, p)) return;
  if (action === 'done') return sendHtml(res, ctx.out, 200, resultPage(p, outcomeText(p), ctx.faults));
  if (!pressing) return sendHtml(res, ctx.out, 200, paymentPage(ctx, p));
  if (!readsForm) return press(req, res, ctx, p, action);
  return readPressForm(req).then((fields) => {
    const target = pressTarget(ctx, p, fields);
    return 'status' in target ? fail(req, res, ctx, target) : press(req, res, ctx, target, action);
  });
}

function press(req: IncomingMessage, res: ServerResponse, ctx: Ctx, p: Payment, action: 'pay' | 'decline'): void | Promise<void> {
  const { faults } = ctx;
  if ((isFinalState(p.state) || settling.has(p)) && !faults.has('final-state-changes')) {
    const shown = settling.has(p) ? 'a press is being processed' : p.state;
    if (wantsHtml(req)) return sendHtml(res, ctx.out, 409, resultPage(p, `${ctx.err.finalState.message}: ${shown}. Nothing changed.`, ctx.faults));
    return sendError(res, ctx.out, { status: 409, message: `${ctx.err.finalState.message}: ${shown}` });
  }
  const outcome = outcomeOf(ctx, action);
  // Fault press-not-atomic: the state was read above; it is applied after a round trip, unchecked.
  if (faults.has('press-not-atomic')) return ctx.later.sleep(PRESS_ROUND_TRIP_MS).then(() => applyPress(req, res, ctx, p, outcome));
  applyPress(req, res, ctx, p, outcome);
}

function outcomeOf(ctx: Ctx, action: 'pay' | 'decline'): Outcome {
  const { faults } = ctx;
  if (action === 'pay' && !faults.has('pay-declines')) return ['deposited', null, null];
  if (faults.has('decline-null-error')) return ['declined', null, null];
  return ['declined', ctx.variations.has('error-code-number') ? DECLINE_CODE_NUMBER : DECLINE_CODE, DECLINE_DESCRIPTION];
}

function applyPress(req: IncomingMessage, res: ServerResponse, ctx: Ctx, p: Payment, outcome: Outcome): void {
  if (ctx.variations.has('press-settles-later')) {
    settling.add(p);
    ctx.later.run(SETTLE_LATER_MS, () => {
      settling.delete(p);
      settle(ctx, p, outcome);
    });
  } else settle(ctx, p, outcome);
  answerPress(req, res, ctx, p);
}

/** Stores the final state and sends its callback (the concurrency faults reorder or delay the two). */
function settle(ctx: Ctx, p: Payment, [state, code, description]: Outcome): void {
  const { faults } = ctx;
  if (faults.has('callback-before-store')) {
    ctx.callbacks.paymentFinal({ ...p, state, errorCode: code, errorDescription: description });
    ctx.later.run(STORE_DELAY_MS, () => ctx.store.finalize(p, state, code, description));
    return;
  }
  if (faults.has('status-lags')) beforeChange(p);
  ctx.store.finalize(p, state, code, description);
  ctx.callbacks.paymentFinal(p);
}

function answerPress(req: IncomingMessage, res: ServerResponse, ctx: Ctx, p: Payment): void {
  if (!wantsHtml(req)) return sendJson(res, ctx.out, 200, { transaction: p.transaction, payment: paymentJson(p, ctx.faults) });
  // Fault location-header-split: back to the merchant with return_url written into Location as stored.
  if (ctx.faults.has('location-header-split') && p.returnUrl) return splitRedirect(res, p.returnUrl);
  // Variation page-return-redirect: back to the merchant at once.
  if (ctx.variations.has('page-return-redirect') && p.returnUrl && isAbsoluteHttpUrl(p.returnUrl))
    return sendRedirect(res, ctx.out, 303, returnDestination(ctx.faults, p.returnUrl));
  // Variation press-see-other: Post/Redirect/Get, the result a page of its own.
  const seeOther = pressSeesOther(ctx);
  if (seeOther !== undefined) return sendRedirect(res, ctx.out, seeOther, `/pay/${p.token}/done`);
  sendHtml(res, ctx.out, 200, resultPage(p, outcomeText(p), ctx.faults, ctx.variations.has('result-page-link-back') ? `/pay/${p.token}` : undefined));
}

/** What the result of a press says. */
function outcomeText(p: Payment): string {
  return p.state === 'deposited' ? 'Thank you, the payment is done.' : p.state === 'declined' ? 'The payment was declined.' : 'The payment is being processed.';
}

/** The redirect a press is answered with when its result is a page of its own (Post/Redirect/Get), or undefined. */
function pressSeesOther(ctx: Ctx): 302 | 303 | undefined {
  return ctx.variations.has('press-see-other') ? 303 : ctx.stack?.pressRedirect;
}

/**
 * Fault location-header-split: what a server that writes header values unchecked sends for a Location with
 * a CR LF in it: each line after the first is a header of its own (node refuses such a value; the fault
 * writes the lines apart to show what the defect does).
 */
function splitRedirect(res: ServerResponse, location: string): void {
  const [first, ...rest] = location.split(/\r\n|\r|\n/);
  const headers: string[] = ['location', first!, 'content-length', '0'];
  for (const line of rest) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    if (colon > 0 && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) headers.push(name, line.slice(colon + 1).trim());
  }
  res.writeHead(303, headers);
  res.end();
}
