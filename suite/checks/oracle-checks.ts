// One check per oracle (suite/harness/oracles/): at the end of the run, what the oracle judged of every exchange
// the run's checks sent, whichever check sent it. Each first sends a few requests of its own (both kinds of
// invoice, a status, two refusals), so that a short run (one area, a matrix target) still gives it something to
// judge. A finding shows the exchange it was found in and the check that sent it; the count of exchanges judged
// goes with the test.
import { test } from '@playwright/test';
import { ANNOTATION } from '../../contracts/run-protocol.js';
import { buildInvoiceRequest, buildStatusRequest } from '../../generators/builders.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { CheckFailure } from '../harness/failure.js';
import { ledgerOf } from '../harness/ledger.js';
import { ORACLES } from '../harness/oracles/index.js';
import { oracleTallyOf, type Oracle } from '../harness/oracles/tally.js';
import type { ProviderApi } from '../harness/provider-api.js';

/** The check of every oracle. */
export const oracleChecks = (): ApiCheck[] => ORACLES.map(oracleHolds);

/** Two invoices (credentials alternate), the status of one, a wrong signature and an empty invoice; answers unjudged here. */
async function sampleTraffic(api: ProviderApi): Promise<void> {
  const first = buildInvoiceRequest(api.merchant);
  await api.invoice(first);
  await api.invoice(buildInvoiceRequest(api.merchant));
  if (api.profile.status.enabled) await api.status(buildStatusRequest(api.merchant, first.transaction));
  await api.invoice({ ...buildInvoiceRequest(api.merchant), signature: '0'.repeat(64) });
  await api.invoice({});
}

function oracleHolds(oracle: Oracle): ApiCheck {
  return {
    name: `oracleHolds(${oracle.name})`,
    title: oracle.title,
    rules: [oracle.rule],
    async run({ api }) {
      await step('a few requests of its own', () => sampleTraffic(api));
      const own = oracleTallyOf(api)?.drain();
      if (own) ledgerOf(api).recordOracles(own);
      const count = ledgerOf(api).read().oracles.get(oracle.name);
      requireProfile(count !== undefined && count.judged > 0, 'no exchange of the run was one this oracle judges');
      test.info().annotations.push({ type: ANNOTATION.judgedExchanges, description: String(count.judged) });
      const first = count.findings[0];
      if (first === undefined) return;
      const others = count.findings.slice(1).map((f) => `${f.exchange.request.method} ${f.exchange.request.url} (sent by ${f.by}): ${f.found.join('; ')}`);
      throw new CheckFailure({
        rule: oracle.rule,
        expected: `${oracle.expected}, in each of the ${count.judged} exchanges judged`,
        received: [`${first.found.join('; ')} (sent by ${first.by})`, ...others].join('; ') + `; ${count.failed} of ${count.judged} exchanges in all`,
        exchange: first.exchange,
      });
    },
  };
}
