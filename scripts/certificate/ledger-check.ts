// The ledger of a certificate against the sandbox that is said to have answered it: for a sample of its payments,
// the status method (the profile's, signed as the suite signs it) must know the transaction, with the same id and
// created_at. A payment the sandbox does not know, or knows otherwise, disagrees; a request the sandbox did not
// answer (unreachable, 5xx, no answer in time) or refused for another reason leaves that payment not judged.
import { randomInt } from 'node:crypto';
import type { Profile } from '../../contracts/index.js';
import type { LedgerExport, LedgerExportEntry } from '../../contracts/run-protocol.js';
import { buildStatusRequest } from '../../generators/builders.js';
import { HttpClient } from '../../suite/harness/client.js';
import type { Settings } from '../../suite/runner/settings.js';

interface LedgerJudgement {
  /** Payments asked about, in ledger order. */
  sampled: number;
  /** One line per payment the sandbox disagrees with, in ledger order. */
  disagreements: string[];
  /** One line per payment whose status request got no usable answer. */
  notJudged: string[];
}

/** `size` entries drawn at random (all when there are fewer), in ledger order: the merchant cannot know which are asked. */
function sampleOf<T>(entries: readonly T[], size: number): T[] {
  if (size >= entries.length) return [...entries];
  const indices = [...entries.keys()];
  for (let i = 0; i < size; i++) {
    const j = i + randomInt(indices.length - i);
    [indices[i], indices[j]] = [indices[j], indices[i]];
  }
  return indices
    .slice(0, size)
    .sort((a, b) => a - b)
    .map((i) => entries[i]);
}

const shown = (v: unknown) => JSON.stringify(v) ?? 'nothing';

function judge(entry: LedgerExportEntry, status: number, json: unknown, profile: Profile): { disagrees?: string; notJudged?: string } {
  const name = `payment ${entry.transaction} (id ${shown(entry.id)})`;
  if (status === profile.http.notFound) return { disagrees: `${name}: the sandbox does not know this transaction (HTTP ${status})` };
  const payment = (json as { payment?: { id?: unknown; created_at?: unknown } } | undefined)?.payment;
  if (status !== profile.http.success || payment === null || typeof payment !== 'object')
    return { notJudged: `${name}: the status method answered HTTP ${status}${payment === undefined ? ' without a payment' : ''}` };
  if (shown(payment.id) !== shown(entry.id) || shown(payment.created_at) !== shown(entry.created_at))
    return {
      disagrees: `${name}: the ledger says id ${shown(entry.id)}, created_at ${shown(entry.created_at)}; the sandbox says id ${shown(payment.id)}, created_at ${shown(payment.created_at)}`,
    };
  return {};
}

/** Asks the sandbox (settings.baseUrl with the merchant's credentials) about a sample of the ledger's payments. */
export async function checkLedger(ledger: LedgerExport, settings: Settings, profile: Profile, sample: number): Promise<LedgerJudgement> {
  const client = new HttpClient({
    baseUrl: settings.baseUrl!,
    timeoutSeconds: settings.requestTimeoutSeconds,
    ratePerSecond: settings.rateLimit,
    retryAfterStatuses: profile.http.retryAfter,
    breakerStateFile: null,
  });
  const merchant = { apiKey: settings.apiKey!, cryptoKey: settings.cryptoKey! };
  const chosen = sampleOf(ledger.payments, sample);
  const judgement: LedgerJudgement = { sampled: chosen.length, disagreements: [], notJudged: [] };
  try {
    for (const entry of chosen) {
      const body = JSON.stringify(buildStatusRequest(merchant, entry.transaction));
      const exchange = await client.send({ path: profile.paths.status, body, headers: { 'content-type': 'application/json' } });
      const r = exchange.response;
      if (r === undefined || exchange.unavailable || r.status >= 500) {
        judgement.notJudged.push(`payment ${entry.transaction}: ${exchange.transportError ?? (r ? `HTTP ${r.status}` : 'no answer')}`);
        continue;
      }
      const verdict = judge(entry, r.status, r.json, profile);
      if (verdict.disagrees) judgement.disagreements.push(verdict.disagrees);
      if (verdict.notJudged) judgement.notJudged.push(verdict.notJudged);
    }
  } finally {
    await client.close();
  }
  return judgement;
}
