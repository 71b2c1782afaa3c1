import { test, expect } from '@playwright/test';
import { isRequirementId, requirement, requirements, RULE_IDS, type RuleId } from '../../contracts/index.js';

test.describe('contracts: requirements catalogue', () => {
  test('loads with unique IDs, documented/profile kinds matching the DOC-/PRO- prefix', () => {
    expect(requirements.length).toBeGreaterThan(50);
    expect(new Set(requirements.map((r) => r.id)).size).toBe(requirements.length);
    for (const r of requirements) expect(r.id.startsWith(r.kind === 'documented' ? 'DOC-' : 'PRO-'), r.id).toBe(true);
  });

  test('requirement(id) returns the entry and throws on an unknown ID', () => {
    expect(requirement('DOC-PAY-STATE').kind).toBe('documented');
    expect(requirement('DOC-STATE-24H').testable).toBe(false);
    expect(isRequirementId('DOC-PAY-STATE')).toBe(true);
    expect(isRequirementId('DOC-NOPE')).toBe(false);
    expect(() => requirement('DOC-NOPE' as RuleId)).toThrow(/unknown requirement ID 'DOC-NOPE'/);
  });

  test('a misspelt rule ID does not compile: RuleId is the union of requirements.json', () => {
    // @ts-expect-error 'DOC-PAY-STAT' is not a requirement ID (tsc in npm test fails if this line compiles).
    const misspelt: RuleId = 'DOC-PAY-STAT';
    expect(isRequirementId(misspelt)).toBe(false);
    expect(RULE_IDS).toEqual(requirements.map((r) => r.id));
  });
});
