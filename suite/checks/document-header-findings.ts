// What a document answer of the payment page tells beyond caching, sniffing and cookie flags (header-findings.ts):
// its Content-Security-Policy (ASVS 3.4.3, 3.4.7; ZAP 10038, 10055), Cross-Origin-Opener-Policy (3.4.8; ZAP
// 90004), HSTS on https (3.4.1; ZAP 10035) and its cookies' names and sizes (3.3.1, 3.3.3, 3.3.5). Each returns
// the findings of one answer; the profile decides which fail and which warn (harness/findings.ts).
import type { RuleId } from '../../contracts/index.js';
import { findingOf, type Finding } from '../harness/findings.js';
import { setCookies, shown, values, type SeenAnswer } from './header-findings.js';

const CSP_RULE: RuleId = 'PRO-SEC-PAGE-CSP';
const CSP_REPORT_RULE: RuleId = 'PRO-SEC-PAGE-CSP-REPORT';
const COOP_RULE: RuleId = 'PRO-SEC-PAGE-COOP';
const HSTS_RULE: RuleId = 'PRO-SEC-HSTS';
const COOKIE_PREFIX_RULE: RuleId = 'PRO-SEC-PAGE-COOKIE-PREFIX';
const COOKIE_SIZE_RULE: RuleId = 'PRO-SEC-PAGE-COOKIE-SIZE';

/** One year in seconds: the least max-age ASVS 3.4.1 takes. */
const HSTS_MIN_AGE = 31_536_000;
/** RFC 6265bis 5.6: a user agent ignores a cookie whose name and value are longer together. */
const COOKIE_MAX_BYTES = 4096;

/** The policies of a CSP header (lines, and policies joined by commas), each directive name -> its source list in lower case. */
function cspPolicies(a: SeenAnswer, name: string): Map<string, string[]>[] {
  return values(a, name)
    .flatMap((line) => line.split(','))
    .map((policy) => {
      const directives = new Map<string, string[]>();
      for (const d of policy.split(';')) {
        const [directive, ...sources] = d.trim().toLowerCase().split(/\s+/);
        // The first of a name counts (CSP3 2.2.1: a repeated directive is ignored).
        if (directive && !directives.has(directive)) directives.set(directive, sources);
      }
      return directives;
    })
    .filter((p) => p.size > 0);
}

/**
 * Every enforced policy narrows what loads, so one that sets object-src 'none' (or default-src 'none' without an
 * object-src) and one that sets base-uri 'none' or 'self' (base-uri has no fallback) together protect the page.
 */
export function cspFindings(a: SeenAnswer): Finding[] {
  const enforced = cspPolicies(a, 'content-security-policy');
  const only = (list: string[] | undefined, ...allowed: string[]) => list !== undefined && list.length === 1 && allowed.includes(list[0]!);
  const objects = enforced.some((p) => (p.has('object-src') ? only(p.get('object-src'), "'none'") : only(p.get('default-src'), "'none'")));
  const base = enforced.some((p) => only(p.get('base-uri'), "'none'", "'self'"));
  const found: Finding[] = [];
  if (!objects || !base)
    found.push({
      name: 'cspPolicy',
      rule: CSP_RULE,
      expected: "an enforced Content-Security-Policy with object-src 'none' (or default-src 'none') and base-uri 'none' or 'self'",
      received: `${a.where}: Content-Security-Policy ${shown(a, 'content-security-policy')}`,
    });
  const reporting = [...enforced, ...cspPolicies(a, 'content-security-policy-report-only')].some(
    (p) => (p.get('report-to')?.length ?? 0) > 0 || (p.get('report-uri')?.length ?? 0) > 0,
  );
  if (!reporting)
    found.push({
      name: 'cspReport',
      rule: CSP_REPORT_RULE,
      expected: 'a Content-Security-Policy (enforced or report-only) with report-to or report-uri',
      received: `${a.where}: Content-Security-Policy ${shown(a, 'content-security-policy')}; Content-Security-Policy-Report-Only ${shown(a, 'content-security-policy-report-only')}`,
    });
  return found;
}

/** COOP isolates the page from a cross-origin opener; a report-to parameter may follow the value. */
export function coopFindings(a: SeenAnswer): Finding[] {
  const value = (values(a, 'cross-origin-opener-policy')[0] ?? '').split(';')[0]!.trim().toLowerCase();
  if (['same-origin', 'same-origin-allow-popups', 'noopener-allow-popups'].includes(value)) return [];
  return [
    {
      name: 'coop',
      rule: COOP_RULE,
      expected: 'Cross-Origin-Opener-Policy same-origin or same-origin-allow-popups on the document answers',
      received: `${a.where}: Cross-Origin-Opener-Policy ${shown(a, 'cross-origin-opener-policy')}`,
    },
  ];
}

/** RFC 6797 8.1: a browser reads HSTS only over https, so an http answer is not judged; the first header counts. */
export function hstsFindings(a: SeenAnswer, https: boolean): Finding[] {
  if (!https) return [];
  const first = values(a, 'strict-transport-security')[0] ?? '';
  const age = /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?\s*(?:;|$)/i.exec(first);
  if (age && Number(age[1]) >= HSTS_MIN_AGE) return [];
  return [
    {
      name: 'hsts',
      rule: HSTS_RULE,
      expected: `Strict-Transport-Security with max-age of at least ${HSTS_MIN_AGE} (a year) on every https answer`,
      received: `${a.where}: Strict-Transport-Security ${shown(a, 'strict-transport-security')}`,
    },
  ];
}

/**
 * `__Host-` binds a cookie to the host and path /; `__Secure-` is for one shared with other hosts (Domain) or kept to
 * a path. A cookie without either, or a `__Secure-` one that could have been `__Host-`, is a finding (prefixes
 * matched in any letter case, as browsers do).
 */
export function cookiePrefixFindings(a: SeenAnswer): Finding[] {
  const found: string[] = [];
  for (const c of setCookies(a)) {
    const name = c.name.toLowerCase();
    if (name.startsWith('__host-')) continue;
    const path = c.attrs.get('path');
    if (name.startsWith('__secure-') && (c.attrs.has('domain') || (path !== undefined && path !== '/'))) continue;
    found.push(name.startsWith('__secure-') ? `${c.name} (host-only, path /: could be __Host-)` : `${c.name} (no prefix)`);
  }
  return findingOf(
    found,
    { name: 'cookiePrefix', rule: COOKIE_PREFIX_RULE, expected: 'cookies named __Host-…, or __Secure-… when shared through Domain or kept to a path' },
    a.where,
  );
}

/** RFC 6265bis 5.6: name and value together at most 4096 bytes, or the browser drops the cookie. */
export function cookieSizeFindings(a: SeenAnswer): Finding[] {
  const found = setCookies(a)
    .map((c) => ({ name: c.name, bytes: Buffer.byteLength(c.name) + Buffer.byteLength(c.value) }))
    .filter((c) => c.bytes > COOKIE_MAX_BYTES)
    .map((c) => `${c.name || '(no name)'} of ${c.bytes} bytes`);
  return findingOf(
    found,
    { name: 'cookieSize', rule: COOKIE_SIZE_RULE, expected: `each cookie's name and value at most ${COOKIE_MAX_BYTES} bytes together` },
    a.where,
  );
}
