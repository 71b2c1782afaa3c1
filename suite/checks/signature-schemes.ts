// Signatures made other ways than the documented one (Authentication 2-3; the profile's status method): an
// HMAC keyed with crypto_key, sha256 of a query string or of JSON, the digest hashed twice or with more
// after it, the right digest inside another type. A provider that takes one beside the documented digest
// authorises payments signed by a scheme nobody agreed to (ASVS 5.0 11.2, 11.6.1; API2:2023 Broken
// Authentication). What signatureTamperings() already sends (other order, separators, sha1, md5, base64,
// truncations, crypto_key first) stays in digest.ts.
import type { RuleId } from '../../contracts/index.js';
import type { SignedOperation } from '../../contracts/operations.js';
import { otherSchemeSignatures, otherTypeSignatures, type SignatureTampering } from '../../generators/variants/index.js';
import { eachFromFreshBody, expectProfileValidation, shapeRule } from '../harness/variants.js';
import type { ProviderApi } from '../harness/provider-api.js';
import type { ApiCheck } from '../harness/check.js';
import { article, SIGNATURE_RULES } from './operations.js';
import { requireSigned, sendSigned, signedBody, signedLabel, type Body } from './signed-operations.js';

/** "signature is a required string" of each. */
const STRING_RULE = { invoice: 'DOC-INV-REQ-SIGNATURE', account2card: 'DOC-A2C-REQ-SIGNATURE', status: 'PRO-STATUS-REQUEST' } as const satisfies Record<
  SignedOperation,
  RuleId
>;

/**
 * Each tampering of `make`, taken over a fresh correctly signed request of its own, is refused keyed signature
 * and nothing else. A fresh request each: one wrongly accepted cannot turn the next into a duplicate refusal.
 */
async function expectEachRefused(api: ProviderApi, op: SignedOperation, make: (body: Body) => SignatureTampering[], what: string): Promise<void> {
  await eachFromFreshBody(
    api,
    async () => make(await signedBody(api, op)),
    async (t) =>
      void expectProfileValidation(api, await sendSigned(api, op, t.body), {
        rule: t.rule,
        keysRule: t.keysRule ?? 'PRO-VAL-SIGNATURE',
        breaks: ['signature'],
        shapeRule: shapeRule(op),
      }),
    what,
  );
}

/** An HMAC, sha256 of a query string or JSON, a digest hashed twice or with more after it: refused keyed signature. */
export function otherSignatureSchemesRefused(op: SignedOperation): ApiCheck {
  return {
    name: `otherSignatureSchemesRefused(${op})`,
    title: `${article(signedLabel(op))} signature made another way (HMAC-SHA256, sha256 of a query string or of JSON, hashed twice, more after the digest) is refused keyed signature`,
    rules: [SIGNATURE_RULES[op], 'PRO-VAL-SIGNATURE'],
    async run({ api }) {
      requireSigned(api, op);
      await expectEachRefused(api, op, (body) => otherSchemeSignatures(op, api.merchant, body), 'signatures of other schemes');
    },
  };
}

/** The right digest in an array or an object, a number, a boolean, a 100 000-character string: refused keyed signature. */
export function otherSignatureTypesRefused(op: SignedOperation): ApiCheck {
  const rules: [RuleId, ...RuleId[]] = [STRING_RULE[op], 'PRO-VAL-TYPES'];
  if (SIGNATURE_RULES[op] !== STRING_RULE[op]) rules.push(SIGNATURE_RULES[op]);
  return {
    name: `otherSignatureTypesRefused(${op})`,
    title: `${article(signedLabel(op))} signature of another type (the digest in an array or an object, a number) or 100 000 characters long is refused keyed signature`,
    rules,
    async run({ api }) {
      requireSigned(api, op);
      await expectEachRefused(api, op, (body) => otherTypeSignatures(op, api.merchant, body), 'signatures of other types');
    },
  };
}
