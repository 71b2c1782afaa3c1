// The charts of job-summary.md. GitHub's Markdown drops inline SVG and data: images but draws Mermaid blocks, so each
// chart is a Mermaid xychart, followed by the table of its figures: where Mermaid is not drawn (GitLab shows the file
// as text, a terminal) the block reads as a few lines of numbers and the table says it all.
import { cell } from './markdown.js';
import { areaLabel, rulesByArea, VERDICT_COLOURS } from './rules-by-area.js';
import { latencyRows } from './latency-section.js';
import { RULE_STATUSES, type LatencySection, type Summary } from './summary-model.js';

/** A Mermaid string: no double quote, which would end it (the names here are the suite's own; this keeps it so). */
const quoted = (text: string) => `"${text.replace(/"/g, "'")}"`;

/** The y axis of an xychart: from 0 to a round number above the largest value. */
function yAxis(title: string, max: number): string {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, max))));
  return `  y-axis ${quoted(title)} 0 --> ${Math.max(1, Math.ceil((max * 1.05) / step) * step)}`;
}

/**
 * Rules by area and verdict. An xychart draws its bar series over one another, not side by side: each series is the
 * sum of the verdicts up to one, the largest sum first, so that the bars read as stacked, passed at the bottom.
 */
export function rulesChartMarkdown(rules: Summary['rules']): string[] {
  const areas = rulesByArea(rules);
  if (areas.length === 0) return [];
  const verdicts = RULE_STATUSES.filter((v) => areas.some((a) => a.counts[v] > 0));
  const upTo = (i: number) => areas.map((a) => verdicts.slice(0, i + 1).reduce((sum, v) => sum + a.counts[v], 0));
  const layers = verdicts.map((_, i) => upTo(i)).reverse();
  const palette = [...verdicts].reverse().map((v) => VERDICT_COLOURS[v].hex);
  return [
    '### Rules by area and verdict',
    '',
    '```mermaid',
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette.join(', ')}"}}}}%%`,
    'xychart-beta',
    `  title ${quoted('Rules by area and verdict')}`,
    `  x-axis [${areas.map((a) => quoted(areaLabel(a.area))).join(', ')}]`,
    yAxis('rules', Math.max(...layers[0]!)),
    ...layers.map((layer) => `  bar [${layer.join(', ')}]`),
    '```',
    '',
    `Stacked from the bottom: ${verdicts.map((v) => `${v} (${VERDICT_COLOURS[v].name})`).join(', ')}.`,
    '',
    `| area | ${verdicts.join(' | ')} |`,
    `|---|${verdicts.map(() => '---').join('|')}|`,
    ...areas.map((a) => `| ${cell(areaLabel(a.area))} | ${verdicts.map((v) => a.counts[v]).join(' | ')} |`),
  ];
}

/** p95 per operation and page action as bars, and the figures of each. */
export function latencyChartMarkdown(section: LatencySection | undefined): string[] {
  const rows = latencyRows(section);
  if (rows.length === 0) return [];
  return [
    '### Latency (ms)',
    '',
    '```mermaid',
    'xychart-beta',
    `  title ${quoted('p95 latency per operation and page action (ms)')}`,
    `  x-axis [${rows.map((r) => quoted(r.name)).join(', ')}]`,
    yAxis('ms', Math.max(...rows.map((r) => r.entry.p95))),
    `  bar [${rows.map((r) => r.entry.p95).join(', ')}]`,
    '```',
    '',
    '| operation or page action | timed | p50 | p95 | p99 | max |',
    '|---|---|---|---|---|---|',
    ...rows.map(({ name, entry: e }) => `| ${cell(name)} | ${e.count} | ${e.p50} | ${e.p95} | ${e.p99} | ${e.max} |`),
  ];
}
