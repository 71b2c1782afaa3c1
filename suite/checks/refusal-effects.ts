// Answers against effects: a refusal means nothing was done. Every create of the run answered with a 4xx (a
// validation failure, the anti-fraud refusal, a refused spelling, whichever check sent it) is recorded in the run's
// ledger; at the end of the run the status method is asked about a sample of them, a few of each operation and
// status, and must know none of them. A transaction that another request of the run created is left out.
import type { RuleId } from '../../contracts/index.js';
import { AMOUNT_LIMITS } from '../../contracts/operation-facts.js';
import { buildInvoiceRequest, buildStatusRequest } from '../../generators/builders.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { CheckFailure, describeResponse } from '../harness/failure.js';
import { ledgerOf, type LedgerRefusal } from '../harness/ledger.js';
import type { ProviderApi } from '../harness/provider-api.js';

/** Refusals asked about per operation and status, and in all. */
const PER_KIND = 3;
const AT_MOST = 24;

/** Two refusals of the check's own, for a run that made none: an amount past the limit, and the anti-fraud trigger. */
async function ownRefusals(api: ProviderApi): Promise<void> {
  await api.invoice(buildInvoiceRequest(api.merchant, { amount: AMOUNT_LIMITS.invoice.max + 1 }));
  const trigger = api.profile.antifraud.invoiceClientIp;
  if (trigger) await api.invoice(buildInvoiceRequest(api.merchant, { payload: { client_ip: trigger } }));
}

/** A few refusals of each operation and status, the first of each kind the run made. */
function sample(refusals: readonly LedgerRefusal[], created: ReadonlySet<string>): LedgerRefusal[] {
  const taken = new Map<string, LedgerRefusal[]>();
  const asked = new Set<string>();
  for (const r of refusals) {
    if (created.has(r.transaction.toLowerCase()) || asked.has(r.transaction)) continue;
    const key = `${r.op} ${r.status}`;
    const kind = taken.get(key) ?? [];
    if (kind.length >= PER_KIND) continue;
    kind.push(r);
    asked.add(r.transaction);
    taken.set(key, kind);
  }
  return [...taken.values()].flat().slice(0, AT_MOST);
}

/** The status method knows no payment of a transaction whose create was refused (4xx). */
export function refusalsLeaveNoPayment(): ApiCheck {
  const rule: RuleId = 'PRO-REFUSAL-NO-EFFECT';
  return {
    name: 'refusalsLeaveNoPayment()',
    title: 'no payment exists of a transaction whose invoice or account to card payment was refused (4xx), whichever check sent it',
    rules: [rule],
    requests: { about: AT_MOST + 2 },
    async run({ api }) {
      requireProfile(api.profile.status.enabled, 'profile status.enabled is false: nothing shows whether a refused request created a payment');
      await step('two refusals of its own', () => ownRefusals(api));
      const { refusals, payments, lostCreates } = ledgerOf(api).read();
      const created = new Set([...payments, ...lostCreates].map((p) => p.transaction.toLowerCase()));
      for (const r of sample(refusals, created))
        await step(`the status of ${r.transaction} (${r.op} refused with HTTP ${r.status} by ${r.by})`, async () => {
          const exchange = await api.status(buildStatusRequest(api.merchant, r.transaction));
          const status = exchange.response?.status;
          if (status !== undefined && status >= 200 && status <= 299)
            throw new CheckFailure({
              rule,
              expected: `no payment of ${r.transaction}: its ${r.op === 'invoice' ? 'invoice' : 'account to card payment'} was refused with HTTP ${r.status} (sent by ${r.by}), so the status method answers ${api.profile.http.notFound}`,
              received: describeResponse(exchange),
              exchange,
            });
        });
    },
  };
}
