// The sha256 signature (Authentication 2-3): sha256(api_key + transaction + amount [+ recipient_pan] +
// crypto_key), accepted exactly when right. Every tampering is made from its own fresh body, so a
// provider that wrongly accepts one cannot turn the next into a duplicate-transaction refusal.
import { acceptedSignatureVariants, applyDigitFlip, digitFlips, leaveOneOutTamperings, signatureTamperings } from '../../generators/variants/index.js';
import { expectStatus } from '../harness/expect-response.js';
import { forAll } from '../harness/property.js';
import { eachFromFreshBody, expectTamperingRejected } from '../harness/variants.js';
import { requireProfile, type ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS, SIGNATURE_RULES, article } from './operations.js';

/** The documented digest of each operation (Authentication 2 and 3). */

const DIGEST_FIELDS_TEXT: Record<PaymentOperation, string> = {
  invoice: 'any one field',
  account2card: 'any one of api_key, transaction, amount, recipient_pan',
};

/** A request signed with the documented digest is accepted. */
export function documentedDigestAccepted(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `documentedDigestAccepted(${op})`,
    title: `${article(spec.request)} signed with the documented digest is accepted`,
    rules: [SIGNATURE_RULES[op]],
    async run({ api }) {
      spec.requireConfigured(api);
      expectStatus(await spec.send(api, spec.build(api)), SIGNATURE_RULES[op], api.profile.http.success, 'the correct digest is accepted');
    },
  };
}

/** Wrong digests of every kind (order, separators, other fields, truncations, other hashes) are refused keyed signature. */
export function tamperedDigestsRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `tamperedDigestsRejected(${op})`,
    title: `every tampered ${OPERATION_NAMES[op].label} signature is refused keyed signature`,
    rules: [SIGNATURE_RULES[op], 'PRO-VAL-SIGNATURE'],
    async run({ api }) {
      spec.requireConfigured(api);
      await eachFromFreshBody(
        api,
        () => signatureTamperings(op, api.merchant, spec.build(api)),
        (t) => expectTamperingRejected(api, op, t),
        'signature tamperings',
      );
    },
  };
}

/** A digest over all but one of its fields is refused: kills a provider whose own digest skips that field. */
export function leaveOneOutDigestsRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `leaveOneOutDigestsRejected(${op})`,
    title: `${article(OPERATION_NAMES[op].label)} digest that leaves out ${DIGEST_FIELDS_TEXT[op]} is refused`,
    rules: [SIGNATURE_RULES[op]],
    async run({ api }) {
      spec.requireConfigured(api);
      await eachFromFreshBody(
        api,
        () => leaveOneOutTamperings(op, api.merchant, spec.build(api)),
        (t) => expectTamperingRejected(api, op, t),
        'leave-one-out digests',
      );
    },
  };
}

/** Any one hex digit of the digest changed, at any position and to any other value, is refused. */
export function anyDigitFlipRejected(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `anyDigitFlipRejected(${op})`,
    title: `${article(OPERATION_NAMES[op].label)} signature with any one hex digit changed is refused`,
    rules: [SIGNATURE_RULES[op]],
    property: true,
    async run({ api }) {
      spec.requireConfigured(api);
      // Each flip, shrinking included, goes to a fresh body: a flip wrongly accepted cannot make the next a duplicate.
      await forAll(digitFlips(), (flip) => expectTamperingRejected(api, op, applyDigitFlip(op, api.merchant, spec.build(api), flip)), {
        rule: SIGNATURE_RULES[op],
      });
    },
  };
}

/** The digest in upper-case hex is accepted (profile: letter case of the hex digits is ignored). */
export function upperCaseDigestAccepted(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `upperCaseDigestAccepted(${op})`,
    title: `${article(OPERATION_NAMES[op].label)} digest in upper-case hex is accepted`,
    rules: ['PRO-VAL-SIGNATURE'],
    async run({ api }) {
      spec.requireConfigured(api);
      requireProfile(api.profile.validation.signatureCaseInsensitive, 'profile validation.signatureCaseInsensitive is false');
      for (const v of acceptedSignatureVariants(op, api.merchant, spec.build(api)))
        expectStatus(await spec.send(api, v.body), 'PRO-VAL-SIGNATURE', api.profile.http.success, v.label);
    },
  };
}
