// How a conformance check is declared:
//   test(...rule('DOC-LIMIT-INV-AMOUNT', 'the invoice amount bounds are accepted'), async ({ api }) => { ... });
// The tag (@documented / @profile) comes from the requirement list, so `--grep @documented` is the
// documented-only gate, and every test carries its rule IDs as annotations for the reports.
// (A tuple spread into test(), not a wrapper around it, so Playwright reports the spec's own location.)
import type { TestDetails } from '@playwright/test';
import { test as fixtures } from './fixtures/callbacks.js';
import { requirement } from '../../contracts/requirements.js';

export { expect } from '@playwright/test';
export const test = fixtures;

/** Title and details of one check. The first rule decides the tag; all rules become annotations. */
export function rule(rules: string | readonly string[], title: string): [string, TestDetails] {
  const ids = typeof rules === 'string' ? [rules] : [...rules];
  const kind = requirement(ids[0]).kind; // an unknown ID fails at collection time
  ids.slice(1).forEach((id) => requirement(id));
  return [`${title} [${ids.join(' ')}]`, { tag: [`@${kind}`], annotation: ids.map((id) => ({ type: 'rule', description: id })) }];
}

/** Skips the current check, with the reason in the report, when the profile lacks what it needs. */
export function requireProfile(condition: unknown, reason: string): void {
  fixtures.skip(!condition, reason);
}
