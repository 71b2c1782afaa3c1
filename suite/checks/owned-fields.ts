// Fields the merchant does not own (OWASP API3:2023 mass assignment; ASVS 5.0 15.3.3): a valid, correctly
// signed payment request that also carries the fields the payment owns, at the top level and nested under
// `payment` as the answer nests them. Either the request is refused keyed by those fields (the profile's
// validation answer), or it is carried out with none of them taken: the answer, and the status method for
// an invoice, report the provider's own id, state, error fields, created_at, credentials and addresses.
// Every owned field is sent in every run: two requests an operation, each carrying all of them once (the
// first at the top level, the second under `payment`), with values no provider makes itself.
import { randomInt } from 'node:crypto';
import { createdAtTime, type RuleId } from '../../contracts/index.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { buildStatusRequest } from '../../generators/builders.js';
import type { Exchange } from '../harness/exchange.js';
import { expectAccepted, expectValidationBody, responseOf } from '../harness/expect-response.js';
import { CheckFailure } from '../harness/failure.js';
import { sameJson } from '../harness/json.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { shapeRule } from '../harness/variants.js';
import { step, type ApiCheck } from '../harness/check.js';
import { article, PAYMENT_OPERATIONS } from './operations.js';

const RULE: RuleId = 'PRO-SEC-OWNED-FIELDS-NOT-TAKEN';

type Body = Record<string, unknown>;
type Payment = Record<string, unknown>;

/** A card number (Luhn-valid) and a phone and holder that the suite sends nowhere else. */
const FORGED_PAN = '4000000000000002';
const FORGED_PHONE = '79990000013';
const FORGED_HOLDER = 'Mallory Forged';
const FORGED_URL = 'https://forged.invalid/pay';
/** A created_at far from any run's clock. */
const FORGED_CREATED_AT = '20000101T000000.000000Z';

/** The fields of the payment object (Resources), which the provider sets. */
const PAYMENT_FIELDS = ['id', 'state', 'error_code', 'error_description', 'created_at', 'credentials'] as const;
/** The invoice answer's own fields besides transaction (the merchant's) and payment. */
const ANSWER_FIELDS = ['redirect_url', 'deeplink'] as const;

/** How one request carries the owned fields. */
interface Placement {
  where: string;
  /** A final state: no new payment is created in one. */
  state: 'deposited' | 'declined';
  credentials: Record<string, string>;
  /** The owned fields added to a valid request. */
  add(payment: Payment): Body;
}

/** The covering table: every owned field, once at the top level and once nested (each credentials shape once). */
const PLACEMENTS: readonly Placement[] = [
  {
    where: 'at the top level',
    state: 'deposited',
    credentials: { card_pan: FORGED_PAN },
    add: (payment) => ({ ...payment, redirect_url: FORGED_URL, deeplink: { FORGED_FOREIGN: FORGED_URL } }),
  },
  {
    where: 'nested under payment, as the answer nests them',
    state: 'declined',
    credentials: { phone: FORGED_PHONE, holder: FORGED_HOLDER },
    add: (payment) => ({ payment, redirect_url: FORGED_URL, deeplink: { FORGED_FOREIGN: FORGED_URL } }),
  },
];

/**
 * The owned values one request sends: an id no provider gives (drawn over 10^9), a final state, error fields, an
 * old created_at. Account to card always sends declined: the profile names no state for a new one, so a provider
 * may deposit it at once, and only a declined one without an error of its own tells a taken state.
 */
function forgedPayment(p: Placement, op: PaymentOperation): Payment {
  return {
    id: 1_000_000_000 + randomInt(1_000_000_000),
    state: op === 'account2card' ? 'declined' : p.state,
    error_code: 'FORGED_BY_MERCHANT',
    error_description: 'set by the merchant',
    created_at: FORGED_CREATED_AT,
    credentials: p.credentials,
  };
}

/** Every name a refusal may key: each owned field at the top level and under payment (with the profile's separator). */
const REFUSABLE_KEYS: readonly string[] = ['payment', ...PAYMENT_FIELDS, ...ANSWER_FIELDS, ...PAYMENT_FIELDS.map((f) => `payment.${f}`)];

function taken(exchange: Exchange, field: string, expected: string, received: unknown, forged: unknown): never {
  throw new CheckFailure({
    rule: RULE,
    expected: `${field} ${expected}, not the request's ${JSON.stringify(forged)}`,
    received: `${field} ${JSON.stringify(received)}`,
    exchange,
  });
}

/** The payment as the provider makes it, whatever the request carried. */
function judgePayment(
  api: ProviderApi,
  op: PaymentOperation,
  sent: Body,
  forged: Payment,
  payment: Payment,
  exchange: Exchange,
  clock: { sentAt: number; answeredAt: number },
  where: string,
): void {
  const at = (f: string) => `${where} payment.${f}`;
  if (payment.id === forged.id) taken(exchange, at('id'), "the provider's own id", payment.id, forged.id);
  if (op === 'invoice') {
    const initial = api.profile.invoice.initialState;
    if (payment.state !== initial) taken(exchange, at('state'), `"${initial}" (the profile's new invoice)`, payment.state, forged.state);
    for (const f of ['error_code', 'error_description'] as const)
      if (payment[f] !== null) taken(exchange, at(f), 'null (a new payment without error)', payment[f], forged[f]);
  } else {
    for (const f of ['error_code', 'error_description'] as const)
      if (payment[f] === forged[f]) taken(exchange, at(f), "null or the provider's own", payment[f], forged[f]);
    // A provider may decline an account-to-card payment itself, but then with an error of its own.
    if (payment.state === forged.state && payment.error_code === null)
      taken(exchange, at('state'), "the provider's own (a declined payment carries its error)", payment.state, forged.state);
  }
  const createdAt = payment.created_at;
  if (createdAt === forged.created_at) taken(exchange, at('created_at'), 'the time of the request', createdAt, forged.created_at);
  const tolerance = api.profile.invoice.createdAtToleranceSeconds * 1000;
  const time = typeof createdAt === 'string' ? createdAtTime(createdAt) : undefined;
  if (tolerance > 0 && time !== undefined && (time < clock.sentAt - tolerance || time > clock.answeredAt + tolerance))
    taken(exchange, at('created_at'), `within ${tolerance / 1000} s of the request (${new Date(clock.sentAt).toISOString()})`, createdAt, forged.created_at);
  const credentials = payment.credentials;
  if (op === 'account2card') {
    if (!sameJson(credentials, { card_pan: sent.recipient_pan }))
      taken(exchange, at('credentials'), `{"card_pan": "${String(sent.recipient_pan)}"} (the request's recipient_pan)`, credentials, forged.credentials);
  } else if ([FORGED_PAN, FORGED_PHONE, FORGED_HOLDER].some((v) => JSON.stringify(credentials ?? null).includes(v)))
    taken(exchange, at('credentials'), "the provider's own recipient", credentials, forged.credentials);
}

/** The invoice answer's own addresses: no forged redirect_url or deeplink. */
function judgeAddresses(answer: Body, exchange: Exchange): void {
  if (answer.redirect_url === FORGED_URL) taken(exchange, 'redirect_url', "the provider's own payment page", answer.redirect_url, FORGED_URL);
  const deeplink = answer.deeplink;
  if (deeplink !== null && typeof deeplink === 'object' && ('FORGED_FOREIGN' in deeplink || Object.values(deeplink).includes(FORGED_URL)))
    taken(exchange, 'deeplink', "the provider's own deeplinks", deeplink, { FORGED_FOREIGN: FORGED_URL });
}

/** One request with the owned fields of `p`: refused keyed by them, or carried out with none taken. */
async function sendWithOwnedFields(api: ProviderApi, op: PaymentOperation, p: Placement): Promise<void> {
  const spec = PAYMENT_OPERATIONS[op];
  const forged = forgedPayment(p, op);
  // The owned fields are no digest input: the body stays correctly signed.
  const sent = { ...spec.build(api), ...p.add(forged) };
  const sentAt = Date.now();
  const exchange = await spec.send(api, sent);
  const answeredAt = Date.now();
  const res = responseOf(exchange, RULE, `an answer to ${spec.request} carrying the payment's own fields`);
  if (res.status < 200 || res.status > 299) {
    expectValidationBody(exchange, {
      rule: RULE,
      keysRule: RULE,
      status: api.profile.http.validation,
      breaks: [],
      mayAlsoReport: REFUSABLE_KEYS,
      separator: api.profile.validation.nestedSeparator,
      shapeRule: shapeRule(op),
    });
    return;
  }
  if (op === 'account2card' && !api.profile.account2card.successBody) return;
  const answer = expectAccepted(exchange, spec.successRule, `a valid ${spec.request} carrying the payment's own fields`);
  const clock = { sentAt, answeredAt };
  judgePayment(api, op, sent, forged, (answer.payment ?? {}) as Payment, exchange, clock, 'the answer');
  if (op !== 'invoice') return;
  judgeAddresses(answer, exchange);
  if (!api.profile.status.enabled) return;
  const status = await api.status(buildStatusRequest(api.merchant, String(sent.transaction)));
  const reported = expectAccepted(status, 'PRO-STATUS-SUCCESS', 'the status of the invoice just created');
  judgePayment(api, op, sent, forged, (reported.payment ?? {}) as Payment, status, clock, 'the status');
}

/** Owned fields sent with a valid request (top level, nested): refused keyed by them, or none of them taken. */
export function ownedFieldsNotTaken(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  const answerFields = op === 'invoice' ? ', redirect_url, deeplink' : '';
  return {
    name: `ownedFieldsNotTaken(${op})`,
    title: `${article(spec.request)} that also carries the payment's own fields (id, a final state, error_code, error_description, an old created_at, other credentials${answerFields}), at the top level and under payment, is refused keyed by them or takes none of them`,
    rules: [RULE],
    async run({ api }) {
      spec.requireConfigured(api);
      for (const p of PLACEMENTS) await step(`owned fields ${p.where}`, () => sendWithOwnedFields(api, op, p));
    },
  };
}
