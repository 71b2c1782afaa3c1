// Header fields that only a proxy in front of the provider may set (X-Forwarded-*, X-Real-IP, Forwarded, and Host
// as the client names it) must not be taken from the client (OWASP ASVS 4.1.3). Two places a provider commonly takes
// them: the addresses it hands out (a payment link built from the request's host sends the payer to whoever named
// it), and the payer's address its anti-fraud judges (the document's is payload.client_ip). A provider may also
// refuse such a request outright (400, 421).
import { randomBytes } from 'node:crypto';
import type { RuleId } from '../../contracts/index.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { withAddressClient } from '../harness/address-client.js';
import type { Exchange } from '../harness/exchange.js';
import { expectNoServerError, requireAnswers, responseOf } from '../harness/expect-response.js';
import { handedOut } from '../harness/page-crawl.js';
import { CheckFailure, describeResponse } from '../harness/failure.js';
import { softly } from '../harness/findings.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { PAYMENT_OPERATIONS } from './operations.js';

const HOST_RULE: RuleId = 'PRO-SEC-FORWARDED-HOST-IGNORED';
const FOR_RULE: RuleId = 'PRO-SEC-FORWARDED-FOR-IGNORED';
/** A 5xx to a valid invoice with proxy header fields: hardening, which warns by default. */
const NO_SERVER_ERROR: RuleId = 'PRO-ROBUST-NO-SERVER-ERROR';

/** A host name of this example alone, under the reserved .invalid (RFC 6761): nothing real answers there. */
function canaryHost(): { label: string; host: string } {
  const label = `pts-canary-${randomBytes(6).toString('hex')}`;
  return { label, host: `${label}.invalid` };
}

/** The two ways a client names another host: the proxy's header fields, and Host itself (undici sends the one given). */
function hostClaims(): { what: string; label: string; headers: Record<string, string>; closesRefuse: boolean }[] {
  const proxied = canaryHost();
  const direct = canaryHost();
  return [
    {
      what: `X-Forwarded-Host, X-Host and Forwarded host= naming ${proxied.host} (X-Forwarded-Proto https)`,
      label: proxied.label,
      headers: {
        'x-forwarded-host': proxied.host,
        'x-forwarded-proto': 'https',
        'x-host': proxied.host,
        forwarded: `for=192.0.2.60;host=${proxied.host};proto=https`,
      },
      closesRefuse: false,
    },
    { what: `Host: ${direct.host}`, label: direct.label, headers: { host: direct.host }, closesRefuse: true },
  ];
}

/** The address carries the canary's label, as written or percent-decoded (an app address may carry a page address in its query). */
function carries(address: string, label: string): boolean {
  const lower = address.toLowerCase();
  let decoded = lower;
  try {
    decoded = decodeURIComponent(lower);
  } catch {
    // not percent-decodable: as written only
  }
  return lower.includes(label) || decoded.includes(label);
}

/** A valid invoice sent with a canary host named by proxy header fields, and by Host: no address handed out points there. */
export function handedOutAddressesIgnoreForwardedHost(): ApiCheck {
  return {
    name: 'handedOutAddressesIgnoreForwardedHost()',
    title:
      'a valid invoice sent with X-Forwarded-Host, X-Host and Forwarded host= naming a canary host, or with Host naming one, is refused outright or hands out a redirect_url, deeplinks and a redirect_url Location that never carry that host',
    rules: [HOST_RULE, NO_SERVER_ERROR],
    async run({ api }) {
      const spec = PAYMENT_OPERATIONS.invoice;
      const claims = hostClaims();
      const sent = await step(`${claims.length} valid invoices naming a canary host`, () =>
        Promise.all(claims.map(async (c) => ({ ...c, exchange: await spec.send(api, spec.build(api), { headers: c.headers }) }))),
      );
      // A front end that closes the connection for a Host it does not serve (nginx's 444) refuses it; the other claim's
      // answer shows the provider was there. Both lost: not judged.
      if (sent.every((c) => c.exchange.unavailable)) requireAnswers(sent.map((c) => c.exchange));
      const accepted: typeof sent = [];
      for (const c of sent) {
        if (c.exchange.unavailable && c.closesRefuse) continue;
        await softly(api, () => expectNoServerError(c.exchange, `a valid invoice with ${c.what}`, NO_SERVER_ERROR));
        const res = responseOf(c.exchange, HOST_RULE, `an answer to a valid invoice with ${c.what}`);
        if (res.status >= 200 && res.status <= 299 && typeof res.json === 'object' && res.json !== null) accepted.push(c);
      }
      for (const c of accepted) {
        const poisoned = handedOut(c.exchange.response!.json as Record<string, unknown>).filter((a) => carries(a.url, c.label));
        if (poisoned.length > 0)
          throw new CheckFailure({
            rule: HOST_RULE,
            expected: `a refusal, or addresses on the provider's own origin (the invoice was sent with ${c.what})`,
            received: poisoned.map((a) => `${a.from} ${a.url}`).join('; '),
            exchange: c.exchange,
          });
      }
      await step('redirect_url opened with the same header fields: its Location', () => locationsIgnoreClaims(api, accepted));
    },
  };
}

/** A page address that answers with a redirect, asked with the claim again (a page built from Host poisons its Location). */
async function locationsIgnoreClaims(
  api: ProviderApi,
  accepted: readonly { what: string; label: string; headers: Record<string, string>; closesRefuse: boolean; exchange: Exchange }[],
) {
  await withAddressClient(api, async (client) => {
    for (const c of accepted) {
      const url = (c.exchange.response!.json as Record<string, unknown>).redirect_url;
      if (typeof url !== 'string' || !URL.canParse(url)) continue; // the answer's shape is another check's
      const opened = await client.send(url, { method: 'GET', headers: c.headers });
      if (opened.unavailable && c.closesRefuse) continue; // the page's front end closed on the foreign Host: nothing handed out
      const location = responseOf(opened, HOST_RULE, `an answer to redirect_url opened with ${c.what}`).headers.location;
      if (location !== undefined && carries(location, c.label))
        throw new CheckFailure({
          rule: HOST_RULE,
          expected: `redirect_url, opened with ${c.what}, to send the payer nowhere near that host`,
          received: `Location ${location} in ${describeResponse(opened)}`,
          exchange: opened,
        });
    }
  });
}

/** A documentation address (RFC 5737) other than the trigger. */
function ordinaryAddress(trigger: string): string {
  return trigger === '198.51.100.23' ? '198.51.100.24' : '198.51.100.23';
}

/** The payer's address claimed the three ways a proxy writes it. */
function claimingClient(ip: string): Record<string, string> {
  return { 'x-forwarded-for': ip, 'x-real-ip': ip, forwarded: ip.includes(':') ? `for="[${ip}]"` : `for=${ip}` };
}

/** The anti-fraud verdict follows payload.client_ip alone, whatever X-Forwarded-For, X-Real-IP and Forwarded claim. */
export function antifraudIgnoresForwardedFor(): ApiCheck {
  return {
    name: 'antifraudIgnoresForwardedFor()',
    title:
      "an invoice from the anti-fraud trigger's payload.client_ip is not carried out with an ordinary address in X-Forwarded-For, X-Real-IP and Forwarded, and one from an ordinary payload.client_ip is not refused as fraud with the trigger in them",
    rules: [FOR_RULE, NO_SERVER_ERROR],
    async run({ api }) {
      const trigger = api.profile.antifraud.invoiceClientIp;
      requireProfile(trigger, 'profile antifraud.invoiceClientIp is null: no known anti-fraud trigger');
      const ordinary = ordinaryAddress(trigger);
      const spec = PAYMENT_OPERATIONS.invoice;
      const invoiceFrom = (ip: string) => spec.build(api, { payload: { client_id: 'forwarded-for-probe', client_ip: ip } });
      const [fromTrigger, fromOrdinary] = await step('two invoices whose proxy header fields claim the other address', () =>
        Promise.all([
          spec.send(api, invoiceFrom(trigger), { headers: claimingClient(ordinary) }),
          spec.send(api, invoiceFrom(ordinary), { headers: claimingClient(trigger) }),
        ]),
      );
      await softly(api, () =>
        expectNoServerError(fromTrigger, `an invoice from the trigger ${trigger} claiming ${ordinary} in its header fields`, NO_SERVER_ERROR),
      );
      const tripped = responseOf(fromTrigger, FOR_RULE, `an answer to an invoice from the trigger ${trigger}`);
      if (tripped.status >= 200 && tripped.status <= 299)
        throw new CheckFailure({
          rule: FOR_RULE,
          expected: `a refusal: payload.client_ip ${trigger} is the anti-fraud trigger, whatever X-Forwarded-For, X-Real-IP and Forwarded say (${ordinary})`,
          received: `carried out: ${describeResponse(fromTrigger)}`,
          exchange: fromTrigger,
        });
      await softly(api, () =>
        expectNoServerError(fromOrdinary, `an invoice from ${ordinary} claiming the trigger ${trigger} in its header fields`, NO_SERVER_ERROR),
      );
      const passed = responseOf(fromOrdinary, FOR_RULE, `an answer to an invoice from ${ordinary}`);
      // Any other answer passes: carried out, or refused outright for the header fields (400, 421).
      if (passed.status === api.profile.http.antifraud)
        throw new CheckFailure({
          rule: FOR_RULE,
          expected: `no anti-fraud refusal (HTTP ${api.profile.http.antifraud}): payload.client_ip ${ordinary} is ordinary; the trigger ${trigger} is only in X-Forwarded-For, X-Real-IP and Forwarded`,
          received: describeResponse(fromOrdinary),
          exchange: fromOrdinary,
        });
    },
  };
}
