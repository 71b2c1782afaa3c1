// What another site's page can read of the payment page by loading its addresses as subresources, where the browser
// lets a script or an image of any origin load (ASVS 5.0 3.5.6, 3.5.7, 3.5.8). A few requests sent as such a load is
// (Sec-Fetch-Site cross-site, Sec-Fetch-Mode no-cors, no cookies, no Referer): the page's own scripts must hold no
// data of the payment (cross-site script inclusion), no page address may answer JSONP, and the page itself is refused
// to such a load (Sec-Fetch) or marked for its own origin or site (CORP). An answer the network lost is not judged.
import type { Credentials, RuleId } from '../../contracts/index.js';
import type { AddressClient } from '../harness/address-client.js';
import type { Exchange } from '../harness/exchange.js';
import { findingOf, type Finding } from '../harness/findings.js';
import { decodings, type OwnOrigins } from '../harness/page-crawl.js';
import { MIN_MARK_LENGTH, partsOf } from './address-own-payment.js';

const SCRIPT_DATA_RULE: RuleId = 'PRO-SEC-PAGE-SCRIPT-NO-DATA';
const JSONP_RULE: RuleId = 'PRO-SEC-PAGE-NO-JSONP';
const CORP_RULE: RuleId = 'PRO-SEC-PAGE-CORP';

/** Scripts of the page fetched at most. */
const MAX_SCRIPTS = 4;

/** A no-cors load of another site's page (what a `<script>` or `<img>` there sends), without the payer's cookies. */
const crossSite = (dest: 'script' | 'image'): Record<string, string> => ({
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': dest,
  accept: dest === 'image' ? 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' : '*/*',
});

/** What one page shows of its payment, to be looked for in answers. */
export interface PageSecrets {
  /** The page's address as the tab ended on it, and redirect_url. */
  pageUrl: string;
  redirectUrl: string;
  /** The payment's recipient credentials (card_pan; phone and holder). */
  credentials: Credentials;
  /** The API's base address: its parts are no token. */
  baseUrl: string;
}

/** The parts of the page's addresses long enough to be its token (not the API's path words). */
export function tokenParts(s: PageSecrets): string[] {
  const base = new Set(partsOf(s.baseUrl));
  return [...new Set([...partsOf(s.redirectUrl), ...partsOf(s.pageUrl)])].filter((p) => p.length >= MIN_MARK_LENGTH && !base.has(p));
}

/** What of the payment a text holds: the recipient's card or phone and name, or the page's token. */
export function secretsIn(text: string, s: PageSecrets): string[] {
  const c: Record<string, unknown> = { ...s.credentials };
  const recipient = (['card_pan', 'phone', 'holder'] as const)
    .filter((k) => typeof c[k] === 'string' && (c[k] as string).length >= 5 && text.includes(c[k] as string))
    .map((k) => `the recipient's ${k}`);
  const token = tokenParts(s).filter((t) => text.includes(t));
  return [...recipient, ...token.map((t) => `the page token "${t}"`)];
}

type Answer = NonNullable<Exchange['response']>;

/**
 * Each address fetched as another site's `dest` load, one after another; `reveals` says what a 2xx answer gives that
 * site, if anything. What they revealed, and the first exchange that did (an answer the network lost reveals nothing).
 */
async function crossSiteLoads(
  client: AddressClient,
  loads: readonly { url: string; dest: 'script' | 'image' }[],
  reveals: (answer: Answer, load: { url: string; dest: 'script' | 'image' }) => string | undefined,
): Promise<{ found: string[]; exchange?: Exchange }> {
  const found: string[] = [];
  let exchange: Exchange | undefined;
  for (const load of loads) {
    const e = await client.send(load.url, { method: 'GET', headers: crossSite(load.dest) });
    const r = !e.unavailable ? e.response : undefined;
    const what = r && r.status >= 200 && r.status < 300 ? reveals(r, load) : undefined;
    if (what === undefined) continue;
    found.push(what);
    exchange ??= e;
  }
  return { found, exchange };
}

/**
 * Whether a script's address is a capability the payer was handed with the page: it carries a part of the page's
 * token, or a run of 16 or more letters and digits mixed (a token of its own; or a static file's content hash, whose
 * file is the same for every payment and holds none's data either). Another site cannot name such an address.
 */
export function unguessable(url: string, s: PageSecrets): boolean {
  const tokens = tokenParts(s).map((t) => t.toLowerCase());
  if (decodings(url).some((d) => tokens.some((t) => d.toLowerCase().includes(t)))) return true;
  const { pathname, search } = new URL(url);
  return [...(pathname + search).matchAll(/[A-Za-z0-9]{16,}/g)].some(([run]) => /\d/.test(run) && /[A-Za-z]/.test(run));
}

/**
 * Each script of the page's own origins at an address another site can name (no token: `unguessable`), fetched as
 * another site's script element: it must hold no recipient and no token.
 */
export async function scriptDataFindings(client: AddressClient, scripts: readonly string[], origins: OwnOrigins, s: PageSecrets): Promise<Finding[]> {
  const own = [...new Set(scripts)].filter((u) => origins.owns(u) && !unguessable(u, s));
  const loads = own.slice(0, MAX_SCRIPTS).map((url) => ({ url, dest: 'script' as const }));
  const { found, exchange } = await crossSiteLoads(client, loads, (r, { url }) => {
    const held = secretsIn(r.bodyText, s);
    return held.length === 0 ? undefined : `GET ${url} as another site's script (no cookies, no Referer): HTTP ${r.status} holding ${held.join(', ')}`;
  });
  return findingOf(found, {
    name: 'scriptData',
    rule: SCRIPT_DATA_RULE,
    expected: "the page's scripts whose addresses carry no token hold no data of the payment: any site could include them",
    exchange,
  });
}

/** Whether an answer is a script calling `name`: `name(`, `/**\/ name(`, `typeof name === 'function' && name(`. */
export function callsBack(body: string, name: string): boolean {
  const n = name.replace(/[$.]/g, '\\$&');
  return new RegExp(`^\\s*(?:\\/\\*\\*\\/\\s*)?(?:typeof\\s+${n}\\s*={2,3}\\s*["']function["']\\s*&&\\s*)?(?:window\\.)?${n}\\s*\\(`).test(body);
}

/** The page's addresses with ?callback= and ?jsonp= naming a function: no answer may call it. */
export async function jsonpFindings(client: AddressClient, s: PageSecrets, name: string): Promise<Finding[]> {
  const loads = [...new Set([s.redirectUrl, s.pageUrl])].flatMap((page) =>
    ['callback', 'jsonp'].map((parameter) => {
      const u = new URL(page);
      u.hash = '';
      u.searchParams.set(parameter, name);
      return { url: u.href, dest: 'script' as const };
    }),
  );
  const { found, exchange } = await crossSiteLoads(client, loads, (r, { url }) =>
    callsBack(r.bodyText, name) ? `GET ${url}: HTTP ${r.status} ${r.headers['content-type'] ?? ''} ${r.bodyText.slice(0, 40)}… (a call of ${name})` : undefined,
  );
  return findingOf(found, {
    name: 'jsonp',
    rule: JSONP_RULE,
    expected: 'no page address answers JSONP: a script calling the function a parameter names',
    exchange,
  });
}

/** CORP values that keep another site's no-cors load out (Fetch standard: same-origin, same-site). */
const KEEPS_OUT = new Set(['same-origin', 'same-site']);

/** The page fetched as another site's script and image: refused (Sec-Fetch), or answered with CORP same-origin or same-site. */
export async function corpFindings(client: AddressClient, s: PageSecrets): Promise<Finding[]> {
  const loads = (['script', 'image'] as const).map((dest) => ({ url: s.pageUrl, dest }));
  const { found, exchange } = await crossSiteLoads(client, loads, (r, { dest }) => {
    const corp = (r.headers['cross-origin-resource-policy'] ?? '').trim().toLowerCase();
    if (r.bodyText.length === 0 || KEEPS_OUT.has(corp)) return undefined;
    return `GET ${s.pageUrl} as another site's ${dest} (Sec-Fetch-Site cross-site, no-cors): HTTP ${r.status}, Cross-Origin-Resource-Policy ${corp || '(none)'}`;
  });
  return findingOf(found, {
    name: 'crossOriginResource',
    rule: CORP_RULE,
    expected:
      "the payment page refuses another site's no-cors load (Sec-Fetch-Site cross-site) or answers it with Cross-Origin-Resource-Policy same-origin or same-site",
    exchange,
  });
}
