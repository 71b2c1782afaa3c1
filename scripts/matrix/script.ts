// What every matrix script does around its plan: refuse unknown names (exit 2), run the plan in one
// Playwright invocation, write reports/<file>.json and .md, print the verdict lines, exit 0 or 1.
import { mkdirSync, writeFileSync } from 'node:fs';
import { DEFAULT_WORKERS } from '../../contracts/areas.js';
import type { Plan } from '../../suite/runner/targets.js';
import { runPlan, type PlanRun } from './run-plan.js';

interface MatrixScript<M extends { ok: boolean }> {
  /** The script's name in messages (`mutation`, `variants`). */
  script: string;
  /** What the unknown names are (`fault`, `variation`). */
  kind: string;
  unknown: readonly string[];
  plan: Plan;
  /** --workers of the command line; default the configuration's. */
  workers?: number;
  judge(run: PlanRun): M;
  /** Report file name under reports/, without extension. */
  file: string;
  markdown(matrix: M): string;
  lines(matrix: M): string[];
}

export async function runMatrixScript<M extends { ok: boolean }>(s: MatrixScript<M>): Promise<void> {
  if (s.unknown.length) {
    console.error(`${s.script}: unknown ${s.kind}(s) ${s.unknown.join(', ')}`);
    process.exit(2);
  }
  const run = await runPlan(s.plan, { workers: s.workers ?? DEFAULT_WORKERS });
  const matrix = s.judge(run);
  mkdirSync('reports', { recursive: true });
  writeFileSync(`reports/${s.file}.json`, JSON.stringify(matrix, null, 2));
  writeFileSync(`reports/${s.file}.md`, s.markdown(matrix));
  for (const line of s.lines(matrix)) console.log(line);
  console.log(`${(run.ms / 1000).toFixed(1)} s in all`);
  process.exitCode = matrix.ok ? 0 : 1;
}
