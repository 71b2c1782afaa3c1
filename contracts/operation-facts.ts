// The facts of the operations that the generators, the checks, the reference provider and the benchmarks all
// use, read from the contracts and written nowhere else: the operations' paths and the rest of the default
// profile (profile.default.json), the required fields of the payment requests (the request schemas) with the
// rule a missing one breaks, and the amount limits (the schemas' amount definitions) with their rule. A rule
// these name that requirements.json lacks stops the module from loading.
import { readFileSync } from 'node:fs';
import type { Operation, PaymentOperation } from './operations.js';
import { isRequirementId, type RuleId } from './requirements.js';
import { SCHEMA_FILES, SCHEMAS_DIR } from './schema-files.js';
import type { PaymentState, Profile } from './types.gen.js';

type Json = Record<string, unknown>;

const readJson = (url: URL): Json => JSON.parse(readFileSync(url, 'utf8')) as Json;

/** The default profile as profile.default.json writes it, its $comment aside (contracts/profile.ts validates it for the suite). */
export function defaultProfileAsWritten(): Profile {
  const { $comment: _comment, ...profile } = readJson(new URL('./profile.default.json', import.meta.url));
  return profile as unknown as Profile;
}

/** The client_ip of an invoice that the default profile refuses as fraud (defaults.md: antifraud.invoiceClientIp). */
export const DEFAULT_ANTIFRAUD_IP: string = (() => {
  const ip = defaultProfileAsWritten().antifraud.invoiceClientIp;
  if (ip === null) throw new Error('contracts/profile.default.json: antifraud.invoiceClientIp is null; defaults.md names one');
  return ip;
})();

/** Where each operation is served under the default profile. */
export const OPERATION_PATHS: Readonly<Record<Operation, string>> = defaultProfileAsWritten().paths;

/** How requirements.json abbreviates each payment operation in its rule IDs (DOC-INV-REQ-AMOUNT, DOC-LIMIT-A2C-AMOUNT). */
const RULE_ABBREVIATION: Readonly<Record<PaymentOperation, string>> = { invoice: 'INV', account2card: 'A2C' };

function rule(id: string): RuleId {
  if (!isRequirementId(id)) throw new Error(`contracts/operation-facts.ts: ${id} is not a rule of contracts/requirements.json`);
  return id;
}

const requestSchema = (op: PaymentOperation): Json => readJson(new URL(SCHEMA_FILES[`${op}-request`], SCHEMAS_DIR));

/** The schema's required properties, in its order, each followed by the required properties of an object it holds (`payload.client_id`). */
function requiredPaths(schema: Json, prefix = ''): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  return ((schema.required ?? []) as string[]).flatMap((name) => [`${prefix}${name}`, ...requiredPaths(properties[name] ?? {}, `${prefix}${name}.`)]);
}

interface RequiredField {
  /** A dotted path for a field of a nested object. */
  readonly field: string;
  /** The documented rule a request without it breaks (the endpoint's table). */
  readonly rule: RuleId;
}

/** The required fields of each payment request (its schema's), with the rule a missing one breaks. */
export const REQUIRED_FIELDS: Readonly<Record<PaymentOperation, readonly RequiredField[]>> = {
  invoice: requiredFieldsOf('invoice'),
  account2card: requiredFieldsOf('account2card'),
};

function requiredFieldsOf(op: PaymentOperation): RequiredField[] {
  return requiredPaths(requestSchema(op)).map((field) => ({
    field,
    rule: rule(`DOC-${RULE_ABBREVIATION[op]}-REQ-${field.split('.').pop()!.toUpperCase()}`),
  }));
}

/** The rule a request without `field` breaks. */
export function requiredRule(op: PaymentOperation, field: string): RuleId {
  const found = REQUIRED_FIELDS[op].find((f) => f.field === field);
  if (!found) throw new Error(`${field} is not a required field of ${op}`);
  return found.rule;
}

/**
 * The required fields a person writes, as free text (not a key, an identifier, an amount, an address or a number): a
 * value of only whitespace is one the profile leaves open. defaults.md counts a missing field, null and "" as missing
 * and says nothing of " ": a provider may take it as given or, trimming it first (Laravel's TrimStrings), as missing.
 */
export const REQUIRED_TEXT_FIELDS: Readonly<Record<PaymentOperation, readonly string[]>> = {
  invoice: ['description', 'payload.client_id'],
  account2card: ['payer_fio'],
};

/** An inclusive amount range in kopecks, and the documented rule an amount outside it breaks (Limits). */
interface AmountLimit {
  readonly min: number;
  readonly max: number;
  readonly rule: RuleId;
}

function amountLimitOf(op: PaymentOperation): AmountLimit {
  // The request schema's amount is a $ref to a definition of common.schema.json, which holds the bounds.
  const ref = ((requestSchema(op).properties as Record<string, Json>).amount.$ref as string).split('#/$defs/');
  const definition = ((readJson(new URL(ref[0]!, SCHEMAS_DIR)).$defs as Record<string, Json>)[ref[1]!] ?? {}) as { minimum?: number; maximum?: number };
  if (typeof definition.minimum !== 'number' || typeof definition.maximum !== 'number')
    throw new Error(`${op}: the schema's amount has no minimum and maximum`);
  return { min: definition.minimum, max: definition.maximum, rule: rule(`DOC-LIMIT-${RULE_ABBREVIATION[op]}-AMOUNT`) };
}

/** Each payment operation's amount limits: invoice 100 to 400 000 rubles, account to card 1 000 to 15 000 rubles. */
export const AMOUNT_LIMITS: Readonly<Record<PaymentOperation, AmountLimit>> = {
  invoice: amountLimitOf('invoice'),
  account2card: amountLimitOf('account2card'),
};

/** The states a payment never leaves once in them (PRO-STATE-FINAL). */
const FINAL_STATES: readonly PaymentState[] = ['deposited', 'declined'];

export const isFinalState = (state: unknown): state is PaymentState => (FINAL_STATES as readonly unknown[]).includes(state);
