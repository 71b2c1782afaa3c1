// What every answer of the run lets others keep. A shared cache (a CDN, a corporate proxy) that stores an answer
// carrying a payment hands it to whoever asks next (RFC 9111 3; a POST answer is storable only with explicit
// freshness and a Content-Location naming its own address, RFC 9110 9.3.3). And no answer, header or body, ever
// carries a merchant's crypto_key ("crypto_key ... is never sent itself").
import type { Exchange } from '../exchange.js';
import { sharedCacheMayStore } from '../shared-cache.js';
import type { Oracle } from './tally.js';

/** Header lines of one name (the client joins repeated lines with ", "). */
const lines = (headers: Record<string, string>, name: string): string[] => (headers[name] === undefined ? [] : [headers[name]]);

/** A POST answer names its own address in Content-Location. */
function namesItself(exchange: Exchange, location: string | undefined): boolean {
  if (location === undefined) return false;
  try {
    return new URL(location, exchange.request.url).href === new URL(exchange.request.url).href;
  } catch {
    return false;
  }
}

export const answersNotSharedCacheable: Oracle = {
  name: 'shared-cache',
  expected: 'no shared cache may store an answer (Cache-Control no-store or private, or no explicit freshness)',
  judge(exchange) {
    const r = exchange.response;
    if (r === undefined || r.status < 200 || r.status > 399) return undefined;
    const method = exchange.request.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return undefined;
    const storable =
      sharedCacheMayStore(lines(r.headers, 'cache-control'), lines(r.headers, 'expires')) &&
      (method !== 'POST' || namesItself(exchange, r.headers['content-location']));
    if (!storable) return [];
    const expires = r.headers.expires === undefined ? '' : `, Expires ${r.headers.expires}`;
    const location = method === 'POST' ? `, Content-Location ${r.headers['content-location']}` : '';
    return [`Cache-Control ${r.headers['cache-control'] ?? '(none)'}${expires}${location}`];
  },
};

export const answersCarryNoCryptoKey: Oracle = {
  name: 'crypto-key',
  expected: "no merchant's crypto_key in any answer",
  judge(exchange, { secrets }) {
    const r = exchange.response;
    if (r === undefined || secrets.length === 0) return undefined;
    const where = [['the body', r.bodyText], ...Object.entries(r.headers).map(([name, value]) => [`the ${name} header`, value])];
    return where.filter(([, text]) => secrets.some((key) => text!.includes(key))).map(([place]) => `a crypto_key in ${place}`);
  },
};
