import type { IncomingMessage, ServerResponse } from 'node:http';
import { isFinalState } from '../../contracts/operation-facts.js';
import type { Ctx } from '../context.js';
import type { ErrorResponse } from '../errors.js';
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
const DECLINE_DESCRIPTION = 'The payer declined the payment';

/** Variation page-sec-fetch-refused: the refusal of another site's subresource load. */
const CROSS_SITE_REFUSED: ErrorResponse = { status: 403, message: 'Cross-site load refused' };

/** Browsers (Accept: text/html) get HTML; API clients get JSON. */
const wantsHtml = (req: IncomingMessage) => /text\/html/i.test(req.headers.accept ?? '');

/** Presses taken whose state is not applied yet (policy settlesAfterMs). */
const settling = new WeakSet<Payment>();

type Outcome = readonly ['deposited' | 'declined', string | number | null, string | null];

function fail(req: IncomingMessage, res: ServerResponse, ctx: Ctx, err: ErrorResponse, headers?: Record<string, string>): void {
  if (wantsHtml(req)) sendHtml(res, ctx.out, err.status, layout(err.message, `<h1>${esc(err.message)}</h1>`), headers);
  else sendError(res, ctx.out, err, headers);
}

/** Routes the payment page's requests (PAGE_ROUTE's groups). */
export function handlePage(req: IncomingMessage, res: ServerResponse, ctx: Ctx, kind: string, token: string, action: string | undefined): void | Promise<void> {
  const policy = ctx.policy.page;
  const known =
    kind === 'go' ? policy.goAddress && !action : (action !== 'view' || policy.scriptRendered) && (action !== 'done' || policy.pressRedirect !== null);
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
  const head = policy.headAllowed;
  const anyMethod = pressing && policy.pressAnyMethod;
  if (!anyMethod && req.method !== expected && !(expected === 'GET' && head && req.method === 'HEAD')) {
    req.resume();
    return fail(req, res, ctx, ctx.err.methodNotAllowed, { allow: expected === 'GET' ? (head ? 'GET, HEAD' : 'GET') : 'POST' });
  }
  const readsForm = pressing && pressReadsForm(ctx);
  if (!readsForm) req.resume(); // a form body, if any, carries nothing we need
  const p =
    ctx.store.byPageToken(token) ??
    (policy.tokenMayBeId && /^\d+$/.test(token) ? ctx.store.invoiceWithId(Number(token)) : undefined) ??
    (policy.tokenPrefixOpens && token.length >= 8 ? ctx.store.byPageTokenPrefix(token) : undefined);
  if (!p) {
    if (readsForm) req.resume();
    return fail(req, res, ctx, ctx.err.pageNotFound);
  }
  if (kind === 'go') return sendRedirect(res, ctx.out, 302, `/pay/${token}`);
  if (action === 'view') return sendJson(res, ctx.out, 200, { transaction: p.transaction, payment: paymentJson(p, ctx.faults), html: pageContent(ctx, p) });
  if (!pressing && !action && answeredJsonp(req, res, ctx, p)) return;
  if (action === 'done') return sendHtml(res, ctx.out, 200, resultPage(p, outcomeText(p), ctx.faults));
  if (!pressing) return sendHtml(res, ctx.out, 200, paymentPage(ctx, p, req.headers['accept-language']));
  if (!readsForm) return press(req, res, ctx, p, action);
  return readPressForm(req).then((fields) => {
    const target = pressTarget(ctx, p, fields);
    return 'status' in target ? fail(req, res, ctx, target) : press(req, res, ctx, target, action);
  });
}

function press(req: IncomingMessage, res: ServerResponse, ctx: Ctx, p: Payment, action: 'pay' | 'decline'): void | Promise<void> {
  const policy = ctx.policy.page;
  if ((isFinalState(p.state) || settling.has(p)) && policy.finalStateKept) {
    const shown = settling.has(p) ? 'a press is being processed' : p.state;
    if (wantsHtml(req)) return sendHtml(res, ctx.out, 409, resultPage(p, `${ctx.err.finalState.message}: ${shown}. Nothing changed.`, ctx.faults));
    return sendError(res, ctx.out, { status: 409, message: `${ctx.err.finalState.message}: ${shown}` });
  }
  const outcome = outcomeOf(ctx, action);
  // The state was read above; applied after a round trip, it is applied unchecked.
  if (policy.pressRoundTripMs > 0) return ctx.later.sleep(policy.pressRoundTripMs).then(() => applyPress(req, res, ctx, p, outcome));
  applyPress(req, res, ctx, p, outcome);
}

function outcomeOf(ctx: Ctx, action: 'pay' | 'decline'): Outcome {
  const { payState, declineCode } = ctx.policy.page;
  if (action === 'pay' && payState === 'deposited') return ['deposited', null, null];
  return declineCode === null ? ['declined', null, null] : ['declined', declineCode, DECLINE_DESCRIPTION];
}

function applyPress(req: IncomingMessage, res: ServerResponse, ctx: Ctx, p: Payment, outcome: Outcome): void {
  const later = ctx.policy.page.settlesAfterMs;
  if (later > 0) {
    settling.add(p);
    ctx.later.run(later, () => {
      settling.delete(p);
      settle(ctx, p, outcome);
    });
  } else settle(ctx, p, outcome);
  answerPress(req, res, ctx, p);
}

/** Stores the final state, then sends its callback (unless the policy sends it first). */
function settle(ctx: Ctx, p: Payment, [state, code, description]: Outcome): void {
  const policy = ctx.policy.page;
  if (policy.callbackBeforeStoreMs > 0) {
    ctx.callbacks.paymentFinal({ ...p, state, errorCode: code, errorDescription: description });
    ctx.later.run(policy.callbackBeforeStoreMs, () => ctx.store.finalize(p, state, code, description));
    return;
  }
  policy.beforeStore(p);
  ctx.store.finalize(p, state, code, description);
  ctx.callbacks.paymentFinal(p);
}

function answerPress(req: IncomingMessage, res: ServerResponse, ctx: Ctx, p: Payment): void {
  if (!wantsHtml(req)) return sendJson(res, ctx.out, 200, { transaction: p.transaction, payment: paymentJson(p, ctx.faults) });
  const policy = ctx.policy.page;
  if (policy.backToMerchant === 'location-unchecked' && p.returnUrl) return splitRedirect(res, p.returnUrl);
  if (policy.backToMerchant === 'see-other' && p.returnUrl && isAbsoluteHttpUrl(p.returnUrl))
    return sendRedirect(res, ctx.out, 303, returnDestination(ctx.faults, p.returnUrl));
  if (policy.pressRedirect !== null) return sendRedirect(res, ctx.out, policy.pressRedirect, `/pay/${p.token}/done`);
  sendHtml(res, ctx.out, 200, resultPage(p, outcomeText(p), ctx.faults, policy.resultLinksBack ? `/pay/${p.token}` : undefined));
}

/** What the result of a press says. */
function outcomeText(p: Payment): string {
  return p.state === 'deposited' ? 'Thank you, the payment is done.' : p.state === 'declined' ? 'The payment was declined.' : 'The payment is being processed.';
}

/**
 * Location written unchecked (fault location-header-split): what a server that writes header values unchecked sends for a Location with
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
