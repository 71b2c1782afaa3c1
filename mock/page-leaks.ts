/**
 * What the page lets other sites load (ASVS 3.5.6, 3.5.7, 3.5.8): the reference provider serves no JSONP, no script
 * with payment data and sends CORP (respond.ts). Fault page-jsonp-callback: the page address with ?callback= or
 * ?jsonp= answers the payment wrapped in a call; fault page-script-embeds-payment: the page loads its data from a
 * script addressed by the payment id; variation page-sec-fetch-refused: a cross-site subresource load of a page
 * address is refused by its Sec-Fetch headers (Resource Isolation Policy) instead of CORP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ctx } from './context.js';
import { paymentJson } from './present.js';
import { sendText } from './respond.js';
import type { Payment } from './store.js';

const JS_TYPE = 'application/javascript; charset=utf-8';

/** Fault page-script-embeds-payment: where the page's data script is (by payment id, no token). */
const PAYMENT_SCRIPT_ROUTE = /^\/pay-assets\/payment-(\d+)\.js$/;
export const paymentScriptPath = (p: Payment) => `/pay-assets/payment-${p.id}.js`;

const paymentData = (ctx: Ctx, p: Payment) => JSON.stringify({ ...paymentJson(p, ctx.faults), amount: p.amount, page_token: p.token });

/** Fault page-jsonp-callback: the JSONP answer when the page address names a callback; false otherwise. */
export function answeredJsonp(req: IncomingMessage, res: ServerResponse, ctx: Ctx, p: Payment): boolean {
  if (!ctx.faults.has('page-jsonp-callback')) return false;
  const query = new URL(req.url ?? '/', 'http://page.invalid').searchParams;
  const callback = query.get('callback') ?? query.get('jsonp');
  if (!callback || !/^[A-Za-z_$][\w$.]{0,63}$/.test(callback)) return false;
  sendText(res, ctx.out, 200, JS_TYPE, `/**/ typeof ${callback} === 'function' && ${callback}(${paymentData(ctx, p)});`);
  return true;
}

/** Fault page-script-embeds-payment: the data script of the payment with that id; false for any other path. */
export function answeredPaymentScript(res: ServerResponse, ctx: Ctx, path: string): boolean {
  const id = ctx.faults.has('page-script-embeds-payment') ? PAYMENT_SCRIPT_ROUTE.exec(path)?.[1] : undefined;
  const p = id === undefined ? undefined : ctx.store.invoiceWithId(Number(id));
  if (!p) return false;
  sendText(res, ctx.out, 200, JS_TYPE, `window.PTS_PAYMENT = ${paymentData(ctx, p)};`);
  return true;
}

/**
 * Variation page-sec-fetch-refused: Resource Isolation Policy (web.dev, "Fetch Metadata"): a request of another site
 * that is no top-level or frame navigation is refused; requests without Sec-Fetch-Site (old browsers, servers) pass.
 */
export function refusedBySecFetch(req: IncomingMessage, ctx: Ctx): boolean {
  if (!ctx.variations.has('page-sec-fetch-refused')) return false;
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'same-site' || site === 'none') return false;
  const navigation = req.headers['sec-fetch-mode'] === 'navigate' && !['object', 'embed'].includes(String(req.headers['sec-fetch-dest']));
  return !(navigation && (req.method === 'GET' || req.method === 'HEAD'));
}
