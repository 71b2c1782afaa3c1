// Payments that must not change: read through the status method right after what might have changed them (a
// defect that acts at once is named with the request that did it), and watched for the profile's settle time at
// the end (a provider may settle a press asynchronously). Every watched payment is in processing when watching starts.
import type { Payment, RuleId } from '../../contracts/index.js';
import { eventually } from './eventually.js';
import type { Exchange } from './exchange.js';
import { CheckFailure } from './failure.js';
import { settleMs, statusOf } from './payment-page.js';
import type { ProviderApi } from './provider-api.js';

export interface Watched {
  transaction: string;
  /** Which payment it is to the reader: "payment A, whose page is fetched". */
  label: string;
}

function changed(watched: readonly Watched[], payments: readonly Payment[]): string[] {
  return payments.flatMap((p, i) =>
    p.state === 'processing' ? [] : [`${watched[i]!.label} (transaction ${watched[i]!.transaction}) is now ${JSON.stringify(p)}`],
  );
}

function fail(rule: RuleId, what: string, found: string[], exchange?: Exchange, answers?: string): never {
  throw new CheckFailure({
    rule,
    expected: `every payment still in processing after ${what}`,
    received: found.join('; ') + (answers ? `; the answers: ${answers}` : ''),
    exchange,
  });
}

/** Right now every watched payment is in processing; else a failure naming `rule`, what was done and the request that did it. */
export async function expectStillProcessing(
  api: ProviderApi,
  watched: readonly Watched[],
  rule: RuleId,
  what: string,
  exchange?: Exchange,
  answers?: string,
): Promise<void> {
  const found = changed(watched, await Promise.all(watched.map((w) => statusOf(api, w.transaction, rule))));
  if (found.length > 0) fail(rule, what, found, exchange, answers);
}

/** Every watched payment stays in processing for the profile's settle time (paymentPage.settleSeconds). */
export async function expectStaysProcessing(api: ProviderApi, watched: readonly Watched[], rule: RuleId, what: string): Promise<void> {
  const payments = await eventually(
    () => Promise.all(watched.map((w) => statusOf(api, w.transaction, rule))),
    (ps) => ps.some((p) => p.state !== 'processing'),
    settleMs(api),
  );
  const found = changed(watched, payments);
  if (found.length > 0) fail(rule, `${what} (status watched ${api.profile.paymentPage.settleSeconds} s, profile paymentPage.settleSeconds)`, found);
}

/** One status line per answer, for evidence: `GET (as a browser) → 200`. */
export function answersLine(sent: readonly { label: string; exchange: Exchange }[]): string {
  return sent
    .map(({ label, exchange }) => `${label} → ${exchange.response ? `HTTP ${exchange.response.status}` : (exchange.transportError ?? 'no answer')}`)
    .join(', ');
}
