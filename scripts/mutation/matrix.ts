// The kill matrix: for each fault of the catalog, which checks failed and whether the check for the
// broken rule is among them.
import type { FaultDefinition } from '../../mock/index.js';
import type { SuiteRun } from './run-suite.js';
import type { TestOutcome } from './playwright-json.js';

export interface FaultRow {
  fault: string;
  rule: string;
  description: string;
  /** Some check failed. */
  killed: boolean;
  /** A failing check declares the fault's rule or names it in its failure. */
  killedByRule: boolean;
  failedChecks: string[];
  /** The projects the fault ran against: those holding a check that declares its rule. */
  projects: string[];
  errors: string[];
  seconds: number;
}

export interface Matrix {
  clean: { passed: number; failed: string[]; skipped: number; errors: string[]; seconds: number };
  faults: FaultRow[];
  totalSeconds: number;
  ok: boolean;
}

const failed = (o: TestOutcome) => o.status === 'failed' || o.status === 'timedOut' || o.status === 'interrupted';
const name = (o: TestOutcome) => `[${o.project}] ${o.title}`;

export function faultRow(def: FaultDefinition, run: SuiteRun): FaultRow {
  const failing = run.outcomes.filter(failed);
  return {
    fault: def.name,
    rule: def.rule,
    description: def.description,
    killed: failing.length > 0,
    killedByRule: failing.some((o) => o.rules.includes(def.rule) || (o.message ?? '').includes(`[${def.rule}]`)),
    failedChecks: failing.map(name),
    projects: run.projects,
    errors: run.errors,
    seconds: run.ms / 1000,
  };
}

export function cleanSummary(run: SuiteRun): Matrix['clean'] {
  return {
    passed: run.outcomes.filter((o) => o.status === 'passed').length,
    failed: run.outcomes.filter(failed).map((o) => `${name(o)}: ${o.message ?? ''}`),
    skipped: run.outcomes.filter((o) => o.status === 'skipped').length,
    errors: run.errors,
    seconds: run.ms / 1000,
  };
}

export function renderMarkdown(m: Matrix): string {
  const killedByRule = m.faults.filter((f) => f.killedByRule).length;
  const lines = [
    '# Kill matrix',
    '',
    `Clean run: ${m.clean.passed} passed, ${m.clean.failed.length} failed, ${m.clean.skipped} skipped (${m.clean.seconds.toFixed(1)} s).`,
    `Faults: ${m.faults.length}; killed ${m.faults.filter((f) => f.killed).length}; killed by the check for their rule ${killedByRule}.`,
    `Total: ${m.totalSeconds.toFixed(1)} s. Verdict: ${m.ok ? 'PASS' : 'FAIL'}.`,
    '',
    'Each fault runs the checks that declare the rule it breaks (the clean run above shows every check passes without faults), and stops at the third failing check.',
    '',
    ...m.clean.failed.map((f) => `- clean run failure: ${f}`),
    ...m.clean.errors.map((e) => `- clean run error: ${e}`),
    '',
    '| fault | rule | projects | killed | by its rule | failing checks | s |',
    '|---|---|---|---|---|---|---|',
    ...m.faults.map(
      (f) =>
        `| ${f.fault} | ${f.rule} | ${f.projects.join(', ')} | ${f.killed ? 'yes' : '**no**'} | ${f.killedByRule ? 'yes' : '**no**'} | ${f.failedChecks.length}: ${f.failedChecks.slice(0, 3).join('; ').replace(/\|/g, '\\|')}${f.failedChecks.length > 3 ? '; …' : ''}${f.errors.length ? ` (errors: ${f.errors.join('; ').replace(/\|/g, '\\|').slice(0, 200)})` : ''} | ${f.seconds.toFixed(1)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
