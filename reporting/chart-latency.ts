// The overview's second chart: the latency of each operation and page action as its distribution, p50, p95 and p99
// on a line from p50 to p99, on a log scale (a page load and a status request differ a hundredfold).
import type { TopLevelSpec } from 'vega-lite';
import { CHART_CONFIG } from './chart-render.js';
import { latencyRows } from './latency-section.js';
import type { LatencySection } from './summary-model.js';

/** The least a log scale shows: a figure rounded to 0 ms would have no place on it. */
const FLOOR_MS = 0.01;

const PERCENTILES = ['p50', 'p95', 'p99'] as const;

/** How charts label a row: its name and how many times it was timed. */
function latencyLabel(name: string, count: number): string {
  return `${name} (${count.toLocaleString('en-US')})`;
}

export function latencyChart(section: LatencySection | undefined): TopLevelSpec | undefined {
  const rows = latencyRows(section);
  if (rows.length === 0) return undefined;
  const values = rows.map(({ name, kind, entry }) => ({
    label: latencyLabel(name, entry.count),
    kind,
    ...Object.fromEntries(PERCENTILES.map((p) => [p, Math.max(FLOOR_MS, entry[p])])),
  }));
  const y = { field: 'label', type: 'nominal', title: null, sort: values.map((v) => v.label) } as const;
  const x = { type: 'quantitative', scale: { type: 'log' }, title: 'milliseconds (log scale)' } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Latency per operation and page action (times timed)',
    config: CHART_CONFIG,
    width: 480,
    data: { values },
    layer: [
      { mark: { type: 'rule', color: '#9e9e9e' }, encoding: { y, x: { ...x, field: 'p50' }, x2: { field: 'p99' } } },
      {
        transform: [{ fold: [...PERCENTILES], as: ['percentile', 'ms'] }],
        mark: { type: 'point', filled: true, size: 70, tooltip: true },
        encoding: {
          y,
          x: { ...x, field: 'ms' },
          color: { field: 'percentile', type: 'nominal', scale: { domain: [...PERCENTILES], range: ['#1e88e5', '#ef6c00', '#c62828'] } },
          shape: { field: 'percentile', type: 'nominal', scale: { domain: [...PERCENTILES], range: ['circle', 'square', 'triangle-up'] } },
        },
      },
    ],
  };
}
