// The seam of what every page answer (HTML) carries: the headers that keep it from being framed, sniffed, cached,
// loaded or referred to by other sites, and whether its CSP takes a fresh nonce per answer.
import { randomBytes } from 'node:crypto';
import type { SeamTable } from './apply.js';

type Headers = Record<string, string | string[]>;

interface PageProtections {
  readonly headers: Headers;
  /** Each page answer gets a fresh nonce, in its CSP and on each of its script elements (respond.ts). */
  nonce: boolean;
}

/** Where the page's CSP sends its violation reports (ASVS 3.4.7); the provider answers a report there with 204. */
export const CSP_REPORT_PATH = '/csp-reports';
/** Variation page-frame-merchant-origin: the one site allowed to frame the page. */
const FRAMING_MERCHANT_ORIGIN = 'https://merchant.example';

/**
 * The clean page's protections (docs/security-probes.md), beside the nosniff every answer carries (respond.ts): no
 * cache keeps it, a cross-origin opener gets no handle on it (ASVS 3.4.8), other sites get a Referer of its origin
 * only and may not load it as a subresource (3.4.5, 3.5.8), and no other site frames it; its CSP allows no plugin and
 * no <base> (3.4.3) and reports violations (3.4.7). It sets no cookie.
 */
export function cleanPageProtections(): PageProtections {
  return {
    headers: {
      'cache-control': 'no-store',
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-frame-options': 'DENY',
      'content-security-policy': `frame-ancestors 'none'; object-src 'none'; base-uri 'none'; report-uri ${CSP_REPORT_PATH}`,
    },
    nonce: false,
  };
}

/** The page's CSP without the directives named (when it is the clean page's one policy). */
function withoutDirectives(h: Headers, names: readonly string[]): void {
  const csp = h['content-security-policy'];
  if (typeof csp !== 'string') return;
  h['content-security-policy'] = csp
    .split('; ')
    .filter((d) => !names.includes(d.split(' ')[0]!))
    .join('; ');
}

const sessionId = () => randomBytes(16).toString('hex');

export const PAGE_PROTECTION_SEAMS: SeamTable<PageProtections> = {
  // Faults
  'page-no-coop': ({ headers: h }) => delete h['cross-origin-opener-policy'],
  // A stack's defaults left on: the server and the language, versions included.
  'page-version-banner': ({ headers: h }) => Object.assign(h, { server: 'Apache/2.4.41 (Ubuntu)', 'x-powered-by': 'PHP/7.4.3' }),
  'page-cookie-without-flags': ({ headers: h }) => void (h['set-cookie'] = `__Host-pts_session=${sessionId()}; Path=/`),
  'page-cookie-unprefixed': ({ headers: h }) => void (h['set-cookie'] = `pts_session=${sessionId()}; Path=/; HttpOnly; SameSite=Lax`),
  // Browsers drop a cookie of 5000 bytes.
  'page-cookie-oversized': ({ headers: h }) => void (h['set-cookie'] = `__Host-pts_state=${'a'.repeat(5000)}; Path=/; Secure; HttpOnly; SameSite=Lax`),
  // The whole address, the token in it, in every Referer.
  'page-referrer-unsafe-url': ({ headers: h }) => void (h['referrer-policy'] = 'unsafe-url'),
  'page-no-corp': ({ headers: h }) => delete h['cross-origin-resource-policy'],
  'page-framable': (p) => {
    delete p.headers['x-frame-options'];
    delete p.headers['content-security-policy'];
    p.nonce = false;
  },
  'page-csp-without-object-src': ({ headers: h }) => withoutDirectives(h, ['object-src', 'base-uri']),
  'page-csp-no-report': ({ headers: h }) => withoutDirectives(h, ['report-uri']),
  // Any shared cache may keep the page with the card data for an hour.
  'page-cache-public': ({ headers: h }) => void (h['cache-control'] = 'public, max-age=3600'),
  // Variations
  'page-coop-allow-popups': ({ headers: h }) => void (h['cross-origin-opener-policy'] = 'same-origin-allow-popups'),
  'page-cookie-host-prefix': ({ headers: h }) => void (h['set-cookie'] = `__Host-pts_session=${sessionId()}; Path=/; Secure; HttpOnly; SameSite=Strict`),
  'page-referrer-no-referrer': ({ headers: h }) => void (h['referrer-policy'] = 'no-referrer'),
  // Such loads are refused by their Sec-Fetch headers instead (page-leaks.ts).
  'page-sec-fetch-refused': ({ headers: h }) => delete h['cross-origin-resource-policy'],
  'page-corp-same-site': ({ headers: h }) => void (h['cross-origin-resource-policy'] = 'same-site'),
  // Several CSP headers, each enforced; directive and keyword in another letter case.
  'page-frame-csp-only': ({ headers: h }) => {
    delete h['x-frame-options'];
    h['content-security-policy'] = ["default-src * 'unsafe-inline' 'unsafe-eval' data: blob:", "FRAME-ANCESTORS 'NONE'"];
  },
  'page-frame-sameorigin': ({ headers: h }) => {
    delete h['content-security-policy'];
    h['x-frame-options'] = 'sameorigin';
  },
  'page-frame-merchant-origin': ({ headers: h }) => {
    delete h['x-frame-options'];
    h['content-security-policy'] = `frame-ancestors ${FRAMING_MERCHANT_ORIGIN}`;
  },
  'page-cache-private': ({ headers: h }) => void (h['cache-control'] = 'private, no-cache'),
  'page-cache-expired': ({ headers: h }) => Object.assign(h, { 'cache-control': 'No-Store, Max-Age=0', pragma: 'no-cache', expires: '0' }),
  'page-csp-nonce': (p) => void (p.nonce = true),
};
