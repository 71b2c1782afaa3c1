// The kill matrix: the clean provider and one per fault of the catalog, as targets of a plan; from the
// run, which checks failed against each fault and whether a failure names the rule the fault breaks.
import { faultCatalog, type FaultDefinition } from '../../mock/index.js';
import type { RuleId } from '../../contracts/index.js';
import { MATRIX_TIMING_PROFILE, profileFile } from './profile-variants.js';
import { defaultLevel } from '../../contracts/levels.js';
import { requirementOf } from '../../contracts/requirements.js';
import type { TargetPlan } from '../../suite/runner/targets.js';
import type { TestOutcome } from '../../reporting/playwright-json.js';

interface FaultRow {
  fault: string;
  rule: string;
  description: string;
  /** Some check failed. */
  killed: boolean;
  /** A failure names the fault's rule. */
  killedByRule: boolean;
  /** The checks declaring its rule. */
  checks: number;
  /** Of those, the ones not run once a failure had named its rule (the fault was killed). */
  notRun: number;
  failedChecks: string[];
  /** The rules the failures named. */
  failedRules: string[];
  /** Errors that are no verdict (a check that could not complete). */
  errors: string[];
  seconds: number;
}

interface KillMatrix {
  clean: { passed: number; failed: string[]; skipped: number; errors: string[]; seconds: number };
  faults: FaultRow[];
  /** Wall time of the Playwright invocation the matrix ran in. */
  totalSeconds: number;
  ok: boolean;
}

/**
 * Rules no provider of the kill matrix can break (its providers speak plain http, and these rules are judged on https
 * only), each killed instead by a test of its own: its check run against an https provider that breaks it, or its
 * finding shown raised.
 */
export const KILLED_OUTSIDE_THE_MATRIX: Readonly<Record<string, string>> = {
  'PRO-SEC-API-NO-PLAIN-HTTP': 'tests/reliability/plain-http.spec.ts',
  // Judged on https answers only: the self-test shows its finding raised by a short or missing max-age.
  'PRO-SEC-HSTS': 'tests/selftest/checks-document-header-findings.spec.ts',
};

const CLEAN_TARGET = 'clean';
/** Runs per property against a fault: enough to meet the inputs that kill it; the clean run keeps its own depth. */
const FAULT_RUNS = 25;

const isFailure = (o: TestOutcome) => o.status === 'failed' || o.status === 'timedOut' || o.status === 'interrupted';
const named = (line: string) => /^(?:\w+: )?\[([A-Z0-9_-]+)\]/.exec(line)?.[1];
export const checkTitle = (o: TestOutcome) => `[${o.project}] ${o.title.replace(/^[^:]+: /, '')}`;

/** The matrices' timing with the stricter gate (every advice rule fails): the profile of a fault of an advice rule. */
const MATRIX_STRICT_PROFILE = profileFile('matrix-strict');

/** Whether the kill matrix judges the fault with the stricter gate: its rule only warns by default. */
const judgedStrictly = (f: FaultDefinition) => defaultLevel(requirementOf(f.rule)) === 'warn';

/** The target name of a fault. */
function faultTarget(fault: string): string {
  return `fault ${fault}`;
}

/** The network in front of the flaky-front targets: connections dropped and 503 bursts (mock/network.ts). */
const FLAKY_FRONT = ['network-drops', 'network-503-bursts'] as const;
/**
 * Faults run once more behind a flaky network, one per area: a provider that breaks a rule must still be failed
 * by that rule when the network drops connections and the service answers 503 now and then.
 */
const BEHIND_FLAKY_FRONT = [
  'invoice-amount-max-off-by-one',
  'created-at-millis',
  'xsign-not-verified',
  'status-unknown-200',
  'pay-declines',
  'callback-drops-payload',
] as const;
const flakyLabel = (fault: string) => `${fault} behind a flaky network`;

/** The faults to run: the catalog, or the named subset (unknown names listed). */
export function chooseFaults(names: readonly string[] | undefined): { faults: FaultDefinition[]; unknown: string[] } {
  const unknown = names?.filter((n) => !faultCatalog.some((f) => f.name === n)) ?? [];
  return { faults: names ? faultCatalog.filter((f) => names.includes(f.name)) : [...faultCatalog], unknown };
}

/** The faults of `faults` that also run behind the flaky front. */
function flakyOnes(faults: readonly FaultDefinition[]): FaultDefinition[] {
  return faults.filter((f) => (BEHIND_FLAKY_FRONT as readonly string[]).includes(f.name));
}

/**
 * The clean target (every check, judged), one observed target per fault (the checks declaring its rule), and a
 * few faults once more behind the flaky front.
 */
export function killTargets(faults: readonly FaultDefinition[], cleanRuns?: number): TargetPlan[] {
  const observed = (f: FaultDefinition, name: string, variations: readonly string[] = []): TargetPlan => ({
    name,
    provider: { faults: [f.name], ...(variations.length ? { variations: [...variations] } : {}) },
    // A fault of a rule that only warns by default (advice) is judged with the stricter gate, which fails it.
    profile: judgedStrictly(f) ? MATRIX_STRICT_PROFILE : MATRIX_TIMING_PROFILE,
    rules: [f.rule as RuleId],
    mode: 'observe',
    decidedByOne: true,
    numRuns: FAULT_RUNS,
  });
  return [
    { name: CLEAN_TARGET, mode: 'judge', ...(cleanRuns ? { numRuns: cleanRuns } : {}) },
    ...faults.map((f) => observed(f, faultTarget(f.name))),
    ...flakyOnes(faults).map((f) => observed(f, faultTarget(flakyLabel(f.name)), FLAKY_FRONT)),
  ];
}

function faultRow(def: FaultDefinition, outcomes: readonly TestOutcome[], label = def.name): FaultRow {
  const mine = outcomes.filter((o) => o.target === faultTarget(label));
  const failing = mine.filter((o) => o.observed.length > 0);
  const failedRules = [...new Set(failing.flatMap((o) => o.observed.map(named).filter((r): r is string => r !== undefined)))];
  return {
    fault: label,
    rule: def.rule,
    description: def.description,
    killed: failing.length > 0,
    killedByRule: failedRules.includes(def.rule),
    checks: mine.length,
    notRun: mine.filter((o) => o.decided !== undefined).length,
    failedChecks: failing.map(checkTitle),
    failedRules,
    errors: mine.filter(isFailure).map((o) => `${checkTitle(o)}: ${o.message ?? o.status}`),
    seconds: mine.reduce((sum, o) => sum + o.durationMs, 0) / 1000,
  };
}

/** The matrix of a run's outcomes. */
export function killMatrix(faults: readonly FaultDefinition[], outcomes: readonly TestOutcome[], errors: string[], totalSeconds: number): KillMatrix {
  const mine = outcomes.filter((o) => o.target === CLEAN_TARGET);
  const clean = {
    passed: mine.filter((o) => o.status === 'passed').length,
    failed: mine.filter(isFailure).map((o) => `${checkTitle(o)}: ${o.message ?? ''}`),
    skipped: mine.filter((o) => o.status === 'skipped').length,
    errors,
    seconds: mine.reduce((sum, o) => sum + o.durationMs, 0) / 1000,
  };
  const rows = [...faults.map((def) => faultRow(def, outcomes)), ...flakyOnes(faults).map((def) => faultRow(def, outcomes, flakyLabel(def.name)))];
  const ok = clean.failed.length === 0 && clean.errors.length === 0 && clean.passed > 0 && rows.every((r) => r.killedByRule && r.errors.length === 0);
  return { clean, faults: rows, totalSeconds, ok };
}

/** Console lines: one per fault, then what is wrong, then the plain tally CI reads. */
export function killLines(m: KillMatrix): string[] {
  const lines = m.faults.map(
    (r) =>
      `${r.killedByRule ? 'killed  ' : r.killed ? 'KILLED-ELSEWHERE' : 'SURVIVED'} ${r.fault} (${r.rule}) ${r.failedChecks.length}/${r.checks - r.notRun} failing${r.notRun ? ` (${r.notRun} not run after the kill)` : ''}${r.killed && !r.killedByRule ? `, naming ${r.failedRules.join(', ')}` : ''}`,
  );
  const killedByRule = m.faults.filter((r) => r.killedByRule).length;
  lines.push(
    `${m.ok ? 'PASS' : 'FAIL'}: clean ${m.clean.passed} passed, ${m.clean.failed.length} failed; ${killedByRule}/${m.faults.length} faults killed by a failure naming their rule (reports/mutation.md)`,
  );
  for (const f of m.clean.failed) lines.push(`  clean failure: ${f}`);
  for (const e of m.clean.errors) lines.push(`  run error: ${e}`);
  for (const r of m.faults.filter((r) => !r.killedByRule))
    lines.push(`  not killed by its rule: ${r.fault} (${r.rule}); failures named: ${r.failedRules.join(', ') || 'none'}`);
  for (const r of m.faults.filter((r) => r.errors.length)) lines.push(`  errors with ${r.fault}: ${r.errors.join('; ')}`);
  const passed = (m.clean.failed.length === 0 && m.clean.errors.length === 0 ? 1 : 0) + m.faults.filter((r) => r.killedByRule && r.errors.length === 0).length;
  lines.push(`matrix: ${passed} passed, ${m.faults.length + 1 - passed} failed`);
  return lines;
}

export function killMarkdown(m: KillMatrix): string {
  const killedByRule = m.faults.filter((f) => f.killedByRule).length;
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '# Kill matrix',
    '',
    `Clean run: ${m.clean.passed} passed, ${m.clean.failed.length} failed, ${m.clean.skipped} skipped (${m.clean.seconds.toFixed(1)} s in checks).`,
    `Faults: ${m.faults.length}; killed ${m.faults.filter((f) => f.killed).length}; killed by a failure naming their rule ${killedByRule}.`,
    `Total: ${m.totalSeconds.toFixed(1)} s (one Playwright invocation). Verdict: ${m.ok ? 'PASS' : 'FAIL'}.`,
    '',
    'Each fault runs, against an embedded provider of its own, the checks that declare the rule it breaks; it is killed by its rule when a failure names that rule. Once one has, its checks not yet started are not run (as a mutation tester stops at the first test that kills a mutant): "not run" counts them.',
    '',
    ...m.clean.failed.map((f) => `- clean run failure: ${f}`),
    ...m.clean.errors.map((e) => `- run error: ${e}`),
    '',
    '| fault | rule | checks | not run | killed | by its rule | rules the failures named | failing checks | s |',
    '|---|---|---|---|---|---|---|---|---|',
    ...m.faults.map(
      (f) =>
        `| ${f.fault} | ${f.rule} | ${f.checks} | ${f.notRun} | ${f.killed ? 'yes' : '**no**'} | ${f.killedByRule ? 'yes' : '**no**'} | ${f.failedRules.join(', ') || '—'} | ${f.failedChecks.length}: ${cell(f.failedChecks.slice(0, 3).join('; '))}${f.failedChecks.length > 3 ? '; …' : ''}${f.errors.length ? ` (errors: ${cell(f.errors.join('; ').slice(0, 200))})` : ''} | ${f.seconds.toFixed(1)} |`,
    ),
    '',
  ].join('\n');
}
