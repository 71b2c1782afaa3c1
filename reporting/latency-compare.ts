// The latency of two runs compared: per operation and page action, p50, p95 and p99 old → new and the change of p95.
// A p95 grown past the threshold the OLD run recorded (summary.json's `latency.threshold`: the profile's `latency` in
// force for it; the default profile's for a summary that records none) is a latency regression. What a regression
// does to compare's exit code is that threshold's `gate`: warn, nothing; fail, `compare --fail-on-new` exits 1.
import type { LatencyFigures } from '../contracts/latency-histogram.js';
import { OPERATIONS, PAGE_ACTIONS, type Operation, type PageAction } from '../contracts/operations.js';
import { defaultProfile } from '../contracts/profile.js';
import type { ProfileLatency } from '../contracts/types.gen.js';
import { cell } from './markdown.js';
import { latencyRows, type LatencyRow } from './latency-section.js';
import type { Summary } from './summary-file.js';

interface LatencyChange {
  name: Operation | PageAction;
  kind: LatencyRow['kind'];
  /** Absent from the run that did not time it. */
  old?: LatencyFigures;
  new?: LatencyFigures;
  /** When both runs timed it: new p95 ÷ old p95 (absent for an old p95 of 0), and new − old in milliseconds. */
  p95Ratio?: number;
  p95DeltaMs?: number;
  /** The p95 grew past the threshold: a latency regression. */
  grown: boolean;
}

export interface LatencyComparison {
  threshold: ProfileLatency;
  thresholdFrom: 'old run' | 'default profile';
  changes: LatencyChange[];
  /** The operations and page actions whose p95 grew past the threshold, in report order. */
  regressions: (Operation | PageAction)[];
}

/** Whether a p95 grew past the threshold: beyond both the old one times `ratio` and the old one plus `ms`. */
export function p95Grown(oldP95: number, newP95: number, growth: ProfileLatency['p95Growth']): boolean {
  return newP95 > oldP95 * growth.ratio && newP95 > oldP95 + growth.ms;
}

/** The threshold a summary records, when it is one (a hand-edited or older summary may hold anything or nothing). */
function recordedThreshold(s: Summary): ProfileLatency | undefined {
  const t = s.latency?.threshold as Partial<ProfileLatency> | null | undefined;
  const ok = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
  return t && ok(t.p95Growth?.ratio) && ok(t.p95Growth?.ms) && (t.gate === 'warn' || t.gate === 'fail') ? (t as ProfileLatency) : undefined;
}

const figures = (r: LatencyRow | undefined): LatencyFigures | undefined =>
  r && { count: r.entry.count, p50: r.entry.p50, p95: r.entry.p95, p99: r.entry.p99, max: r.entry.max };

/** Undefined when neither run recorded latency (summaries of older suite versions). */
export function compareLatency(oldS: Summary, newS: Summary): LatencyComparison | undefined {
  const before = new Map(latencyRows(oldS.latency).map((r) => [r.name, r]));
  const after = new Map(latencyRows(newS.latency).map((r) => [r.name, r]));
  if (before.size === 0 && after.size === 0) return undefined;
  const recorded = recordedThreshold(oldS);
  const threshold = recorded ?? defaultProfile().latency;
  const changes: LatencyChange[] = [];
  for (const name of [...OPERATIONS, ...PAGE_ACTIONS]) {
    const o = figures(before.get(name));
    const n = figures(after.get(name));
    if (!o && !n) continue;
    const both = o && n;
    changes.push({
      name,
      kind: (before.get(name) ?? after.get(name))!.kind,
      ...(o ? { old: o } : {}),
      ...(n ? { new: n } : {}),
      ...(both && o.p95 > 0 ? { p95Ratio: Math.round((n.p95 / o.p95) * 100) / 100 } : {}),
      ...(both ? { p95DeltaMs: Math.round((n.p95 - o.p95) * 100) / 100 } : {}),
      grown: both ? p95Grown(o.p95, n.p95, threshold.p95Growth) : false,
    });
  }
  return { threshold, thresholdFrom: recorded ? 'old run' : 'default profile', changes, regressions: changes.filter((c) => c.grown).map((c) => c.name) };
}

/** Whether the latency regressions make `compare --fail-on-new` exit 1: the old run's threshold says fail. */
export function latencyFailsCompare(c: LatencyComparison | undefined): boolean {
  return c !== undefined && c.regressions.length > 0 && c.threshold.gate === 'fail';
}

function thresholdText(c: LatencyComparison): string {
  const { ratio, ms } = c.threshold.p95Growth;
  const gate = c.threshold.gate === 'fail' ? 'gate fail: compare --fail-on-new exits 1' : 'gate warn: the exit code does not change';
  return `a p95 beyond ×${ratio} and +${ms} ms of the old one (${c.thresholdFrom === 'old run' ? "the old run's threshold" : 'the default profile: the old run records none'}; ${gate})`;
}

const change = (c: LatencyChange) =>
  c.p95DeltaMs === undefined ? '' : `${c.p95Ratio !== undefined ? `×${c.p95Ratio}, ` : ''}${c.p95DeltaMs >= 0 ? '+' : ''}${c.p95DeltaMs} ms`;

/** The console's lines: a count, and each regression. */
export function latencyLines(c: LatencyComparison | undefined): string[] {
  if (c === undefined) return [];
  return [
    `  latency: ${c.regressions.length} regression(s): ${thresholdText(c)}`,
    ...c.changes.filter((x) => x.grown).map((x) => `  LATENCY grown: ${x.name}: p95 ${x.old!.p95} → ${x.new!.p95} ms (${change(x)})`),
  ];
}

/** compare.md's section: every operation and page action either run timed. */
export function latencyMarkdown(c: LatencyComparison | undefined): string[] {
  if (c === undefined) return [];
  const pair = (x: LatencyChange, key: keyof LatencyFigures) => `${x.old?.[key] ?? '–'} → ${x.new?.[key] ?? '–'}`;
  return [
    `## Latency regressions (${c.regressions.length})`,
    '',
    `Milliseconds, old → new. A regression: ${cell(thresholdText(c))}.`,
    '',
    '| operation or page action | timed | p50 | p95 | p99 | p95 change | regression |',
    '|---|---|---|---|---|---|---|',
    ...c.changes.map(
      (x) =>
        `| ${cell(x.name)} | ${pair(x, 'count')} | ${pair(x, 'p50')} | ${pair(x, 'p95')} | ${pair(x, 'p99')} | ${change(x)} | ${x.grown ? '**grown**' : ''} |`,
    ),
    '',
  ];
}
