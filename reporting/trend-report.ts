// Writes `compare --trend`'s files into compare's folder: trend.json, the two charts and trend.html. A chart without
// data (no run timed anything) is left out, and an earlier one removed.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redactText } from '../contracts/redaction.js';
import { renderSvg } from './chart-render.js';
import { trendLatencyChart } from './chart-trend-latency.js';
import { trendVerdictsChart } from './chart-trend-verdicts.js';
import { REPORT_FILES } from './reports-dir.js';
import { trendHtml } from './trend-page.js';
import type { TrendRun } from './trend.js';

/** The files written, by path. */
export async function writeTrend(out: string, runs: readonly TrendRun[]): Promise<string[]> {
  const written: string[] = [];
  const write = (name: string, text: string) => {
    writeFileSync(join(out, name), redactText(text));
    written.push(join(out, name));
  };
  write(REPORT_FILES.trendJson, JSON.stringify({ runs }, null, 2) + '\n');
  const latency = trendLatencyChart(runs);
  rmSync(join(out, REPORT_FILES.trendLatencyChart), { force: true });
  if (latency) write(REPORT_FILES.trendLatencyChart, await renderSvg(latency));
  write(REPORT_FILES.trendVerdictsChart, await renderSvg(trendVerdictsChart(runs)));
  write(REPORT_FILES.trendPage, trendHtml(runs, { latency: latency !== undefined, verdicts: true }));
  return written;
}
