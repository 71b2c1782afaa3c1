// Unavailability is judged by what it follows. A request that still met transport trouble after its tries (a
// connection lost, a gateway answer) is sent again later, after a control: a plain valid request of the same
// operation. The control answered and the same input lost again: the provider fails on that input, which breaks
// the profile's "any failure of the provider itself" (PRO-ERR-SERVER: generated input never causes one) whatever
// the network. The control lost too, or the input answered the second time: the network's or the service's
// trouble of the moment, and the check stays not judged.
import { randomUUID } from 'node:crypto';
import type { Operation } from '../../contracts/operations.js';
import { buildAccount2CardRequest, buildInvoiceRequest, buildStatusRequest } from '../../generators/builders.js';
import { vehicleFile } from '../../generators/vehicle-files.js';
import type { Exchange } from './exchange.js';
import { CheckFailure, ProviderUnavailable } from './failure.js';
import type { ProviderApi } from './provider-api.js';
import { GATEWAY_STATUSES } from './transport-errors.js';

/** Judges one lost exchange: throws the CheckFailure of an input the provider fails on, or returns the (annotated) loss. */
type LossJudge = (lost: ProviderUnavailable) => Promise<ProviderUnavailable>;

/** The plain valid request of each operation, sent as the control. */
const CONTROLS: Record<Operation, { what: string; send: (api: ProviderApi) => Promise<Exchange> }> = {
  invoice: { what: 'a plain valid invoice', send: (api) => api.invoice(buildInvoiceRequest(api.merchant), { probe: true }) },
  account2card: { what: 'a plain valid account to card payment', send: (api) => api.account2card(buildAccount2CardRequest(api.merchant), { probe: true }) },
  status: { what: 'a status request of an unknown transaction', send: (api) => api.status(buildStatusRequest(api.merchant, randomUUID()), { probe: true }) },
  upload: { what: 'an upload of a small vehicle file', send: (api) => api.upload({ api_key: api.merchant.apiKey, file: vehicleFile() }, { probe: true }) },
};

/** The operation a request was sent to, by its path; undefined for another path (a page, a probe of an unknown path). */
function operationOf(api: ProviderApi, exchange: Exchange): Operation | undefined {
  const path = new URL(exchange.request.url).pathname;
  return (Object.keys(api.profile.paths) as Operation[]).find((op) => path === new URL(api.profile.paths[op], exchange.request.url).pathname);
}

/** The last try was lost to the network or a gateway (not an answer that a payment's second sending met as used). */
function lostInTransport(exchange: Exchange, unavailableStatuses: readonly number[]): boolean {
  return exchange.response === undefined || unavailableStatuses.includes(exchange.response.status);
}

const clock = () => new Date().toISOString().slice(11, 23);

/** One line of what an exchange came to, with its tries. */
function outcome(exchange: Exchange): string {
  const tries = 1 + (exchange.retries?.length ?? 0);
  const what = exchange.transportError ?? (exchange.response ? `HTTP ${exchange.response.status}` : 'no response');
  return `${what} after ${tries} ${tries === 1 ? 'try' : 'tries'} (${exchange.ms} ms${exchange.retries?.length ? `; before: ${exchange.retries.map((r) => r.cause).join('; ')}` : ''})`;
}

/** The judge of the api's losses. */
export function lossJudge(api: ProviderApi): LossJudge {
  const own = new Set(Object.values(api.profile.http).filter((v): v is number => typeof v === 'number'));
  const gateway = GATEWAY_STATUSES.filter((s) => !own.has(s));
  return async (lost) => {
    const first = lost.exchange;
    const op = first && lostInTransport(first, gateway) ? operationOf(api, first) : undefined;
    if (lost.judged || !first || !op) return lost;
    const lostAt = clock();
    const control = CONTROLS[op];
    const controlled = await control.send(api);
    const controlAt = clock();
    if (controlled.unavailable) return new ProviderUnavailable(`${lost.message}; a control (${control.what}) met trouble too: ${outcome(controlled)}`, true);
    const again = await api.resend(first);
    const againAt = clock();
    if (!again.unavailable || !lostInTransport(again, gateway))
      return new ProviderUnavailable(`${lost.message}; sent again after a control it was answered (${outcome(again)}): trouble of the moment`, true);
    throw new CheckFailure({
      rule: 'PRO-ERR-SERVER',
      expected:
        'an answer to this input, as the provider gave to a plain valid request between its sendings (the profile: a failure of the provider itself is HTTP 500 with a message body, and no input causes one)',
      received:
        `the provider fails on this input, not the network: at ${lostAt} ${outcome(first)}; ` +
        `the control, ${control.what}, at ${controlAt}: HTTP ${controlled.response?.status} in ${controlled.ms} ms; ` +
        `the same input again at ${againAt}: ${outcome(again)}. The rule the check judges could not be judged on this input`,
      exchange: again,
    });
  };
}

let current: LossJudge | undefined;

/** The judge of the running test's losses (set by the runner's api fixture); returns a function that unsets it. */
export function judgeLossesWith(judge: LossJudge): () => void {
  current = judge;
  return () => {
    if (current === judge) current = undefined;
  };
}

/** Judges a loss with the running test's judge: a CheckFailure is thrown, a loss that stays one is returned. */
export async function judgeLoss(lost: ProviderUnavailable): Promise<ProviderUnavailable> {
  return current ? current(lost) : lost;
}
