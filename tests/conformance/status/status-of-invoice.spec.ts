// The status method reports the payment of a known transaction, and a 404 {message} for an unknown one.
import { test, rule, requireProfile } from '../../harness/rule.js';
import { forAll } from '../../harness/property.js';
import { expectMessageBody, expectSchema, expectStatus } from '../../harness/expect-response.js';
import { expectAccepted, sendInvoice, validInvoices } from '../../harness/requests.js';
import { CheckFailure } from '../../harness/failure.js';
import type { Exchange } from '../../harness/exchange.js';
import type { Payment, StatusResponse } from '../../../contracts/index.js';
import { buildStatusRequest } from '../../../generators/builders.js';
import { statusRequest } from '../../../generators/arbitraries/index.js';

const skipUnlessStatus = (enabled: boolean) => requireProfile(enabled, 'profile status.enabled is false');

/** Deep equality of two JSON values (key order ignored, types kept). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => k in b && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

test(...rule(['PRO-STATUS-SUCCESS', 'PRO-STATUS-REQUEST', 'DOC-STATE-OUTCOME'],
  'the status of a new invoice echoes its transaction and reports its payment: same id, state, created_at and credentials'),
  async ({ api }) => {
    skipUnlessStatus(api.profile.status.enabled);
    await forAll(validInvoices(api), async (generated) => {
      const { body: sent, exchange: invoiceExchange } = await sendInvoice(api, generated);
      const invoice = expectAccepted(invoiceExchange, 'PRO-INV-SUCCESS', 'the invoice (precondition)') as { payment: Payment };
      const transaction = sent.transaction;

      const exchange = await api.status(buildStatusRequest(api.merchant, transaction));
      // A validation answer to the documented request means the provider takes another request shape or digest.
      if (exchange.response?.status === api.profile.http.validation)
        expectStatus(exchange, 'PRO-STATUS-REQUEST', api.profile.http.success, 'a correctly signed {api_key, transaction, signature} is accepted');
      expectStatus(exchange, 'PRO-STATUS-SUCCESS', api.profile.http.success, 'the status of a known transaction');
      const body = expectSchema<StatusResponse>(exchange, 'PRO-STATUS-SUCCESS', 'status-response', 'the status response');
      if (body.transaction !== transaction) fail(exchange, 'PRO-STATUS-SUCCESS', `transaction ${transaction} echoed`, `transaction ${body.transaction}`);
      const paid = invoice.payment;
      for (const field of ['id', 'created_at', 'credentials'] as const)
        if (!sameJson(body.payment[field], paid[field]))
          fail(exchange, 'PRO-STATUS-SUCCESS', `payment.${field} as in the invoice response: ${JSON.stringify(paid[field])}`, `payment.${field} ${JSON.stringify(body.payment[field])}`);
      if (body.payment.state !== paid.state)
        fail(exchange, 'DOC-STATE-OUTCOME', `the state of the untouched payment as the invoice gave it: ${paid.state}`, `state ${body.payment.state}`);
    }, { rule: 'PRO-STATUS-SUCCESS', numRuns: 6 });
  });

test(...rule('PRO-STATUS-NOT-FOUND', 'the status of an unknown transaction, correctly signed, is the profile not-found status with a {message} body'),
  async ({ api }) => {
    skipUnlessStatus(api.profile.status.enabled);
    await forAll(statusRequest(api.merchant), async (body) => {
      const exchange = await api.status(body);
      expectMessageBody(exchange, 'PRO-STATUS-NOT-FOUND', api.profile.http.notFound, 'an unknown transaction');
    }, { rule: 'PRO-STATUS-NOT-FOUND', numRuns: 5 });
  });

function fail(exchange: Exchange, rule: string, expected: string, received: string): never {
  throw new CheckFailure({ rule, expected, received, exchange });
}
