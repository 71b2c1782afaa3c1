// The gate's verdict on a run's summary.json: one code path for `conformance` (a run, or one shard of it) and
// `merge-reports` (the shards merged): exit 0/1/2, the incomplete-run rule (more than 5 % not judged → 2) and
// the known-failures baseline (reports/baseline.{md,json}). The console lines start with the script's name.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyBaseline, baselineLines, renderBaselineMarkdown, type Baseline } from '../../reporting/baseline.js';
import { readSummary, summaryPath, type Summary } from '../../reporting/summary-file.js';
import { EXIT } from './preflight.js';
import { unavailability } from './unavailability.js';

interface GateInput {
  /** The script whose lines these are: conformance, merge-reports. */
  script: string;
  /** How the run ended: 0 every test passed, 1 a test failed (Playwright's exit code, or the merged shards'). */
  status: 0 | 1;
  /** The run's summary, or why there is none. */
  summary: Summary | string;
  baseline?: Baseline;
  /** The reports folder: baseline.md and baseline.json go there. */
  dir: string;
}

interface GateVerdict {
  exitCode: number;
  /** More than NOT_JUDGED_LIMIT of the checks were not judged: exit 2 whatever else. */
  incomplete: boolean;
}

/** Applies the gate to a run's summary; prints its lines and writes the baseline's report. */
export function gateVerdict(g: GateInput): GateVerdict {
  const { script, status, summary, baseline } = g;
  if (typeof summary !== 'string') {
    const unavailable = unavailability(summary);
    if (unavailable.incomplete) {
      console.error(`${script}: incomplete: ${unavailable.line}`);
      return { exitCode: EXIT.setup, incomplete: true };
    }
    if (unavailable.line) console.log(`${script}: ${unavailable.line}`);
  }
  if (status === 1 && (typeof summary === 'string' || summary.totals.failed === 0)) {
    // Exit 1 says a rule failed. A run that failed with no check failed judged nothing of the provider: global
    // setup stopped it (a port in use, say), or the run broke outside the checks.
    console.error(`${script}: the run failed before or outside its checks, no check failed: a setup problem, named above`);
    return { exitCode: EXIT.setup, incomplete: true };
  }
  const plain = { exitCode: status === 0 ? EXIT.conformant : EXIT.failures, incomplete: false };
  if (baseline === undefined) return plain;
  if (typeof summary === 'string') {
    // Without the run's summary the failures cannot be matched; never let the baseline hide them.
    console.error(`${script}: baseline not applied: ${summary}`);
    return plain;
  }
  const verdict = applyBaseline(summary, baseline);
  for (const line of baselineLines(verdict, baseline.file)) console.log(line);
  mkdirSync(g.dir, { recursive: true });
  writeFileSync(join(g.dir, 'baseline.md'), renderBaselineMarkdown(verdict, baseline.file));
  writeFileSync(join(g.dir, 'baseline.json'), JSON.stringify({ file: baseline.file, ...verdict }, null, 2) + '\n');
  if (verdict.exitCode !== 0) return { exitCode: EXIT.failures, incomplete: false };
  if (status === 1 && verdict.accepted.length === 0) {
    // The run failed but no check did: an error outside the checks (collection, a worker crash).
    console.error(`${script}: the run failed outside the checks (see the output above); the baseline cannot accept that`);
    return { exitCode: EXIT.failures, incomplete: false };
  }
  return { exitCode: EXIT.conformant, incomplete: false };
}

/**
 * The summary in `dir` of the run that started at `startedMs`, or why there is none (none written, an earlier
 * run's). A merge's summary keeps the shards' start: `written` compares the time the file was written instead.
 */
export function freshSummary(dir: string, startedMs: number, written = false): Summary | string {
  try {
    const file = summaryPath(dir);
    const summary = readSummary(file);
    const at = summary.startedAt && !written ? Date.parse(summary.startedAt) : statSync(file).mtimeMs;
    if (!(at >= startedMs - 5000)) return `${file} is from an earlier run (${summary.startedAt ?? 'older file'})`;
    return summary;
  } catch (e) {
    return (e as Error).message;
  }
}
