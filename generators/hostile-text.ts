/**
 * Merchant text that turns into markup, script or a template expression wherever a page writes it
 * without encoding it for its context: the payloads of the payment-page probes. ZAP's active scan rules
 * are the model (40012/40014 cross-site scripting, 90035 template injection): one class of attack per
 * payload, and a trace of its own that shows it succeeded. Each payload carries an id (`d3`, `r1`):
 * markup leaves an element carrying INJECTED_ATTRIBUTE with the id, a script run pushes the id onto
 * `window[RAN_MARKER]`, a dialog shows the id, a template evaluated shows TEMPLATE_RESULT between two
 * delimiters made of the id. None of these traces can come from the text shown as text.
 */

/** The attribute every injected element carries, its value the payload's id. */
export const INJECTED_ATTRIBUTE = 'data-pts-injected';
/** The window property a payload's script pushes its id onto. */
export const RAN_MARKER = '__ptsInjected';
/** 1337 × 7331: a product no page shows by chance, between delimiters no page writes. */
export const TEMPLATE_RESULT = '9801547';
const PRODUCT = '1337*7331';

/** One payload: its id, the class of attack, the text sent. */
export interface Injection {
  id: string;
  what: string;
  text: string;
}

/** Script that records the id; quoted with backticks, so that it fits inside either kind of attribute quote. */
const ran = (id: string) => `(window.${RAN_MARKER}=window.${RAN_MARKER}||[]).push(\`${id}\`)`;
const mark = (id: string) => `${INJECTED_ATTRIBUTE}=${id}`;

/** The delimiter around a template payload's expression: the evaluated text reads `<delimiter>9801547<delimiter>`. */
export const templateDelimiter = (id: string) => `PTS${id.toUpperCase()}`;

/** Payloads for a free-text place (description, a payload value), their ids prefixed with `place`. */
export function markupInjections(place: string): Injection[] {
  const id = (n: number) => `${place}${n}`;
  const t = (n: number, open: string, close: string, what: string): Injection => ({
    id: id(n),
    what: `template expression ${what}`,
    text: `${templateDelimiter(id(n))}${open}${PRODUCT}${close}${templateDelimiter(id(n))}`,
  });
  return [
    { id: id(1), what: 'script element', text: `<script ${mark(id(1))}>${ran(id(1))}</script>` },
    { id: id(2), what: 'image with an error handler', text: `<img src=x ${mark(id(2))} onerror="${ran(id(2))}">` },
    { id: id(3), what: 'double-quoted attribute breakout', text: `"><svg ${mark(id(3))} onload="${ran(id(3))}">` },
    { id: id(4), what: 'single-quoted attribute breakout', text: `'><svg ${mark(id(4))} onload='${ran(id(4))}'>` },
    { id: id(5), what: 'unquoted attribute breakout', text: `x ${mark(id(5))} autofocus onfocus=${ran(id(5))} x` },
    { id: id(6), what: 'element context breakout', text: `</dd></td></textarea></title></style></noscript><svg ${mark(id(6))} onload=${ran(id(6))}>` },
    { id: id(7), what: 'script block breakout', text: `</script><script ${mark(id(7))}>${ran(id(7))}</script>` },
    { id: id(8), what: 'single-quoted script string breakout', text: `';${ran(id(8))};'` },
    { id: id(9), what: 'double-quoted script string breakout', text: `";${ran(id(9))};"` },
    { id: id(10), what: 'javascript: URL in a link', text: `<a ${mark(id(10))} href="javascript:${ran(id(10))}">${id(10)}</a>` },
    { id: id(11), what: 'dialog from an error handler', text: `<img src=x ${mark(id(11))} onerror=alert(\`${id(11)}\`)>` },
    t(12, '{{', '}}', '{{…}} (Angular, Jinja, Twig, Handlebars helpers)'),
    t(13, '${', '}', '${…} (JavaScript template literal, Freemarker, Thymeleaf, EL)'),
    t(14, '#{', '}', '#{…} (Ruby, Pug, Spring EL)'),
    t(15, '<%= ', ' %>', '<%= … %> (ERB, EJS, JSP)'),
  ];
}

/**
 * A return_url that is an absolute http(s) URL by a lenient reading (printable ASCII, no spaces) and
 * breaks out of an attribute where a page writes it unencoded (a link back to the merchant), with a
 * template expression in its query: its payloads and the URL that carries them.
 */
export function returnUrlInjection(): { url: string; injections: Injection[] } {
  const [markup, template] = ['r1', 'r2'];
  const url = `https://shop.example/return?q="><svg/${INJECTED_ATTRIBUTE}="${markup}"/onload=${ran(markup)}>&t=${templateDelimiter(template)}{{${PRODUCT}}}${templateDelimiter(template)}`;
  return {
    url,
    injections: [
      { id: markup, what: 'return_url breaking out of a link attribute', text: url },
      { id: template, what: 'template expression {{…}} in the return_url query', text: url },
    ],
  };
}

/** The header a CR LF in return_url would add to an answer, and the cookie it would set. */
export const INJECTED_HEADER = 'x-pts-injected';
export const INJECTED_COOKIE = 'pts_injected';

/** return_url values with a CR LF that would start a header of its own where a redirect writes them unencoded. */
export function headerSplittingReturnUrls(): { label: string; url: string }[] {
  const base = 'https://shop.example/return?order=1';
  return [
    { label: 'raw CR LF', url: `${base}\r\nX-Pts-Injected: raw\r\nSet-Cookie: ${INJECTED_COOKIE}=raw` },
    { label: 'percent-encoded CR LF (a valid URL)', url: `${base}%0D%0AX-Pts-Injected:%20encoded%0D%0ASet-Cookie:%20${INJECTED_COOKIE}=encoded` },
  ];
}
