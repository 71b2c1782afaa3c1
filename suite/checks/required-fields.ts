// Required fields (the endpoint tables, as the request schemas hold them: contracts/operation-facts.ts): an absent one is refused with a "required" message (the
// document); null, "" and a wrong type are refused keyed by the field (the profile); several broken at
// once are all reported (the profile).
import { missingFieldVariants } from '../../generators/variants/index.js';
import type { InvalidVariant } from '../../generators/variants/index.js';
import { expectEachRejected } from '../harness/variants.js';
import type { ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { REQUIRED_FIELDS, requiredRule } from '../../contracts/operation-facts.js';
import { PAYMENT_OPERATIONS, article } from './operations.js';

const onlyField = (field: string) => (v: InvalidVariant) => v.breaks.length === 1 && v.breaks[0] === field;

/** The required fields of an operation's request. */
export function requiredFields(op: PaymentOperation): string[] {
  return REQUIRED_FIELDS[op].map((f) => f.field);
}

/** The field absent: refused keyed by it, with a message containing "required". */
export function missingFieldReported(op: PaymentOperation, field: string): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  const rule = requiredRule(op, field);
  return {
    name: `missingFieldReported(${op}, ${field})`,
    title: `${article(spec.request)} without ${field} is refused with a "required" message keyed ${field}`,
    rules: [rule, 'DOC-ERR-VALIDATION-REQUIRED', 'DOC-ERR-VALIDATION-SHAPE'],
    async run({ api }) {
      spec.requireConfigured(api);
      const variants = missingFieldVariants(op, api.merchant).filter((v) => onlyField(field)(v) && v.missing === 'absent' && v.rule === rule);
      await expectEachRejected(api, op, variants, `an absent ${field}`);
    },
  };
}

/** The field null, "" or of the wrong type: refused keyed by it (null and "" with a "required" message). */
export function nullEmptyOrWrongTypeReported(op: PaymentOperation, field: string): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `nullEmptyOrWrongTypeReported(${op}, ${field})`,
    title: `${article(spec.request)} with ${field} null, empty or of the wrong type is refused keyed ${field}`,
    rules: ['PRO-VAL-MISSING', 'PRO-VAL-TYPES', ...(field.includes('.') ? (['PRO-VAL-DOT-NAMES'] as const) : []), 'PRO-VAL-STATUS'],
    async run({ api }) {
      spec.requireConfigured(api);
      const variants = missingFieldVariants(op, api.merchant)
        .filter(onlyField(field))
        .filter((x) => x.missing === 'null' || x.missing === 'empty' || x.keysRule === 'PRO-VAL-TYPES')
        .map((x) => withProfileRequired(x, api.profile.validation));
      await expectEachRejected(api, op, variants, `null, empty and wrongly typed ${field}`);
    },
  };
}

/** A profile where null or "" does not count as missing still refuses them, but without the word "required". */
function withProfileRequired(v: InvalidVariant, profile: { nullIsMissing: boolean; emptyStringIsMissing: boolean }): InvalidVariant {
  const counts =
    v.missing === 'null'
      ? profile.nullIsMissing
      : v.missing === 'empty' || v.missing === 'several'
        ? profile.emptyStringIsMissing && profile.nullIsMissing
        : true;
  return counts ? v : { ...v, expectRequired: false };
}

/** Several fields missing at once: every one of them is reported, not only the first. */
export function severalMissingFieldsReported(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `severalMissingFieldsReported(${op})`,
    title: `${article(spec.request)} missing several fields gets every one of them reported`,
    rules: ['PRO-VAL-ALL-FIELDS', 'DOC-ERR-VALIDATION-SHAPE'],
    async run({ api }) {
      spec.requireConfigured(api);
      const several = missingFieldVariants(op, api.merchant).filter((v) => v.missing === 'several');
      await expectEachRejected(
        api,
        op,
        several.map((v) => withProfileRequired(v, api.profile.validation)),
        'multi-field variants',
      );
    },
  };
}
