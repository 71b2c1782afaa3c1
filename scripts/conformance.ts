// `npm run conformance`: the suite's main job and CI gate.
// Exit codes: 0 every check passed (or, with a baseline, every failure is an accepted one);
// 1 conformance failures (with a baseline: a failure the baseline does not accept);
// 2 configuration or connection problem (also: a baseline file that is not valid), or an incomplete run: more
//   than 5 % of the checks could not get an answer (the provider was unavailable) and were not judged.
// Arguments after `--` go to Playwright (e.g. `--project=invoice`, `--grep @documented`), except
// `--baseline FILE` (or env BASELINE=FILE): the known-failures baseline, see reporting/baseline.ts.
// Before any request: settings, profile, a Chromium when a selected project drives a browser, the provider.
// `--reporter NAME` chooses the console reporter only and `--shard=I/N` adds a blob report (<reports>/blobs/shard-I):
// every run writes summary.json, which the verdict reads (scripts/gate/reporters.ts, scripts/gate/verdict.ts, shared
// with merge-reports, which judges the merged shards the same way).
import { join } from 'node:path';
import { RUN_ENV } from '../contracts/run-protocol.js';
import { DEFAULT_WORKERS } from '../contracts/areas.js';
import { CONFORMANCE_PROJECTS } from '../suite/runner/projects.js';
import { readBaseline, BaselineError, type Baseline } from '../reporting/baseline.js';
import { REPORT_FILES } from '../reporting/reports-dir.js';
import { ownOptionsOf } from './commands.js';
import { ownOptions } from './args.js';
import { playwrightArgs, runChild } from './child-run.js';
import { listChecks } from './gate/listing.js';
import { EXIT, isSetupError, preflight, reportsDir } from './gate/preflight.js';
import { browserProjects, chosenAreas } from './gate/projects.js';
import { runReporters, type RunReporters } from './gate/reporters.js';
import { freshSummary, gateVerdict } from './gate/verdict.js';

export { EXIT } from './gate/preflight.js';

/**
 * TIME_BUDGET: the milliseconds each property check may take, so that the property checks of the selection
 * (counted with `--list`) take about the budget in all, spread over the workers.
 */
async function propertySlice(budgetSeconds: number, selection: string[]): Promise<number> {
  const { properties } = await listChecks(selection, process.env);
  const workers = Number(/^(?:--workers=|-j=?)(\d+)$/.exec(selection.find((a) => /^(?:--workers=|-j=?)\d+$/.test(a)) ?? '')?.[1] ?? DEFAULT_WORKERS);
  const slice = Math.max(500, Math.round((budgetSeconds * 1000 * workers) / Math.max(1, properties)));
  console.log(`conformance: TIME_BUDGET=${budgetSeconds} s over ${properties} property checks on ${workers} workers: ${(slice / 1000).toFixed(1)} s each`);
  return slice;
}

async function main(): Promise<number> {
  let args: string[];
  let baseline: Baseline | undefined;
  let budget: number | undefined;
  let reporters: RunReporters;
  try {
    const own = ownOptions(process.argv.slice(2), [...ownOptionsOf('conformance').map((o) => o.name), 'reporter']);
    args = own.rest;
    reporters = runReporters(args, own.values.reporter, reportsDir());
    const file = own.values.baseline ?? (process.env.BASELINE?.trim() || undefined);
    if (file !== undefined) baseline = readBaseline(file);
    const { settings } = await preflight(process.env, browserProjects(chosenAreas(args)));
    budget = settings.timeBudgetSeconds !== undefined && settings.fcNumRuns === undefined ? settings.timeBudgetSeconds : undefined;
  } catch (e) {
    if (isSetupError(e) || e instanceof BaselineError) {
      console.error(`conformance: ${e.message}`);
      return EXIT.setup;
    }
    throw e;
  }
  const projects = args.some((a) => a.startsWith('--project')) ? [] : CONFORMANCE_PROJECTS.map((p) => `--project=${p}`);
  const selection = [...projects, ...args];
  const env = budget === undefined ? process.env : { ...process.env, [RUN_ENV.propertyMs]: String(await propertySlice(budget, selection)) };
  const started = Date.now();
  // The user's run: their settings pass on whole; the reporters' choices through the environment (scripts/gate/reporters.ts).
  const run = await runChild(process.execPath, playwrightArgs(['test', ...selection]), { env: { ...env, ...reporters.env }, console: true });
  const status = run.code;
  if (status !== 0 && status !== 1) return EXIT.setup;
  const dir = reportsDir();
  const summary = freshSummary(dir, started);
  if (typeof summary !== 'string') warningCount = summary.warnings?.length ?? 0;
  const { exitCode } = gateVerdict({ script: 'conformance', status, summary, baseline, dir });
  if (reporters.shard)
    console.log(
      `conformance: shard ${reporters.shard.current}/${reporters.shard.total}: blob report in ${reporters.blobDir}; ` +
        `the verdict of the whole run is merge-reports' over every shard's blob report`,
    );
  return exitCode;
}

/** The run's warnings (the profile's "warn" findings), once its summary is read: the console's last line counts them. */
let warningCount: number | undefined;

process.exitCode = await main();
// A warning never changes the exit code.
if (warningCount !== undefined)
  console.log(
    `conformance: ${warningCount} warning(s)${warningCount ? ` (listed in ${join(reportsDir(), REPORT_FILES.jobSummary)} and ${REPORT_FILES.summary})` : ''}`,
  );
