// `npm run conformance`: the suite's main job and CI gate.
// Exit codes: 0 every check passed (or, with a baseline, every failure is an accepted one);
// 1 conformance failures (with a baseline: a failure the baseline does not accept);
// 2 configuration or connection problem (also: a baseline file that is not valid).
// Arguments after `--` go to Playwright (e.g. `--project=invoice`, `--grep @documented`), except
// `--baseline FILE` (or env BASELINE=FILE): the known-failures baseline, see reporting/baseline.ts.
// Before any request: settings, profile, a Chromium when a selected project drives a browser, the provider.
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_ENV } from '../contracts/run-protocol.js';
import { DEFAULT_WORKERS } from '../playwright.config.js';
import { CONFORMANCE_PROJECTS } from '../suite/runner/projects.js';
import { applyBaseline, baselineLines, readBaseline, renderBaselineMarkdown, BaselineError, type Baseline } from '../reporting/baseline.js';
import { readSummary, summaryPath, type Summary } from '../reporting/summary-file.js';
import { EXIT, isSetupError, preflight, reportsDir, takeOption } from './gate/preflight.js';
import { browserProjects, selectedProjects } from './gate/projects.js';

export { EXIT } from './gate/preflight.js';

const PLAYWRIGHT_CLI = fileURLToPath(new URL('../node_modules/@playwright/test/cli.js', import.meta.url));

/**
 * TIME_BUDGET: the milliseconds each property check may take, so that the property checks of the selection
 * (counted with `--list`) take about the budget in all, spread over the workers.
 */
function propertySlice(budgetSeconds: number, selection: string[]): number {
  const listing = spawnSync(process.execPath, [PLAYWRIGHT_CLI, 'test', ...selection, '--list', '--reporter=json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const properties = (listing.stdout.match(/"type":\s*"property"/g) ?? []).length;
  const workers = Number(/^(?:--workers=|-j=?)(\d+)$/.exec(selection.find((a) => /^(?:--workers=|-j=?)\d+$/.test(a)) ?? '')?.[1] ?? DEFAULT_WORKERS);
  const slice = Math.max(500, Math.round((budgetSeconds * 1000 * workers) / Math.max(1, properties)));
  console.log(`conformance: TIME_BUDGET=${budgetSeconds} s over ${properties} property checks on ${workers} workers: ${(slice / 1000).toFixed(1)} s each`);
  return slice;
}

/** The summary of the run that started at `startedMs`, or why there is none. */
function freshSummary(dir: string, startedMs: number): Summary | string {
  try {
    const file = summaryPath(dir);
    const summary = readSummary(file);
    const at = summary.startedAt ? Date.parse(summary.startedAt) : statSync(file).mtimeMs;
    if (!(at >= startedMs - 5000)) return `${file} is from an earlier run (${summary.startedAt ?? 'older file'})`;
    return summary;
  } catch (e) {
    return (e as Error).message;
  }
}

async function main(): Promise<number> {
  let args: string[];
  let baseline: Baseline | undefined;
  let budget: number | undefined;
  try {
    const opt = takeOption(process.argv.slice(2), 'baseline');
    args = opt.rest;
    const file = opt.value ?? (process.env.BASELINE?.trim() || undefined);
    if (file !== undefined) baseline = readBaseline(file);
    const { settings } = await preflight(process.env, browserProjects(selectedProjects(args, CONFORMANCE_PROJECTS)));
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
  const env = budget === undefined ? process.env : { ...process.env, [RUN_ENV.propertyMs]: String(propertySlice(budget, selection)) };
  const started = Date.now();
  // Playwright's CLI straight from node: npx would add npm's own start-up.
  const run = spawnSync(process.execPath, [PLAYWRIGHT_CLI, 'test', ...selection], { stdio: 'inherit', env });
  if (run.status !== 0 && run.status !== 1) return EXIT.setup;
  if (baseline === undefined) return run.status === 0 ? EXIT.conformant : EXIT.failures;

  const dir = reportsDir();
  const summary = freshSummary(dir, started);
  if (typeof summary === 'string') {
    // Without the run's summary the failures cannot be matched; never let the baseline hide them.
    console.error(`conformance: baseline not applied: ${summary}`);
    return run.status === 0 ? EXIT.conformant : EXIT.failures;
  }
  const verdict = applyBaseline(summary, baseline);
  for (const line of baselineLines(verdict, baseline.file)) console.log(line);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'baseline.md'), renderBaselineMarkdown(verdict, baseline.file));
  writeFileSync(join(dir, 'baseline.json'), JSON.stringify({ file: baseline.file, ...verdict }, null, 2) + '\n');
  if (verdict.exitCode !== 0) return EXIT.failures;
  if (run.status === 1 && verdict.accepted.length === 0) {
    // Playwright failed but no check did: an error outside the checks (collection, a worker crash).
    console.error('conformance: the run failed outside the checks (see the output above); the baseline cannot accept that');
    return EXIT.failures;
  }
  return EXIT.conformant;
}

process.exitCode = await main();
