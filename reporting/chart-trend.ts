// What `compare --trend`'s charts share: a line per series across the runs, each run a point of the x axis in the
// order given.
import type { TopLevelSpec } from 'vega-lite';
import { CHART_CONFIG } from './chart-render.js';
import type { TrendRun } from './trend.js';

/** The encoding of a single-view chart, as vega-lite types it. */
type Encoding = NonNullable<Extract<TopLevelSpec, { mark: unknown }>['encoding']>;

export function acrossRuns(
  runs: readonly TrendRun[],
  chart: { title: string; height: number; values: Record<string, unknown>[]; y: Encoding['y']; color: Encoding['color'] },
): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: chart.title,
    config: CHART_CONFIG,
    width: Math.max(320, runs.length * 90),
    height: chart.height,
    data: { values: chart.values },
    mark: { type: 'line', point: true, tooltip: true },
    encoding: {
      x: { field: 'run', type: 'ordinal', sort: runs.map((r) => r.label), title: null, axis: { labelAngle: -30 } },
      y: chart.y,
      color: chart.color,
    },
  };
}
