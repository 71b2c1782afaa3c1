// The overview's third chart: requests, requests that got no answer or a 5xx, and failed checks over the run's time,
// one panel each on the same time axis (their counts differ a thousandfold).
import type { TopLevelSpec } from 'vega-lite';
import { CHART_CONFIG } from './chart-render.js';
import type { Timeline, TimelineBucket } from './summary-model.js';

const PANELS: readonly { field: keyof Omit<TimelineBucket, 'from'>; title: string; colour: string }[] = [
  { field: 'requests', title: 'requests sent', colour: '#1e88e5' },
  { field: 'unanswered', title: 'no answer or 5xx', colour: '#ef6c00' },
  { field: 'failedChecks', title: 'checks failed', colour: '#c62828' },
];

export function timelineChart(timeline: Timeline | undefined): TopLevelSpec | undefined {
  if (timeline === undefined || timeline.buckets.length === 0) return undefined;
  const end = timeline.buckets.length * timeline.bucketSeconds;
  const values = timeline.buckets.map((b) => ({ ...b, to: b.from + timeline.bucketSeconds }));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `Requests and failures over the run (per ${timeline.bucketSeconds} s)`,
    config: CHART_CONFIG,
    data: { values },
    vconcat: PANELS.map((panel, i) => ({
      width: 480,
      height: i === 0 ? 110 : 60,
      // Rectangles from each stretch's start to its end: the stretches are time, not categories.
      mark: { type: 'rect', color: panel.colour, stroke: 'white', strokeWidth: 1, tooltip: true },
      encoding: {
        x: {
          field: 'from',
          type: 'quantitative',
          scale: { domain: [0, end] },
          title: i === PANELS.length - 1 ? 'seconds from the start of the run' : null,
        },
        x2: { field: 'to' },
        // Counts: whole numbers, from 0 (a panel of zeros still shows 0 and 1).
        y: {
          field: panel.field,
          type: 'quantitative',
          title: panel.title,
          scale: { domain: [0, Math.max(1, ...timeline.buckets.map((b) => b[panel.field]))] },
          axis: { format: 'd', tickMinStep: 1 },
        },
        y2: { datum: 0 },
      },
    })),
  };
}
