// One Playwright invocation of the conformance suite against embedded providers: a plan's targets (the
// kill matrix's clean provider and faults, the variation matrix's variations, the profile variants) all in
// one runner, together with any other projects (npm test adds the project's own tests).
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUN_ENV } from '../../contracts/run-protocol.js';
import type { TestOutcome } from '../../reporting/playwright-json.js';
import { CONFORMANCE_PROJECTS } from '../../suite/runner/projects.js';
import type { Plan } from '../../suite/runner/targets.js';
import { childEnv, runSuite } from '../child-run.js';

export interface PlanRun {
  outcomes: TestOutcome[];
  /** Errors outside tests (global setup, collection); a run with any is not a verdict. */
  errors: string[];
  /** Playwright's exit code. */
  code: number | null;
  ms: number;
}

interface PlanOptions {
  workers: number;
  /** Variables for the run besides the plan (a round's FC_SEED). */
  extraEnv?: Record<string, string>;
  /** Projects besides the conformance areas the plan's targets need. */
  otherProjects?: readonly string[];
  /** Print Playwright's line reporter to the console (npm test); default silent. */
  console?: boolean;
}

/** Runs every target of the plan in one Playwright invocation and reads its JSON report. */
export async function runPlan(plan: Plan, options: PlanOptions): Promise<PlanRun> {
  const dir = mkdtempSync(join(tmpdir(), 'pts-plan-'));
  const planFile = join(dir, 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan, null, 2));
  const areas = [...new Set(plan.targets.flatMap((t): readonly string[] => t.projects ?? CONFORMANCE_PROJECTS))];
  const projects = [...(options.otherProjects ?? []), ...areas];
  // A plan runs against embedded providers only; the user's seed and depth still replay a matrix run.
  const env = childEnv({ FC_SEED: process.env.FC_SEED, FC_NUM_RUNS: process.env.FC_NUM_RUNS, ...options.extraEnv, [RUN_ENV.plan]: planFile });
  const run = await runSuite({
    args: [...projects.map((p) => `--project=${p}`), `--workers=${options.workers}`],
    reporter: options.console ? 'line,json' : 'json',
    env,
    dir,
    console: options.console,
  });
  try {
    // The whole JSON report, kept for a closer look at a run (which checks took the time).
    if (process.env.PTS_KEEP_PLAN_REPORT && run.report) copyFileSync(join(dir, 'report.json'), process.env.PTS_KEEP_PLAN_REPORT);
    return { ...(run.report ?? { outcomes: [], errors: [`no report: ${run.reportError}`] }), code: run.code, ms: run.ms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
