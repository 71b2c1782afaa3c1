// Addresses (profile: return_url an absolute http(s) URL, payload.client_ip an IPv4 or IPv6 address), in the
// forms attacks and careless parsers use. What the profile decides is judged: javascript:, data:, file: and
// scheme-relative URLs are no absolute http(s) URL (ASVS 5.0 1.2.2); a network, a port, brackets, a name or a
// list is no address; an IPv4-mapped IPv6 address is one. What it leaves open (credentials in a URL, loopback
// and metadata hosts, a raw CR LF, the forms inet_aton reads) may be taken or refused keyed by the field, never
// answered with a server error. The provider never fetches return_url (it sends the payer there), so an
// internal host is no request forgery here (API7:2023 does not apply).
import { notAnAddressVariants, ODD_VALID_ADDRESSES, OPEN_ADDRESSES, unsafeReturnUrlVariants } from '../../generators/variants/index.js';
import { buildInvoiceRequest } from '../../generators/builders.js';
import { expectNoServerError, expectStatus } from '../harness/expect-response.js';
import { expectEachRejected, expectProfileValidation } from '../harness/variants.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { step, type ApiCheck } from '../harness/check.js';
import { eachAtOnce } from '../harness/at-once.js';

/** An address the profile leaves open: taken, or refused keyed by its field (the field's rule when keyed otherwise). */
async function expectTakenOrRefusedKeyed(api: ProviderApi, field: 'return_url' | 'payload.client_ip', value: string, what: string): Promise<void> {
  const base = buildInvoiceRequest(api.merchant);
  // The digest is over api_key, transaction and amount: the body stays correctly signed.
  const body = field === 'return_url' ? { ...base, return_url: value } : { ...base, payload: { ...base.payload, client_ip: value } };
  const exchange = await api.invoice(body);
  const res = expectNoServerError(exchange, `${field} ${what}`);
  if (res.status >= 200 && res.status <= 299) return;
  expectProfileValidation(api, exchange, {
    rule: field === 'return_url' ? 'PRO-VAL-RETURN_URL' : 'PRO-VAL-CLIENT_IP',
    breaks: [field],
  });
}

/** javascript: (any case, with an http URL after it), data:, file: and scheme-relative return_urls are refused keyed return_url. */
export function unsafeReturnUrlsRefused(): ApiCheck {
  return {
    name: 'unsafeReturnUrlsRefused()',
    title:
      'an invoice return_url with javascript: (in any letter case, with an https URL after it), data: or file:, or without a scheme, is refused keyed return_url; credentials, loopback and metadata hosts and a raw CR LF are taken or refused keyed return_url',
    rules: ['PRO-VAL-RETURN_URL', 'PRO-ERR-SERVER'],
    async run({ api }) {
      await expectEachRejected(api, 'invoice', unsafeReturnUrlVariants(api.merchant), 'unsafe return_url variants');
      await eachAtOnce(
        api.atOnce,
        OPEN_ADDRESSES.filter((x) => x.field === 'return_url'),
        (a) => step(`return_url ${a.what} (taken or refused)`, () => expectTakenOrRefusedKeyed(api, a.field, a.value, a.what)),
      );
    },
  };
}

/** A network, a port, brackets, a host name or a list as client_ip is refused; an IPv4-mapped IPv6 address is taken. */
export function clientIpNotationsJudged(): ApiCheck {
  return {
    name: 'clientIpNotationsJudged()',
    title:
      'an invoice payload.client_ip with a prefix length or a port, in brackets, a host name or a list of two is refused keyed payload.client_ip; ::ffff:127.0.0.1 is taken; inet_aton forms (127.1, 0x7f.0.0.1, 2130706433) are taken or refused keyed',
    rules: ['PRO-VAL-CLIENT_IP', 'DOC-INV-REQ-CLIENT_IP', 'PRO-ERR-SERVER'],
    async run({ api }) {
      await expectEachRejected(api, 'invoice', notAnAddressVariants(api.merchant), 'client_ip texts that are not an address');
      await eachAtOnce(api.atOnce, ODD_VALID_ADDRESSES, (ip) =>
        step(`client_ip ${ip} (an IPv6 address: taken)`, async () => {
          const base = buildInvoiceRequest(api.merchant);
          expectStatus(
            await api.invoice({ ...base, payload: { ...base.payload, client_ip: ip } }),
            'DOC-INV-REQ-CLIENT_IP',
            api.profile.http.success,
            `client_ip ${ip} is an IPv6 address`,
          );
        }),
      );
      await eachAtOnce(
        api.atOnce,
        OPEN_ADDRESSES.filter((x) => x.field === 'payload.client_ip'),
        (a) => step(`client_ip ${a.what} (taken or refused)`, () => expectTakenOrRefusedKeyed(api, a.field, a.value, a.what)),
      );
    },
  };
}
