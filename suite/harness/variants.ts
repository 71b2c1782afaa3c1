// Sending the generators' invalid variants and judging the answer against the profile's validation rules.
import { step } from './check.js';
import type { RuleId } from '../../contracts/index.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import type { InvalidVariant, SignatureTampering } from '../../generators/variants/index.js';
import type { Exchange } from './exchange.js';
import { expectValidationBody, type ValidationExpectation } from './expect-response.js';
import type { ProviderApi } from './provider-api.js';
import { eachAtOnce } from './at-once.js';

export function sendBody(api: ProviderApi, operation: PaymentOperation, body: unknown, rawBody?: string): Promise<Exchange> {
  return operation === 'invoice' ? api.invoice(body, { rawBody }) : api.account2card(body, { rawBody });
}

/** The rule of the validation body's shape: stated by the document for the invoice, by the profile elsewhere. */
export function shapeRule(operation: PaymentOperation | 'upload' | 'status'): RuleId {
  return operation === 'invoice' ? 'DOC-ERR-VALIDATION-SHAPE' : 'PRO-VAL-STATUS';
}

/** What a refusal must say, the rest coming from the profile (status, reporting of all fields, separator, "required" wording). */
export type ProfileValidation = Omit<ValidationExpectation, 'status' | 'allFields' | 'separator' | 'required'> & {
  /** The rule of the "required" word, when the broken fields' messages must carry it. */
  required?: RuleId;
};

/** The answer is the profile's validation refusal: its status, a body keyed by the broken fields as the profile reports them. */
export function expectProfileValidation(api: ProviderApi, exchange: Exchange, e: ProfileValidation): Record<string, string[]> {
  const v = api.profile.validation;
  return expectValidationBody(exchange, {
    ...e,
    status: api.profile.http.validation,
    allFields: v.reportsAllFields,
    separator: v.nestedSeparator,
    required: e.required ? { pattern: new RegExp(v.requiredPattern, 'i'), rule: e.required } : undefined,
  });
}

/** The variant is refused with a validation body naming exactly the fields it breaks. */
export async function expectVariantRejected(api: ProviderApi, operation: PaymentOperation, variant: InvalidVariant): Promise<void> {
  const exchange = await sendBody(api, operation, variant.body, variant.rawBody);
  // An absent field's "required" message is the document's; a null or empty one's is the profile's.
  const requiredRule: RuleId = variant.rule === 'PRO-VAL-MISSING' ? 'PRO-VAL-MISSING' : 'DOC-ERR-VALIDATION-REQUIRED';
  expectProfileValidation(api, exchange, {
    rule: variant.rule,
    keysRule: variant.keysRule,
    breaks: variant.breaks,
    mayAlsoReport: variant.mayAlsoReport,
    shapeRule: shapeRule(operation),
    required: variant.expectRequired ? requiredRule : undefined,
  });
}

/** A wrong signature is refused keyed `signature` and nothing else (its keysRule, default PRO-VAL-SIGNATURE, when keyed otherwise). */
export async function expectTamperingRejected(api: ProviderApi, operation: PaymentOperation, t: SignatureTampering): Promise<void> {
  expectProfileValidation(api, await sendBody(api, operation, t.body), {
    rule: t.rule,
    keysRule: t.keysRule ?? 'PRO-VAL-SIGNATURE',
    breaks: ['signature'],
    shapeRule: shapeRule(operation),
  });
}

/**
 * Runs `check` on every item of `make()`, each taken from its own call (a fresh valid body each), as one
 * step per item, several at once (at-once.ts): a provider that wrongly accepts one item cannot turn the next into a
 * duplicate refusal. A table that comes out empty is a suite error, not a pass.
 */
export async function eachFromFreshBody<T extends { label: string }>(
  api: ProviderApi,
  make: () => T[] | Promise<T[]>,
  check: (item: T) => Promise<void>,
  what = 'items',
): Promise<void> {
  const count = (await make()).length;
  if (count === 0) throw new Error(`the generators produced no ${what}: nothing would be checked`);
  await eachAtOnce(
    api.atOnce,
    Array.from({ length: count }, (_, i) => i),
    async (i) => {
      const item = (await make())[i]!;
      return step(item.label, () => check(item));
    },
  );
}

/** Every variant, as one step each, several at once; an empty list is a suite error (a check that cannot fail), not a pass. */
export async function expectEachRejected(api: ProviderApi, operation: PaymentOperation, variants: readonly InvalidVariant[], what: string): Promise<void> {
  if (variants.length === 0) throw new Error(`the generators produced no ${what}: nothing would be checked`);
  await eachAtOnce(api.atOnce, variants, (variant) => step(variant.label, () => expectVariantRejected(api, operation, variant)));
}
