// The API over plain http beside an https BASE_URL: a payment carried out over plain http took the merchant's signed
// body and the payer's data in clear. OWASP ASVS 5.0 4.1.2 also asks an API not to redirect http to https (a client
// that follows a 3xx has already sent the body in clear, and follows it again): that part warns by default. The invoice
// stands for the operations: one listener serves them all.
import type { RuleId } from '../../contracts/index.js';
import { withAddressClient } from '../harness/address-client.js';
import { requireProfile, type ApiCheck } from '../harness/check.js';
import { CheckFailure, describeResponse, ProviderUnavailable } from '../harness/failure.js';
import { PAYMENT_OPERATIONS } from './operations.js';
import { expectNothingCreated, json } from './spellings.js';

const NO_PLAIN_HTTP: RuleId = 'PRO-SEC-API-NO-PLAIN-HTTP';
const NO_REDIRECT: RuleId = 'PRO-SEC-API-PLAIN-HTTP-NO-REDIRECT';

/** What the client tells of a connection the plain http side refused or closed (transport-errors.ts): no answer, a refusal. */
const REFUSED_CONNECTION = /^connection (refused|closed)/;

/**
 * With an https BASE_URL, a valid signed invoice (a fresh transaction) sent to the same path at the plain http address
 * (PLAIN_HTTP_URL) is never carried out: no 2xx, and the status method over https does not know the transaction. It is
 * best refused outright (the connection refused or closed, a 4xx): a 3xx warns by default (many fronts redirect every
 * http request to https). No answer in time, or other transport trouble, is not judged.
 */
export function apiRefusedOverPlainHttp(): ApiCheck {
  return {
    name: 'apiRefusedOverPlainHttp()',
    title: 'with an https BASE_URL, a valid invoice sent to the same path over plain http is never carried out, and best refused rather than redirected',
    rules: [NO_PLAIN_HTTP, NO_REDIRECT],
    async run({ api }) {
      const plain = api.plainHttpUrl;
      requireProfile(
        new URL(api.baseUrl).protocol === 'https:' && plain !== undefined,
        `the provider is not behind TLS (BASE_URL ${new URL(api.baseUrl).origin} is http): there is no plain http address to refuse the API on`,
      );
      const c = json(api, 'invoice', PAYMENT_OPERATIONS.invoice.build(api));
      const url = `${plain}${api.profile.paths.invoice}`;
      const expected = `the invoice sent over plain http (${url}) not carried out: the connection refused or closed, or a 4xx such as 400, 403 or 426, with nothing created`;
      const exchange = await withAddressClient(api, (client) =>
        client.send(url, { method: 'POST', headers: c.request.headers, body: c.request.body.toString('utf8') }),
      );
      const res = exchange.response;
      // Refused or closed: the API is not served over http (what the closing side read is the status method's to tell).
      // Any other trouble leaves the http side unasked: not judged, and judged so already (the loss judge would send the
      // same invoice again to BASE_URL, where it is a valid request).
      if (res === undefined && !REFUSED_CONNECTION.test(exchange.transportError ?? '')) throw new ProviderUnavailable(exchange, true);
      if (res !== undefined && res.status >= 200 && res.status <= 299)
        throw new CheckFailure({ rule: NO_PLAIN_HTTP, expected, received: `carried out over plain http: ${describeResponse(exchange)}`, exchange });
      await expectNothingCreated(api, c, exchange, expected, NO_PLAIN_HTTP);
      if (res !== undefined && res.status >= 300 && res.status <= 399)
        throw new CheckFailure({
          rule: NO_REDIRECT,
          expected: `${expected}; refused outright, not redirected`,
          received: `HTTP ${res.status} redirect to ${res.headers.location ?? '(no Location)'}: the signed invoice crossed the network in clear before the redirect was read, and a client that follows it never learns of the mistake (${describeResponse(exchange)})`,
          exchange,
        });
    },
  };
}
