// The kill matrix: for each fault of the catalog, which checks failed and whether a failure names the
// rule the fault breaks (the run's verdict fails exactly that rule).
import type { FaultDefinition } from '../../mock/index.js';
import type { TestOutcome } from './playwright-json.js';

export interface FaultRow {
  fault: string;
  rule: string;
  description: string;
  /** Some check failed. */
  killed: boolean;
  /** A failure names the fault's rule. */
  killedByRule: boolean;
  /** The checks that ran against it: those declaring its rule. */
  checks: number;
  failedChecks: string[];
  /** The rules the failures named. */
  failedRules: string[];
  /** Errors that are no verdict (a check that could not complete). */
  errors: string[];
  seconds: number;
}

export interface Matrix {
  clean: { passed: number; failed: string[]; skipped: number; errors: string[]; seconds: number };
  faults: FaultRow[];
  /** Wall time of the whole matrix, and of the one Playwright invocation in it. */
  totalSeconds: number;
  ok: boolean;
}

const isFailure = (o: TestOutcome) => o.status === 'failed' || o.status === 'timedOut' || o.status === 'interrupted';
const named = (line: string) => /^(?:\w+: )?\[([A-Z0-9_-]+)\]/.exec(line)?.[1];
const checkTitle = (o: TestOutcome) => `[${o.project}] ${o.title.replace(/^[^:]+: /, '')}`;

/** The target name of a fault. */
export function faultTarget(fault: string): string {
  return `fault ${fault}`;
}

export function faultRow(def: FaultDefinition, outcomes: readonly TestOutcome[]): FaultRow {
  const mine = outcomes.filter((o) => o.target === faultTarget(def.name));
  const failing = mine.filter((o) => o.observed.length > 0);
  const failedRules = [...new Set(failing.flatMap((o) => o.observed.map(named).filter((r): r is string => r !== undefined)))];
  return {
    fault: def.name,
    rule: def.rule,
    description: def.description,
    killed: failing.length > 0,
    killedByRule: failedRules.includes(def.rule),
    checks: mine.length,
    failedChecks: failing.map(checkTitle),
    failedRules,
    errors: mine.filter(isFailure).map((o) => `${checkTitle(o)}: ${o.message ?? o.status}`),
    seconds: mine.reduce((sum, o) => sum + o.durationMs, 0) / 1000,
  };
}

export function cleanSummary(outcomes: readonly TestOutcome[], errors: string[]): Matrix['clean'] {
  const mine = outcomes.filter((o) => o.target === 'clean');
  return {
    passed: mine.filter((o) => o.status === 'passed').length,
    failed: mine.filter(isFailure).map((o) => `${checkTitle(o)}: ${o.message ?? ''}`),
    skipped: mine.filter((o) => o.status === 'skipped').length,
    errors,
    seconds: mine.reduce((sum, o) => sum + o.durationMs, 0) / 1000,
  };
}

export function renderMarkdown(m: Matrix): string {
  const killedByRule = m.faults.filter((f) => f.killedByRule).length;
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '# Kill matrix',
    '',
    `Clean run: ${m.clean.passed} passed, ${m.clean.failed.length} failed, ${m.clean.skipped} skipped (${m.clean.seconds.toFixed(1)} s in checks).`,
    `Faults: ${m.faults.length}; killed ${m.faults.filter((f) => f.killed).length}; killed by a failure naming their rule ${killedByRule}.`,
    `Total: ${m.totalSeconds.toFixed(1)} s (one Playwright invocation). Verdict: ${m.ok ? 'PASS' : 'FAIL'}.`,
    '',
    'Each fault runs, against an embedded provider of its own, the checks that declare the rule it breaks; it is killed by its rule when a failure names that rule.',
    '',
    ...m.clean.failed.map((f) => `- clean run failure: ${f}`),
    ...m.clean.errors.map((e) => `- run error: ${e}`),
    '',
    '| fault | rule | checks | killed | by its rule | rules the failures named | failing checks | s |',
    '|---|---|---|---|---|---|---|---|',
    ...m.faults.map(
      (f) =>
        `| ${f.fault} | ${f.rule} | ${f.checks} | ${f.killed ? 'yes' : '**no**'} | ${f.killedByRule ? 'yes' : '**no**'} | ${f.failedRules.join(', ') || '—'} | ${f.failedChecks.length}: ${cell(f.failedChecks.slice(0, 3).join('; '))}${f.failedChecks.length > 3 ? '; …' : ''}${f.errors.length ? ` (errors: ${cell(f.errors.join('; ').slice(0, 200))})` : ''} | ${f.seconds.toFixed(1)} |`,
    ),
    '',
  ].join('\n');
}
