// Out-of-band canaries (PRO-SEC-NO-SSRF; OWASP API7:2023, ASVS 5.0 1.3.6): every request field that holds an
// address carries, in these examples, a unique address on the suite's own listener (harness/canary-registry.ts).
// The document sends the payer to return_url; nothing in it, nor in the profile, has the provider request a
// merchant address itself. So in an API-only example (no browser is ever sent to that payment's page) any
// request that reaches a canary is a finding, reported with the field and the example. A canary a browser check
// sends the payer to is marked "payer may arrive": its visits are not judged.
import { INVOICE_DEFAULTS } from '../../generators/builders.js';
import type { Canary, CanaryHit } from '../harness/canary-registry.js';
import type { CallbackInbox } from '../harness/callback-receiver.js';
import { step, type ApiCheck } from '../harness/check.js';
import { CheckFailure } from '../harness/failure.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { acceptedInvoice } from './page-injection.js';

const RULE = 'PRO-SEC-NO-SSRF';

/** The fields of an invoice that hold an address, and what each canary's address looks like below its token. */
const ADDRESS_FIELDS = [
  { field: 'return_url', tail: '/return?order=42&lang=ru#paid' },
  { field: 'description', tail: '/orders/42' },
  { field: 'payload.webhook_url', tail: '/hooks/payments' },
  { field: 'payload.callback_url', tail: '/callback?order=42' },
  { field: 'payload.notify_url', tail: '/notify' },
  { field: 'payload.avatar', tail: '/avatar.png' },
  { field: 'payload.site', tail: '/' },
  { field: 'payload.links.terms', tail: '/terms.pdf' },
] as const;

type AddressField = (typeof ADDRESS_FIELDS)[number]['field'];

/** The provider a canary is issued for: one provider's canaries (a matrix target's) are judged apart from another's. */
function scopeOf(api: ProviderApi): string {
  return api.baseUrl;
}

/**
 * An invoice whose every address field is a canary of its own, issued for `example`; when the provider refuses
 * the canary return_url (keyed return_url alone: a loopback address may be refused), sent again without it. Its
 * page is then fetched once without a browser: a page that requests a merchant address while it is written (an
 * image proxy, a link preview) does so on the server.
 */
async function invoiceWithCanaries(api: ProviderApi, inbox: CallbackInbox, example: string): Promise<void> {
  const scope = scopeOf(api);
  const issued = await Promise.all(
    ADDRESS_FIELDS.map(async (a) => [a.field, (await inbox.issueCanary({ scope, field: a.field, example, payerMayArrive: false })).url + a.tail] as const),
  );
  const url = Object.fromEntries(issued) as Record<AddressField, string>;
  const { exchange } = await acceptedInvoice(
    api,
    {
      return_url: url.return_url,
      description: `Заказ №42, подробности: ${url.description}`,
      payload: {
        ...INVOICE_DEFAULTS.payload,
        webhook_url: url['payload.webhook_url'],
        callback_url: url['payload.callback_url'],
        notify_url: url['payload.notify_url'],
        avatar: url['payload.avatar'],
        site: url['payload.site'],
        links: { terms: url['payload.links.terms'] },
      },
    },
    'an invoice whose return_url, description and payload values are addresses is accepted',
  );
  const redirect = (exchange.response?.json as { redirect_url?: unknown } | undefined)?.redirect_url;
  // The page's own answer is judged by the page checks; here only what the provider requests while writing it.
  if (typeof redirect === 'string')
    await fetch(redirect, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(api.requestTimeoutMs) }).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    );
}

/** A request to a canary, as evidence. */
function describeHit(h: CanaryHit): string {
  const ua = h.headers['user-agent'];
  return `${h.method} ${h.path} at ${h.at}${ua === undefined ? '' : ` (User-Agent ${JSON.stringify(String(ua))})`}`;
}

/** The canaries of API-only examples that were requested: a finding each, with its field and example. */
function expectNoneRequested(canaries: readonly Canary[], listened: string): void {
  const fetched = canaries.filter((c) => !c.payerMayArrive && c.hits.length > 0);
  if (fetched.length === 0) return;
  throw new CheckFailure({
    rule: RULE,
    expected: `no request to an address the merchant sent in an example no browser was sent to (${listened})`,
    received: fetched
      .slice(0, 10)
      .map((c) => `${c.field} of ${c.example} (issued ${c.issuedAt}) requested ${c.hits.length} time(s): ${c.hits.slice(0, 3).map(describeHit).join('; ')}`)
      .concat(fetched.length > 10 ? [`and ${fetched.length - 10} more canaries`] : [])
      .join(' | '),
  });
}

/**
 * An invoice whose return_url, description and URL-shaped payload values are canaries, created and its page
 * fetched without a browser: no canary is requested by the time the answers came (a provider that checks an
 * address while it creates the invoice). Later requests are judged at the end of the run (merchantAddressesNeverFetched).
 */
export function merchantAddressesNotFetched(): ApiCheck {
  return {
    name: 'merchantAddressesNotFetched()',
    title:
      'the provider requests none of the addresses an invoice carries (return_url, the description, payload values) while it creates the invoice or writes its page',
    rules: [RULE, 'PRO-INV-SUCCESS'],
    async run({ api, inbox }) {
      const example = `merchantAddressesNotFetched() invoice at ${new Date().toISOString()}`;
      await invoiceWithCanaries(api, inbox, example);
      const { canaries } = await inbox.canaries(scopeOf(api), 0);
      expectNoneRequested(
        canaries.filter((c) => c.example === example),
        'by the time the invoice and its page were answered',
      );
    },
  };
}

/**
 * At the end of the run, every canary of an API-only example is still unrequested, listened until the profile's
 * quiet time (callbacks.quietSeconds) has passed since the last one was issued. When the run issued none for this
 * provider (an area run alone), one invoice with canaries is created here first.
 */
export function merchantAddressesNeverFetched(): ApiCheck {
  return {
    name: 'merchantAddressesNeverFetched()',
    title: 'by the end of the run the provider has requested none of the addresses the merchant sent in the examples no browser was sent to',
    rules: [RULE, 'PRO-INV-SUCCESS'],
    async run({ api, inbox }) {
      const quietMs = api.profile.callbacks.quietSeconds * 1000;
      const scope = scopeOf(api);
      if (!(await inbox.canaries(scope, 0)).canaries.some((c) => !c.payerMayArrive))
        await step('no canary issued yet: one invoice with canaries', () => invoiceWithCanaries(api, inbox, 'merchantAddressesNeverFetched() invoice'));
      const { canaries } = await inbox.canaries(scope, quietMs);
      expectNoneRequested(canaries, `listened until ${api.profile.callbacks.quietSeconds} s after the last canary was issued, profile callbacks.quietSeconds`);
    },
  };
}
