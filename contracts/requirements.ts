/**
 * Typed access to requirements.json: one ID per rule of the interface document (kind
 * documented) and of defaults.md (kind profile). Checks declare the IDs they cover. Each rule names its basis,
 * which decides whether a failure of it fails the gate by default (levels.ts).
 */
import { readFileSync } from 'node:fs';
import { RULE_IDS, type RequirementOperation, type RuleId } from './rule-ids.gen.js';

/** The kinds of rule; each is a tag of the checks (`--grep @documented`). */
export const REQUIREMENT_KINDS = ['documented', 'profile'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];
export { RULE_IDS, type RequirementOperation, type RuleId };

/** A requirement ID such as 'DOC-PAY-STATE' (the generated union of requirements.json). */
export type RequirementId = RuleId;

/**
 * What may fail the gate: the interface document, a choice of defaults.md (by its profile key), a MUST of a standard,
 * or a defect every payment engineer would call one. Anything else is advice: a SHOULD, a MAY, hardening practice,
 * this suite's own reading of a standard. Advice warns by default.
 */
export const BASIS_SOURCES = ['document', 'profile', 'standard', 'defect', 'advice'] as const;
export type BasisSource = (typeof BASIS_SOURCES)[number];

/** The defects that fail the gate whatever the document and the profile say. */
const DEFECT_CLASSES = [
  'money moved wrongly',
  'data lost or altered',
  'secret exposed',
  "another party's data exposed",
  'code injected',
  'authentication bypassed',
] as const;
type DefectClass = (typeof DEFECT_CLASSES)[number];

export interface Basis {
  source: BasisSource;
  /** The words of the document, of defaults.md or of the standard, verbatim; `…` joins the parts quoted. */
  quote?: string;
  /** The profile key (a dotted path of contracts/profile.default.json) that states the choice. */
  key?: string;
  /** source standard: the standard and its section, `RFC 9110 15.5.6`. */
  standard?: string;
  /** source defect: which one. */
  defect?: DefectClass;
  /** source defect or advice: why, in a sentence. */
  why?: string;
  /** The security lists and standards the rule answers (OWASP ASVS, API Top 10, ZAP rules, RFCs), for the reports. */
  anchors?: string;
}

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
  /** What the rule stands on, and so whether its failure fails the gate by default (advice warns). */
  basis: Basis;
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
    problems.push(...basisProblems(r.basis).map((p) => `${at}: basis ${p}`));
  });
  const generated = RULE_IDS.join(',');
  if (list.map((r) => r.id).join(',') !== generated) problems.push('rule-ids.gen.ts is stale: run npm run contracts:types');
  if (problems.length) throw new Error(`contracts/requirements.json: ${problems.join('; ')}`);
  return Object.freeze(list.map((r) => Object.freeze({ ...r })));
}

const nonEmpty = (v: unknown) => typeof v === 'string' && v !== '';

/** What is missing from a basis: each source needs its own fields. */
function basisProblems(b: Basis | undefined): string[] {
  if (typeof b !== 'object' || b === null) return ['must be an object'];
  if (!(BASIS_SOURCES as readonly string[]).includes(b.source)) return [`source must be one of ${BASIS_SOURCES.join(', ')}`];
  const needs: Record<BasisSource, (keyof Basis)[]> = {
    document: ['quote'],
    profile: ['quote'],
    standard: ['standard', 'quote'],
    defect: ['defect', 'why'],
    advice: ['why'],
  };
  const problems = needs[b.source].filter((f) => !nonEmpty(b[f])).map((f) => `${b.source} needs ${f}`);
  if (b.source === 'defect' && !(DEFECT_CLASSES as readonly string[]).includes(b.defect ?? ''))
    problems.push(`defect must be one of ${DEFECT_CLASSES.join('; ')}`);
  if (b.source === 'standard' && !/\bMUST\b/.test(b.quote ?? '')) problems.push('standard quotes a MUST');
  return problems;
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
