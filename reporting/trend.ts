// `compare --trend`: several runs in the order given (oldest first), side by side: each run's checks by verdict and the
// p95 of each operation and page action; trend.json holds these figures, the charts and the page draw them.
import { basename, dirname } from 'node:path';
import type { Operation, PageAction } from '../contracts/operations.js';
import { latencyRows } from './latency-section.js';
import type { Summary } from './summary-file.js';

export interface TrendRun {
  /** How the charts name it: its place in the order and its folder, `2. reports-1.4`. */
  label: string;
  path: string;
  startedAt?: string;
  suiteVersion?: string;
  /** Checks by verdict. */
  checks: { total: number; passed: number; failed: number; warned: number; notJudged: number; skipped: number };
  /** p95 in milliseconds of each operation and page action the run timed. */
  p95: Partial<Record<Operation | PageAction, number>>;
}

/** The folder a run is known by: the one given, or the one holding the summary.json given. */
function runName(path: string): string {
  const trimmed = path.replace(/[/\\]+$/, '');
  return basename(trimmed) === 'summary.json' ? basename(dirname(trimmed)) : basename(trimmed) || trimmed;
}

export function trendOf(runs: readonly { path: string; summary: Summary }[]): TrendRun[] {
  return runs.map(({ path, summary: s }, i) => ({
    label: `${i + 1}. ${runName(path)}`,
    path,
    ...(s.startedAt ? { startedAt: s.startedAt } : {}),
    ...(s.suiteVersion ? { suiteVersion: s.suiteVersion } : {}),
    checks: {
      total: s.totals.total,
      passed: s.totals.passed,
      failed: s.totals.failed,
      warned: s.totals.warned ?? 0,
      notJudged: s.totals.notJudged ?? 0,
      skipped: s.totals.skipped,
    },
    p95: Object.fromEntries(latencyRows(s.latency).map((r) => [r.name, r.entry.p95])),
  }));
}
