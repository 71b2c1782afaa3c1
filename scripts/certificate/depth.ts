// The depth of a certification: the requests each area got and the examples each property ran, as the suite's own
// client counted them (summary.json: `requests`, `examples` per check), against the budget when the run had one.
// A browser's own page loads are not in the counts (the suite's client did not send them).
import { cell } from '../../reporting/markdown.js';
import type { Summary, SummaryCheck } from '../../reporting/summary-file.js';

interface AreaDepth {
  area: string;
  checks: number;
  requests: number;
  /** The examples each property of the area ran, in the run's order. */
  examples: number[];
}

/** The run's depth setting: a whole-run budget (TIME_BUDGET × RATE_LIMIT requests), or examples per property. */
export type DepthSetting = { budgetSeconds: number; rate: number } | { fcNumRuns: number | null };

const isProperty = (c: SummaryCheck) => c.examples !== undefined;

/** One row per area, in the order the areas first appear in the summary. */
function depthByArea(summary: Summary): AreaDepth[] {
  const areas = new Map<string, AreaDepth>();
  for (const c of summary.checks) {
    let a = areas.get(c.project);
    if (!a) areas.set(c.project, (a = { area: c.project, checks: 0, requests: 0, examples: [] }));
    a.checks++;
    a.requests += c.requests ?? 0;
    if (isProperty(c)) a.examples.push(c.examples!);
  }
  return [...areas.values()];
}

export function requestsSent(summary: Summary): number {
  return summary.checks.reduce((n, c) => n + (c.requests ?? 0), 0);
}

/** The planned requests of a budget, or undefined for a fixed number of examples. */
export function plannedRequests(setting: DepthSetting): number | undefined {
  return 'budgetSeconds' in setting ? Math.round(setting.budgetSeconds * setting.rate) : undefined;
}

/** How the run chose its depth, in a sentence. */
function depthSentence(setting: DepthSetting, summary: Summary): string {
  const sent = requestsSent(summary);
  const planned = plannedRequests(setting);
  return 'budgetSeconds' in setting
    ? `TIME_BUDGET ${setting.budgetSeconds} s at RATE_LIMIT ${setting.rate} requests/s: ${planned} requests planned, ${sent} sent by the checks (${Math.round((100 * sent) / Math.max(1, planned!))} %); each property ran its value classes first, then random examples until its part of the budget was spent`
    : `FC_NUM_RUNS ${setting.fcNumRuns ?? 'default'} examples per property: ${sent} requests sent by the checks`;
}

const examplesText = (examples: number[]) =>
  examples.length === 0 ? '—' : `${examples.join(', ')} (min ${Math.min(...examples)}, max ${Math.max(...examples)})`;

/** The certificate's section. */
export function depthMarkdown(setting: DepthSetting, summary: Summary): string[] {
  const properties = summary.checks.filter(isProperty);
  return [
    '## Depth: the requests each area got',
    '',
    `${depthSentence(setting, summary)}. Counted by the suite's client: every request with its tries again and 429 waits; a browser's own page loads are not counted.`,
    '',
    '| area | checks | requests | property checks | examples per property |',
    '|---|---|---|---|---|',
    ...depthByArea(summary).map((a) => `| ${cell(a.area)} | ${a.checks} | ${a.requests} | ${a.examples.length} | ${cell(examplesText(a.examples))} |`),
    '',
    ...(properties.length === 0
      ? []
      : [
          '| property check | examples | requests |',
          '|---|---|---|',
          ...properties.map((c) => `| ${cell(c.check ?? c.id)} (${cell(c.project)}) | ${c.examples} | ${c.requests ?? 0} |`),
          '',
        ]),
  ];
}

/** The console's lines: one for the run, one per area. */
export function depthLines(setting: DepthSetting, summary: Summary): string[] {
  return [
    `certify: depth: ${depthSentence(setting, summary)}`,
    ...depthByArea(summary).map(
      (a) => `  ${a.area}: ${a.requests} requests over ${a.checks} checks${a.examples.length ? `; examples per property ${examplesText(a.examples)}` : ''}`,
    ),
  ];
}
