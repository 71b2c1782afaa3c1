import fc from 'fast-check';

// Shortest first: fc.constantFrom shrinks toward its first value.
const MERCHANT_HOSTS = ['example.com', 'shop.example', 'магазин.example', 'pay.example.org', 'xn--80aswg.example', 'merchant.example.net:8443'];
const PATH_SEGMENTS = ['return', 'orders', 'payment', 'done', 'success', 'checkout', 'ru', 'en', 'заказ'];

/** Options of {@link returnUrl}. */
export interface ReturnUrlConstraints {
  /** Also draw from `fc.webUrl` (arbitrary hosts, paths, queries, fragments), not only merchant-like addresses. Default true. */
  withWebUrl?: boolean;
}

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

/** An absolute https URL: merchant-like addresses, and generic ones from `fc.webUrl`. */
export function returnUrl(constraints: ReturnUrlConstraints = {}): fc.Arbitrary<string> {
  const withWebUrl = constraints.withWebUrl ?? true;
  if (!withWebUrl) return merchantUrl();
  return fc.oneof(
    { arbitrary: merchantUrl(), weight: 2 },
    { arbitrary: fc.webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: true }), weight: 1 },
  );
}
