// The invoice digest: sha256(api_key + transaction + amount + crypto_key), accepted exactly when right.
// Every tampering is made from its own fresh body, so a provider that wrongly accepts one cannot turn
// the next into a duplicate-transaction refusal.
import fc from 'fast-check';
import { test, rule, requireProfile } from '../../harness/rule.js';
import { forAll } from '../../harness/property.js';
import { acceptedSignatureVariants, flipHexDigit, leaveOneOutTamperings, signatureTamperings } from '../../../generators/variants/index.js';
import { buildInvoiceRequest } from '../../../generators/builders.js';
import { expectStatus } from '../../harness/expect-response.js';
import { eachFromFreshBody, expectTamperingRejected } from '../../harness/variants.js';

const RULE = 'DOC-AUTH-INV-DIGEST';

test(...rule(RULE, 'an invoice signed with the documented digest is accepted'), async ({ api }) => {
  const exchange = await api.invoice(buildInvoiceRequest(api.merchant));
  expectStatus(exchange, RULE, api.profile.http.success, 'the correct digest is accepted');
});

test(...rule([RULE, 'PRO-VAL-SIGNATURE'], 'every tampered invoice signature is refused keyed signature'), async ({ api }) => {
  await eachFromFreshBody(() => signatureTamperings('invoice', api.merchant, buildInvoiceRequest(api.merchant)), (t) => expectTamperingRejected(api, 'invoice', t));
});

test(...rule(RULE, 'an invoice digest that leaves out any one field is refused'), async ({ api }) => {
  // Kills a provider whose own digest skips a field: it would accept exactly this signature.
  await eachFromFreshBody(() => leaveOneOutTamperings('invoice', api.merchant, buildInvoiceRequest(api.merchant)), (t) => expectTamperingRejected(api, 'invoice', t));
});

test(...rule(RULE, 'an invoice signature with any one hex digit changed is refused'), async ({ api }) => {
  const flip = fc.record({ position: fc.integer({ min: 0, max: 63 }), delta: fc.integer({ min: 1, max: 15 }) });
  await forAll(flip, async ({ position, delta }) => {
    const body = buildInvoiceRequest(api.merchant);
    const signature = flipHexDigit(body.signature, position, delta);
    await expectTamperingRejected(api, 'invoice', { label: `digit ${position} +${delta}`, rule: RULE, kind: 'documented', body: { ...body, signature } });
  }, { rule: RULE });
});

test(...rule('PRO-VAL-SIGNATURE', 'an invoice digest in upper-case hex is accepted'), async ({ api }) => {
  requireProfile(api.profile.validation.signatureCaseInsensitive, 'profile validation.signatureCaseInsensitive is false');
  for (const v of acceptedSignatureVariants('invoice', api.merchant, buildInvoiceRequest(api.merchant))) {
    const exchange = await api.invoice(v.body);
    expectStatus(exchange, 'PRO-VAL-SIGNATURE', api.profile.http.success, v.label);
  }
});
