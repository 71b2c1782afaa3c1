// `npm run mutation`: the conformance suite against the embedded provider once clean and once per fault
// of its catalog, two runs at a time; writes reports/mutation.md and .json; exits 1 unless the clean run
// passes and every fault is killed by the check for the rule it breaks.
// Options: --faults a,b (a subset), --concurrency N.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { faultCatalog, type FaultDefinition } from '../mock/index.js';
import { CONFORMANCE_PROJECTS } from '../tests/harness/projects.js';
import { projectsByRule, runSuite } from './mutation/run-suite.js';
import { cleanSummary, faultRow, renderMarkdown, type Matrix, type FaultRow } from './mutation/matrix.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * A fault runs only the checks that declare its rule (in the projects holding them): the matrix asks
 * whether those checks kill it, and the clean run shows every other check passes. A whole-project run per
 * fault costs minutes, because Playwright restarts its worker after every failed test and a fault can fail
 * dozens. A rule no check declares runs everything, and the fault shows as not killed by its rule.
 */
const MAX_FAILURES_SHOWN = 3;

function selectionFor(def: FaultDefinition, byRule: Map<string, Set<string>>): { projects: string[]; grep: string[] } {
  const projects = byRule.get(def.rule);
  if (!projects || projects.size === 0) return { projects: [...CONFORMANCE_PROJECTS], grep: [] };
  // Titles end with "[ID ID ...]": match the ID as a whole word of that list.
  // Every selected check declares the rule, so its first failure is the kill; a few more give context, and
  // stopping there keeps a fault that breaks dozens of checks from paying a worker restart for each.
  return { projects: [...projects], grep: ['--grep', `[\\[ ]${def.rule}[\\] ]`, `--max-failures=${MAX_FAILURES_SHOWN}`] };
}

async function pool<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]);
      }
    }),
  );
  return out;
}

async function main(): Promise<number> {
  const wanted = option('faults')?.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = wanted?.filter((w) => !faultCatalog.some((f) => f.name === w)) ?? [];
  if (unknown.length) {
    console.error(`mutation: unknown fault(s) ${unknown.join(', ')}`);
    return 2;
  }
  const faults = wanted ? faultCatalog.filter((f) => wanted.includes(f.name)) : [...faultCatalog];
  const width = Number(option('concurrency') ?? Math.max(1, availableParallelism()));
  const started = performance.now();

  const byRule = await projectsByRule(CONFORMANCE_PROJECTS);
  const clean = await runSuite(null, CONFORMANCE_PROJECTS);
  console.log(`clean run: ${clean.outcomes.length} checks in ${(clean.ms / 1000).toFixed(1)} s`);
  const rows: FaultRow[] = await pool(faults, width, async (def) => {
    const { projects, grep } = selectionFor(def, byRule);
    const row = faultRow(def, await runSuite(def.name, projects, {}, grep));
    console.log(`${row.killedByRule ? 'killed  ' : row.killed ? 'KILLED-ELSEWHERE' : 'SURVIVED'} ${def.name} (${def.rule}) ${row.failedChecks.length} failing, ${row.seconds.toFixed(1)} s`);
    return row;
  });

  const summary = cleanSummary(clean);
  const matrix: Matrix = {
    clean: summary,
    faults: rows,
    totalSeconds: (performance.now() - started) / 1000,
    ok: summary.failed.length === 0 && summary.errors.length === 0 && summary.passed > 0 && rows.every((r) => r.killedByRule && r.errors.length === 0),
  };
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/mutation.json', JSON.stringify(matrix, null, 2));
  writeFileSync('reports/mutation.md', renderMarkdown(matrix));
  const killedByRule = rows.filter((r) => r.killedByRule).length;
  console.log(`${matrix.ok ? 'PASS' : 'FAIL'}: clean ${summary.passed} passed, ${summary.failed.length} failed; ${killedByRule}/${rows.length} faults killed by their rule's check; ${matrix.totalSeconds.toFixed(1)} s (reports/mutation.md)`);
  for (const f of summary.failed) console.log(`  clean failure: ${f}`);
  for (const r of rows.filter((r) => !r.killedByRule)) console.log(`  not killed by its rule: ${r.fault} (${r.rule}); failing: ${r.failedChecks.join('; ') || 'none'}`);
  // The plain tally CI reads: the clean run and each fault are one verdict each.
  const passed = (summary.failed.length === 0 && summary.errors.length === 0 ? 1 : 0) + rows.filter((r) => r.killedByRule && r.errors.length === 0).length;
  console.log(`matrix: ${passed} passed, ${rows.length + 1 - passed} failed`);
  return matrix.ok ? 0 : 1;
}

process.exitCode = await main();
