// The overview's three charts, rendered to SVG beside summary.json; a chart the run has no data for is removed, so
// that an earlier run's is never shown as this one's. Every text in them passes through redactText.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { redactText } from '../contracts/redaction.js';
import { renderSvg } from './chart-render.js';
import { latencyChart } from './chart-latency.js';
import { rulesChart } from './chart-rules.js';
import { timelineChart } from './chart-timeline.js';
import type { ChartsPresent } from './overview-page.js';
import { REPORT_FILES } from './reports-dir.js';
import type { Summary } from './summary-model.js';

export async function writeCharts(dir: string, s: Summary): Promise<ChartsPresent> {
  const specs: Record<keyof ChartsPresent, TopLevelSpec | undefined> = {
    rulesChart: rulesChart(s.rules),
    latencyChart: latencyChart(s.latency),
    timelineChart: timelineChart(s.timeline),
  };
  const written = { rulesChart: false, latencyChart: false, timelineChart: false };
  for (const [chart, spec] of Object.entries(specs) as [keyof ChartsPresent, TopLevelSpec | undefined][]) {
    const file = join(dir, REPORT_FILES[chart]);
    rmSync(file, { force: true });
    if (spec === undefined) continue;
    writeFileSync(file, redactText(await renderSvg(spec)));
    written[chart] = true;
  }
  return written;
}

/** The charts the folder holds now: what the overview shows when it is written again (`npm run report`). */
export function chartsIn(dir: string): ChartsPresent {
  const present = (chart: keyof ChartsPresent) => existsSync(join(dir, REPORT_FILES[chart]));
  return { rulesChart: present('rulesChart'), latencyChart: present('latencyChart'), timelineChart: present('timelineChart') };
}
