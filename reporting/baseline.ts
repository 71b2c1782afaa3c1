// Known-failures baseline: a JSON file of accepted failures. With a baseline the gate passes when every
// failing check matches an entry, fails on any failure that matches none (a NEW failure), and says which
// entries can be removed (their checks pass now) and which matched no check at all.
//
//   { "entries": [ { "rule": "PRO-HTTP-405", "check": "methods other than POST", "reason": "provider answers 404; ticket PAY-12" } ] }
//
// `check` is a check id (`<project> › <file> › <title>`, matched exactly) or a substring of the check's title.
// An entry is about a check when `check` matches it and the entry's rule is one the check declares or the
// one it failed on. It accepts a failure of that check only when the failure is of the entry's rule: the
// same check failing on another rule is a new defect, and a NEW failure.
import { readFileSync } from 'node:fs';
import { isRequirementId } from '../contracts/requirements.js';
import { cell } from './markdown.js';
import { failingChecks, type Summary, type SummaryCheck } from './summary-file.js';
import { failedRuleOfCheck } from './summary-model.js';

interface BaselineEntry {
  rule: string;
  check: string;
  reason: string;
}

export interface Baseline {
  file: string;
  entries: BaselineEntry[];
}

export class BaselineError extends Error {
  override name = 'BaselineError';
}

const ENTRY_KEYS = new Set(['rule', 'check', 'reason']);

/** Reads and validates a baseline file; any problem is one BaselineError naming the file and the places. */
export function readBaseline(file: string): Baseline {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new BaselineError(`baseline ${file} ${code ? `cannot be read (${code})` : `is not JSON (${(e as Error).message})`}`);
  }
  return { file, entries: validateBaseline(raw, file) };
}

export function validateBaseline(raw: unknown, file = 'baseline'): BaselineEntry[] {
  const problems: string[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !Array.isArray((raw as { entries?: unknown }).entries))
    throw new BaselineError(`baseline ${file} must be a JSON object {"entries": [{"rule", "check", "reason"}, …]}`);
  const extra = Object.keys(raw).filter((k) => k !== 'entries' && k !== '$comment');
  if (extra.length) problems.push(`unknown top-level key(s) ${extra.join(', ')}`);
  const entries = (raw as { entries: unknown[] }).entries;
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    const at = `entries[${i}]`;
    if (typeof e !== 'object' || e === null || Array.isArray(e)) return problems.push(`${at} is not an object`);
    const o = e as Record<string, unknown>;
    const unknown = Object.keys(o).filter((k) => !ENTRY_KEYS.has(k));
    if (unknown.length) problems.push(`${at}: unknown key(s) ${unknown.join(', ')}`);
    for (const k of ENTRY_KEYS) if (typeof o[k] !== 'string' || (o[k] as string).trim() === '') problems.push(`${at}.${k} must be a non-empty string`);
    if (typeof o.rule === 'string' && o.rule.trim() !== '' && !isRequirementId(o.rule))
      problems.push(`${at}.rule ${o.rule} is not a requirement ID (contracts/requirements.json)`);
    const key = `${String(o.rule)}\u0000${String(o.check)}`;
    if (seen.has(key)) problems.push(`${at} repeats rule ${String(o.rule)} with check "${String(o.check)}"`);
    seen.add(key);
    return undefined;
  });
  if (problems.length) throw new BaselineError(`baseline ${file}: ${problems.join('; ')}`);
  return entries as BaselineEntry[];
}

/** The entry names this check: its `check` matches, and its rule is declared by the check or is the rule it failed on. */
function entryMatches(entry: BaselineEntry, check: SummaryCheck): boolean {
  if (!check.rules.includes(entry.rule) && failedRuleOfCheck(check) !== entry.rule) return false;
  return check.id === entry.check || check.title.includes(entry.check);
}

/** The entry accepts this failing check: it names the check and the failure is of the entry's rule. */
function entryAccepts(entry: BaselineEntry, check: SummaryCheck): boolean {
  return entryMatches(entry, check) && failedRuleOfCheck(check) === entry.rule;
}

interface BaselineVerdict {
  /** Failing checks no entry accepts: the gate fails on any. */
  newFailures: SummaryCheck[];
  /** Failing checks an entry accepts, with that entry. */
  accepted: { check: SummaryCheck; entry: BaselineEntry }[];
  /** Entries whose checks ran and none failed: the entry can be removed. */
  removable: { entry: BaselineEntry; passing: SummaryCheck[] }[];
  /** Entries that matched no check of the run (renamed check, wrong rule, or not run in this selection). */
  unmatched: BaselineEntry[];
  /** Exit code of the gate: 0 when every failure is accepted, 1 otherwise. */
  exitCode: 0 | 1;
}

export function applyBaseline(summary: Summary, baseline: Baseline): BaselineVerdict {
  const failing = failingChecks(summary);
  const newFailures: SummaryCheck[] = [];
  const accepted: BaselineVerdict['accepted'] = [];
  for (const check of failing) {
    const entry = baseline.entries.find((e) => entryAccepts(e, check));
    if (entry) accepted.push({ check, entry });
    else newFailures.push(check);
  }
  const removable: BaselineVerdict['removable'] = [];
  const unmatched: BaselineEntry[] = [];
  for (const entry of baseline.entries) {
    const matching = summary.checks.filter((c) => entryMatches(entry, c));
    if (matching.length === 0) unmatched.push(entry);
    else if (!matching.some((c) => c.status === 'failed') && matching.some((c) => c.status === 'passed' || c.status === 'flaky'))
      removable.push({ entry, passing: matching.filter((c) => c.status === 'passed' || c.status === 'flaky') });
  }
  return { newFailures, accepted, removable, unmatched, exitCode: newFailures.length ? 1 : 0 };
}

function describeEntry(e: BaselineEntry): string {
  return `${e.rule} · "${e.check}" (${e.reason})`;
}

/** Console lines for the gate's output. */
export function baselineLines(v: BaselineVerdict, file: string): string[] {
  const out = [`baseline ${file}: ${v.accepted.length} accepted failure(s), ${v.newFailures.length} NEW failure(s)`];
  for (const c of v.newFailures)
    out.push(`  NEW failure: ${c.id} [${failedRuleOfCheck(c) ?? `no rule named; declares ${c.rules.join(' ')}`}]${c.failure ? ` — ${c.failure}` : ''}`);
  for (const { entry } of v.removable) out.push(`  can be removed (its checks pass now): ${describeEntry(entry)}`);
  for (const entry of v.unmatched) out.push(`  matched no check in this run: ${describeEntry(entry)}`);
  return out;
}

export function renderBaselineMarkdown(v: BaselineVerdict, file: string): string {
  const lines = [
    '# Known-failures baseline',
    '',
    `Baseline file: \`${file}\`. Verdict: **${v.exitCode === 0 ? 'PASS (every failure is accepted by the baseline)' : 'FAIL (new failures)'}**.`,
    '',
    `## New failures (${v.newFailures.length})`,
    '',
  ];
  if (v.newFailures.length === 0) lines.push('None.');
  else {
    lines.push('| check | failed rule | failure |', '|---|---|---|');
    for (const c of v.newFailures) lines.push(`| ${cell(c.id)} | ${cell(failedRuleOfCheck(c) ?? 'none (suite error)')} | ${cell(c.failure)} |`);
  }
  lines.push('', `## Accepted failures (${v.accepted.length})`, '');
  if (v.accepted.length === 0) lines.push('None.');
  else {
    lines.push('| check | baseline rule | reason |', '|---|---|---|');
    for (const { check, entry } of v.accepted) lines.push(`| ${cell(check.id)} | ${cell(entry.rule)} | ${cell(entry.reason)} |`);
  }
  lines.push('', `## Entries that can be removed: their checks pass now (${v.removable.length})`, '');
  if (v.removable.length === 0) lines.push('None.');
  else {
    lines.push('| rule | check | reason | passing checks |', '|---|---|---|---|');
    for (const { entry, passing } of v.removable)
      lines.push(`| ${cell(entry.rule)} | ${cell(entry.check)} | ${cell(entry.reason)} | ${cell(passing.map((c) => c.id).join('; '))} |`);
  }
  lines.push('', `## Entries that matched no check in this run (${v.unmatched.length})`, '');
  if (v.unmatched.length === 0) lines.push('None.');
  else {
    lines.push("A check renamed, a rule ID that changed, or a check outside this run's selection.", '', '| rule | check | reason |', '|---|---|---|');
    for (const e of v.unmatched) lines.push(`| ${cell(e.rule)} | ${cell(e.check)} | ${cell(e.reason)} |`);
  }
  return lines.join('\n') + '\n';
}
