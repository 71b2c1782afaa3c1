// Judging the callbacks the receiver got (profile: on every change to a final state, a JSON POST
// {transaction, payment, payload}; the document: every payload.* parameter is in them).
import { formatDiagnostics, validate, type CallbackBody, type PaymentState, type RuleId } from '../../contracts/index.js';
import type { CallbackInbox, Delivery } from '../harness/callback-receiver.js';
import { CheckFailure, clip } from '../harness/failure.js';
import { jsonType, sameJson } from '../harness/json.js';
import type { ProviderApi } from '../harness/provider-api.js';

const MAX_SHOWN = 700;

/** The deliveries as evidence: when, what the receiver answered, the body (clipped). */
export function describeDeliveries(deliveries: readonly Delivery[]): string {
  if (deliveries.length === 0) return 'no delivery at all';
  return deliveries
    .map((d, i) => {
      const body = d.bodyText.length > MAX_SHOWN ? `${d.bodyText.slice(0, MAX_SHOWN)}… (${d.bodyText.length} characters)` : d.bodyText;
      return `#${i + 1} at ${d.receivedAt} POST ${d.path} Content-Type ${String(d.headers['content-type'] ?? '(none)')} answered ${d.answered ?? d.answeredStatus}: ${body}`;
    })
    .join(' | ');
}

/** The profile's longest time for a callback to arrive. */
export function callbackWaitMs(api: ProviderApi): number {
  return api.profile.callbacks.waitSeconds * 1000;
}

/** At least `count` deliveries for the transaction within the profile's wait, or a failure naming `rule`. */
export async function awaitDeliveries(
  api: ProviderApi,
  inbox: CallbackInbox,
  transaction: string,
  count: number,
  rule: RuleId,
  /** Longer than the profile's wait when the receiver holds answers (a slow answer each try). */
  waitMs = callbackWaitMs(api),
  /** What the deliveries were answered, for the failure. */
  after = '',
): Promise<Delivery[]> {
  return expectDeliveries(await inbox.waitFor(transaction, count, waitMs), transaction, count, rule, waitMs, after);
}

/** The deliveries waited for `waitMs` are at least `count`, or a failure naming `rule`. */
export function expectDeliveries(deliveries: Delivery[], transaction: string, count: number, rule: RuleId, waitMs: number, after = ''): Delivery[] {
  if (deliveries.length < count)
    throw new CheckFailure({
      rule,
      expected: `${count} callback deliver${count === 1 ? 'y' : 'ies'} for transaction ${transaction} within ${waitMs / 1000} s${after}`,
      received: `${deliveries.length} deliver${deliveries.length === 1 ? 'y' : 'ies'}: ${describeDeliveries(deliveries)}`,
    });
  return deliveries;
}

/** A delivery is a JSON callback {transaction, payment, payload} (schema `callback`) about the transaction and payment asked for. */
export function expectCallbackBody(delivery: Delivery, all: readonly Delivery[], transaction: string, paymentId: number): CallbackBody {
  const rule = 'PRO-CB-DELIVERY';
  const evidence = describeDeliveries(all);
  const type = String(delivery.headers['content-type'] ?? '');
  if (delivery.json === undefined || !/json/i.test(type))
    throw new CheckFailure({ rule, expected: 'a callback with a JSON body sent as application/json', received: evidence });
  const { valid, errors } = validate('callback', delivery.json);
  if (!valid)
    throw new CheckFailure({
      rule,
      expected: 'a callback body matching schema callback {transaction, payment, payload}',
      received: `${formatDiagnostics(errors)} in ${evidence}`,
    });
  const body = delivery.json as CallbackBody;
  if (body.transaction !== transaction || body.payment.id !== paymentId)
    throw new CheckFailure({
      rule,
      expected: `a callback about transaction ${transaction}, payment id ${paymentId}`,
      received: `transaction ${body.transaction}, payment id ${body.payment.id}: ${evidence}`,
    });
  return body;
}

/** The state a delivery reports, as sent. */
export function reportedState(d: Delivery): unknown {
  return (d.json as CallbackBody | undefined)?.payment?.state;
}

/** Every delivery reports `state`; a failure names `rule`. */
export function expectStates(deliveries: readonly Delivery[], state: PaymentState, rule: RuleId, expected: string): void {
  const other = deliveries.filter((d) => reportedState(d) !== state);
  if (other.length > 0)
    throw new CheckFailure({
      rule,
      expected,
      received: `state(s) ${other.map((d) => String(reportedState(d))).join(', ')} in ${describeDeliveries(deliveries)}`,
    });
}

/** What a failure says of a payload key besides its name: the value class it was sent as, when known. */
export type KeyClass = (key: string) => string | undefined;

/**
 * The callback's payload holds every payload.* parameter of the invoice request (DOC-EVT-CALLBACK-PAYLOAD),
 * each unchanged in name, type and value (PRO-CB-PAYLOAD-UNCHANGED). Parameters the provider adds are not judged.
 * A failure names every key that broke the rule, with its class (`classOf`).
 */
export function expectPayloadUnchanged(
  sent: Record<string, unknown>,
  got: Record<string, unknown>,
  all: readonly Delivery[],
  classOf: KeyClass = () => undefined,
): void {
  const named = (k: string) => {
    const c = classOf(k);
    return `${JSON.stringify(k)}${c === undefined ? '' : ` (class ${c})`}`;
  };
  const missing = Object.keys(sent).filter((k) => !Object.hasOwn(got, k));
  if (missing.length > 0)
    throw new CheckFailure({
      rule: 'DOC-EVT-CALLBACK-PAYLOAD',
      expected: `the callback payload holds every payload parameter of the invoice request: ${clip(
        Object.keys(sent)
          .map((k) => JSON.stringify(k))
          .join(', '),
        300,
      )}`,
      received: `missing ${shownKeys(missing, named)}: ${describeDeliveries(all)}`,
    });
  const changed = Object.keys(sent).filter((k) => !sameJson(sent[k], got[k]));
  if (changed.length > 0)
    throw new CheckFailure({
      rule: 'PRO-CB-PAYLOAD-UNCHANGED',
      expected: 'every payload parameter returned unchanged in name, type and value',
      received: `${shownKeys(changed, (k) => `${named(k)}: sent ${jsonType(sent[k])} ${clip(JSON.stringify(sent[k]), 300)}, got ${jsonType(got[k])} ${clip(JSON.stringify(got[k]) ?? 'nothing', 300)}`, '; ')} — ${describeDeliveries(all)}`,
    });
}

/** The first keys described in full, the names of the rest. */
function shownKeys(keys: readonly string[], describe: (k: string) => string, separator = ', '): string {
  const FULL = 12;
  const rest = keys.slice(FULL);
  return `${keys.slice(0, FULL).map(describe).join(separator)}${rest.length > 0 ? `${separator}and ${rest.length} more: ${rest.map((k) => JSON.stringify(k)).join(', ')}` : ''}`;
}
