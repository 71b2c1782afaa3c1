// summary.json, as written by the summary reporter into $PTS_REPORTS_DIR at the end of every run:
// types, and a reader that says clearly what is wrong with a file.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { CheckEntry, CheckStatus, RuleEntry, RuleStatus, Summary as WrittenSummary } from '../../tests/harness/reporters/summary-model.js';

// The types follow what the summary reporter writes (summary-model.ts); reading back, the run metadata and
// a few counts are optional, since fixtures and files of older suite versions may lack them.
export type { CheckStatus, RuleStatus };
export type CheckKind = CheckEntry['kind'];
export type Totals = Omit<WrittenSummary['totals'], 'flaky'> & { flaky?: number };
export type SummaryRule = RuleEntry;
export type SummaryCheck = Omit<CheckEntry, 'durationMs'> & { durationMs?: number };
export type Summary = Partial<Omit<WrittenSummary, 'totals' | 'projects' | 'rules' | 'checks'>> & {
  totals: Totals;
  projects?: WrittenSummary['projects'];
  rules: Record<string, SummaryRule>;
  checks: SummaryCheck[];
};

export class SummaryError extends Error {
  override name = 'SummaryError';
}

/** `path` may name a summary.json or a directory that holds one. */
export function summaryPath(path: string): string {
  let isDir = false;
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
  return raw as Summary;
}

const STATUSES = new Set(['passed', 'failed', 'skipped', 'flaky']);

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

/** Markdown table cell: no pipes or newlines. */
export function cell(text: string | undefined | null): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
