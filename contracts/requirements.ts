/**
 * Typed access to requirements.json: one ID per rule of the interface document (kind
 * documented) and of defaults.md (kind profile). Checks declare the IDs they cover.
 */
import { readFileSync } from 'node:fs';
import { RULE_IDS, type RequirementOperation, type RuleId } from './rule-ids.gen.js';

/** The kinds of rule; each is a tag of the checks (`--grep @documented`). */
export const REQUIREMENT_KINDS = ['documented', 'profile'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];
export { RULE_IDS, type RequirementOperation, type RuleId };

/** A requirement ID such as 'DOC-PAY-STATE' (the generated union of requirements.json). */
export type RequirementId = RuleId;

export interface Requirement {
  id: RequirementId;
  kind: RequirementKind;
  /** invoice, account2card, upload, status, callbacks, payment-page or all. */
  operation: RequirementOperation;
  /** Section of the interface document or of defaults.md that states the rule. */
  section: string;
  title: string;
  /** false when no black-box check can observe the rule; `reason` says why. */
  testable?: boolean;
  reason?: string;
  /**
   * For a rule the document or the profile implies rather than states (an invariant over many payments), or one
   * a security anchor adds where neither says anything (OWASP ASVS, the API Security Top 10): where it comes from,
   * e.g. "implied by Resources: payment.id identifies a payment" or "OWASP ASVS 5.0 V3.2.2". Reports show it.
   */
  basis?: string;
}

const FILE = new URL('./requirements.json', import.meta.url);
const ID_PATTERN = /^(DOC|PRO)-[A-Z0-9_-]+$/;

function load(): readonly Requirement[] {
  const raw = JSON.parse(readFileSync(FILE, 'utf8')) as { requirements?: unknown };
  if (!Array.isArray(raw.requirements)) throw new Error('contracts/requirements.json: "requirements" must be an array');
  const seen = new Set<string>();
  const problems: string[] = [];
  const list = raw.requirements as Requirement[];
  list.forEach((r, i) => {
    const at = `requirements[${i}]${typeof r?.id === 'string' ? ` (${r.id})` : ''}`;
    if (typeof r?.id !== 'string' || !ID_PATTERN.test(r.id)) problems.push(`${at}: id must match ${ID_PATTERN}`);
    else if (seen.has(r.id)) problems.push(`${at}: duplicate id`);
    else seen.add(r.id);
    if (r.kind !== 'documented' && r.kind !== 'profile') problems.push(`${at}: kind must be documented or profile`);
    else if ((r.kind === 'documented') !== r.id.startsWith('DOC-')) problems.push(`${at}: kind ${r.kind} does not match the id prefix`);
    for (const f of ['operation', 'section', 'title'] as const) {
      if (typeof r[f] !== 'string' || r[f] === '') problems.push(`${at}: ${f} must be a non-empty string`);
    }
    if (r.testable === false && (typeof r.reason !== 'string' || r.reason === '')) problems.push(`${at}: testable false needs a reason`);
    if (r.basis !== undefined && (typeof r.basis !== 'string' || r.basis === '')) problems.push(`${at}: basis must be a non-empty string`);
  });
  const generated = RULE_IDS.join(',');
  if (list.map((r) => r.id).join(',') !== generated) problems.push('rule-ids.gen.ts is stale: run npm run contracts:types');
  if (problems.length) throw new Error(`contracts/requirements.json: ${problems.join('; ')}`);
  return Object.freeze(list.map((r) => Object.freeze({ ...r })));
}

/** Every requirement, in file order. */
export const requirements: readonly Requirement[] = load();

const byId = new Map<string, Requirement>(requirements.map((r) => [r.id, r]));

/** True when `id` names a requirement. */
export function isRequirementId(id: string): id is RuleId {
  return byId.has(id);
}

/** The requirement with this ID (a literal in code: a misspelt one does not compile). */
export function requirement(id: RuleId): Requirement {
  return requirementOf(id);
}

/** The requirement with an ID read at run time (a report, a baseline file, an annotation); throws on an unknown one. */
export function requirementOf(id: string): Requirement {
  const r = byId.get(id);
  if (!r) throw new Error(`contracts: unknown requirement ID '${id}' (see contracts/requirements.json)`);
  return r;
}
