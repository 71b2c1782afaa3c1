// `compare --trend`'s second chart: the checks passed, failed, warned and not judged across the runs, a line each.
import type { TopLevelSpec } from 'vega-lite';
import { acrossRuns } from './chart-trend.js';
import { VERDICT_COLOURS } from './rules-by-area.js';
import type { TrendRun } from './trend.js';

const SERIES = [
  { verdict: 'passed', of: (r: TrendRun) => r.checks.passed },
  { verdict: 'failed', of: (r: TrendRun) => r.checks.failed },
  { verdict: 'warned', of: (r: TrendRun) => r.checks.warned },
  { verdict: 'not judged', of: (r: TrendRun) => r.checks.notJudged },
] as const;

export function trendVerdictsChart(runs: readonly TrendRun[]): TopLevelSpec {
  return acrossRuns(runs, {
    title: 'Checks by verdict across the runs',
    height: 200,
    values: runs.flatMap((r) => SERIES.map((s) => ({ run: r.label, verdict: s.verdict, checks: s.of(r) }))),
    y: { field: 'checks', type: 'quantitative', title: 'checks', axis: { format: 'd', tickMinStep: 1 } },
    color: {
      field: 'verdict',
      type: 'nominal',
      scale: { domain: SERIES.map((s) => s.verdict), range: SERIES.map((s) => VERDICT_COLOURS[s.verdict].hex) },
    },
  });
}
