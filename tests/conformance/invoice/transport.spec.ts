// Transport rules on the invoice path (the same rules run on every documented path in their areas).
import { test, rule } from '../../harness/rule.js';
import { expectStatus, expectJsonContentType } from '../../harness/expect-response.js';
import { CheckFailure } from '../../harness/failure.js';

const OTHER_METHODS = ['GET', 'PUT', 'PATCH', 'DELETE'];

test(...rule(['PRO-HTTP-405', 'DOC-HTTP-POST'], 'methods other than POST on the invoice path get 405'), async ({ api }) => {
  for (const method of OTHER_METHODS) {
    const exchange = await api.request(method, api.profile.paths.invoice, method === 'GET' || method === 'DELETE' ? undefined : '{}', { 'content-type': 'application/json' });
    expectStatus(exchange, 'PRO-HTTP-405', api.profile.http.methodNotAllowed, `${method} is not allowed`);
  }
});

test(...rule('PRO-HTTP-CONTENT-TYPE', 'validation and error answers on the invoice path are application/json'), async ({ api }) => {
  for (const raw of ['{}', '{', '[]']) {
    const exchange = await api.invoice(undefined, { rawBody: raw });
    expectJsonContentType(exchange, 'PRO-HTTP-CONTENT-TYPE');
  }
});

test(...rule('DOC-VER-PATH', 'the invoice operation lives under /api/v1/'), async ({ api }) => {
  if (!api.profile.paths.invoice.startsWith('/api/v1/'))
    throw new CheckFailure({ rule: 'DOC-VER-PATH', expected: 'a path under /api/v1/', received: `profile paths.invoice ${api.profile.paths.invoice}` });
  const exchange = await api.invoice({});
  if (exchange.response?.status === 404)
    throw new CheckFailure({ rule: 'DOC-VER-PATH', expected: 'the operation to exist at its versioned path', received: 'HTTP 404', exchange });
});
