// `compare --trend`'s second chart: the checks passed, failed, warned and not judged across the runs, a line each.
import type { TopLevelSpec } from 'vega-lite';
import { CHART_CONFIG } from './chart-render.js';
import { VERDICT_COLOURS } from './rules-by-area.js';
import type { TrendRun } from './trend.js';

const SERIES = [
  { verdict: 'passed', of: (r: TrendRun) => r.checks.passed },
  { verdict: 'failed', of: (r: TrendRun) => r.checks.failed },
  { verdict: 'warned', of: (r: TrendRun) => r.checks.warned },
  { verdict: 'not judged', of: (r: TrendRun) => r.checks.notJudged },
] as const;

export function trendVerdictsChart(runs: readonly TrendRun[]): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Checks by verdict across the runs',
    config: CHART_CONFIG,
    width: Math.max(320, runs.length * 90),
    height: 200,
    data: { values: runs.flatMap((r) => SERIES.map((s) => ({ run: r.label, verdict: s.verdict, checks: s.of(r) }))) },
    mark: { type: 'line', point: true, tooltip: true },
    encoding: {
      x: { field: 'run', type: 'ordinal', sort: runs.map((r) => r.label), title: null, axis: { labelAngle: -30 } },
      y: { field: 'checks', type: 'quantitative', title: 'checks', axis: { format: 'd', tickMinStep: 1 } },
      color: {
        field: 'verdict',
        type: 'nominal',
        scale: { domain: SERIES.map((s) => s.verdict), range: SERIES.map((s) => VERDICT_COLOURS[s.verdict].hex) },
      },
    },
  };
}
