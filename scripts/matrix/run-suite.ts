// One Playwright invocation of the conformance suite against embedded providers: a plan's targets (the
// kill matrix's clean provider and faults, the variation matrix's variations, the profile variants) all in
// one runner, together with any other projects (npm test adds the self-tests).
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFORMANCE_PROJECTS } from '../../suite/runner/projects.js';
import { RUN_ENV } from '../../contracts/run-protocol.js';
import type { Plan } from '../../suite/runner/targets.js';
import { readOutcomes, type TestOutcome } from '../../suite/runner/playwright-report.js';

export interface PlanRun {
  outcomes: TestOutcome[];
  /** Errors outside tests (global setup, collection); a run with any is not a verdict. */
  errors: string[];
  /** Playwright's exit code. */
  code: number | null;
  ms: number;
}

export interface PlanOptions {
  workers: number;
  extraEnv?: Record<string, string>;
  /** Projects besides the conformance areas the plan's targets need. */
  otherProjects?: readonly string[];
  /** Print Playwright's line reporter to the console (npm test); default silent. */
  console?: boolean;
}

const PLAYWRIGHT_CLI = fileURLToPath(new URL('../../node_modules/@playwright/test/cli.js', import.meta.url));

/** Variables that would point the suite at another provider; a plan always uses embedded ones. */
const FOREIGN = ['BASE_URL', 'API_KEY', 'CRYPTO_KEY', 'XSIGN_PRIVATE_KEY', 'PROFILE', 'CALLBACK_PORT', 'FC_PATH', 'PTS_FAULTS'];

/** Runs every target of the plan in one Playwright invocation and reads its JSON report. */
export function runPlan(plan: Plan, options: PlanOptions): Promise<PlanRun> {
  const dir = mkdtempSync(join(tmpdir(), 'pts-plan-'));
  const planFile = join(dir, 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan, null, 2));
  const file = join(dir, 'report.json');
  const env: NodeJS.ProcessEnv = { ...process.env, ...(options.extraEnv ?? {}), [RUN_ENV.plan]: planFile, PLAYWRIGHT_JSON_OUTPUT_FILE: file };
  for (const name of FOREIGN) delete env[name];
  const areas = [...new Set(plan.targets.flatMap((t) => t.projects ?? CONFORMANCE_PROJECTS))];
  const projects = [...(options.otherProjects ?? []), ...areas];
  const reporter = options.console ? 'line,json' : 'json';
  const args = ['test', ...projects.map((p) => `--project=${p}`), `--reporter=${reporter}`, `--workers=${options.workers}`, `--output=${join(dir, 'results')}`];
  const started = performance.now();
  return new Promise((resolve) => {
    // Playwright's CLI straight from node: npx would add npm's own start-up.
    const child = spawn(process.execPath, [PLAYWRIGHT_CLI, ...args], { env, stdio: ['ignore', options.console ? 'inherit' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (options.console) process.stderr.write(d);
      stderr = (stderr + d.toString()).slice(-4000);
    });
    child.on('close', (code) => {
      const ms = performance.now() - started;
      try {
        // The whole JSON report, kept for a closer look at a run (which checks took the time).
        if (process.env.PTS_KEEP_PLAN_REPORT) copyFileSync(file, process.env.PTS_KEEP_PLAN_REPORT);
        resolve({ ...readOutcomes(file), code, ms });
      } catch (e) {
        resolve({ outcomes: [], errors: [`no report: ${(e as Error).message}; ${stderr.trim()}`], code, ms });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/** `--name VALUE` of the command line. */
export function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** `--name a,b` of the command line as a list. */
export function listOption(name: string): string[] | undefined {
  return option(name)
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
