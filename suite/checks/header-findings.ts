// What one answer's headers tell, the way ZAP's passive scan rules read them (addOns/pscanrules: one header or
// leak a rule): caching by RFC 9111 (10015, 10049), X-Content-Type-Options (10021), the page's charset (10019),
// version banners (10036, 10037), CORS with credentials (10098), cookie flags (10010, 10011, 10054). Each
// returns the findings of one answer; the profile decides which fail and which warn (harness/findings.ts).
// Header names are read in any letter case, several header lines of one name as one list (RFC 9110 5.3).
import type { RuleId } from '../../contracts/index.js';
import { findingOf, type Finding } from '../harness/findings.js';
import { cacheDirectives, sharedCacheMayStore } from '../harness/shared-cache.js';

const CACHE_RULE: RuleId = 'PRO-SEC-PAGE-NO-SHARED-CACHE';
const NOSNIFF_RULE: RuleId = 'PRO-SEC-CONTENT-TYPE-NOSNIFF';
const BANNER_RULE: RuleId = 'PRO-SEC-NO-VERSION-BANNER';
export const CORS_RULE: RuleId = 'PRO-SEC-CORS-NO-CREDENTIALED-ORIGIN';
const COOKIE_RULE: RuleId = 'PRO-SEC-PAGE-COOKIE-FLAGS';

/** One answer as seen: where it came from and its header lines. */
export interface SeenAnswer {
  /** `GET http://…/pay/… (HTTP 200)`: where, for the texts. */
  where: string;
  /** Header name in lower case -> the value of each line of that name. */
  headers: Record<string, string[]>;
}

/** Header lines (Playwright's headersArray, or name -> value) as a SeenAnswer's headers. */
export function headerLines(lines: readonly { name: string; value: string }[] | Record<string, string>): Record<string, string[]> {
  const list = Array.isArray(lines) ? lines : Object.entries(lines).map(([name, value]) => ({ name, value }));
  const out: Record<string, string[]> = {};
  for (const { name, value } of list) (out[name.toLowerCase()] ??= []).push(value);
  return out;
}

export const values = (a: SeenAnswer, name: string): string[] => a.headers[name] ?? [];
/** Every comma-separated member of every line of a list header. */
const members = (a: SeenAnswer, name: string): string[] =>
  values(a, name)
    .flatMap((v) => v.split(','))
    .map((m) => m.trim())
    .filter(Boolean);
export const shown = (a: SeenAnswer, name: string): string => (values(a, name).length ? values(a, name).join(', ') : '(none)');

/**
 * A shared cache may store the answer (suite/harness/shared-cache.ts): a failure. Anything short of no-store lets a
 * browser keep the card data: a warning (ASVS 14.3.2).
 */
export function cachingFindings(a: SeenAnswer): Finding[] {
  const seen = `${a.where}: Cache-Control ${shown(a, 'cache-control')}${values(a, 'expires').length ? `, Expires ${shown(a, 'expires')}` : ''}`;
  if (cacheDirectives(values(a, 'cache-control')).has('no-store')) return [];
  if (sharedCacheMayStore(values(a, 'cache-control'), values(a, 'expires')))
    return [{ name: 'sharedCache', rule: CACHE_RULE, expected: 'no shared cache may store the page (Cache-Control no-store, or private)', received: seen }];
  return [{ name: 'noStore', rule: CACHE_RULE, expected: 'Cache-Control no-store on the page and the answers to a press', received: `${seen} (no no-store)` }];
}

/** X-Content-Type-Options: nosniff (the first member counts, as browsers read it). */
export function nosniffFindings(a: SeenAnswer): Finding[] {
  if (members(a, 'x-content-type-options')[0]?.toLowerCase() === 'nosniff') return [];
  return [
    {
      name: 'nosniff',
      rule: NOSNIFF_RULE,
      expected: 'X-Content-Type-Options: nosniff',
      received: `${a.where}: X-Content-Type-Options ${shown(a, 'x-content-type-options')}`,
    },
  ];
}

/** The page's Content-Type is text/html with a charset parameter. */
export function charsetFindings(a: SeenAnswer): Finding[] {
  if (/^\s*text\/html\s*;(.*;)?\s*charset\s*=\s*"?[\w-]+/i.test(values(a, 'content-type')[0] ?? '')) return [];
  return [
    {
      name: 'htmlCharset',
      rule: NOSNIFF_RULE,
      expected: 'Content-Type text/html with a charset',
      received: `${a.where}: Content-Type ${shown(a, 'content-type')}`,
    },
  ];
}

/** A version number in a product token: `nginx/1.25.3`, `Apache/2.4`, `PHP 8.2`, `v3`. */
const VERSION = /(?:\/\s*v?\d|\bv?\d+\.\d+)/i;

/** Server with a version, or any X-Powered-By. */
export function bannerFindings(a: SeenAnswer): Finding[] {
  const found: string[] = [];
  const server = values(a, 'server').filter((v) => VERSION.test(v));
  if (server.length) found.push(`Server ${server.join(', ')}`);
  if (values(a, 'x-powered-by').some((v) => v.trim())) found.push(`X-Powered-By ${shown(a, 'x-powered-by')}`);
  return findingOf(found, { name: 'versionBanner', rule: BANNER_RULE, expected: 'no software or version in Server or X-Powered-By' }, a.where);
}

/**
 * Credentials for an origin the provider cannot know (the suite's own, sent as Origin), or for `*` or `null`:
 * a browser page of any site may read the answer with the user's cookies. Without credentials, any origin
 * (also reflected) is harmless for an API signed with a secret the browser does not hold.
 */
export function corsFindings(a: SeenAnswer, origin: string): Finding[] {
  const allowed = values(a, 'access-control-allow-origin').map((v) => v.trim());
  const credentials = values(a, 'access-control-allow-credentials').some((v) => v.trim().toLowerCase() === 'true');
  const open = allowed.filter((o) => o === origin || o === '*' || o.toLowerCase() === 'null');
  if (!credentials || open.length === 0) return [];
  return [
    {
      name: 'corsCredentials',
      rule: CORS_RULE,
      expected: `no Access-Control-Allow-Credentials: true for the requesting origin ${origin}, for * or for null`,
      received: `${a.where}: Access-Control-Allow-Origin ${shown(a, 'access-control-allow-origin')}, Access-Control-Allow-Credentials ${shown(a, 'access-control-allow-credentials')}`,
    },
  ];
}

/** Each Set-Cookie line: its name, value and attributes (names in lower case). */
export function setCookies(a: SeenAnswer): { name: string; value: string; attrs: Map<string, string> }[] {
  return values(a, 'set-cookie')
    .flatMap((v) => v.split('\n'))
    .map((line) => {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const attrs = new Map(attributes.map((x) => [x.split('=')[0]!.trim().toLowerCase(), x.split('=').slice(1).join('=').trim()]));
      return { name: (eq < 0 ? '' : pair.slice(0, eq)).trim(), value: (eq < 0 ? pair : pair.slice(eq + 1)).trim(), attrs };
    });
}

/** Each cookie the answer sets: HttpOnly, SameSite (None only with Secure), and Secure on https. */
export function cookieFindings(a: SeenAnswer, https: boolean): Finding[] {
  const found: string[] = [];
  for (const { name, attrs } of setCookies(a)) {
    const missing = [
      ...(attrs.has('httponly') ? [] : ['HttpOnly']),
      ...(https && !attrs.has('secure') ? ['Secure'] : []),
      ...(!attrs.has('samesite') ? ['SameSite'] : attrs.get('samesite')?.toLowerCase() === 'none' && !attrs.has('secure') ? ['Secure (SameSite=None)'] : []),
    ];
    if (missing.length) found.push(`${name} without ${missing.join(', ')}`);
  }
  return findingOf(found, { name: 'cookieFlags', rule: COOKIE_RULE, expected: 'cookies set with HttpOnly, SameSite and, on https, Secure' }, a.where);
}
