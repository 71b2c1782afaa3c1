/**
 * What a failure does to the gate: fail (the check fails, the run exits 1) or warn (the check stops there, the
 * reports list a warning, the exit code is untouched). A rule whose basis is advice warns by default; the document,
 * the profile, a standard's MUST and the defects every payment engineer would call one fail. The profile's `gate`
 * section changes that: `gate.advice` for every warning at once, `gate.rules` rule by rule.
 */
import { requirementOf, type Requirement } from './requirements.js';
import { readSchema } from './schema-files.js';
import type { Profile } from './types.gen.js';

export type Level = 'fail' | 'warn';
export type FindingName = keyof Profile['security']['findings'];

/** The level a rule has by its basis alone, before any profile. */
export function defaultLevel(req: Requirement): Level {
  return req.basis.source === 'advice' ? 'warn' : 'fail';
}

export type Gate = Profile['gate'];

/** What a failure naming `rule` does under `profile` (or its gate section alone). */
export function ruleLevel(profile: Pick<Profile, 'gate'>, rule: string): Level {
  const set = profile.gate.rules[rule];
  if (set === 'fail' || set === 'warn') return set;
  return raised(profile, defaultLevel(requirementOf(rule)));
}

/**
 * What a finding of the passive look does: off stays off; a level the profile sets for the finding's rule wins;
 * else the finding's own level (security.findings), a warning raised to a failure by `gate.advice`.
 */
export function findingLevel(profile: Profile, name: FindingName, rule: string): Level | 'off' {
  const own = profile.security.findings[name];
  if (own === 'off') return 'off';
  const set = profile.gate.rules[rule];
  if (set === 'fail' || set === 'warn') return set;
  return raised(profile, own);
}

const raised = (profile: Pick<Profile, 'gate'>, level: Level): Level => (level === 'warn' && profile.gate.advice === 'fail' ? 'fail' : level);

/** A rule's basis in a few words, for tables: `document`, `profile http.validation`, `RFC 9110 15.5.6 (MUST)`, `defect: secret exposed`, `advice`. */
export function basisLabel(req: Requirement): string {
  const b = req.basis;
  switch (b.source) {
    case 'document':
      return b.key ? `document (tolerance: ${b.key})` : 'document';
    case 'profile':
      return b.key ? `profile ${b.key}` : 'profile';
    case 'standard':
      return `${b.standard} (MUST)`;
    case 'defect':
      return `defect: ${b.defect}`;
    case 'advice':
      return 'advice';
  }
}

/** The rule each finding of the passive look judges, as the profile schema's description of the finding names it. */
export function findingRules(): Record<FindingName, string> {
  const profile = readSchema('profile') as { properties: { security: { properties: { findings: { properties: Record<string, { description: string }> } } } } };
  const out: Record<string, string> = {};
  for (const [name, { description }] of Object.entries(profile.properties.security.properties.findings.properties)) {
    const rule = /\(((?:DOC|PRO)-[A-Z0-9_-]+)\)[^()]*$/.exec(description)?.[1];
    if (rule === undefined) throw new Error(`profile schema: the description of security.findings.${name} names no rule`);
    out[name] = rule;
  }
  return out as Record<FindingName, string>;
}
