// The values of a new payment: echo of the transaction, initial state, null error fields, created_at.
import { test, rule, requireProfile } from '../../harness/rule.js';
import { forAll } from '../../harness/property.js';
import { CheckFailure } from '../../harness/failure.js';
import { expectAccepted, validInvoices, sendInvoice } from '../../harness/requests.js';
import { isCreatedAt } from '../../../contracts/index.js';

type PaymentLike = { payment?: Record<string, unknown> };

test(...rule('DOC-INV-RES-TRANSACTION', 'the invoice response echoes the request transaction'), async ({ api }) => {
  await forAll(validInvoices(api), async (generated) => {
    const { body, exchange } = await sendInvoice(api, generated);
    const res = expectAccepted(exchange, 'PRO-INV-SUCCESS', 'a valid invoice');
    if (res.transaction !== body.transaction)
      throw new CheckFailure({ rule: 'DOC-INV-RES-TRANSACTION', expected: `transaction ${body.transaction}`, received: `transaction ${JSON.stringify(res.transaction)}`, exchange });
  }, { rule: 'DOC-INV-RES-TRANSACTION' });
});

test(...rule('DOC-STATE-NEW-PROCESSING', 'a new invoice payment is returned with state processing'), async ({ api }) => {
  await forAll(validInvoices(api), async (generated) => {
    const { exchange } = await sendInvoice(api, generated);
    const state = (expectAccepted(exchange, 'PRO-INV-SUCCESS', 'a valid invoice') as PaymentLike).payment?.state;
    if (state !== api.profile.invoice.initialState)
      throw new CheckFailure({ rule: 'DOC-STATE-NEW-PROCESSING', expected: `payment.state "${api.profile.invoice.initialState}"`, received: `payment.state ${JSON.stringify(state)}`, exchange });
  }, { rule: 'DOC-STATE-NEW-PROCESSING', numRuns: 10 });
});

test(...rule('DOC-ERR-PAYMENT-NULLS', 'a new payment without error carries error_code and error_description as null'), async ({ api }) => {
  await forAll(validInvoices(api), async (generated) => {
    const { exchange } = await sendInvoice(api, generated);
    const payment = (expectAccepted(exchange, 'PRO-INV-SUCCESS', 'a valid invoice') as PaymentLike).payment ?? {};
    for (const field of ['error_code', 'error_description']) {
      if (!(field in payment) || payment[field] !== null)
        throw new CheckFailure({ rule: 'DOC-ERR-PAYMENT-NULLS', expected: `payment.${field} present and null`, received: field in payment ? `payment.${field} = ${JSON.stringify(payment[field])}` : `payment.${field} absent`, exchange });
    }
  }, { rule: 'DOC-ERR-PAYMENT-NULLS', numRuns: 10 });
});

test(...rule('DOC-PAY-CREATED_AT', 'created_at has the shape YYYYMMDDTHHMMSS.ffffffZ and is the time of the request'), async ({ api }) => {
  requireProfile(api.profile.invoice.createdAtToleranceSeconds > 0, 'profile invoice.createdAtToleranceSeconds is 0: clock not compared');
  const tolerance = api.profile.invoice.createdAtToleranceSeconds * 1000;
  await forAll(validInvoices(api), async (generated) => {
    const sentAt = Date.now();
    const { exchange } = await sendInvoice(api, generated);
    const createdAt = (expectAccepted(exchange, 'PRO-INV-SUCCESS', 'a valid invoice') as PaymentLike).payment?.created_at;
    if (typeof createdAt !== 'string' || !isCreatedAt(createdAt))
      throw new CheckFailure({ rule: 'DOC-PAY-CREATED_AT', expected: 'created_at like 20240131T235959.123456Z (a real UTC date and time, six fractional digits)', received: `created_at ${JSON.stringify(createdAt)}`, exchange });
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})/.exec(createdAt)!;
    const at = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], +m[7]);
    if (Math.abs(at - sentAt) > tolerance)
      throw new CheckFailure({ rule: 'DOC-PAY-CREATED_AT', expected: `created_at within ${tolerance / 1000} s of the request (${new Date(sentAt).toISOString()})`, received: `created_at ${createdAt}`, exchange });
  }, { rule: 'DOC-PAY-CREATED_AT', numRuns: 10 });
});
