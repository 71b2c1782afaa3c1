// Two merchants of one provider (API_KEY and API_KEY_2): one merchant cannot read another's payment through the
// status method, cannot touch or read it by sending a payment with the same transaction, and cannot sign for it
// with its own keys (OWASP API1:2023, ASVS 8.2.2). Merchant A is the run's merchant; B the second. Without a second
// merchant these checks are not judged, with the reason. B's exchanges are evidence, never the run's ledger.
import type { Payment, PaymentOperation, RuleId } from '../../contracts/index.js';
import { buildAccount2CardRequest, buildInvoiceRequest, buildStatusRequest } from '../../generators/builders.js';
import type { MerchantCredentials } from '../../generators/signing.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import type { Exchange } from '../harness/exchange.js';
import { CheckFailure, describeResponse } from '../harness/failure.js';
import { expectAccepted, expectMessageBody, expectNoServerError, expectStatus, responseOf } from '../harness/expect-response.js';
import { sameJson } from '../harness/json.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { expectProfileValidation, shapeRule } from '../harness/variants.js';
import { article, OPERATION_NAMES, PAYMENT_OPERATIONS } from './operations.js';
import { eachAtOnce } from '../harness/at-once.js';

const STATUS_RULE = 'PRO-SEC-MERCHANT-STATUS-ISOLATION' satisfies RuleId;
const TRANSACTION_RULE = 'PRO-SEC-MERCHANT-TRANSACTION-ISOLATION' satisfies RuleId;
const KEYS_RULE = 'PRO-SEC-MERCHANT-KEYS-BOUND' satisfies RuleId;

/** Merchant B's API, or the check is not judged, saying which variables would judge it. */
function secondMerchantOf(api: ProviderApi): ProviderApi {
  const b = api.secondMerchant;
  requireProfile(b, 'no second merchant: set API_KEY_2 and CRYPTO_KEY_2 (and XSIGN_PRIVATE_KEY_2 for account to card) to another merchant of the provider');
  return b;
}

function fail(exchange: Exchange, rule: RuleId, expected: string, received: string): never {
  throw new CheckFailure({ rule, expected, received, exchange });
}

/** A's payment, as its creating answer gave it: the precondition of every check here. */
async function paymentOfA(api: ProviderApi, op: PaymentOperation, body: Record<string, unknown>): Promise<Payment | undefined> {
  const spec = PAYMENT_OPERATIONS[op];
  const json = expectAccepted(await spec.send(api, body), spec.successRule, `merchant A's ${spec.request} (precondition)`);
  const payment = json.payment;
  return payment !== null && typeof payment === 'object' ? (payment as Payment) : undefined;
}

/**
 * The values of A's payment that no refusal of B's request may carry: its created_at, its card number or phone (the
 * holder's name is left out: a provider may give every payment the same one).
 */
function marksOf(payment: Payment | undefined): string[] {
  if (payment === undefined) return [];
  const credentials = (payment.credentials ?? {}) as { card_pan?: unknown; phone?: unknown };
  return [payment.created_at, credentials.card_pan, credentials.phone].filter((v): v is string => typeof v === 'string' && v.length >= 8);
}

/** A's status still reports A's payment as its creating answer gave it (id, created_at, credentials, state). */
async function expectAStillOwn(api: ProviderApi, transaction: string, paid: Payment, rule: RuleId, after: string): Promise<void> {
  if (!api.profile.status.enabled) return;
  const exchange = await api.status(buildStatusRequest(api.merchant, transaction));
  expectStatus(exchange, rule, api.profile.http.success, `merchant A's status of its own transaction ${after}`);
  const payment = (expectAccepted(exchange, rule, `merchant A's status ${after}`).payment ?? {}) as Record<string, unknown>;
  for (const field of ['id', 'created_at', 'credentials', 'state'] as const)
    if (!sameJson(payment[field], paid[field]))
      fail(
        exchange,
        rule,
        `merchant A's payment unchanged ${after}: payment.${field} ${JSON.stringify(paid[field])}`,
        `payment.${field} ${JSON.stringify(payment[field])}`,
      );
}

/**
 * Merchant B asks the status method (B's api_key, B's signature) about A's transactions, an invoice's and an
 * account-to-card payment's: the profile's not-found {message}, or another refusal (a 4xx); never a 2xx, and no
 * answer carries A's created_at or recipient.
 */
export function otherMerchantStatusRevealsNothing(): ApiCheck {
  return {
    name: 'otherMerchantStatusRevealsNothing()',
    title: "merchant B's status request for merchant A's transaction is answered as an unknown transaction: never with A's payment",
    rules: [STATUS_RULE],
    async run({ api }) {
      requireProfile(api.profile.status.enabled, 'profile status.enabled is false');
      const b = secondMerchantOf(api);
      const ops: PaymentOperation[] = api.merchant.privateKeyPem ? ['invoice', 'account2card'] : ['invoice'];
      for (const op of ops)
        await step(`A's ${OPERATION_NAMES[op].request}, asked about by B`, async () => {
          const body = PAYMENT_OPERATIONS[op].build(api);
          const marks = marksOf(await paymentOfA(api, op, body));
          const exchange = await b.status(buildStatusRequest(b.merchant, String(body.transaction)));
          const res = expectNoServerError(exchange, "merchant B's status request for merchant A's transaction");
          if (res.status < 400)
            fail(
              exchange,
              STATUS_RULE,
              `HTTP ${api.profile.http.notFound} (an unknown transaction of B's) or another refusal: A's payment is not B's`,
              describeResponse(exchange),
            );
          const told = marks.find((m) => res.bodyText.includes(m));
          if (told !== undefined)
            fail(exchange, STATUS_RULE, "a refusal that carries nothing of A's payment", `the answer carries ${told}: ${describeResponse(exchange)}`);
          if (res.status === api.profile.http.notFound)
            expectMessageBody(exchange, 'PRO-STATUS-NOT-FOUND', api.profile.http.notFound, 'an unknown transaction');
        });
    },
  };
}

/** A payment of B's of the operation, with A's transaction and other amount and recipient than A's. */
function bodyOfB(b: ProviderApi, op: PaymentOperation, transaction: string): Record<string, unknown> {
  return op === 'invoice'
    ? (buildInvoiceRequest(b.merchant, { transaction, amount: 20_000 }) as unknown as Record<string, unknown>)
    : (buildAccount2CardRequest(b.merchant, { transaction, amount: 200_000, recipient_pan: '5555555555554444' }) as unknown as Record<string, unknown>);
}

/**
 * Merchant B sends a payment with the transaction A's payment of the same operation carries. The profile makes a
 * transaction used per merchant, so B's is carried out as B's own new payment (another id, B's recipient for account
 * to card); a provider whose transactions are unique across merchants refuses it keyed transaction, with nothing
 * created (variation transaction-unique-across-merchants). Either way the answer carries nothing of A's payment, and
 * A's status reports A's payment as it was, B's its own.
 */
export function otherMerchantTransactionTouchesNothing(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `otherMerchantTransactionTouchesNothing(${op})`,
    title: `merchant B's ${spec.request} with the transaction of merchant A's is B's own new payment, or refused keyed transaction: A's payment is neither shown nor changed`,
    rules: [TRANSACTION_RULE],
    async run({ api }) {
      spec.requireConfigured(api);
      const b = secondMerchantOf(api);
      if (op === 'account2card') requireProfile(b.merchant.privateKeyPem, 'XSIGN_PRIVATE_KEY_2 is not set: merchant B cannot sign account-to-card requests');
      const bodyA = spec.build(api);
      const transaction = String(bodyA.transaction);
      const paid = await paymentOfA(api, op, bodyA);
      const bodyB = bodyOfB(b, op, transaction);
      const exchange = await spec.send(b, bodyB);
      const res = expectNoServerError(exchange, `merchant B's ${spec.request} with merchant A's transaction`);
      let created = false;
      if (res.status >= 200 && res.status <= 299) {
        created = true;
        const payment = expectAccepted(exchange, TRANSACTION_RULE, `merchant B's ${spec.request}`).payment as Payment | undefined;
        if (paid !== undefined && payment !== undefined && payment !== null) {
          if (sameJson(payment.id, paid.id))
            fail(exchange, TRANSACTION_RULE, `B's own new payment: an id other than A's ${paid.id}`, `payment.id ${JSON.stringify(payment.id)}, A's`);
          if (op === 'account2card' && !sameJson(payment.credentials, { card_pan: bodyB.recipient_pan }))
            fail(exchange, TRANSACTION_RULE, `B's recipient {card_pan: ${String(bodyB.recipient_pan)}}`, `credentials ${JSON.stringify(payment.credentials)}`);
        }
      } else if (res.status === api.profile.http.validation) {
        expectProfileValidation(b, exchange, { rule: TRANSACTION_RULE, breaks: ['transaction'], shapeRule: shapeRule(op) });
        const told = marksOf(paid).find((m) => res.bodyText.includes(m));
        if (told !== undefined)
          fail(exchange, TRANSACTION_RULE, "a refusal that carries nothing of A's payment", `the answer carries ${told}: ${describeResponse(exchange)}`);
      } else
        fail(exchange, TRANSACTION_RULE, `B's own new payment (HTTP ${api.profile.http.success}) or a refusal keyed transaction`, describeResponse(exchange));
      if (paid !== undefined) await expectAStillOwn(api, transaction, paid, TRANSACTION_RULE, `after B's ${spec.request} with the same transaction`);
      if (!api.profile.status.enabled) return;
      // B's status: its own payment when it was carried out, none when it was refused.
      const asked = await b.status(buildStatusRequest(b.merchant, transaction));
      if (!created)
        return void expectStatus(
          asked,
          TRANSACTION_RULE,
          api.profile.http.notFound,
          "B's status of the transaction its refused payment carried: nothing was created",
        );
      const own = (expectAccepted(asked, TRANSACTION_RULE, "B's status of its own payment").payment ?? {}) as Record<string, unknown>;
      if (paid !== undefined && sameJson(own.id, paid.id))
        fail(asked, TRANSACTION_RULE, `B's own payment, not A's (id ${paid.id})`, `payment.id ${JSON.stringify(own.id)}`);
    },
  };
}

/** The signed request bodies of one operation with the api_key of one merchant and the crypto_key of the other. */
function crossSigned(op: PaymentOperation | 'status', key: MerchantCredentials, transaction: string): Record<string, unknown> {
  if (op === 'invoice') return buildInvoiceRequest(key) as unknown as Record<string, unknown>;
  if (op === 'account2card') return buildAccount2CardRequest(key) as unknown as Record<string, unknown>;
  return buildStatusRequest(key, transaction) as unknown as Record<string, unknown>;
}

/**
 * A's api_key signed with B's crypto_key, and B's api_key with A's: refused keyed signature, and nothing created
 * (the status of the api_key's merchant does not know the transaction). For account to card also X-Sign: A's
 * request with B's X-Sign, and B's with A's, the profile's X-Sign refusal. The status method is asked about a
 * transaction of A's, so that a signature it does not check would show A's payment.
 */
export function otherMerchantKeysRefused(op: PaymentOperation | 'status'): ApiCheck {
  return {
    name: `otherMerchantKeysRefused(${op})`,
    title: `${article(OPERATION_NAMES[op].request)} with one merchant's api_key signed with the other merchant's keys is refused as a wrong signature, nothing created`,
    rules: [KEYS_RULE],
    async run({ api }) {
      if (op === 'status') requireProfile(api.profile.status.enabled, 'profile status.enabled is false');
      if (op === 'account2card') PAYMENT_OPERATIONS.account2card.requireConfigured(api);
      const b = secondMerchantOf(api);
      if (op === 'account2card') requireProfile(b.merchant.privateKeyPem, 'XSIGN_PRIVATE_KEY_2 is not set: merchant B has no X-Sign key');
      const pairs = [
        { label: "A's api_key, B's crypto_key", owner: api, key: { apiKey: api.merchant.apiKey, cryptoKey: b.merchant.cryptoKey } },
        { label: "B's api_key, A's crypto_key", owner: b, key: { apiKey: b.merchant.apiKey, cryptoKey: api.merchant.cryptoKey } },
      ];
      for (const { label, owner, key } of pairs)
        await step(label, async () => {
          const transaction = op === 'status' ? await transactionOfA(api) : '';
          const body = crossSigned(op, key, transaction);
          // X-Sign by the api_key's own merchant: only the digest is the other's.
          const exchange = op === 'invoice' ? await api.invoice(body) : op === 'account2card' ? await owner.account2card(body) : await api.status(body);
          expectProfileValidation(api, exchange, { rule: KEYS_RULE, breaks: ['signature'], shapeRule: shapeRule(op) });
          if (op !== 'status') await expectNothingCreated(owner, String(body.transaction), exchange);
        });
      if (op !== 'account2card') return;
      for (const { label, owner, signer } of [
        { label: "A's request, X-Sign by B's key", owner: api, signer: b },
        { label: "B's request, X-Sign by A's key", owner: b, signer: api },
      ])
        await step(label, async () => {
          const body = buildAccount2CardRequest(owner.merchant);
          const text = JSON.stringify(body);
          const exchange = await owner.account2card(body, { rawBody: text, xSign: signer.xSignFor(text) });
          expectStatus(exchange, KEYS_RULE, api.profile.http.unauthorized, `the X-Sign refusal: X-Sign made with the other merchant's key`);
          await expectNothingCreated(owner, body.transaction, exchange);
        });
    },
  };
}

/** A fresh invoice of A's: its transaction. */
async function transactionOfA(api: ProviderApi): Promise<string> {
  const body = PAYMENT_OPERATIONS.invoice.build(api);
  await paymentOfA(api, 'invoice', body);
  return String(body.transaction);
}

/** The refused request left nothing: the status of the api_key's own merchant does not know its transaction. */
async function expectNothingCreated(owner: ProviderApi, transaction: string, refused: Exchange): Promise<void> {
  if (!owner.profile.status.enabled) return;
  const asked = await owner.status(buildStatusRequest(owner.merchant, transaction));
  const res = responseOf(asked, KEYS_RULE, 'the status of the refused transaction');
  if (res.status !== owner.profile.http.notFound)
    fail(
      asked,
      KEYS_RULE,
      `nothing created by the refused request (${describeResponse(refused)}): HTTP ${owner.profile.http.notFound} for its transaction`,
      describeResponse(asked),
    );
}

/** Invoices of each merchant in flight at once, interleaved: a merchant kept in state shared across requests shows. */
const EACH_AT_ONCE = 8;

/**
 * Both merchants' invoices at once, interleaved: each accepted invoice is its own merchant's, as the status method
 * then tells it to that merchant (the transaction it was sent with), and the other merchant's status of
 * the same transaction knows no payment. A merchant taken from state shared across requests (a variable set before
 * an await) files one merchant's payment under the other: lost to its own, shown to the other.
 */
export function merchantsAtOnceKeepTheirPayments(): ApiCheck {
  return {
    name: 'merchantsAtOnceKeepTheirPayments()',
    title: `${EACH_AT_ONCE} invoices of each of two merchants sent at once, interleaved: each is its own merchant's (its status tells it to that merchant) and unknown to the other`,
    rules: [STATUS_RULE, 'PRO-PAY-STAYS-KNOWN'],
    async run({ api }) {
      const b = secondMerchantOf(api);
      requireProfile(api.profile.status.enabled, 'profile status.enabled is false: no way to ask whose payment is whose');
      requireProfile(api.atOnce >= 2 * EACH_AT_ONCE, `RATE_LIMIT or MAX_IN_FLIGHT allows ${api.atOnce} request(s) at once; this sends ${2 * EACH_AT_ONCE}`);
      const sent = Array.from({ length: 2 * EACH_AT_ONCE }, (_, i) => {
        const owner = i % 2 === 0 ? api : b;
        return { owner, other: owner === api ? b : api, who: owner === api ? 'A' : 'B', body: buildInvoiceRequest(owner.merchant, { amount: 10_000 + i }) };
      });
      const answers = await Promise.all(sent.map((s) => s.owner.invoice(s.body)));
      const accepted = sent.filter((_, i) => responseOf(answers[i]!, 'PRO-INV-SUCCESS', 'an invoice sent at once').status === api.profile.http.success);
      requireProfile(accepted.length > 0, 'no invoice sent at once was accepted: nothing to ask about');
      await eachAtOnce(
        api.atOnce,
        accepted,
        ({ owner, other, who, body }) =>
          step(`merchant ${who}'s invoice ${body.transaction}`, async () => {
            // The other merchant first: a payment shown to it is the graver finding.
            const theirs = await other.status(buildStatusRequest(other.merchant, body.transaction));
            const res = responseOf(theirs, STATUS_RULE, `the other merchant's status of merchant ${who}'s transaction`);
            if (res.status >= 200 && res.status <= 299)
              fail(
                theirs,
                STATUS_RULE,
                `the other merchant's status of merchant ${who}'s transaction ${body.transaction}: an unknown transaction`,
                `its payment shown: ${describeResponse(theirs)}`,
              );
            const own = await owner.status(buildStatusRequest(owner.merchant, body.transaction));
            const json = expectAccepted(own, 'PRO-PAY-STAYS-KNOWN', `merchant ${who}'s status of its own invoice, sent at once with the other merchant's`);
            if (json.transaction !== body.transaction)
              fail(
                own,
                'PRO-PAY-STAYS-KNOWN',
                `merchant ${who}'s status of ${body.transaction} tells that transaction`,
                `transaction ${JSON.stringify(json.transaction)}: ${describeResponse(own)}`,
              );
          }),
        2 * EACH_AT_ONCE,
      );
    },
  };
}
