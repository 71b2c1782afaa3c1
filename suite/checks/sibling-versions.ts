// The documented operations live under /api/v1/ (Versioning). A provider that still routes an older version, or
// already a newer one, beside it must not carry out there what v1 refuses (OWASP API9:2023, Improper Inventory
// Management: an old version left running without the checks of the current one). The same invoice, invalid
// only by its signature or only by its amount, is sent to the operation under the nearby versions; absent (404),
// refused in any way (405, 401, 422, ...) or checked as v1 checks it passes; carried out fails.
import type { RuleId } from '../../contracts/index.js';
import { AMOUNT_LIMITS } from '../../generators/amounts.js';
import { flipHexDigit } from '../../generators/variants/signature.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { responseOf } from '../harness/expect-response.js';
import type { Exchange } from '../harness/exchange.js';
import { CheckFailure } from '../harness/failure.js';
import { PAYMENT_OPERATIONS } from './operations.js';
import type { Body } from './signed-operations.js';

const RULE: RuleId = 'PRO-SEC-NO-STALE-API-VERSION';
const V1 = '/api/v1/';
/** Where an older or newer version of the operation, or an unversioned one, would be routed. */
const SIBLINGS = ['/api/v0/', '/api/v2/', '/api/', '/v1/'] as const;

/** The request invalid in one way only: what v1 refuses it for. */
const INVALID: readonly { what: string; make(build: (o?: Record<string, unknown>) => Body): Body }[] = [
  { what: 'a wrong signature', make: (build) => ((b) => ({ ...b, signature: flipHexDigit(String(b.signature), 7) }))(build()) },
  { what: 'an amount one over the limit, signed', make: (build) => build({ amount: AMOUNT_LIMITS.invoice.max + 1 }) },
];

/** A 2xx that made a payment: it names one or hands out its page (a 2xx that only echoes the transaction may be a refusal). */
function carriedOut(exchange: Exchange): boolean {
  const res = responseOf(exchange, RULE, 'an answer from the sibling path');
  if (res.status < 200 || res.status > 299) return false;
  const json = res.json;
  if (typeof json !== 'object' || json === null) return false;
  const r = json as Record<string, unknown>;
  return (typeof r.payment === 'object' && r.payment !== null) || typeof r.redirect_url === 'string';
}

/** What a carried-out answer made, in a few words: its status and payment. */
function made(exchange: Exchange): string {
  const json = exchange.response?.json as Record<string, unknown> | undefined;
  const payment = json?.payment as Record<string, unknown> | undefined;
  return `HTTP ${exchange.response?.status}${payment ? `, payment ${JSON.stringify({ id: payment.id, state: payment.state })}` : ''}${typeof json?.redirect_url === 'string' ? `, redirect_url ${json.redirect_url}` : ''}`;
}

/** The invoice under /api/v0/, /api/v2/, /api/ and /v1/: never carried out with a wrong signature or an amount out of range. */
export function siblingVersionsRefuseWhatV1Refuses(): ApiCheck {
  return {
    name: 'siblingVersionsRefuseWhatV1Refuses()',
    title:
      'an invoice with a wrong signature, or an amount over the limit, sent to the invoice operation under /api/v0/, /api/v2/, /api/ or /v1/ is absent or refused there: no other version carries out what /api/v1/ refuses',
    rules: [RULE],
    async run({ api }) {
      const path = api.profile.paths.invoice;
      requireProfile(path.startsWith(V1), `profile paths.invoice ${path} is not under ${V1}: no sibling version to derive`);
      const spec = PAYMENT_OPERATIONS.invoice;
      const build = (o?: Record<string, unknown>) => spec.build(api, o);
      const cases = SIBLINGS.flatMap((sibling) => INVALID.map((inv) => ({ at: sibling + path.slice(V1.length), what: inv.what, body: inv.make(build) })));
      const sent = await step(`${cases.length} invalid invoices to ${SIBLINGS.join(', ')}`, () =>
        Promise.all(cases.map(async (c) => ({ ...c, exchange: await api.postJson(c.at, c.body) }))),
      );
      const taken = sent.filter((c) => carriedOut(c.exchange));
      const first = taken[0];
      if (!first) return;
      throw new CheckFailure({
        rule: RULE,
        expected: `the invoice operation under another version than ${V1} absent, refused, or checking as ${V1} does (it refuses ${INVALID.map((i) => i.what).join(' and ')})`,
        received: taken.map((c) => `${c.what} sent to ${c.at} carried out: ${made(c.exchange)}`).join('; '),
        exchange: first.exchange,
      });
    },
  };
}
