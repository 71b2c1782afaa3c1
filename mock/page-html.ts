/**
 * The HTML of the payment page and of the answers to a press, in the forms the page variations allow:
 * how the amount and the card are written, what the buttons are (button, input, link with role button,
 * a Russian text with an aria-label), and a shell that a script fills 300 ms after load.
 */
import type { Ctx } from './context.js';
import type { FaultSet } from './faults/catalog.js';
import { groupThousands, maskPan, rubles, rublesPlain } from './present.js';
import { pageScriptHtml, richText } from './page-script.js';
import { hiddenFields } from './press-form.js';
import type { Payment } from './store.js';
import { isAbsoluteHttpUrl } from './validation.js';
import { paymentScriptPath } from './page-leaks.js';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(title: string, main: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>button, input[type="submit"], [role="button"] { min-height: 44px; min-width: 44px; margin: 4px 0; }</style></head>
<body>
<main>
${main}
</main>${script}
</body>
</html>
`;
}

/** The amount as the page writes it (page-amount-* variations; faults that write it wrong). */
function amountText(ctx: Ctx, kopecks: number): string {
  const v = ctx.variations;
  const whole = Math.trunc(kopecks / 100);
  const frac = kopecks % 100;
  // Hand-written formatters: the kopecks not padded; the digits grouped in threes from the left.
  if (ctx.faults.has('page-kopecks-unpadded')) return `${groupThousands(whole)},${frac} ₽`;
  if (ctx.faults.has('page-thousands-from-left')) return `${String(whole).replace(/(\d{3})(?=\d)/g, '$1 ')},${String(frac).padStart(2, '0')} ₽`;
  // A locale's currency format that drops the trailing zeros of the kopecks.
  if (v.has('page-amount-trimmed')) return `${groupThousands(whole)}${frac === 0 ? '' : `,${frac % 10 === 0 ? frac / 10 : String(frac).padStart(2, '0')}`} ₽`;
  if (v.has('page-amount-english')) return `RUB ${groupThousands(whole).replaceAll(' ', ',')}.${String(frac).padStart(2, '0')}`;
  if (v.has('page-amount-russian')) return rubles(kopecks).replaceAll(' ', '\u00a0');
  if (v.has('page-amount-plain')) return rublesPlain(kopecks);
  return `${rubles(kopecks)} (${rublesPlain(kopecks)})`;
}

/** The card as the page writes it (page-card-* variations). */
function cardText(ctx: Ctx, pan: string): string {
  const v = ctx.variations;
  if (v.has('page-card-full')) return pan;
  if (v.has('page-card-grouped')) return maskPan(pan).replace(/(.{4})(?=.)/g, '$1 ');
  if (v.has('page-card-last4')) return `•••• ${pan.slice(-4)}`;
  return maskPan(pan);
}

function recipientHtml(ctx: Ctx, p: Payment): string {
  const c = p.credentials;
  if ('card_pan' in c) return `<dt>Recipient card</dt><dd id="recipient">${esc(cardText(ctx, c.card_pan))}</dd>`;
  return `<dt>Recipient</dt><dd id="recipient">${esc(c.holder)}, phone ${esc(c.phone)}</dd>`;
}

const RUSSIAN_TEXT = { pay: 'Оплатить', decline: 'Отклонить' } as const;

/** One button as the page variations draw it; its accessible name is always the profile's. */
function buttonHtml(ctx: Ctx, p: Payment, action: 'pay' | 'decline', language: string): string {
  const v = ctx.variations;
  const name = action === 'pay' ? ctx.profile.paymentPage.payButton : ctx.profile.paymentPage.declineButton;
  const aria = v.has('page-buttons-aria-label');
  const text = esc(aria ? RUSSIAN_TEXT[action] : name);
  // Fault page-labels-translated-alone: a Russian-speaking payer's buttons labelled in Russian, their text left as it was.
  const translated = ctx.faults.has('page-labels-translated-alone') && /^ru\b/i.test(language);
  const label = aria ? ` aria-label="${esc(name)}"` : translated ? ` aria-label="${RUSSIAN_TEXT[action]}"` : '';
  const url = esc(`/pay/${p.token}/${action}`);
  const fields = hiddenFields(ctx, p);
  if (v.has('page-buttons-link')) {
    // A hidden form the link submits by script (an inline handler: it also works inside HTML a script inserts).
    return `<form id="${action}-form" method="post" action="${url}" hidden>${fields}</form><a role="button" href="#"${label} onclick="document.getElementById('${action}-form').submit(); return false;">${text}</a>`;
  }
  // Fault page-pay-not-focusable: Pay a div with a click handler, which no key reaches.
  if (action === 'pay' && ctx.faults.has('page-pay-not-focusable'))
    return `<form id="pay-form" method="post" action="${url}" hidden>${fields}</form><div role="button" onclick="document.getElementById('pay-form').submit()">${text}</div>`;
  if (v.has('page-buttons-input')) return `<form method="post" action="${url}">${fields}<input type="submit" value="${text}"${label}></form>`;
  return `<form method="post" action="${url}">${fields}<button type="submit"${label}>${text}</button></form>`;
}

/**
 * The merchant's description: escaped (entity-encoded character by character under variation
 * page-description-entity-encoded, left out under page-description-hidden); fault page-description-unescaped writes it raw.
 */
function descriptionHtml(ctx: Ctx, p: Payment): string {
  const text = p.description ?? '';
  if (ctx.faults.has('page-description-unescaped')) return `<dt>Description</dt><dd>${text}</dd>`;
  // Fault page-description-attribute-breakout: an escape written for text nodes, reused in an attribute.
  if (ctx.faults.has('page-description-attribute-breakout'))
    return `<dt>Description</dt><dd title="${text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)}">${esc(text)}</dd>`;
  if (ctx.faults.has('page-clobberable-config')) return `<dt>Description</dt><dd>${richText(text)}</dd>`;
  if (ctx.variations.has('page-description-hidden')) return '';
  if (ctx.variations.has('page-description-entity-encoded')) return `<dt>Description</dt><dd>${entities(text)}</dd>`;
  return `<dt>Description</dt><dd>${esc(text)}</dd>`;
}

/** Every character but letters, digits and spaces as a numeric character reference: more than needed, rendered the same. */
const entities = (s: string) => s.replace(/[^\p{L}\p{N} ]/gu, (c) => `&#${c.codePointAt(0)};`);

/**
 * Variation page-merchant-data-script: the client id and a link back to the merchant, and the description as
 * JSON in a script element (<, >, & and the line separators as \u escapes) that a script copies into the page
 * with textContent.
 */
function merchantDataHtml(ctx: Ctx, p: Payment): string {
  if (!ctx.variations.has('page-merchant-data-script')) return '';
  const clientId = typeof p.payload?.client_id === 'string' ? p.payload.client_id : '';
  const json = JSON.stringify({ description: p.description ?? '', client_id: clientId }).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const back = p.returnUrl && isAbsoluteHttpUrl(p.returnUrl) ? `<p><a id="back" href="${esc(p.returnUrl)}">Back to the shop</a></p>` : '';
  return `<p>Client: <span id="client">${esc(clientId)}</span></p>
<p>Order: <span id="order-note"></span></p>${back}
<script type="application/json" id="payment-data">${json}</script>
<script>document.getElementById('order-note').textContent = JSON.parse(document.getElementById('payment-data').textContent).description;</script>`;
}

/** The page's content: amount, recipient, description, state, and the buttons (profile paymentPage.enabled false: none). */
export function pageContent(ctx: Ctx, p: Payment, language = ''): string {
  const shown = ctx.faults.has('page-amount-in-kopecks') ? p.amount * 100 : p.amount; // the amount field read as rubles
  const actions = ctx.profile.paymentPage.enabled
    ? `${buttonHtml(ctx, p, 'pay', language)}\n${buttonHtml(ctx, p, 'decline', language)}`
    : '<p id="counter">Pay at the counter</p>';
  return `<h1>Payment</h1>
<dl>
<dt>Amount</dt><dd id="amount" data-kopecks="${p.amount}">${esc(amountText(ctx, shown))}</dd>
${recipientHtml(ctx, p)}
${descriptionHtml(ctx, p)}
<dt>State</dt><dd id="state">${esc(p.state)}</dd>
</dl>
${merchantDataHtml(ctx, p)}
${actions}`;
}

/** Variation page-script-rendered: the content is fetched as JSON and shown 300 ms after load. */
const SHELL_SCRIPT = `
<script>
window.addEventListener('load', () => setTimeout(async () => {
  const res = await fetch(location.pathname.replace(/\\/$/, '') + '/view', { headers: { accept: 'application/json' } });
  const view = await res.json();
  document.querySelector('main').innerHTML = view.html;
}, 300));
</script>`;

/**
 * Fault page-merchant-script-without-integrity: the merchant's widget script, from return_url's origin, with no
 * integrity attribute. Fault page-embeds-plugin: a Flash receipt widget in an embed element (no source: nothing loads).
 */
function foreignContentHtml(ctx: Ctx, p: Payment): string {
  const script =
    ctx.faults.has('page-merchant-script-without-integrity') && p.returnUrl && isAbsoluteHttpUrl(p.returnUrl)
      ? `\n<script async src="${esc(new URL(p.returnUrl).origin)}/widgets/pay-badge.js"></script>`
      : '';
  const plugin = ctx.faults.has('page-embeds-plugin') ? '\n<embed type="application/x-shockwave-flash" width="1" height="1">' : '';
  // Fault page-script-embeds-payment: the page's data in a script of its own origin, addressed by the payment id.
  const data = ctx.faults.has('page-script-embeds-payment') ? `\n<script src="${paymentScriptPath(p)}"></script>` : '';
  return script + plugin + data + conditionsHtml(ctx, p);
}

/** Faults of the page in payers' conditions: on a phone, in the dark, its address, what it sends elsewhere. */
function conditionsHtml(ctx: Ctx, p: Payment): string {
  const f = ctx.faults;
  let html = '';
  // An "open in our app" banner over the whole screen of a phone.
  if (f.has('page-pay-covered-on-phone'))
    html += `\n<style>.app-banner { display: none } @media (max-width: 400px) { .app-banner { display: flex; position: fixed; inset: 0; z-index: 10; background: #fff; align-items: center; justify-content: center } }</style><div class="app-banner"><p>Pay faster in our app</p></div>`;
  // A dark theme that forgot the amount's brand colour.
  if (f.has('page-amount-low-contrast-dark'))
    html += `\n<style>@media (prefers-color-scheme: dark) { body { background: #121212; color: #e0e0e0 } #amount { color: #1a1a1a } }</style>`;
  // An analytics pixel told the page's whole address, its token included.
  if (f.has('page-beacon-token'))
    html += `\n<img src="https://metrics.pts-analytics.invalid/collect?page=${encodeURIComponent(ctx.pageUrl + p.token)}" width="1" height="1" alt="">`;
  // A returning payer greeted by the name the page kept in localStorage, written as HTML.
  if (f.has('page-stored-name-into-html'))
    html += `\n<script>const known = localStorage.getItem('payer_name'); if (known) document.querySelector('main').insertAdjacentHTML('beforeend', '<p>Welcome back, ' + known + '</p>');</script>`;
  // The deeplink's bank named on the page, written as HTML.
  if (f.has('page-address-into-html'))
    html += `\n<script>const bank = new URLSearchParams(location.search).get('bank'); if (bank) document.querySelector('main').insertAdjacentHTML('afterbegin', '<p>Opened from the ' + bank + ' app</p>');</script>`;
  return html;
}

/** The page for a payer whose browser asks for `language` (its Accept-Language). */
export function paymentPage(ctx: Ctx, p: Payment, language = ''): string {
  const shown = ctx.faults.has('page-amount-in-kopecks') ? p.amount * 100 : p.amount;
  const title = `Payment ${amountText(ctx, shown)}`;
  if (ctx.variations.has('page-script-rendered'))
    return layout(title, '<p id="loading">Loading…</p>', SHELL_SCRIPT + foreignContentHtml(ctx, p) + pageScriptHtml(ctx));
  return layout(title, pageContent(ctx, p, language), foreignContentHtml(ctx, p) + pageScriptHtml(ctx));
}

/** Fault return-url-truncated: the column return_url is kept in (varchar(2048), the length browsers once allowed). */
const RETURN_URL_COLUMN = 2048;

/**
 * Where the payer is sent back: return_url as sent. Fault return-url-rebuilt: rebuilt from its parsed origin and
 * decoded path, the query string and the fragment lost.
 */
export function returnDestination(faults: FaultSet, returnUrl: string): string {
  if (faults.has('return-url-truncated')) return returnUrl.slice(0, RETURN_URL_COLUMN);
  if (!faults.has('return-url-rebuilt')) return returnUrl;
  const u = new URL(returnUrl);
  return u.origin + decodeURIComponent(u.pathname);
}

/** `pageLink`: the payment page's address, linked back to (variation result-page-link-back). */
export function resultPage(p: Payment, status: string, faults: FaultSet, pageLink?: string): string {
  const toPage = pageLink === undefined ? '' : `<p><a id="to-page" href="${esc(pageLink)}">Back to the payment page</a></p>`;
  const back =
    toPage +
    (p.returnUrl && isAbsoluteHttpUrl(p.returnUrl) ? `<p><a href="${esc(returnDestination(faults, p.returnUrl))}">Return to the merchant</a></p>` : '');
  const error = p.errorCode !== null ? `<p>Error: <span id="error-code">${esc(String(p.errorCode))}</span> ${esc(p.errorDescription ?? '')}</p>` : '';
  return layout(
    `Payment ${p.state}`,
    `<h1>Payment ${esc(p.state)}</h1>
<p>${esc(status)}</p>
<p>State: <strong id="state">${esc(p.state)}</strong></p>
${error}${back}`,
  );
}
