// Runs a composite action's steps in order, the way GitHub's runner does for a workflow that says `uses:` it: inputs
// (action.yml's defaults, overridden by the caller's), `${{ }}` expressions and `if:` conditions (expressions.ts: the
// forms action.yml uses, and a loud failure on any other), each `run:` as `bash --noprofile --norc -eo pipefail
// FILE` (GitHub's `shell: bash`) in its working-directory with its env, and the runner's files: GITHUB_OUTPUT (the
// step's outputs), GITHUB_ENV and GITHUB_PATH (applied to the later steps), GITHUB_STEP_SUMMARY, RUNNER_TEMP,
// GITHUB_WORKSPACE, GITHUB_ACTION_PATH. A `uses:` step (actions/setup-node) is not run: this machine's node stands in.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { parse } from 'yaml';
import { runChild } from '../child-run.js';
import { readCommandFile } from './command-files.js';
import { conditionHolds, substitute, type ExpressionContext } from './expressions.js';

interface ActionStep {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  shell?: string;
  env?: Record<string, unknown>;
  'working-directory'?: string;
}

interface ActionFile {
  inputs?: Record<string, { default?: unknown }>;
  outputs?: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

/** The keys of a composite step this runner honours: another one (continue-on-error, timeout-minutes) fails loudly. */
const STEP_KEYS = new Set(['name', 'id', 'if', 'uses', 'with', 'run', 'shell', 'env', 'working-directory']);

interface StepResult {
  title: string;
  /** ran, skipped (its if: was false), or not-run (a uses: step). */
  state: 'ran' | 'skipped' | 'not-run';
  code: number | null;
  ms: number;
  /** The step's stdout and stderr (their last 64 KiB each). */
  output: string;
}

export interface ActionRun {
  /** 0 when every step that ran succeeded; else the exit code of the first that failed (the action's verdict). */
  code: number;
  outputs: Record<string, string>;
  steps: StepResult[];
  /** What the steps appended to GITHUB_STEP_SUMMARY: the job's summary page. */
  stepSummary: string;
}

interface ActionRunOptions {
  /** GITHUB_ACTION_PATH: the folder holding action.yml. */
  actionPath: string;
  /** GITHUB_WORKSPACE: the repository of the workflow. */
  workspace: string;
  /** RUNNER_TEMP: an empty folder of the job's. */
  runnerTemp: string;
  inputs: Readonly<Record<string, string>>;
  /** The runner's own environment (PATH, HOME, …). */
  env: NodeJS.ProcessEnv;
  /** Bound of one step. */
  stepBoundMs: number;
  log: (line: string) => void;
}

const stepTitle = (s: ActionStep, i: number) => s.name ?? s.id ?? s.uses ?? `step ${i + 1}`;

export async function runCompositeAction(o: ActionRunOptions): Promise<ActionRun> {
  const action = parse(readFileSync(join(o.actionPath, 'action.yml'), 'utf8')) as ActionFile;
  if (action.runs?.using !== 'composite') throw new Error(`action.yml: runs.using is ${action.runs?.using}, not composite`);
  const declared = action.inputs ?? {};
  for (const name of Object.keys(o.inputs)) if (!(name in declared)) throw new Error(`input ${name}: action.yml declares no such input`);
  const inputs = Object.fromEntries(Object.entries(declared).map(([name, spec]) => [name, o.inputs[name] ?? String(spec.default ?? '')]));
  const steps: Record<string, Record<string, string>> = {};
  const ctx: ExpressionContext = {
    inputs,
    github: { action_path: o.actionPath },
    steps,
    stepIds: new Set(action.runs.steps.flatMap((s) => (s.id ? [s.id] : []))),
    succeeded: true,
  };
  const commands = join(o.runnerTemp, '_runner_file_commands');
  mkdirSync(commands, { recursive: true });
  const jobEnv: Record<string, string> = {};
  const paths: string[] = [];
  const results: StepResult[] = [];
  let stepSummary = '';
  let code = 0;

  for (const [i, step] of action.runs.steps.entries()) {
    const title = stepTitle(step, i);
    const unknown = Object.keys(step).filter((k) => !STEP_KEYS.has(k));
    if (unknown.length > 0) throw new Error(`step "${title}": ${unknown.join(', ')} is not run by this runner`);
    const runs = conditionHolds(step.if, ctx);
    if (step.uses !== undefined) {
      for (const v of Object.values(step.with ?? {})) substitute(String(v), ctx); // an expression it cannot read fails here too
      o.log(`  uses ${step.uses}: not run here (this machine's node ${process.version} stands in)${runs ? '' : ' (its if: is false)'}`);
      results.push({ title, state: 'not-run', code: null, ms: 0, output: '' });
      continue;
    }
    if (step.run === undefined) throw new Error(`step "${title}": neither run nor uses`);
    if (step.shell !== 'bash') throw new Error(`step "${title}": shell ${step.shell}: this runner runs bash steps only`);
    if (!runs) {
      o.log(`  skip "${title}" (if: ${step.if})`);
      results.push({ title, state: 'skipped', code: null, ms: 0, output: '' });
      continue;
    }
    const file = (name: string) => {
      const path = join(commands, `${name}_${i}`);
      writeFileSync(path, '');
      return path;
    };
    const files = { output: file('set_output'), env: file('set_env'), path: file('add_path'), summary: file('step_summary') };
    const script = join(o.runnerTemp, `step-${i}.sh`);
    writeFileSync(script, substitute(step.run, ctx));
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(String(v), ctx)]));
    const workingDirectory = step['working-directory'] === undefined ? o.workspace : substitute(step['working-directory'], ctx);
    const cwd = isAbsolute(workingDirectory) ? workingDirectory : join(o.workspace, workingDirectory);
    if (!existsSync(cwd)) throw new Error(`step "${title}": working-directory ${cwd} does not exist`);
    const env: NodeJS.ProcessEnv = {
      ...o.env,
      ...jobEnv,
      PATH: [...paths, o.env.PATH ?? ''].join(':'),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: o.workspace,
      GITHUB_ACTION_PATH: o.actionPath,
      RUNNER_TEMP: o.runnerTemp,
      GITHUB_OUTPUT: files.output,
      GITHUB_ENV: files.env,
      GITHUB_PATH: files.path,
      GITHUB_STEP_SUMMARY: files.summary,
      ...stepEnv,
    };
    const r = await runChild('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { env, cwd, boundMs: o.stepBoundMs });
    const stepCode = r.code ?? 128;
    if (step.id) steps[step.id] = readCommandFile(readFileSync(files.output, 'utf8'), `GITHUB_OUTPUT of "${title}"`);
    Object.assign(jobEnv, readCommandFile(readFileSync(files.env, 'utf8'), `GITHUB_ENV of "${title}"`));
    paths.unshift(
      ...readFileSync(files.path, 'utf8')
        .split('\n')
        .filter((p) => p.trim() !== ''),
    );
    stepSummary += readFileSync(files.summary, 'utf8');
    results.push({ title, state: 'ran', code: stepCode, ms: r.ms, output: `${r.stdout}${r.stderr}` });
    o.log(`  run "${title}": exit ${stepCode}${r.killed ? ' (stopped at its bound)' : ''} (${(r.ms / 1000).toFixed(1)} s)`);
    if (stepCode !== 0 && ctx.succeeded) {
      ctx.succeeded = false;
      code = stepCode;
    }
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([name, spec]) => [name, substitute(spec.value, ctx)]));
  return { code, outputs, steps: results, stepSummary };
}
