/**
 * The payment page's own script where faults and variations give it one (docs/security-probes.md, "Page script"):
 * message listeners (ASVS 3.5.5) and a description rendered as rich text whose named elements a script reads
 * (ASVS 3.2.3). The reference page has neither: no listener, and the description escaped.
 */
import type { Ctx } from './context.js';
import { esc } from './page-html.js';

/** The tags and attributes the rich-text description keeps (fault page-clobberable-config): no script, handler or data attribute. */
const RICH_TAGS = new Set(['a', 'b', 'i', 'em', 'strong', 'p', 'br', 'form', 'img']);
const RICH_ATTRIBUTES = new Set(['id', 'name', 'href', 'action', 'alt', 'title']);
const ADDRESS_ATTRIBUTES = new Set(['href', 'action']);

/**
 * Fault page-clobberable-config: the description as a rich-text allow-list sanitizer gives it. Scripts, handlers,
 * data attributes and javascript: addresses go; ids and names stay, so an element can take a name page scripts read.
 */
export function richText(html: string): string {
  const withoutScripts = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  return withoutScripts.replace(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|[^<]+|</g, (whole, close: string, tag: string | undefined, attributes: string) => {
    if (tag === undefined) return esc(whole);
    const name = tag.toLowerCase();
    if (!RICH_TAGS.has(name)) return '';
    if (close) return `</${name}>`;
    const kept: string[] = [];
    for (const [, key, raw] of attributes.matchAll(/([^\s"'=/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g)) {
      const attribute = key!.toLowerCase();
      const value = (raw ?? '').replace(/^["']|["']$/g, '');
      if (!RICH_ATTRIBUTES.has(attribute) || (ADDRESS_ATTRIBUTES.has(attribute) && !/^https?:/i.test(value))) continue;
      kept.push(` ${attribute}="${esc(value)}"`);
    }
    return `<${name}${kept.join('')}>`;
  });
}

/**
 * Fault page-clobberable-config: the page posts Pay itself when an integration set `window.pageConfig`, then sends
 * the payer to its returnUrl. Never declared, so an element named pageConfig in the description takes its place.
 */
const CONFIG_SCRIPT = `
<script>
document.addEventListener('submit', function (e) {
  var cfg = window.pageConfig || {};
  if (!cfg.returnUrl) return;
  e.preventDefault();
  var form = e.target;
  fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form)), headers: { accept: 'application/json' } })
    .then(function () { location.href = String(cfg.returnUrl); });
});
</script>`;

/**
 * A wallet integration's listener: a message naming an action (an object's action or type, a JSON text, a bare
 * string) presses the form of that action. Fault page-postmessage-pays takes it from any window; variation
 * page-postmessage-origin-checked only from the page's own origin.
 */
const intentListener = (checked: boolean) => `
<script>
window.addEventListener('message', function (e) {${checked ? '\n  if (e.origin !== location.origin) return;' : ''}
  var d = e.data;
  if (typeof d === 'string') { try { d = JSON.parse(d); } catch (_) { d = { action: d }; } }
  var action = d && (d.action || d.type);
  if (typeof action !== 'string') return;
  var form = document.querySelector('form[action$="/' + action.toLowerCase() + '"]');
  if (form) form.submit();
});
</script>`;

/**
 * Variation page-postmessage-resize: an embedding helper set as window.onmessage that answers any window's
 * well-formed size request with the page's height, and drops everything else (bad JSON included).
 */
const RESIZE_LISTENER = `
<script>
window.onmessage = function (e) {
  var d = e.data;
  if (typeof d === 'string') { try { d = JSON.parse(d); } catch (_) { return; } }
  if (!d || d.type !== 'pts-size-request' || !e.source) return;
  e.source.postMessage({ type: 'pts-size', height: document.body.scrollHeight }, e.origin === 'null' ? '*' : e.origin);
};
</script>`;

/** The page's own scripts under the faults and variations above, after its content. */
export function pageScriptHtml(ctx: Ctx): string {
  const { faults, variations } = ctx;
  let html = '';
  if (faults.has('page-clobberable-config')) html += CONFIG_SCRIPT;
  if (faults.has('page-postmessage-pays')) html += intentListener(false);
  else if (variations.has('page-postmessage-origin-checked')) html += intentListener(true);
  if (variations.has('page-postmessage-resize')) html += RESIZE_LISTENER;
  return html;
}
