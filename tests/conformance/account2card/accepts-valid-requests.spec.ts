// Positive acceptance: generated valid account-to-card payments are accepted, and every success body
// has the profile shape {transaction, payment} with the documented payment fields.
import { test, rule, requireProfile } from '../../harness/rule.js';
import { forAll } from '../../harness/property.js';
import { CheckFailure } from '../../harness/failure.js';
import { expectStatus, expectSchema, expectJsonContentType } from '../../harness/expect-response.js';
import { PAYMENT_RESPONSE_RULES } from '../../harness/schema-rules.js';
import { expectAccepted, validAccount2Cards, sendAccount2Card } from '../../harness/requests.js';
import { isCreatedAt } from '../../../contracts/index.js';
import { skipWithoutXSignKey } from './support.js';

type A2CResponse = { transaction?: unknown; payment?: Record<string, unknown> };

test.beforeEach(skipWithoutXSignKey);

test(...rule('PRO-A2C-SUCCESS', 'a valid signed account to card payment is accepted with the profile success status'), async ({ api }) => {
  await forAll(validAccount2Cards(api), async (generated) => {
    const { exchange } = await sendAccount2Card(api, generated);
    expectStatus(exchange, 'PRO-A2C-SUCCESS', api.profile.http.success, 'account to card payment accepted');
  }, { rule: 'PRO-A2C-SUCCESS' });
});

test(...rule(['PRO-A2C-SUCCESS', 'DOC-PAY-ID', 'DOC-PAY-STATE', 'DOC-PAY-ERROR_CODE', 'DOC-PAY-ERROR_DESCRIPTION', 'DOC-PAY-CREDENTIALS', 'DOC-CRED-CARD', 'DOC-PAY-CREATED_AT'],
  'every account to card success body matches the account2card-response schema'), async ({ api }) => {
  requireProfile(api.profile.account2card.successBody, 'profile account2card.successBody is false: no success body to check');
  await forAll(validAccount2Cards(api), async (generated) => {
    const { exchange } = await sendAccount2Card(api, generated);
    expectStatus(exchange, 'PRO-A2C-SUCCESS', api.profile.http.success, 'account to card payment accepted');
    expectSchema(exchange, 'PRO-A2C-SUCCESS', 'account2card-response', 'the account to card response', PAYMENT_RESPONSE_RULES);
  }, { rule: 'PRO-A2C-SUCCESS' });
});

test(...rule('PRO-A2C-SUCCESS', 'the account to card response echoes the transaction and carries credentials {card_pan} equal to recipient_pan'), async ({ api }) => {
  requireProfile(api.profile.account2card.successBody, 'profile account2card.successBody is false: no success body to check');
  await forAll(validAccount2Cards(api), async (generated) => {
    const { body, exchange } = await sendAccount2Card(api, generated);
    const res = expectAccepted(exchange, 'PRO-A2C-SUCCESS', 'a valid account to card payment') as A2CResponse;
    if (res.transaction !== body.transaction)
      throw new CheckFailure({ rule: 'PRO-A2C-SUCCESS', expected: `transaction ${body.transaction}`, received: `transaction ${JSON.stringify(res.transaction)}`, exchange });
    const credentials = res.payment?.credentials as Record<string, unknown> | undefined;
    const keys = Object.keys(credentials ?? {}).sort().join(',');
    if (keys !== 'card_pan' || credentials?.card_pan !== body.recipient_pan)
      throw new CheckFailure({ rule: 'PRO-A2C-SUCCESS', expected: `payment.credentials {"card_pan": "${body.recipient_pan}"} (the request's recipient_pan)`, received: `payment.credentials ${JSON.stringify(credentials)}`, exchange });
  }, { rule: 'PRO-A2C-SUCCESS' });
});

test(...rule(['PRO-A2C-SUCCESS', 'DOC-PAY-STATE', 'DOC-ERR-PAYMENT-NULLS', 'DOC-PAY-CREATED_AT'],
  'a new account to card payment has a documented state, null error fields unless declined, and created_at YYYYMMDDTHHMMSS.ffffffZ'), async ({ api }) => {
  requireProfile(api.profile.account2card.successBody, 'profile account2card.successBody is false: no success body to check');
  // Neither the document nor the profile names the state of a new account-to-card payment: any documented
  // state is right, and only a declined one may carry an error.
  await forAll(validAccount2Cards(api), async (generated) => {
    const { exchange } = await sendAccount2Card(api, generated);
    const res = expectAccepted(exchange, 'PRO-A2C-SUCCESS', 'a valid account to card payment') as A2CResponse;
    const payment = res.payment ?? {};
    if (!['processing', 'declined', 'deposited'].includes(payment.state as string))
      throw new CheckFailure({ rule: 'DOC-PAY-STATE', expected: 'payment.state one of processing, declined, deposited', received: `payment.state ${JSON.stringify(payment.state)}`, exchange });
    for (const field of payment.state === 'declined' ? [] : ['error_code', 'error_description']) {
      if (!(field in payment) || payment[field] !== null)
        throw new CheckFailure({ rule: 'DOC-ERR-PAYMENT-NULLS', expected: `payment.${field} present and null (state ${String(payment.state)}, no error)`, received: field in payment ? `payment.${field} = ${JSON.stringify(payment[field])}` : `payment.${field} absent`, exchange });
    }
    if (typeof payment.created_at !== 'string' || !isCreatedAt(payment.created_at))
      throw new CheckFailure({ rule: 'DOC-PAY-CREATED_AT', expected: 'created_at like 20240131T235959.123456Z (a real UTC date and time, six fractional digits)', received: `created_at ${JSON.stringify(payment.created_at)}`, exchange });
  }, { rule: 'PRO-A2C-SUCCESS', numRuns: 10 });
});

test(...rule('PRO-HTTP-CONTENT-TYPE', 'an account to card success body is sent as application/json'), async ({ api }) => {
  await forAll(validAccount2Cards(api), async (generated) => {
    const { exchange } = await sendAccount2Card(api, generated);
    expectStatus(exchange, 'PRO-A2C-SUCCESS', api.profile.http.success, 'account to card payment accepted');
    expectJsonContentType(exchange, 'PRO-HTTP-CONTENT-TYPE');
  }, { rule: 'PRO-HTTP-CONTENT-TYPE', numRuns: 5 });
});
