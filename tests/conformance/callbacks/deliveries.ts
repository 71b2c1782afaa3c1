// What the callback checks share (the harness gives the raw deliveries only): waiting for them,
// judging each one against the callback rules, and a JSON comparison that keeps types (1 is not "1").
import type { CallbackBody, PaymentState } from '../../../contracts/index.js';
import { validate } from '../../../contracts/index.js';
import type { CallbackInbox, Delivery } from '../../harness/callback-receiver.js';
import { CheckFailure } from '../../harness/failure.js';
import type { ProviderApi } from '../../harness/provider-api.js';

const MAX_SHOWN = 700;

/** The deliveries as evidence: when, what the receiver answered, the body (clipped). */
export function describeDeliveries(deliveries: readonly Delivery[]): string {
  if (deliveries.length === 0) return 'no delivery at all';
  return deliveries
    .map((d, i) => {
      const body = d.bodyText.length > MAX_SHOWN ? `${d.bodyText.slice(0, MAX_SHOWN)}… (${d.bodyText.length} characters)` : d.bodyText;
      return `#${i + 1} at ${d.receivedAt} POST ${d.path} Content-Type ${String(d.headers['content-type'] ?? '(none)')} answered ${d.answeredStatus}: ${body}`;
    })
    .join(' | ');
}

export function waitMs(api: ProviderApi): number {
  return api.profile.callbacks.waitSeconds * 1000;
}

/** At least `count` deliveries for the transaction within the profile's wait, or a failure naming `rule`. */
export async function awaitDeliveries(api: ProviderApi, inbox: CallbackInbox, transaction: string, count: number, rule: string): Promise<Delivery[]> {
  const deliveries = await inbox.waitFor(transaction, count, waitMs(api));
  if (deliveries.length < count)
    throw new CheckFailure({
      rule,
      expected: `${count} callback deliver${count === 1 ? 'y' : 'ies'} for transaction ${transaction} within ${api.profile.callbacks.waitSeconds} s`,
      received: `${deliveries.length} deliver${deliveries.length === 1 ? 'y' : 'ies'}: ${describeDeliveries(deliveries)}`,
    });
  return deliveries;
}

/**
 * A delivery is a JSON callback {transaction, payment, payload} (schema `callback`) about the
 * transaction and payment asked for, sent as JSON (PRO-CB-DELIVERY).
 */
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
      received: `${errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')} in ${evidence}`,
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

/** Every delivery reports `state`; a failure names `rule`. */
export function expectStates(deliveries: readonly Delivery[], state: PaymentState, rule: string, expected: string): void {
  const other = deliveries.filter((d) => (d.json as CallbackBody | undefined)?.payment?.state !== state);
  if (other.length > 0)
    throw new CheckFailure({
      rule,
      expected,
      received: `state(s) ${other.map((d) => String((d.json as CallbackBody | undefined)?.payment?.state)).join(', ')} in ${describeDeliveries(deliveries)}`,
    });
}

/** JSON type name, telling arrays, null and objects apart. */
function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** Deep equality of JSON values: types kept, object key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (jsonType(a) !== jsonType(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameJson(x, (b as unknown[])[i]));
  if (a !== null && typeof a === 'object') {
    const ka = Object.keys(a);
    const ob = b as Record<string, unknown>;
    return ka.length === Object.keys(ob).length && ka.every((k) => Object.hasOwn(ob, k) && sameJson((a as Record<string, unknown>)[k], ob[k]));
  }
  return a === b;
}

/**
 * The callback's payload holds every payload.* parameter of the invoice request (DOC-EVT-CALLBACK-PAYLOAD),
 * each unchanged in name, type and value (PRO-CB-PAYLOAD-UNCHANGED). Parameters the provider adds are not judged.
 */
export function expectPayloadUnchanged(sent: Record<string, unknown>, got: Record<string, unknown>, all: readonly Delivery[]): void {
  const missing = Object.keys(sent).filter((k) => !Object.hasOwn(got, k));
  if (missing.length > 0)
    throw new CheckFailure({
      rule: 'DOC-EVT-CALLBACK-PAYLOAD',
      expected: `the callback payload holds every payload parameter of the invoice request: ${Object.keys(sent).map((k) => JSON.stringify(k)).join(', ')}`,
      received: `missing ${missing.map((k) => JSON.stringify(k)).join(', ')}: ${describeDeliveries(all)}`,
    });
  const changed = Object.keys(sent).filter((k) => !sameJson(sent[k], got[k]));
  if (changed.length > 0)
    throw new CheckFailure({
      rule: 'PRO-CB-PAYLOAD-UNCHANGED',
      expected: 'every payload parameter returned unchanged in name, type and value',
      received: `${changed
        .map((k) => `${JSON.stringify(k)}: sent ${jsonType(sent[k])} ${JSON.stringify(sent[k])}, got ${jsonType(got[k])} ${JSON.stringify(got[k])}`)
        .join('; ')} — ${describeDeliveries(all)}`,
    });
}
