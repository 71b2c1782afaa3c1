// `compare --trend`'s first chart: the p95 of each operation and page action across the runs, a line each (log scale).
import type { TopLevelSpec } from 'vega-lite';
import { acrossRuns } from './chart-trend.js';
import { OPERATIONS, PAGE_ACTIONS } from '../contracts/operations.js';
import type { TrendRun } from './trend.js';

export function trendLatencyChart(runs: readonly TrendRun[]): TopLevelSpec | undefined {
  const names = [...OPERATIONS, ...PAGE_ACTIONS].filter((name) => runs.some((r) => r.p95[name] !== undefined));
  if (names.length === 0) return undefined;
  const values = runs.flatMap((r) => names.flatMap((name) => (r.p95[name] === undefined ? [] : [{ run: r.label, name, p95: Math.max(0.01, r.p95[name]) }])));
  return acrossRuns(runs, {
    title: 'p95 latency per operation and page action across the runs',
    height: 260,
    values,
    y: { field: 'p95', type: 'quantitative', scale: { type: 'log' }, title: 'p95, milliseconds (log scale)' },
    color: { field: 'name', type: 'nominal', sort: names, title: 'operation or page action' },
  });
}
