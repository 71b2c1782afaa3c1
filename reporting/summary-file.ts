// summary.json, as written by the summary reporter into $PTS_REPORTS_DIR at the end of every run:
// types, and a reader that says clearly what is wrong with a file. Summaries of older suite versions are
// read too: before 0.3.0 a failing check failed every rule it declared, so their rule verdicts are
// recomputed from the failure lines (`[RULE-ID] …`) with today's rules (see summary-model.ts), and a
// comparison across versions shows changes of the provider, not of the verdict rules.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { requirement, isRequirementId } from '../contracts/requirements.js';
import { failedRuleOfCheck, ruleEntry, suiteErrorsOf } from './summary-model.js';
import type { CheckEntry, CheckStatus, RuleEntry, RuleStatus, Summary as WrittenSummary } from './summary-model.js';

// The types follow what the summary reporter writes (summary-model.ts); reading back, the run metadata and
// a few counts are optional, since fixtures and files of older suite versions may lack them.
export type { CheckStatus, RuleStatus };
export type Totals = Omit<WrittenSummary['totals'], 'flaky' | 'notJudged'> & { flaky?: number; notJudged?: number };
type SummaryRule = RuleEntry;
export type SummaryCheck = Omit<CheckEntry, 'durationMs'> & { durationMs?: number };
export type Summary = Partial<Omit<WrittenSummary, 'totals' | 'projects' | 'rules' | 'checks' | 'suiteErrors'>> & {
  totals: Totals;
  projects?: WrittenSummary['projects'];
  rules: Record<string, SummaryRule>;
  /** Read back always present: derived for summaries written before suite 0.3.0. */
  suiteErrors: string[];
  /** Set by the reader when the rule verdicts of an older summary were recomputed (see upgradeSummary). */
  verdictsRecomputed?: true;
  checks: SummaryCheck[];
};

export class SummaryError extends Error {
  override name = 'SummaryError';
}

/** `path` may name a summary.json or a directory that holds one. */
export function summaryPath(path: string): string {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch (e) {
    throw new SummaryError(`${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return isDir ? join(path, 'summary.json') : path;
}

export function readSummary(path: string): Summary {
  const file = summaryPath(path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new SummaryError(`${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new SummaryError(`${file} is not JSON (${(e as Error).message})`);
  }
  const problems = summaryProblems(raw);
  if (problems.length) throw new SummaryError(`${file} is not a summary.json: ${problems.slice(0, 3).join('; ')}`);
  return upgradeSummary(raw as Summary);
}

/**
 * A summary from before suite 0.3.0 (failed checks without `failedRule`): each failed check gets the rule
 * its failure line names, and the statuses of the rules it lists are recomputed the way the reporter now
 * does. Newer summaries are returned as they are.
 */
export function upgradeSummary(s: Summary): Summary {
  const legacy = s.checks.some((c) => c.status === 'failed' && c.failedRule === undefined);
  // Summaries before 0.4.0 had no not judged checks.
  s = { ...s, totals: { ...s.totals, notJudged: s.totals.notJudged ?? 0 } };
  if (!legacy) return { ...s, suiteErrors: s.suiteErrors ?? [] };
  const checks = s.checks.map((c) => (c.status === 'failed' && c.failedRule === undefined ? { ...c, failedRule: failedRuleOfCheck(c) ?? null } : c));
  const rules: Record<string, SummaryRule> = {};
  for (const [id, old] of Object.entries(s.rules)) rules[id] = isRequirementId(id) ? ruleEntry(requirement(id), checks) : old;
  return { ...s, checks, rules, suiteErrors: suiteErrorsOf(checks), verdictsRecomputed: true };
}

const STATUSES = new Set(['passed', 'failed', 'warned', 'skipped', 'flaky', 'not judged']);

function summaryProblems(raw: unknown): string[] {
  const out: string[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return ['not a JSON object'];
  const s = raw as Record<string, unknown>;
  if (typeof s.totals !== 'object' || s.totals === null) out.push('"totals" is missing');
  if (typeof s.rules !== 'object' || s.rules === null || Array.isArray(s.rules)) out.push('"rules" must be an object');
  if (!Array.isArray(s.checks)) return [...out, '"checks" must be an array'];
  s.checks.forEach((c: unknown, i) => {
    const k = c as Partial<SummaryCheck> | null;
    if (typeof k !== 'object' || k === null) return out.push(`checks[${i}] is not an object`);
    if (typeof k.id !== 'string' || k.id === '') out.push(`checks[${i}].id must be a non-empty string`);
    if (typeof k.title !== 'string') out.push(`checks[${i}].title must be a string`);
    if (typeof k.status !== 'string' || !STATUSES.has(k.status)) out.push(`checks[${i}].status must be one of ${[...STATUSES].join(', ')}`);
    if (!Array.isArray(k.rules)) out.push(`checks[${i}].rules must be an array`);
    return undefined;
  });
  return out;
}

/** Checks that count as failing: failed (flaky ones passed on retry and are reported, not failing). */
export function failingChecks(summary: Summary): SummaryCheck[] {
  return summary.checks.filter((c) => c.status === 'failed');
}

/** Checks by id; a repeated id (same title twice in one file) gets ` #2`, ` #3` … so none is lost. */
export function checksById(summary: Summary): Map<string, SummaryCheck> {
  const map = new Map<string, SummaryCheck>();
  for (const c of summary.checks) {
    let key = c.id;
    for (let n = 2; map.has(key); n++) key = `${c.id} #${n}`;
    map.set(key, c);
  }
  return map;
}
