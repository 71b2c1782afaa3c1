// How a conformance check is declared:
//   test(...rule('DOC-LIMIT-INV-AMOUNT', 'the invoice amount bounds are accepted'), async ({ api }) => { ... });
// The tag (@documented / @profile) comes from the requirement list, so `--grep @documented` is the
// documented-only gate, and every test carries its rule IDs as annotations for the reports.
// (A tuple spread into test(), not a wrapper around it, so Playwright reports the spec's own location.)
import type { TestDetails } from '@playwright/test';
import { test as fixtures } from './fixtures/callbacks.js';
import { requirement, type Requirement } from '../../contracts/requirements.js';
import { sectionLink } from './reporters/spec-links.js';

export { expect } from '@playwright/test';
export const test = fixtures;

/** Title and details of one check. The first rule decides the tag; all rules become annotations. */
export function rule(rules: string | readonly string[], title: string): [string, TestDetails] {
  const ids = typeof rules === 'string' ? [rules] : [...rules];
  const first = requirement(ids[0]); // an unknown ID fails at collection time
  ids.slice(1).forEach((id) => requirement(id));
  return [
    `${title} [${ids.join(' ')}]`,
    { tag: [`@${first.kind}`], annotation: [...ids.map((id) => ({ type: 'rule', description: id })), ...allureAnnotations(first)] },
  ];
}

/**
 * What allure-playwright turns into labels and a link (annotation types `@allure.label.<name>` become
 * labels, `tms` a link): the first rule's operation, section and ID + title, a severity from its kind,
 * and a link to the section that states it. The kind's `tag` label comes from the @documented/@profile tag.
 */
function allureAnnotations(first: Requirement): { type: string; description: string }[] {
  return [
    { type: '@allure.label.epic', description: first.operation },
    { type: '@allure.label.feature', description: first.section },
    { type: '@allure.label.story', description: `${first.id} ${first.title}` },
    { type: '@allure.label.severity', description: first.kind === 'documented' ? 'critical' : 'normal' },
    { type: 'tms', description: sectionLink(first) },
  ];
}

/** Skips the current check, with the reason in the report, when the profile lacks what it needs. */
export function requireProfile(condition: unknown, reason: string): void {
  fixtures.skip(!condition, reason);
}
