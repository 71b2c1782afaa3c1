// The rules of a run counted by area (the `operation` of contracts/requirements.json: an operation, the callbacks, the
// payment page, or every operation) and by verdict: the overview's chart and the job summary's both draw it.
import { REQUIREMENT_OPERATIONS, type RequirementOperation } from '../contracts/rule-ids.gen.js';
import { isRequirementId, requirement } from '../contracts/requirements.js';
import { RULE_STATUSES, type RuleEntry, type RuleStatus } from './summary-model.js';

interface AreaVerdicts {
  area: RequirementOperation;
  counts: Record<RuleStatus, number>;
}

/** How reports name an area: `all` is the rules of every operation. */
export function areaLabel(area: RequirementOperation): string {
  return area === 'all' ? 'every operation' : area;
}

/** In requirements.json's order; an area without rules in the summary, and a rule the suite no longer knows, are left out. */
export function rulesByArea(rules: Readonly<Record<string, Pick<RuleEntry, 'status'>>>): AreaVerdicts[] {
  const byArea = new Map<RequirementOperation, Record<RuleStatus, number>>();
  for (const [id, entry] of Object.entries(rules)) {
    if (!isRequirementId(id) || !RULE_STATUSES.includes(entry.status)) continue;
    const area = requirement(id).operation;
    const counts = byArea.get(area) ?? (Object.fromEntries(RULE_STATUSES.map((s) => [s, 0])) as Record<RuleStatus, number>);
    counts[entry.status]++;
    byArea.set(area, counts);
  }
  return REQUIREMENT_OPERATIONS.flatMap((area) => {
    const counts = byArea.get(area);
    return counts ? [{ area, counts }] : [];
  });
}

/** A colour per verdict, the same in every chart, and its name for a legend in words (the job summary's). */
export const VERDICT_COLOURS: Readonly<Record<RuleStatus, { hex: string; name: string }>> = {
  passed: { hex: '#2e7d32', name: 'green' },
  failed: { hex: '#c62828', name: 'red' },
  warned: { hex: '#ef6c00', name: 'orange' },
  'not proven': { hex: '#8e24aa', name: 'purple' },
  'not judged': { hex: '#1e88e5', name: 'blue' },
  'not run': { hex: '#bdbdbd', name: 'light grey' },
  untestable: { hex: '#757575', name: 'dark grey' },
};
