/**
 * Missing, null, empty and wrongly typed required fields, one at a time and several at once.
 */
import type { MerchantCredentials } from '../signing.js';
import { cloneBody, collateralKeys, freshBody, getField, REQUIRED_FIELDS, resignAsSent, setField, show, type Body } from './body.js';
import type { RuleId } from '../../contracts/index.js';
import { kindOf, type InvalidVariant } from './types.js';
import { REQUIRED_TEXT_FIELDS } from '../../contracts/operation-facts.js';
import type { PaymentOperation } from '../../contracts/operations.js';

/** How a field is made missing. */
type MissingMode = 'absent' | 'null' | 'empty';

const MISSING_VALUE: Record<MissingMode, unknown> = { absent: undefined, null: null, empty: '' };

/** Wrong-typed values of a field (string fields get a number, amount a string and a fraction, payload an array). */
function wrongTypes(field: string, valid: unknown): unknown[] {
  if (field === 'amount') return [String(valid), (valid as number) + 0.5];
  if (field === 'payload') return [[]];
  return [12345];
}

/** A body with `changes` applied to a fresh valid body and re-signed as sent. */
function variantBody(operation: PaymentOperation, creds: MerchantCredentials, changes: readonly { field: string; value: unknown }[]): Body {
  const body = cloneBody(freshBody(operation, creds));
  for (const c of changes) setField(body, c.field, c.value);
  resignAsSent(
    operation,
    body,
    creds,
    changes.map((c) => c.field),
  );
  return body;
}

/** Combinations of several missing fields at once (each keeps the rest of the body valid). */
const COMBINATIONS: Record<PaymentOperation, readonly (readonly [string, MissingMode])[][]> = {
  invoice: [
    [
      ['description', 'absent'],
      ['return_url', 'null'],
    ],
    [
      ['amount', 'absent'],
      ['payload.client_id', 'empty'],
    ],
    [
      ['transaction', 'null'],
      ['description', 'empty'],
      ['payload.client_ip', 'absent'],
    ],
    [
      ['api_key', 'empty'],
      ['return_url', 'absent'],
      ['amount', 'null'],
    ],
  ],
  account2card: [
    [
      ['payer_fio', 'absent'],
      ['payer_phone', 'null'],
    ],
    [
      ['amount', 'absent'],
      ['recipient_pan', 'empty'],
    ],
    [
      ['transaction', 'null'],
      ['payer_fio', 'empty'],
      ['recipient_pan', 'absent'],
    ],
    [
      ['api_key', 'empty'],
      ['payer_phone', 'absent'],
      ['amount', 'null'],
    ],
  ],
};

/**
 * For every required field of the operation: absent (rule DOC-…-REQ-…), null and "" (rule
 * PRO-VAL-MISSING), each expecting a "required" message; a wrong type (DOC-…-REQ-… when accepted,
 * PRO-VAL-TYPES when keyed otherwise);
 * and 2 or 3 missing fields at once (PRO-VAL-ALL-FIELDS). Each body is otherwise valid,
 * has a fresh transaction, and is signed over its fields as sent.
 */
export function missingFieldVariants(operation: PaymentOperation, creds: MerchantCredentials): InvalidVariant[] {
  const required = REQUIRED_FIELDS[operation];
  if (required === undefined) throw new Error(`missingFieldVariants: unknown operation '${String(operation)}'`);
  const out: InvalidVariant[] = [];
  for (const { field, rule } of required) {
    for (const mode of ['absent', 'null', 'empty'] as const) {
      const value = MISSING_VALUE[mode];
      const r: RuleId = mode === 'absent' ? rule : 'PRO-VAL-MISSING';
      out.push({
        label: `${field} ${mode === 'absent' ? 'absent' : `= ${show(value)}`}`,
        body: variantBody(operation, creds, [{ field, value }]),
        breaks: [field],
        mayAlsoReport: collateralKeys(operation, [field]),
        rule: r,
        kind: kindOf(r),
        expectRequired: true,
        missing: mode,
      });
    }
    const valid = getField(freshBody(operation, creds), field);
    for (const value of wrongTypes(field, valid)) {
      out.push({
        label: `${field} of a wrong type = ${show(value)}`,
        body: variantBody(operation, creds, [{ field, value }]),
        breaks: [field],
        mayAlsoReport: collateralKeys(operation, [field]),
        // Accepted, it breaks the document's type of the field; refused but not keyed by it, the profile's rule.
        rule,
        keysRule: 'PRO-VAL-TYPES',
        kind: kindOf(rule),
        expectRequired: false,
      });
    }
  }
  for (const combo of COMBINATIONS[operation]) {
    const fields = combo.map(([f]) => f);
    out.push({
      label: `several missing at once: ${combo.map(([f, m]) => `${f} ${m === 'absent' ? 'absent' : show(MISSING_VALUE[m])}`).join(', ')}`,
      body: variantBody(
        operation,
        creds,
        combo.map(([field, mode]) => ({ field, value: MISSING_VALUE[mode] })),
      ),
      breaks: fields,
      mayAlsoReport: collateralKeys(operation, fields),
      rule: 'PRO-VAL-ALL-FIELDS',
      kind: 'profile',
      expectRequired: true,
      missing: 'several',
    });
  }
  return out;
}

/** Values of only whitespace: blanks a person types, a tab, line breaks, the no-break and ideographic spaces. */
export const BLANK_TEXTS = [' ', '   ', '\t', '\n', ' \r\n ', '\u00a0', '\u3000'] as const;

/** A valid body but for one required text field holding only whitespace (REQUIRED_TEXT_FIELDS), re-signed as sent. */
export interface BlankTextVariant {
  label: string;
  field: string;
  body: Body;
  /** Keys a correct provider may also report (collateralKeys). */
  mayAlsoReport: string[];
}

/** Every required text field of the operation, once with each value of only whitespace. */
export function blankTextVariants(operation: PaymentOperation, creds: MerchantCredentials): BlankTextVariant[] {
  return REQUIRED_TEXT_FIELDS[operation].flatMap((field) =>
    BLANK_TEXTS.map((value) => ({
      label: `${field} = ${show(value)}`,
      field,
      body: variantBody(operation, creds, [{ field, value }]),
      mayAlsoReport: collateralKeys(operation, [field]),
    })),
  );
}
