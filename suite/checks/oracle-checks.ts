// One check per oracle (suite/harness/oracles/): at the end of the run, what the oracle judged of every exchange
// the run's checks sent, whichever check sent it. Where the run gave it nothing to judge (one area, a matrix
// target), it first sends a few requests of its own (both kinds of invoice, a status, two refusals). A finding shows
// the exchange it was found in and the check that sent it; the count of exchanges judged goes with the test.
import { test } from '@playwright/test';
import type { RuleId } from '../../contracts/index.js';
import { ANNOTATION } from '../../contracts/run-protocol.js';
import { buildInvoiceRequest, buildStatusRequest } from '../../generators/builders.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { CheckFailure } from '../harness/failure.js';
import { ledgerOf } from '../harness/ledger.js';
import { answersCarryNoCryptoKey, answersNotSharedCacheable } from '../harness/oracles/answers-kept.js';
import { answersAreInteroperable, answersAreUtf8 } from '../harness/oracles/json-text.js';
import { oracleTallyOf, type Oracle, type OracleCount } from '../harness/oracles/tally.js';
import { answersInTimeOfPeers, CANDIDATE_MS } from '../harness/oracles/answer-time.js';
import type { Exchange } from '../harness/exchange.js';
import { operationOf } from '../harness/latency.js';
import { PAYMENT_OPERATIONS } from './operations.js';
import type { ProviderApi } from '../harness/provider-api.js';

/** Every JSON answer is UTF-8 with no byte order mark (RFC 8259 8.1). */
function jsonAnswersAreUtf8(): ApiCheck {
  return oracleHolds('jsonAnswersAreUtf8', answersAreUtf8, 'PRO-JSON-UTF8', 'every JSON answer of the run is UTF-8 without a byte order mark');
}

/** Every JSON answer reads the same in every parser (RFC 8259 4, 6, 8.2; I-JSON). */
function jsonAnswersReadAlikeEverywhere(): ApiCheck {
  return oracleHolds(
    'jsonAnswersReadAlikeEverywhere',
    answersAreInteroperable,
    'PRO-JSON-INTEROPERABLE',
    'every JSON answer of the run reads the same in every JSON parser: no name twice with different values, no half surrogate pair, no integer past 2^53 - 1',
  );
}

/** No answer may be stored by a shared cache (RFC 9111). */
function answersNotKeptBySharedCaches(): ApiCheck {
  return oracleHolds(
    'answersNotKeptBySharedCaches',
    answersNotSharedCacheable,
    'PRO-SEC-ANSWER-NO-SHARED-CACHE',
    'no answer of the run may be stored by a shared cache (RFC 9111)',
  );
}

/** No answer, header or body, carries a merchant's crypto_key. */
function answersNeverCarryCryptoKey(): ApiCheck {
  return oracleHolds(
    'answersNeverCarryCryptoKey',
    answersCarryNoCryptoKey,
    'DOC-AUTH-CRYPTO_KEY-SECRET',
    "no answer of the run, header or body, carries a merchant's crypto_key",
  );
}

/** Times each slow answer's request is sent again, each beside a control. */
const REPEATS = 2;
/** A repeated answer this many times slower than the slowest control is still slow. */
const SLOWER_THAN_CONTROL = 10;

/** The request of `exchange` again: a payment with a fresh transaction, signed again; anything else as it was sent. */
function sendAgain(api: ProviderApi, exchange: Exchange): Promise<Exchange> {
  const op = operationOf(exchange.request, api.baseUrl, api.profile.paths);
  let body: unknown;
  try {
    body = JSON.parse(exchange.request.body ?? '');
  } catch {
    body = undefined;
  }
  if ((op !== 'invoice' && op !== 'account2card') || body === null || typeof body !== 'object' || Array.isArray(body)) return api.resend(exchange);
  const spec = PAYMENT_OPERATIONS[op];
  return spec.send(api, spec.fresh(api, body as Record<string, unknown>));
}

/**
 * No request of the run is answered far slower than its peers: the answers the time oracle found slow (suite/harness/
 * oracles/answer-time.ts) are asked again, each twice beside a control (a valid invoice), and one still slower than
 * CANDIDATE_MS and ten times the slowest control both times is a finding. A one-off (the network, a pause of the
 * provider's) is gone by then: no verdict rests on one sample.
 */
function answersInTimeOnRepetition(): ApiCheck {
  const rule: RuleId = 'PRO-ROBUST-INPUT-COST';
  return {
    name: 'answersInTimeOnRepetition()',
    title: `no request of the run is answered far slower than its peers: one slower than ${CANDIDATE_MS / 1000} s, sent again twice beside a valid invoice, is slower than ten times it both times`,
    rules: [rule],
    async run({ api }) {
      const count = await countOf(api, answersInTimeOfPeers);
      requireProfile(count !== undefined && count.judged > 0, 'no exchange of the run was one this oracle judges');
      test.info().annotations.push({ type: ANNOTATION.judgedExchanges, description: String(count.judged) });
      for (const f of count.findings)
        await step(`${f.exchange.request.method} ${f.exchange.request.url} (sent by ${f.by}) again`, async () => {
          const again: Exchange[] = [];
          let control = 0;
          for (let r = 0; r < REPEATS; r++) {
            control = Math.max(control, (await api.invoice(buildInvoiceRequest(api.merchant))).roundTripMs ?? Infinity);
            again.push(await sendAgain(api, f.exchange));
          }
          const slow = again.every((x) => x.roundTripMs !== undefined && x.roundTripMs > CANDIDATE_MS && x.roundTripMs > SLOWER_THAN_CONTROL * control);
          if (slow)
            throw new CheckFailure({
              rule,
              expected: `an answer within ${CANDIDATE_MS} ms or ${SLOWER_THAN_CONTROL} times a valid invoice's of the same moment`,
              received: `${f.found.join('; ')} (sent by ${f.by}); sent again: ${again.map((x) => `${Math.round(x.roundTripMs!)} ms`).join(', ')}, a valid invoice beside it at most ${Math.round(control)} ms`,
              exchange: again[again.length - 1],
            });
        });
    },
  };
}

/** The check of every oracle of suite/harness/oracles/. */
export const oracleChecks = (): ApiCheck[] => [
  jsonAnswersAreUtf8(),
  jsonAnswersReadAlikeEverywhere(),
  answersNotKeptBySharedCaches(),
  answersNeverCarryCryptoKey(),
  answersInTimeOnRepetition(),
];

/** Two invoices (credentials alternate), the status of one, a wrong signature and an empty invoice; answers unjudged here. */
async function sampleTraffic(api: ProviderApi): Promise<void> {
  const first = buildInvoiceRequest(api.merchant);
  await api.invoice(first);
  await api.invoice(buildInvoiceRequest(api.merchant));
  if (api.profile.status.enabled) await api.status(buildStatusRequest(api.merchant, first.transaction));
  await api.invoice({ ...buildInvoiceRequest(api.merchant), signature: '0'.repeat(64) });
  await api.invoice({});
}

/** What the oracle judged over the run; where the run gave it nothing, after a few requests of the check's own. */
async function countOf(api: ProviderApi, oracle: Oracle): Promise<OracleCount | undefined> {
  const ledger = ledgerOf(api);
  const count = ledger.read().oracles.get(oracle.name);
  if (count !== undefined) return count;
  await step('a few requests of its own', () => sampleTraffic(api));
  const own = oracleTallyOf(api)?.drain();
  if (own) ledger.recordOracles(own);
  return ledger.read().oracles.get(oracle.name);
}

/** `name`: the function that makes the check. */
function oracleHolds(name: string, oracle: Oracle, rule: RuleId, title: string): ApiCheck {
  return {
    name: `${name}()`,
    title,
    rules: [rule],
    async run({ api }) {
      const count = await countOf(api, oracle);
      requireProfile(count !== undefined && count.judged > 0, 'no exchange of the run was one this oracle judges');
      test.info().annotations.push({ type: ANNOTATION.judgedExchanges, description: String(count.judged) });
      const first = count.findings[0];
      if (first === undefined) return;
      const others = count.findings.slice(1).map((f) => `${f.exchange.request.method} ${f.exchange.request.url} (sent by ${f.by}): ${f.found.join('; ')}`);
      throw new CheckFailure({
        rule,
        expected: `${oracle.expected}, in each of the ${count.judged} exchanges judged`,
        received: [`${first.found.join('; ')} (sent by ${first.by})`, ...others].join('; ') + `; ${count.failed} of ${count.judged} exchanges in all`,
        exchange: first.exchange,
      });
    },
  };
}
