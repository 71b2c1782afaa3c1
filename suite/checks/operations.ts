// What the checks know of each operation, in one place: how titles name it, and for the two signed payment
// operations how to build, draw, refresh and send a valid request, the schema of its answer, and the rule a
// refused valid request breaks. The rules a check enforces are written in the check itself (or in a table
// beside it, by concern), so that the function a report names for a rule shows that rule.
import type fc from 'fast-check';
import type { Operation, PaymentOperation, RuleId, SchemaName } from '../../contracts/index.js';
import { buildAccount2CardRequest, buildInvoiceRequest } from '../../generators/builders.js';
import { account2cardRequest, invoiceRequest } from '../../generators/arbitraries/index.js';
import type { Exchange } from '../harness/exchange.js';
import { freshAccount2Card, freshInvoice } from '../harness/fresh.js';
import type { JsonSendOptions, ProviderApi } from '../harness/provider-api.js';
import { INVOICE_RESPONSE_RULES, PAYMENT_RESPONSE_RULES, type RuleTable } from '../harness/schema-rules.js';
import { requireProfile } from '../harness/check.js';

type Body = Record<string, unknown>;

/** Arbitraries built once per worker: building one (its URL and text classes) costs tens of milliseconds. */
const built = new Map<string, fc.Arbitrary<Body>>();
function once(key: string, build: () => fc.Arbitrary<Body>): fc.Arbitrary<Body> {
  let arbitrary = built.get(key);
  if (!arbitrary) built.set(key, (arbitrary = build()));
  return arbitrary;
}

/** How titles name an operation: its request ("an account to card payment …") and the operation itself ("the account to card path"). */
export const OPERATION_NAMES: Readonly<Record<Operation, { request: string; label: string }>> = {
  invoice: { request: 'invoice', label: 'invoice' },
  account2card: { request: 'account to card payment', label: 'account to card' },
  upload: { request: 'upload', label: 'upload' },
  status: { request: 'status request', label: 'status' },
};

/** The rule a request carried out without its signature checked breaks, for each signed operation. */
export const SIGNATURE_RULES = {
  invoice: 'DOC-AUTH-INV-DIGEST',
  account2card: 'DOC-AUTH-A2C-DIGEST',
  status: 'PRO-STATUS-REQUEST',
} as const satisfies Record<Exclude<Operation, 'upload'>, RuleId>;

/** The profile's success rule of each operation: what a refused valid request (a check's precondition) breaks. */
export const SUCCESS_RULES = {
  invoice: 'PRO-INV-SUCCESS',
  account2card: 'PRO-A2C-SUCCESS',
  status: 'PRO-STATUS-SUCCESS',
  upload: 'PRO-UPL-SUCCESS',
} as const satisfies Record<Operation, RuleId>;

/** "a" or "an" before a word. */
export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

interface PaymentOperationSpec {
  /** "invoice", "account to card payment": how titles name a request. */
  request: string;
  /** The profile's success rule: what a refused valid request (a check's precondition) breaks. */
  successRule: RuleId;
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
    request: OPERATION_NAMES.invoice.request,
    successRule: SUCCESS_RULES.invoice,
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
    request: OPERATION_NAMES.account2card.request,
    successRule: SUCCESS_RULES.account2card,
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
