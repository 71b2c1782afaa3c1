import fc from 'fast-check';
import { domainToASCII } from 'node:url';
import { classed, selectClasses, valueClass, type ValueClass } from './classed.js';
import { VERY_LONG_MAX, VERY_LONG_MIN } from './freeText.js';

// Shortest first: fc.constantFrom shrinks toward its first value.
const MERCHANT_HOSTS = ['example.com', 'shop.example', 'магазин.example', 'pay.example.org', 'xn--80aswg.example', 'merchant.example.net:8443'];
const PATH_SEGMENTS = ['return', 'orders', 'payment', 'done', 'success', 'checkout', 'ru', 'en', 'заказ'];
const ASCII_HOSTS = ['example.com', 'shop.example', 'pay.example.org', 'merchant.example.net'];
// Internationalised names, sent as their punycode (A-label) form: the contract reads "string, URL" as
// an RFC 3986 URI, which is ASCII only, so a raw Unicode host (an IRI) is not generated.
const IDN_HOSTS = ['магазин.рф', 'ёлка.рф', 'пример.испытание', '例え.テスト', 'مثال.إختبار', 'bücher.example', '😀.example'].map((h) => {
  const ascii = domainToASCII(h);
  if (ascii === '') throw new Error(`returnUrl: no punycode form for '${h}'`);
  return ascii;
});
// Documentation address ranges (RFC 5737, RFC 3849); a return URL is only ever opened by the user's browser.
const IPV4_HOSTS = fc.tuple(fc.constantFrom('192.0.2', '198.51.100', '203.0.113'), fc.integer({ min: 1, max: 254 })).map(([n, h]) => `${n}.${h}`);
const IPV6_HOSTS = fc
  .tuple(fc.constantFrom('2001:db8::', '2001:db8:0:0:1::', '::ffff:192.0.2.', '2001:DB8:A::'), fc.integer({ min: 1, max: 254 }))
  .map(([p, n]) => `[${p}${p.endsWith('.') ? n : n.toString(16)}]`);
const PORTS = ['1', '80', '443', '8080', '8443', '65535', ''];
const SAFE_SEGMENTS = ['return', 'orders', 'done', 'v2', 'a.b', '~user', 'x_y', "it's", '(1)', 'a+b', '*', '!', 'a=b;c', '@me', '..', '.'];
const ENCODED_SEGMENTS = ['заказ', 'réussi', 'дата 1', '😀', 'a/b', '100%', '#hash', '?q'].map(encodeURIComponent);
const QUERY_KEYS = ['order', 'order_id', 'utm_source', 'lang', 'a', 'redirect', 'q', 'пример', 'x[]'];
const QUERY_VALUES = ['1', '', 'ru', 'заказ №7', 'a b+c', 'https://shop.example/ok?x=1&y=2', "it's(ok)!", '😀', '%'];
const FRAGMENTS = ['', 'top', 'section-2', '/spa/route?tab=1', 'a:b@c', encodeURIComponent('раздел')];

/**
 * RFC 3986 `pchar`s: unreserved and sub-delimiter ASCII, or any other code point (astral plane included)
 * percent-encoded as UTF-8. Composed here rather than taken from `fc.webUrl`: fast-check builds its
 * percent-encoding unit by mapping every Unicode code point once per process, about a second of CPU in
 * every worker and child run that draws a return_url.
 */
const PCHAR_ASCII = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', ...'-._~', ..."!$&'()*+,;=", ':', '@'];
const PERCENT_ENCODED = fc
  .oneof(fc.integer({ min: 0x00, max: 0x7f }), fc.integer({ min: 0x80, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0x10ffff }))
  .map((cp) =>
    encodeURIComponent(String.fromCodePoint(cp)).replace(/^[A-Za-z0-9\-_.!~*'()]$/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`),
  );
const PCHAR = fc.oneof({ arbitrary: fc.constantFrom(...PCHAR_ASCII), weight: 6 }, { arbitrary: PERCENT_ENCODED, weight: 1 });
const pchars = (extra: string[], maxLength: number) =>
  fc
    .array(extra.length > 0 ? fc.oneof({ arbitrary: PCHAR, weight: 8 }, { arbitrary: fc.constantFrom(...extra), weight: 1 }) : PCHAR, { maxLength })
    .map((a) => a.join(''));

/** Any web URL: http(s), a random domain, path segments, query and fragment of any pchars (what `fc.webUrl` draws). */
function genericWebUrl(): fc.Arbitrary<string> {
  return fc
    .tuple(
      scheme,
      fc.webAuthority(),
      fc.array(pchars([], 12), { maxLength: 5 }),
      fc.option(pchars(['/', '?'], 30), { nil: undefined }),
      fc.option(pchars(['/', '?'], 20), { nil: undefined }),
    )
    .map(
      ([s, host, segments, q, f]) => `${s}://${host}${segments.map((x) => `/${x}`).join('')}${q === undefined ? '' : `?${q}`}${f === undefined ? '' : `#${f}`}`,
    );
}

/** Options of {@link returnUrl}. */
export interface ReturnUrlConstraints {
  /** Also draw any web URL (random hosts, paths, queries, fragments, percent-encoded Unicode): the `generic-web-url` class. Default true. */
  withWebUrl?: boolean;
  /** Names of the classes to draw from (see {@link returnUrlClasses}). Default all. */
  classes?: readonly string[];
}

/** The parts of an absolute http(s) URL as written, without normalising anything (letter case, empty port). */
export function urlParts(u: string): {
  scheme: string;
  host: string;
  port: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
} {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/(\[[^\]]*\]|[^/?#:]*)(?::([0-9]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(u);
  if (!m) throw new Error(`urlParts: not an absolute URL with an authority: '${u}'`);
  return { scheme: m[1]!, host: m[2]!, port: m[3], path: m[4]!, query: m[5], fragment: m[6] };
}

const parts = (u: string) => {
  try {
    return urlParts(u);
  } catch {
    return undefined;
  }
};

/** A merchant-like address: https host, a short path, an optional order query. */
function merchantUrl(): fc.Arbitrary<string> {
  return fc
    .record({
      host: fc.constantFrom(...MERCHANT_HOSTS),
      path: fc.array(fc.constantFrom(...PATH_SEGMENTS), { maxLength: 3 }),
      order: fc.option(fc.integer({ min: 1, max: 99_999_999 }), { nil: undefined }),
    })
    .map(({ host, path, order }) => {
      const u = new URL(`https://${host}/`);
      u.pathname = '/' + path.join('/');
      if (order !== undefined) u.searchParams.set('order', String(order));
      return u.href;
    });
}

const scheme = fc.constantFrom('https', 'http');
const path = (segments: readonly string[], max = 4): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...segments), { maxLength: max }).map((s) => '/' + s.join('/'));
const query = (minPairs: number): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.constantFrom(...QUERY_VALUES), fc.boolean()), { minLength: minPairs, maxLength: 5 })
    .map((ps) => ps.map(([k, v, bare]) => (bare && v === '' ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)).join('&'));

/** `scheme://host` + rest, where rest comes from `rest`. */
const url = (host: fc.Arbitrary<string>, rest: fc.Arbitrary<string> = path(PATH_SEGMENTS.map(encodeURIComponent))): fc.Arbitrary<string> =>
  fc.tuple(scheme, host, rest).map(([s, h, r]) => `${s}://${h}${r}`);

/** 10 000 to 16 384 characters: a long path and a long query built from short pieces; shrinks toward the shortest. */
function veryLongUrl(): fc.Arbitrary<string> {
  return fc
    .tuple(
      scheme,
      fc.constantFrom(...ASCII_HOSTS),
      fc.array(fc.constantFrom(...SAFE_SEGMENTS.slice(0, 6), ...ENCODED_SEGMENTS), { minLength: 1, maxLength: 6 }),
      fc.integer({ min: VERY_LONG_MIN, max: VERY_LONG_MAX }),
    )
    .map(([s, host, segs, length]) => {
      const head = `${s}://${host}/`;
      const pathPart = segs.join('/');
      let out = head;
      // Half path, half query: providers limit either.
      while (out.length < head.length + length / 2) out += `${pathPart}/`;
      out += '?';
      for (let i = 0; out.length < length; i++) out += `k${i % 1000}=${pathPart.replace(/[/]/g, '-')}&`;
      // Never end inside a percent-encoding (or on a bare separator): same length, 'x' instead.
      return out.slice(0, length).replace(/[%&?/][0-9A-Fa-f]?$/, (m) => 'x'.repeat(m.length));
    });
}

/**
 * The value classes of `return_url`, which the profile requires to be an absolute http(s) URL
 * (the contract: an RFC 3986 URI): `merchant-https` (merchant-like addresses), `http-scheme`,
 * `letter-case` (upper-case scheme and host: both case-insensitive), `explicit-port` (1, 80,
 * 443, 65535, or empty, which RFC 3986 and the URL Standard both allow), `query-string`
 * (repeated and empty parameters, UTF-8 and a whole URL percent-encoded), `fragment` (empty
 * included), `idn-host` (punycode), `ipv4-host`, `ipv6-host` (IPv4-mapped and upper-case hex
 * included), `encoded-path` (percent-encoded UTF-8, dot segments, sub-delimiters), `very-long`
 * (10 000+ characters: no limit is stated), `host-forms` (trailing dot, a single label, eight
 * labels, a 63-character label, a 253-character name), `bare-origin` (no path at all) and
 * `generic-web-url` (any valid URL: random domain, path, query and fragment of percent-encoded
 * Unicode included). No user:password@ part: the URL
 * Standard allows no credentials in a valid URL string.
 */
export function returnUrlClasses(constraints: ReturnUrlConstraints = {}): ValueClass<string>[] {
  const label63 = 'a'.repeat(62) + 'z';
  // The longest DNS name, 253 characters: three labels of 63, one to fill, and 'example'.
  const longName = [label63, label63, label63, 'b'.repeat(253 - 3 * 64 - 'example'.length - 1), 'example'].join('.');
  const all: ValueClass<string>[] = [
    valueClass('merchant-https', merchantUrl(), (u) => u.startsWith('https://'), 4),
    valueClass(
      'http-scheme',
      url(fc.constantFrom(...ASCII_HOSTS)).map((u) => u.replace(/^https?:/, 'http:')),
      (u) => /^http:\/\//.test(u),
    ),
    valueClass(
      'letter-case',
      fc.tuple(url(fc.constantFrom(...ASCII_HOSTS)), fc.boolean()).map(([u, wholePath]) => {
        const p = urlParts(u);
        return `${p.scheme.toUpperCase()}://${p.host.toUpperCase()}${wholePath ? p.path.toUpperCase() : p.path}`;
      }),
      (u) => /[A-Z]/.test((parts(u)?.scheme ?? '') + (parts(u)?.host ?? '')),
    ),
    valueClass(
      'explicit-port',
      url(fc.tuple(fc.constantFrom(...ASCII_HOSTS), fc.constantFrom(...PORTS)).map(([h, p]) => `${h}:${p}`)),
      (u) => parts(u)?.port !== undefined,
    ),
    valueClass(
      'query-string',
      fc.tuple(url(fc.constantFrom(...ASCII_HOSTS)), query(2)).map(([u, q]) => `${u}?${q}`),
      (u) => (parts(u)?.query ?? '').includes('&'),
    ),
    valueClass(
      'fragment',
      fc
        .tuple(url(fc.constantFrom(...ASCII_HOSTS)), fc.option(query(1), { nil: undefined }), fc.constantFrom(...FRAGMENTS))
        .map(([u, q, f]) => `${u}${q === undefined ? '' : `?${q}`}#${f}`),
      (u) => parts(u)?.fragment !== undefined,
    ),
    valueClass('idn-host', url(fc.constantFrom(...IDN_HOSTS)), (u) => /(^|\.)xn--/.test(parts(u)?.host ?? '')),
    valueClass('ipv4-host', url(IPV4_HOSTS), (u) => /^[0-9]{1,3}(\.[0-9]{1,3}){3}$/.test(parts(u)?.host ?? '')),
    valueClass('ipv6-host', url(IPV6_HOSTS), (u) => (parts(u)?.host ?? '').startsWith('[')),
    valueClass(
      'encoded-path',
      fc
        .tuple(
          url(fc.constantFrom(...ASCII_HOSTS), path(SAFE_SEGMENTS)),
          fc.array(fc.constantFrom(...ENCODED_SEGMENTS), { minLength: 1, maxLength: 3 }),
          fc.boolean(),
        )
        .map(([u, enc, slash]) => `${u.replace(/\/$/, '')}/${enc.join('/')}${slash ? '/' : ''}`),
      (u) => /%[0-9A-F]{2}/i.test(parts(u)?.path ?? ''),
    ),
    valueClass('very-long', veryLongUrl(), (u) => u.length >= VERY_LONG_MIN),
    valueClass('host-forms', url(fc.constantFrom('shop.example.', 'localhost', 'intranet', `${label63}.example`, 'a.b.c.d.e.f.g.example', longName)), (u) => {
      const host = parts(u)?.host ?? '';
      return host.endsWith('.') || !host.includes('.') || host.split('.').length >= 8 || host.split('.').some((l) => l.length === 63);
    }),
    valueClass(
      'bare-origin',
      fc.tuple(scheme, fc.constantFrom(...ASCII_HOSTS, ...IDN_HOSTS)).map(([s, h]) => `${s}://${h}`),
      (u) => parts(u)?.path === '' && parts(u)?.query === undefined && parts(u)?.fragment === undefined,
    ),
  ];
  if (constraints.withWebUrl ?? true) {
    all.push(valueClass('generic-web-url', genericWebUrl(), (u) => /^https?:\/\//.test(u)));
  }
  return selectClasses('returnUrl', all, constraints.classes);
}

/**
 * An absolute http(s) URL: drawn from {@link returnUrlClasses}, class i at run i of a property's
 * first runs, then by weight (merchant-like https addresses most often).
 */
export function returnUrl(constraints: ReturnUrlConstraints = {}): fc.Arbitrary<string> {
  return classed('returnUrl', returnUrlClasses(constraints));
}
