import type { ServerResponse } from 'node:http';
import type { Ctx } from '../context.js';
import { hmacSha256Hex, randomToken } from '../crypto.js';
import { ROUND_TRIP_MS } from '../faults/concurrency.js';
import { depthExceeds } from '../json-text.js';
import type { Merchant } from '../merchants.js';
import type { Payment } from '../store.js';
import { jsonString, paymentJson, paymentJsonText } from '../present.js';
import { sendError, sendJson, sendJsonText, sendValidation, ValidationErrors } from '../respond.js';
import { FieldChecker } from '../validation.js';
import { checkSignature, presentString } from './signature.js';

const DIGEST_FIELDS = ['api_key', 'transaction', 'amount'] as const;
/** The documented request fields (variation unknown-fields-refused refuses any other). */
const FIELDS = ['api_key', 'transaction', 'signature', 'amount', 'description', 'return_url', 'payload'] as const;

/** `headerClientIp`: the payer's address a proxy header claims, which only fault antifraud-reads-forwarded-for takes. */
export function handleInvoice(
  res: ServerResponse,
  ctx: Ctx,
  body: Record<string, unknown>,
  carried?: Record<string, unknown>,
  headerClientIp?: string,
): void | Promise<void> {
  const cost = ctx.policy.invoice.inputCostMs(body);
  if (cost > 0) return ctx.later.sleep(cost).then(() => judgeInvoice(res, ctx, body, carried, headerClientIp));
  return judgeInvoice(res, ctx, body, carried, headerClientIp);
}

function judgeInvoice(
  res: ServerResponse,
  ctx: Ctx,
  body: Record<string, unknown>,
  carried?: Record<string, unknown>,
  headerClientIp?: string,
): void | Promise<void> {
  const policy = ctx.policy.invoice;
  const errors = new ValidationErrors(ctx.validation);
  const check = new FieldChecker(errors, ctx);

  const { apiKey, merchant, transaction, signature } = check.signedFields(body, ctx.merchants);
  const amount = check.amount('amount', body.amount, policy.amountMin, policy.amountMax);
  const description = check.string('description', body.description);
  const returnUrl = check.url('return_url', body.return_url);
  const payload = check.object('payload', body.payload);
  let clientIp: string | undefined;
  if (payload) {
    check.string('payload.client_id', payload.client_id);
    clientIp = check.ip('payload.client_ip', payload.client_ip);
    // Fault antifraud-reads-forwarded-for: the anti-fraud judges the header's address, not payload.client_ip.
    if (clientIp !== undefined && headerClientIp !== undefined) clientIp = headerClientIp;
    const members = policy.payloadMembers;
    if (members) for (const k of Object.keys(payload)) if (!members.includes(k)) errors.add(`payload.${k}`, errors.text.notAllowed(`payload.${k}`));
    if (policy.payloadDepthThrows !== null && depthExceeds(payload, policy.payloadDepthThrows)) throw new Error('payload sanitiser: nesting too deep');
  }

  // The digest is checked only when every part of it arrived with the right type.
  if (merchant && signature !== undefined && presentString(body.transaction) && amount.typed !== undefined && policy.digestChecked) {
    const parts = [apiKey!, body.transaction, String(body.amount)];
    const hmac = policy.hmacAccepted && signature.toLowerCase() === hmacSha256Hex(merchant.cryptoKey, parts.join(''));
    if (!hmac) checkSignature(errors, ctx, merchant, signature, parts, policy.digestAlso(parts));
  }
  check.signatureToo(body, DIGEST_FIELDS, merchant !== undefined);
  check.onlyKnownFields(body, FIELDS);
  if (merchant && transaction !== undefined && ctx.rules.rejectDuplicates && ctx.store.isUsed('invoice', merchant, transaction)) {
    errors.add('transaction', errors.text.duplicate);
  }
  if (!errors.empty) return sendValidation(res, ctx, errors);

  const state = policy.stateFromRequest ? (requestedState(body) ?? ctx.rules.invoiceState) : ctx.rules.invoiceState;
  if (policy.returnUrlFetched && returnUrl !== undefined) {
    const probe = fetch(returnUrl, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    );
    return probe.then(() =>
      handleInvoiceChecked(res, ctx, merchant!, transaction!, amount.typed!, description!, returnUrl, payload!, clientIp, state, carried),
    );
  }
  return handleInvoiceChecked(res, ctx, merchant!, transaction!, amount.typed!, description!, returnUrl!, payload!, clientIp, state, carried);
}

/** The merchant of the invoice being served, in state every request shares (policy created merchant-shared-across-round-trip). */
const servedMerchant = new WeakMap<object, Merchant>();

/** The invoice once its request passed validation: the anti-fraud trigger, then created. */
function handleInvoiceChecked(
  res: ServerResponse,
  ctx: Ctx,
  merchant: Merchant,
  transaction: string,
  amount: number,
  description: string,
  returnUrl: string,
  payload: Record<string, unknown>,
  clientIp: string | undefined,
  state: string,
  carried: Record<string, unknown> | undefined,
): void | Promise<void> {
  const policy = ctx.policy.invoice;
  if (clientIp !== undefined && ctx.rules.antifraudClientIp !== null && ctx.policy.invoice.sameAddress(clientIp, ctx.rules.antifraudClientIp)) {
    // The refused invoice kept as a declined payment all the same, and called back.
    if (policy.antifraudRefusalStored)
      ctx.callbacks.paymentFinal(
        storeInvoice(ctx, { merchant, transaction, amount, description, returnUrl, payload }, 'declined', ['ANTIFRAUD', 'Refused by anti-fraud']),
      );
    return sendError(res, ctx.out, ctx.err.antiFraud, undefined, policy.antifraudStatus ?? ctx.err.antiFraud.status);
  }
  // The check above and the store below apart by a simulated database round trip.
  if (policy.created === 'after-round-trip') {
    return ctx.later.sleep(ROUND_TRIP_MS).then(() => createInvoice(res, ctx, merchant, transaction, amount, description, returnUrl, payload, state));
  }
  if (policy.created === 'merchant-shared-across-round-trip') {
    servedMerchant.set(ctx.store, merchant);
    return ctx.later
      .sleep(ROUND_TRIP_MS)
      .then(() => createInvoice(res, ctx, servedMerchant.get(ctx.store) ?? merchant, transaction, amount, description, returnUrl, payload, state));
  }
  if (policy.created === 'id-read-before-round-trip') {
    const id = ctx.store.peekId();
    return ctx.later.sleep(ROUND_TRIP_MS).then(() => createInvoice(res, ctx, merchant, transaction, amount, description, returnUrl, payload, state, id));
  }
  // Fault json-duplicate-keys-split: validated above on the first of each duplicated name, carried out on the last.
  if (carried) return createInvoice(res, ctx, merchant, String(carried.transaction), Number(carried.amount), description, returnUrl, payload, state);
  createInvoice(res, ctx, merchant, transaction, amount, description, returnUrl, payload, state);
}

/** What an invoice request names, as the store keeps it. */
interface InvoiceFields {
  merchant: Merchant;
  transaction: string;
  amount: number;
  description: string;
  returnUrl: string;
  payload: Record<string, unknown>;
}

/** A new invoice payment in the store: credentials alternating, created now, a fresh page token. */
function storeInvoice(ctx: Ctx, f: InvoiceFields, state: string, error: readonly [string, string] | null, id?: number): Payment {
  ctx.invoiceCount++;
  return ctx.store.add(
    {
      operation: 'invoice',
      ...f,
      state,
      errorCode: error?.[0] ?? null,
      errorDescription: error?.[1] ?? null,
      credentials: ctx.values.credentials(ctx.invoiceCount),
      createdAt: ctx.values.createdAt(),
      token: randomToken(), // 32 hex digits, 128 random bits from a pooled buffer
    },
    id,
  );
}

/** A documented state the request carries, at the top level or under payment (policy stateFromRequest). */
function requestedState(body: Record<string, unknown>): string | undefined {
  const nested = body.payment !== null && typeof body.payment === 'object' ? (body.payment as Record<string, unknown>).state : undefined;
  const state = body.state ?? nested;
  return typeof state === 'string' && ['processing', 'declined', 'deposited'].includes(state) ? state : undefined;
}

function createInvoice(
  res: ServerResponse,
  ctx: Ctx,
  merchant: Merchant,
  transaction: string,
  amount: number,
  description: string,
  returnUrl: string,
  payload: Record<string, unknown>,
  state: string,
  id?: number,
): void {
  const { faults } = ctx;
  const payment = storeInvoice(ctx, { merchant, transaction, amount, description, returnUrl, payload }, state, null, id);
  const redirectUrl = ctx.pageUrl + payment.token!;
  const status = ctx.policy.invoice.successStatus;
  const echoed = ctx.policy.invoice.echoedTransaction(transaction);
  if (ctx.out.plainJson) {
    // The bytes JSON.stringify gives for the object below, written directly.
    const text = `{"transaction":${jsonString(echoed)},"redirect_url":${jsonString(redirectUrl)},"payment":${paymentJsonText(payment, faults)},"deeplink":${ctx.values.deeplinksJson(redirectUrl)}}`;
    return sendJsonText(res, ctx.out, status, text);
  }
  sendJson(res, ctx.out, status, {
    transaction: echoed,
    redirect_url: redirectUrl,
    payment: paymentJson(payment, faults),
    deeplink: ctx.values.deeplinks(redirectUrl),
  });
}
