// Required fields (the endpoint tables): an absent one is refused with a "required" message (the
// document); null, "" and a wrong type are refused keyed by the field (the profile); several broken at
// once are all reported (the profile).
import type { RuleId } from '../../contracts/index.js';
import { missingFieldVariants } from '../../generators/variants/index.js';
import type { InvalidVariant } from '../../generators/variants/index.js';
import { expectEachRejected } from '../harness/variants.js';
import type { ApiCheck } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { PAYMENT_OPERATIONS, article } from './operations.js';

const onlyField = (field: string) => (v: InvalidVariant) => v.breaks.length === 1 && v.breaks[0] === field;

/**
 * The required fields of each request (the endpoint tables) and the documented rule of each. The generators
 * label their variants with the same rules (generators/variants/body.ts REQUIRED_FIELDS; a self-test keeps
 * the two equal), and a check sends only the variants labelled with its rule.
 */
export const REQUIRED_RULE = {
  invoice: {
    api_key: 'DOC-INV-REQ-API_KEY',
    transaction: 'DOC-INV-REQ-TRANSACTION',
    signature: 'DOC-INV-REQ-SIGNATURE',
    amount: 'DOC-INV-REQ-AMOUNT',
    description: 'DOC-INV-REQ-DESCRIPTION',
    return_url: 'DOC-INV-REQ-RETURN_URL',
    payload: 'DOC-INV-REQ-PAYLOAD',
    'payload.client_id': 'DOC-INV-REQ-CLIENT_ID',
    'payload.client_ip': 'DOC-INV-REQ-CLIENT_IP',
  },
  account2card: {
    api_key: 'DOC-A2C-REQ-API_KEY',
    transaction: 'DOC-A2C-REQ-TRANSACTION',
    signature: 'DOC-A2C-REQ-SIGNATURE',
    amount: 'DOC-A2C-REQ-AMOUNT',
    payer_fio: 'DOC-A2C-REQ-PAYER_FIO',
    payer_phone: 'DOC-A2C-REQ-PAYER_PHONE',
    recipient_pan: 'DOC-A2C-REQ-RECIPIENT_PAN',
  },
} as const satisfies Record<PaymentOperation, Record<string, RuleId>>;

/** The required fields of an operation's request. */
export function requiredFields(op: PaymentOperation): string[] {
  return Object.keys(REQUIRED_RULE[op]);
}

/** The field absent: refused keyed by it, with a message containing "required". */
export function missingFieldReported(op: PaymentOperation, field: string): ApiCheck {
  const spec = PAYMENT_OPERATIONS[op];
  const rule = (REQUIRED_RULE[op] as Record<string, RuleId>)[field];
  if (!rule) throw new Error(`missingFieldReported: ${field} is not a required field of ${op}`);
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
