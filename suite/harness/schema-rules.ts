// Which rule a schema violation breaks, by where it is in the body: a failing shape check names the
// field's own rule (created_at, state, deeplink...) rather than "the body is wrong".
import type { Diagnostic, RuleId } from '../../contracts/index.js';

export type RuleTable = readonly (readonly [RegExp, RuleId])[];

/** Where the violation is: the instance path, extended by the missing or extra property it names. */
function violationPath(d: Diagnostic): string {
  const p = d.params as { missingProperty?: string; additionalProperty?: string; propertyName?: string };
  const extra = p.missingProperty ?? p.additionalProperty ?? p.propertyName;
  return extra === undefined ? d.path : `${d.path}/${extra}`;
}

export function ruleOf(d: Diagnostic, table: RuleTable, fallback: RuleId): RuleId {
  const path = violationPath(d);
  return table.find(([pattern]) => pattern.test(path))?.[1] ?? fallback;
}

const PAYMENT_FIELDS: RuleTable = [
  [/\/payment\/id$/, 'DOC-PAY-ID'],
  [/\/payment\/state$/, 'DOC-PAY-STATE'],
  [/\/payment\/error_code$/, 'DOC-PAY-ERROR_CODE'],
  [/\/payment\/error_description$/, 'DOC-PAY-ERROR_DESCRIPTION'],
  [/\/payment\/created_at$/, 'DOC-PAY-CREATED_AT'],
  [/\/payment\/credentials\/phone$/, 'DOC-CRED-FPS'],
  [/\/payment\/credentials\/holder$/, 'DOC-CRED-FPS'],
  [/\/payment\/credentials\/card_pan$/, 'DOC-CRED-CARD'],
  [/\/payment\/credentials/, 'DOC-PAY-CREDENTIALS'],
];

export const INVOICE_RESPONSE_RULES: RuleTable = [
  [/^\/transaction$/, 'DOC-INV-RES-TRANSACTION'],
  [/^\/redirect_url$/, 'DOC-INV-RES-REDIRECT_URL'],
  [/^\/deeplink\/./, 'DOC-DEEPLINK-KEYS'],
  [/^\/deeplink$/, 'DOC-INV-RES-DEEPLINK'],
  ...PAYMENT_FIELDS,
  [/^\/payment/, 'DOC-INV-RES-PAYMENT'],
];

export const PAYMENT_RESPONSE_RULES: RuleTable = [...PAYMENT_FIELDS];
