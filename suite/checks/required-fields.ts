// Required fields (the endpoint tables, as the request schemas hold them: contracts/operation-facts.ts): an absent one is refused with a "required" message (the
// document); null, "" and a wrong type are refused keyed by the field (the profile); several broken at
// once are all reported (the profile).
import { blankTextVariants, missingFieldVariants } from '../../generators/variants/index.js';
import type { InvalidVariant } from '../../generators/variants/index.js';
import { eachFromFreshBody, expectEachRejected, expectProfileValidation, sendBody, shapeRule } from '../harness/variants.js';
import { expectSchema, expectStatus, responseOf } from '../harness/expect-response.js';
import type { ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { REQUIRED_FIELDS, REQUIRED_TEXT_FIELDS, requiredRule } from '../../contracts/operation-facts.js';
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

/**
 * A required text field holding only whitespace (REQUIRED_TEXT_FIELDS): the profile leaves it open (defaults.md counts
 * a missing field, null and "" as missing and says nothing of " "), so by default either answer is right, each judged
 * whole: accepted with the documented body, or refused as missing, keyed by the field with a "required" message.
 * `validation.blankTextIsMissing` true or false in the profile asks for the one answer.
 */
export function blankTextTakenEitherWay(op: PaymentOperation): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  return {
    name: `blankTextTakenEitherWay(${op})`,
    title: `${article(spec.request)} whose ${REQUIRED_TEXT_FIELDS[op].join(' or ')} holds only whitespace is accepted whole, or refused as missing keyed by it`,
    rules: [spec.successRule, 'PRO-VAL-MISSING'],
    async run({ api }) {
      spec.requireConfigured(api);
      const missing = api.profile.validation.blankTextIsMissing;
      await eachFromFreshBody(
        api,
        () => blankTextVariants(op, api.merchant),
        async (v) => {
          const exchange = await sendBody(api, op, v.body);
          const accepted = responseOf(exchange, spec.successRule, 'an answer').status === api.profile.http.success;
          if (missing === false || (missing === 'either' && accepted)) {
            expectStatus(exchange, spec.successRule, api.profile.http.success, `${v.label}: taken as given`);
            if (op === 'invoice' || api.profile.account2card.successBody)
              expectSchema(exchange, spec.successRule, spec.responseSchema, `${v.label}: taken as given, the documented answer`);
            return;
          }
          expectProfileValidation(api, exchange, {
            rule: 'PRO-VAL-MISSING',
            breaks: [v.field],
            mayAlsoReport: v.mayAlsoReport,
            shapeRule: shapeRule(op),
            required: 'PRO-VAL-MISSING',
          });
        },
        'blank text fields',
      );
    },
  };
}
