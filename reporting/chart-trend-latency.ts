// `compare --trend`'s first chart: the p95 of each operation and page action across the runs, a line each (log scale).
import type { TopLevelSpec } from 'vega-lite';
import { OPERATIONS, PAGE_ACTIONS } from '../contracts/operations.js';
import { CHART_CONFIG } from './chart-render.js';
import type { TrendRun } from './trend.js';

export function trendLatencyChart(runs: readonly TrendRun[]): TopLevelSpec | undefined {
  const names = [...OPERATIONS, ...PAGE_ACTIONS].filter((name) => runs.some((r) => r.p95[name] !== undefined));
  if (names.length === 0) return undefined;
  const values = runs.flatMap((r) => names.flatMap((name) => (r.p95[name] === undefined ? [] : [{ run: r.label, name, p95: Math.max(0.01, r.p95[name]) }])));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'p95 latency per operation and page action across the runs',
    config: CHART_CONFIG,
    width: Math.max(320, runs.length * 90),
    height: 260,
    data: { values },
    mark: { type: 'line', point: true, tooltip: true },
    encoding: {
      x: { field: 'run', type: 'ordinal', sort: runs.map((r) => r.label), title: null, axis: { labelAngle: -30 } },
      y: { field: 'p95', type: 'quantitative', scale: { type: 'log' }, title: 'p95, milliseconds (log scale)' },
      color: { field: 'name', type: 'nominal', sort: names, title: 'operation or page action' },
    },
  };
}
