// What the checks need to know about each signed payment operation, in one table: how to build, draw,
// refresh and send a valid request, and which rule of the document or the profile each of its
// properties is. A check parameterised by operation reads its rules from here.
import type fc from 'fast-check';
import type { RuleId, SchemaName } from '../../contracts/index.js';
import { buildAccount2CardRequest, buildInvoiceRequest } from '../../generators/builders.js';
import { account2cardRequest, invoiceRequest } from '../../generators/arbitraries/index.js';
import type { Exchange } from '../harness/exchange.js';
import { freshAccount2Card, freshInvoice } from '../harness/fresh.js';
import type { JsonSendOptions, ProviderApi } from '../harness/provider-api.js';
import { INVOICE_RESPONSE_RULES, PAYMENT_RESPONSE_RULES, type RuleTable } from '../harness/schema-rules.js';
import { requireProfile, type PaymentOperation } from '../harness/check.js';

type Body = Record<string, unknown>;

/** Arbitraries built once per worker: building one (its URL and text classes) costs tens of milliseconds. */
const built = new Map<string, fc.Arbitrary<Body>>();
function once(key: string, build: () => fc.Arbitrary<Body>): fc.Arbitrary<Body> {
  let arbitrary = built.get(key);
  if (!arbitrary) built.set(key, (arbitrary = build()));
  return arbitrary;
}

export interface PaymentOperationSpec {
  /** "invoice", "account to card payment": how titles name a request. */
  request: string;
  /** The profile's success rule. */
  successRule: RuleId;
  /** The documented digest rule. */
  digestRule: RuleId;
  /** The documented amount limit and "amount is an integer" rules. */
  limitRule: RuleId;
  amountRule: RuleId;
  /** The documented "transaction is a required UUID string" rule. */
  transactionRule: RuleId;
  /** The schema of a success body and which rule each of its fields is. */
  responseSchema: SchemaName;
  responseRules: RuleTable;
  /** A correctly signed request with fixed valid fields and a fresh transaction. */
  build(api: ProviderApi, overrides?: Body): Body;
  /** Generated valid requests (the profile's anti-fraud trigger is never drawn by chance). */
  valid(api: ProviderApi): fc.Arbitrary<Body>;
  /** The same body with a fresh transaction, signed again (every request the suite sends uses a new one). */
  fresh(api: ProviderApi, body: Body): Body;
  send(api: ProviderApi, body: unknown, opts?: JsonSendOptions): Promise<Exchange>;
  /** Skips the check, with the reason, when the configuration cannot send this operation. */
  requireConfigured(api: ProviderApi): void;
}

export const PAYMENT_OPERATIONS: Readonly<Record<PaymentOperation, PaymentOperationSpec>> = {
  invoice: {
    request: 'invoice',
    successRule: 'PRO-INV-SUCCESS',
    digestRule: 'DOC-AUTH-INV-DIGEST',
    limitRule: 'DOC-LIMIT-INV-AMOUNT',
    amountRule: 'DOC-INV-REQ-AMOUNT',
    transactionRule: 'DOC-INV-REQ-TRANSACTION',
    responseSchema: 'invoice-response',
    responseRules: INVOICE_RESPONSE_RULES,
    build: (api, overrides = {}) => buildInvoiceRequest(api.merchant, overrides) as unknown as Body,
    valid: (api) => {
      const trigger = api.profile.antifraud.invoiceClientIp;
      return once(
        `invoice ${api.merchant.apiKey} ${trigger}`,
        () => invoiceRequest(api.merchant, { excludeClientIps: trigger ? [trigger] : [] }) as unknown as fc.Arbitrary<Body>,
      );
    },
    fresh: (api, body) => freshInvoice(body, api.merchant),
    send: (api, body, opts) => api.invoice(body, opts),
    requireConfigured: () => undefined,
  },
  account2card: {
    request: 'account to card payment',
    successRule: 'PRO-A2C-SUCCESS',
    digestRule: 'DOC-AUTH-A2C-DIGEST',
    limitRule: 'DOC-LIMIT-A2C-AMOUNT',
    amountRule: 'DOC-A2C-REQ-AMOUNT',
    transactionRule: 'DOC-A2C-REQ-TRANSACTION',
    responseSchema: 'account2card-response',
    responseRules: PAYMENT_RESPONSE_RULES,
    build: (api, overrides = {}) => buildAccount2CardRequest(api.merchant, overrides) as unknown as Body,
    valid: (api) => once(`account2card ${api.merchant.apiKey}`, () => account2cardRequest(api.merchant) as unknown as fc.Arbitrary<Body>),
    fresh: (api, body) => freshAccount2Card(body, api.merchant),
    send: (api, body, opts) => api.account2card(body, opts),
    requireConfigured: (api) => requireProfile(api.merchant.privateKeyPem, 'XSIGN_PRIVATE_KEY is not set: account-to-card requests cannot carry X-Sign'),
  },
};

/** Sends a generated request with a fresh transaction: the body sent and the exchange. */
export async function sendFresh(api: ProviderApi, op: PaymentOperation, generated: Body): Promise<{ body: Body; exchange: Exchange }> {
  const spec = PAYMENT_OPERATIONS[op];
  const body = spec.fresh(api, generated);
  return { body, exchange: await spec.send(api, body) };
}
