// The merchant-visible lifecycle of payments, as a model fast-check drives command sequences through
// (fc.commands, fc.asyncModelRun). The model predicts each answer: the status, the state, the error
// fields, credentials and ids that stay the same, duplicates refused, a transaction free on the other
// operation, final states that never change, callbacks with the state the status reports and the payload
// unchanged; and what the run's ledger knows: a new payment's id is none of the run's other payments'. Each
// command checks its answer and names the rule a wrong one breaks; on failure fast-check shrinks to the
// shortest sequence.
import fc from 'fast-check';
import type { Page } from '@playwright/test';
import type { Payment, PaymentState, RuleId, StatusResponse } from '../../contracts/index.js';
import { buildStatusRequest } from '../../generators/builders.js';
import { missingFieldVariants } from '../../generators/variants/index.js';
import type { CallbackInbox } from '../harness/callback-receiver.js';
import { eventually } from '../harness/eventually.js';
import { expectAccepted, expectSchema, expectStatus, responseOf } from '../harness/expect-response.js';
import { CheckFailure } from '../harness/failure.js';
import { softly } from '../harness/findings.js';
import { sameJson } from '../harness/json.js';
import { buttonFor, openPaymentPage, press, settleMs, tryPressAgain, type FinalState } from '../harness/payment-page.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { expectProfileValidation, expectVariantRejected, shapeRule } from '../harness/variants.js';
import { awaitDeliveries, describeDeliveries, expectCallbackBody, expectPayloadUnchanged, reportedState } from './callback-deliveries.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { isFinalState } from '../../contracts/operation-facts.js';
import { PAYMENT_OPERATIONS, article } from './operations.js';
import { PRESS_RULE } from './payment-page.js';
import { ledgerOf } from '../harness/ledger.js';
import { described } from './whole-run.js';

type Body = Record<string, unknown>;

/** One payment as the merchant knows it. */
interface ModelPayment {
  operation: PaymentOperation;
  body: Body;
  /** The payment as the creating answer gave it: id, credentials and created_at never change. */
  created: Payment;
  /** The state the model expects now. */
  state: PaymentState;
  redirectUrl?: string;
  /** Deliveries received for it so far. */
  callbacks: number;
  /** A final change was made that no callback has reported yet. */
  callbackDue: boolean;
  /** Pressed, and no status has shown the final state yet: a press may settle within the profile's settle time. */
  settling?: boolean;
  /** Its transaction names a payment of the other operation too: the status of the transaction may report either. */
  shared?: boolean;
}

export interface LifecycleModel {
  payments: ModelPayment[];
}

/** The system under test, and the log of what the sequence did (the evidence of a failure). */
export interface LifecycleReal {
  api: ProviderApi;
  page: Page;
  inbox: CallbackInbox;
  log: string[];
}

type Command = fc.AsyncCommand<LifecycleModel, LifecycleReal>;

const invoices = (m: LifecycleModel) => m.payments.filter((p) => p.operation === 'invoice');
/** Payments whose transaction's status can only be theirs. */
const unshared = (m: LifecycleModel) => m.payments.filter((p) => !p.shared);
const otherOperation = (op: PaymentOperation): PaymentOperation => (op === 'invoice' ? 'account2card' : 'invoice');
/** The `pick`-th of the payments that qualify (picks are drawn before the model exists). */
const nth = <T>(list: readonly T[], pick: number): T => list[pick % list.length];

const AT_ARRIVAL: RuleId = 'PRO-CB-STATUS-AT-ARRIVAL';

function fail(rule: RuleId, expected: string, received: string, real: LifecycleReal): never {
  throw new CheckFailure({ rule, expected, received: `${received}; sequence so far: ${real.log.join(' → ')}` });
}

/**
 * Sends a valid request and takes the payment it creates into the model: accepted (else `refusedRule`), the
 * documented new state, an id that neither the sequence's other payments nor the run's (its ledger) have.
 */
async function created(
  operation: PaymentOperation,
  body: Body,
  refusedRule: RuleId,
  model: LifecycleModel,
  real: LifecycleReal,
  what: string,
): Promise<ModelPayment> {
  const spec = PAYMENT_OPERATIONS[operation];
  const exchange = await spec.send(real.api, body);
  const answer = expectAccepted(exchange, refusedRule, what) as { payment?: Payment; redirect_url?: string };
  const payment = expectSchema<{ payment: Payment }>(
    exchange,
    spec.successRule,
    spec.responseSchema,
    `the ${spec.request} response`,
    spec.responseRules,
  ).payment;
  real.log.push(`create ${operation} → id ${payment.id} ${payment.state}`);
  if (operation === 'invoice' && payment.state !== real.api.profile.invoice.initialState)
    fail('DOC-STATE-NEW-PROCESSING', `a new invoice in state ${real.api.profile.invoice.initialState}`, `state ${payment.state}`, real);
  const twin = model.payments.find((p) => p.created.id === payment.id);
  if (twin)
    fail(
      'DOC-PAY-ID-UNIQUE',
      `a new payment id, not one of ${model.payments.length} earlier payments`,
      `id ${payment.id}, already the id of ${String(twin.body.transaction)}`,
      real,
    );
  const transaction = String(body.transaction).toLowerCase();
  const { payments } = ledgerOf(real.api).read();
  const elsewhere = payments.find((q) => sameJson(q.id, payment.id) && !(q.op === operation && q.transaction.toLowerCase() === transaction));
  if (elsewhere)
    fail(
      'DOC-PAY-ID-UNIQUE',
      `a new payment id, not one of the ${payments.length} payments the run created so far`,
      `id ${payment.id} for ${operation} ${String(body.transaction)}, already the id of ${described(elsewhere)}, a payment of the run outside this sequence (the sequence replayed alone may not meet it)`,
      real,
    );
  const entry: ModelPayment = { operation, body, created: payment, state: payment.state, redirectUrl: answer.redirect_url, callbacks: 0, callbackDue: false };
  model.payments.push(entry);
  return entry;
}

/** Creates a payment from a generated valid request: accepted, the documented new state, a fresh id. */
class Create implements Command {
  constructor(
    readonly operation: PaymentOperation,
    readonly generated: Body,
  ) {}
  check = () => true;
  async run(model: LifecycleModel, real: LifecycleReal): Promise<void> {
    const spec = PAYMENT_OPERATIONS[this.operation];
    await created(this.operation, spec.fresh(real.api, this.generated), spec.successRule, model, real, `a valid ${spec.request}`);
  }
  toString = () => `create(${this.operation})`;
}

/** A payment of the other operation with the transaction of one of the sequence's: accepted, uniqueness is per operation. */
class OtherOperation implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<LifecycleModel>) => unshared(m as LifecycleModel).length > 0;
  async run(model: LifecycleModel, real: LifecycleReal): Promise<void> {
    const p = nth(unshared(model), this.pick);
    const operation = otherOperation(p.operation);
    const spec = PAYMENT_OPERATIONS[operation];
    real.log.push(`${operation} with the transaction of ${p.created.id}`);
    // Refused, it warns by default (a provider may keep transactions unique across operations) and nothing was made.
    const twin = await softly(real.api, () =>
      created(
        operation,
        spec.build(real.api, { transaction: p.body.transaction }),
        'PRO-VAL-TRANSACTION-PER-OPERATION',
        model,
        real,
        `${article(spec.request)} with the transaction ${String(p.body.transaction)} of ${p.operation} ${p.created.id}`,
      ),
    );
    if (twin) p.shared = twin.shared = true;
  }
  toString = () => `otherOperation(${this.pick})`;
}

/** The same request again: refused keyed transaction; nothing changes. */
class Duplicate implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<LifecycleModel>) => m.payments.length > 0;
  async run(model: LifecycleModel, real: LifecycleReal): Promise<void> {
    const p = nth(model.payments, this.pick);
    const exchange = await PAYMENT_OPERATIONS[p.operation].send(real.api, p.body);
    real.log.push(`duplicate of ${p.created.id} → HTTP ${exchange.response?.status ?? exchange.transportError}`);
    expectProfileValidation(real.api, exchange, { rule: 'PRO-VAL-DUPLICATE-TRANSACTION', breaks: ['transaction'], shapeRule: shapeRule(p.operation) });
  }
  toString = () => `duplicate(${this.pick})`;
}

/** An invalid invoice (a required field missing): refused; no payment is made. */
class Invalid implements Command {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(_model: LifecycleModel, real: LifecycleReal): Promise<void> {
    const variants = missingFieldVariants('invoice', real.api.merchant).filter((v) => v.missing === 'absent');
    const variant = nth(variants, this.pick);
    real.log.push(`invalid invoice (${variant.label})`);
    await expectVariantRejected(real.api, 'invoice', variant);
  }
  toString = () => `invalid(${this.pick})`;
}

/** The status of a payment: its own id, credentials, created_at; the state the model expects (within the settle time). */
class AskStatus implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<LifecycleModel>) => unshared(m as LifecycleModel).length > 0;
  async run(model: LifecycleModel, real: LifecycleReal): Promise<void> {
    const p = nth(unshared(model), this.pick);
    const read = async () => {
      const exchange = await real.api.status(buildStatusRequest(real.api.merchant, String(p.body.transaction)));
      expectStatus(exchange, 'PRO-STATUS-SUCCESS', real.api.profile.http.success, 'the status of a known transaction');
      return expectSchema<StatusResponse>(exchange, 'PRO-STATUS-SUCCESS', 'status-response', 'the status response').payment;
    };
    // A press may settle asynchronously; an account-to-card payment may move on its own until it is final.
    const settles = (s: PaymentState) =>
      s === p.state ||
      (s === 'processing' && (p.settling === true || (!isFinalState(p.state) && (p.operation === 'account2card' || p.state === 'processing'))));
    const got = await eventually(read, (x) => x.state === p.state || !settles(x.state), settleMs(real.api));
    real.log.push(`status of ${p.created.id} → ${got.state}`);
    if (p.settling && got.state === 'processing')
      fail(
        PRESS_RULE[p.state as FinalState],
        `state ${p.state} within ${real.api.profile.paymentPage.settleSeconds} s of the press (profile paymentPage.settleSeconds)`,
        `state ${got.state}`,
        real,
      );
    if (got.state === p.state) p.settling = false;
    for (const field of ['id', 'credentials', 'created_at'] as const)
      if (!sameJson(got[field], p.created[field]))
        fail(
          'PRO-STATUS-SUCCESS',
          `payment.${field} as the creating answer gave it: ${JSON.stringify(p.created[field])}`,
          `payment.${field} ${JSON.stringify(got[field])}`,
          real,
        );
    const moved = p.operation === 'account2card' && !isFinalState(p.state);
    if (got.state !== p.state && !(moved || settles(got.state)))
      fail(isFinalState(p.state) ? 'PRO-STATE-FINAL' : 'DOC-STATE-OUTCOME', `state ${p.state}`, `state ${got.state}`, real);
    if (moved) p.state = got.state;
  }
  toString = () => `status(${this.pick})`;
}

/** Opens an invoice's payment page: it loads, and nothing changes. */
class OpenPage implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<LifecycleModel>) => invoices(m).length > 0;
  async run(model: LifecycleModel, real: LifecycleReal): Promise<void> {
    const p = nth(invoices(model), this.pick);
    await openPaymentPage(real.page, p.redirectUrl!, 'PRO-PAGE-CONTENT', String(p.body.return_url));
    real.log.push(`open page of ${p.created.id}`);
  }
  toString = () => `openPage(${this.pick})`;
}

/** Presses Pay or Decline on a processing invoice's page: the model moves it to the final state, a callback becomes due. */
class Press implements Command {
  constructor(
    readonly to: FinalState,
    readonly pick: number,
  ) {}
  check = (m: Readonly<LifecycleModel>) => invoices(m as LifecycleModel).some((p) => p.state === 'processing');
  async run(model: LifecycleModel, real: LifecycleReal): Promise<void> {
    const p = nth(
      invoices(model).filter((x) => x.state === 'processing'),
      this.pick,
    );
    await openPaymentPage(real.page, p.redirectUrl!, PRESS_RULE[this.to], String(p.body.return_url));
    await press(real.api, real.page, buttonFor(real.api, this.to), PRESS_RULE[this.to]);
    real.log.push(`press ${buttonFor(real.api, this.to)} on ${p.created.id}`);
    p.state = this.to;
    p.settling = true;
    p.callbackDue = real.api.profile.callbacks.enabled;
  }
  toString = () => `press(${this.to}, ${this.pick})`;
}

/** Presses a button on a final invoice's reopened page: nothing changes (the next status and callbacks show it). */
class PressOnFinal implements Command {
  constructor(
    readonly button: FinalState,
    readonly pick: number,
  ) {}
  check = (m: Readonly<LifecycleModel>) => invoices(m as LifecycleModel).some((p) => isFinalState(p.state));
  async run(model: LifecycleModel, real: LifecycleReal): Promise<void> {
    const p = nth(
      invoices(model).filter((x) => isFinalState(x.state)),
      this.pick,
    );
    const what = await tryPressAgain(real.api, real.page, p.redirectUrl!, buttonFor(real.api, this.button));
    real.log.push(`press ${buttonFor(real.api, this.button)} on final ${p.created.id} (${what.slice(0, 60)})`);
  }
  toString = () => `pressOnFinal(${this.button}, ${this.pick})`;
}

/** Waits for the due callback of a settled invoice: its state is the model's and the status's, its payload the request's. */
class AwaitCallback implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<LifecycleModel>) => m.payments.some((p) => p.callbackDue);
  async run(model: LifecycleModel, real: LifecycleReal): Promise<void> {
    const p = nth(
      model.payments.filter((x) => x.callbackDue),
      this.pick,
    );
    const transaction = String(p.body.transaction);
    const all = await awaitDeliveries(real.api, real.inbox, transaction, p.callbacks + 1, 'PRO-CB-DELIVERY');
    const fresh = all.slice(p.callbacks);
    real.log.push(`callback of ${p.created.id} → ${fresh.map((d) => String(reportedState(d))).join(', ')}`);
    for (const d of fresh) {
      const callback = expectCallbackBody(d, all, transaction, p.created.id);
      if (callback.payment.state !== p.state) fail('PRO-STATE-FINAL', `every callback reports the final state ${p.state}`, describeDeliveries(all), real);
      expectPayloadUnchanged((p.body.payload ?? {}) as Body, callback.payload, all);
    }
    if (real.api.profile.status.enabled && !p.shared) {
      const exchange = await real.api.status(buildStatusRequest(real.api.merchant, transaction));
      const now = (responseOf(exchange, AT_ARRIVAL, 'the status after the callback').json as { payment?: { state?: unknown } } | undefined)?.payment?.state;
      // A status a moment behind its callback warns by default; the state the two settle on is judged by the final-state commands.
      if (now !== p.state) await softly(real.api, () => fail(AT_ARRIVAL, `the status reports ${p.state}, as the callback did`, `state ${String(now)}`, real));
    }
    p.callbacks = all.length;
    p.callbackDue = false;
  }
  toString = () => `awaitCallback(${this.pick})`;
}

/** The commands the profile lets the suite run: page commands need the page, callback commands the callbacks. */
export function lifecycleCommands(api: ProviderApi): fc.Arbitrary<Command>[] {
  const p = api.profile;
  const pick = fc.nat({ max: 1000 });
  const finalState = fc.constantFrom<FinalState>('deposited', 'declined');
  const commands: fc.Arbitrary<Command>[] = [PAYMENT_OPERATIONS.invoice.valid(api).map((g) => new Create('invoice', g)), pick.map((i) => new Invalid(i))];
  // An account-to-card payment joins the model only when its answer carries the payment (profile successBody).
  if (api.merchant.privateKeyPem && p.account2card.successBody) {
    commands.push(PAYMENT_OPERATIONS.account2card.valid(api).map((g) => new Create('account2card', g)));
    commands.push(pick.map((i) => new OtherOperation(i)));
  }
  if (p.validation.duplicateTransactionRejected) commands.push(pick.map((i) => new Duplicate(i)));
  if (p.status.enabled) commands.push(pick.map((i) => new AskStatus(i)));
  if (p.paymentPage.enabled) {
    commands.push(pick.map((i) => new OpenPage(i)));
    commands.push(fc.tuple(finalState, pick).map(([s, i]) => new Press(s, i)));
    commands.push(fc.tuple(finalState, pick).map(([s, i]) => new PressOnFinal(s, i)));
  }
  if (p.callbacks.enabled && p.paymentPage.enabled) commands.push(pick.map((i) => new AwaitCallback(i)));
  return commands;
}
