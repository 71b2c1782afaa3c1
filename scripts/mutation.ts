// `npm run mutation`: the kill matrix. The conformance suite runs, in one Playwright invocation, against a
// clean embedded provider (every check) and against one embedded provider per fault of the catalog (the
// checks declaring the rule the fault breaks, observed rather than failed). Writes reports/mutation.md and
// .json; exits 1 unless the clean run passes and every fault is killed by a failure naming its rule.
// Options: --faults a,b (a subset), --workers N.
import { mkdirSync, writeFileSync } from 'node:fs';
import { faultCatalog } from '../mock/index.js';
import type { RuleId } from '../contracts/index.js';
import type { Plan } from '../tests/harness/targets.js';
import { runPlan } from './mutation/run-suite.js';
import { cleanSummary, faultRow, faultTarget, renderMarkdown, type Matrix } from './mutation/matrix.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Runs per property against a fault: enough to meet the inputs that kill it; the clean run keeps the default depth. */
const FAULT_RUNS = 25;

async function main(): Promise<number> {
  const wanted = option('faults')?.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = wanted?.filter((w) => !faultCatalog.some((f) => f.name === w)) ?? [];
  if (unknown.length) {
    console.error(`mutation: unknown fault(s) ${unknown.join(', ')}`);
    return 2;
  }
  const faults = wanted ? faultCatalog.filter((f) => wanted.includes(f.name)) : [...faultCatalog];
  const plan: Plan = {
    targets: [
      { name: 'clean', mode: 'judge' },
      ...faults.map((f) => ({ name: faultTarget(f.name), provider: { faults: [f.name] }, rules: [f.rule as RuleId], mode: 'observe' as const, numRuns: FAULT_RUNS })),
    ],
  };
  const run = await runPlan(plan, { workers: Number(option('workers') ?? 4) });
  const rows = faults.map((def) => faultRow(def, run.outcomes));
  for (const row of rows)
    console.log(`${row.killedByRule ? 'killed  ' : row.killed ? 'KILLED-ELSEWHERE' : 'SURVIVED'} ${row.fault} (${row.rule}) ${row.failedChecks.length}/${row.checks} failing${row.killed && !row.killedByRule ? `, naming ${row.failedRules.join(', ')}` : ''}`);

  const clean = cleanSummary(run.outcomes, run.errors);
  const matrix: Matrix = {
    clean,
    faults: rows,
    totalSeconds: run.ms / 1000,
    ok: clean.failed.length === 0 && clean.errors.length === 0 && clean.passed > 0 && rows.every((r) => r.killedByRule && r.errors.length === 0),
  };
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/mutation.json', JSON.stringify(matrix, null, 2));
  writeFileSync('reports/mutation.md', renderMarkdown(matrix));
  const killedByRule = rows.filter((r) => r.killedByRule).length;
  console.log(`${matrix.ok ? 'PASS' : 'FAIL'}: clean ${clean.passed} passed, ${clean.failed.length} failed; ${killedByRule}/${rows.length} faults killed by a failure naming their rule; ${matrix.totalSeconds.toFixed(1)} s (reports/mutation.md)`);
  for (const f of clean.failed) console.log(`  clean failure: ${f}`);
  for (const e of clean.errors) console.log(`  run error: ${e}`);
  for (const r of rows.filter((r) => !r.killedByRule)) console.log(`  not killed by its rule: ${r.fault} (${r.rule}); failures named: ${r.failedRules.join(', ') || 'none'}`);
  for (const r of rows.filter((r) => r.errors.length)) console.log(`  errors with ${r.fault}: ${r.errors.join('; ')}`);
  // The plain tally CI reads: the clean run and each fault are one verdict each.
  const passed = (clean.failed.length === 0 && clean.errors.length === 0 ? 1 : 0) + rows.filter((r) => r.killedByRule && r.errors.length === 0).length;
  console.log(`matrix: ${passed} passed, ${rows.length + 1 - passed} failed`);
  return matrix.ok ? 0 : 1;
}

process.exitCode = await main();
