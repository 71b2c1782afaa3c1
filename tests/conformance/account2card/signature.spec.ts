// The account to card digest: sha256(api_key + transaction + amount + recipient_pan + crypto_key),
// accepted exactly when right. Every tampering is made from its own fresh body, so a provider that
// wrongly accepts one cannot turn the next into a duplicate-transaction refusal.
import fc from 'fast-check';
import { test, rule, requireProfile } from '../../harness/rule.js';
import { forAll } from '../../harness/property.js';
import { acceptedSignatureVariants, flipHexDigit, leaveOneOutTamperings, signatureTamperings } from '../../../generators/variants/index.js';
import { buildAccount2CardRequest } from '../../../generators/builders.js';
import { expectStatus } from '../../harness/expect-response.js';
import { eachFromFreshBody, expectTamperingRejected } from '../../harness/variants.js';
import { skipWithoutXSignKey } from './support.js';

const RULE = 'DOC-AUTH-A2C-DIGEST';

test.beforeEach(skipWithoutXSignKey);

test(...rule(RULE, 'an account to card payment signed with the documented digest is accepted'), async ({ api }) => {
  const exchange = await api.account2card(buildAccount2CardRequest(api.merchant));
  expectStatus(exchange, RULE, api.profile.http.success, 'the correct digest is accepted');
});

test(...rule([RULE, 'PRO-VAL-SIGNATURE'], 'every tampered account to card signature is refused keyed signature'), async ({ api }) => {
  await eachFromFreshBody(() => signatureTamperings('account2card', api.merchant, buildAccount2CardRequest(api.merchant)), (t) => expectTamperingRejected(api, 'account2card', t));
});

test(...rule(RULE, 'an account to card digest that leaves out any one of api_key, transaction, amount, recipient_pan is refused'), async ({ api }) => {
  // Kills a provider whose own digest skips a field: it would accept exactly this signature.
  await eachFromFreshBody(() => leaveOneOutTamperings('account2card', api.merchant, buildAccount2CardRequest(api.merchant)), (t) => expectTamperingRejected(api, 'account2card', t));
});

test(...rule(RULE, 'an account to card signature with any one hex digit changed is refused'), async ({ api }) => {
  const flip = fc.record({ position: fc.integer({ min: 0, max: 63 }), delta: fc.integer({ min: 1, max: 15 }) });
  await forAll(flip, async ({ position, delta }) => {
    const body = buildAccount2CardRequest(api.merchant);
    const signature = flipHexDigit(body.signature, position, delta);
    await expectTamperingRejected(api, 'account2card', { label: `digit ${position} +${delta}`, rule: RULE, kind: 'documented', body: { ...body, signature } });
  }, { rule: RULE });
});

test(...rule('PRO-VAL-SIGNATURE', 'an account to card digest in upper-case hex is accepted'), async ({ api }) => {
  requireProfile(api.profile.validation.signatureCaseInsensitive, 'profile validation.signatureCaseInsensitive is false');
  for (const v of acceptedSignatureVariants('account2card', api.merchant, buildAccount2CardRequest(api.merchant))) {
    const exchange = await api.account2card(v.body);
    expectStatus(exchange, 'PRO-VAL-SIGNATURE', api.profile.http.success, v.label);
  }
});
