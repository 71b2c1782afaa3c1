// Sending the generators' invalid variants and judging the answer against the profile's validation rules.
import { test } from '@playwright/test';
import type { InvalidVariant, SignatureTampering, VariantOperation } from '../../generators/variants/index.js';
import type { Exchange } from './exchange.js';
import { expectValidationBody } from './expect-response.js';
import type { ProviderApi } from './provider-api.js';

export function sendBody(api: ProviderApi, operation: VariantOperation, body: unknown, rawBody?: string): Promise<Exchange> {
  return operation === 'invoice' ? api.invoice(body, { rawBody }) : api.account2card(body, { rawBody });
}

/** The variant is refused with a validation body naming exactly the fields it breaks. */
export async function expectVariantRejected(api: ProviderApi, operation: VariantOperation, variant: InvalidVariant): Promise<void> {
  const exchange = await sendBody(api, operation, variant.body, variant.rawBody);
  const v = api.profile.validation;
  expectValidationBody(exchange, {
    rule: variant.rule,
    status: api.profile.http.validation,
    breaks: variant.breaks,
    mayAlsoReport: variant.mayAlsoReport,
    allFields: v.reportsAllFields,
    required: variant.expectRequired ? { pattern: new RegExp(v.requiredPattern, 'i'), rule: 'DOC-ERR-VALIDATION-REQUIRED' } : undefined,
  });
}

/** A wrong signature is refused keyed `signature` and nothing else. */
export async function expectTamperingRejected(api: ProviderApi, operation: VariantOperation, t: SignatureTampering): Promise<void> {
  const exchange = await sendBody(api, operation, t.body);
  expectValidationBody(exchange, { rule: t.rule, status: api.profile.http.validation, breaks: ['signature'] });
}

/**
 * Runs `check` on every item of `make()`, each taken from its own call (a fresh valid body each), as one
 * step per item: a provider that wrongly accepts one item cannot turn the next into a duplicate refusal.
 */
export async function eachFromFreshBody<T extends { label: string }>(make: () => T[], check: (item: T) => Promise<void>): Promise<void> {
  const count = make().length;
  for (let i = 0; i < count; i++) {
    const item = make()[i];
    await test.step(item.label, () => check(item));
  }
}
