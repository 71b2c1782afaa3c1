// The one way the project runs something in a child process: the suite (Playwright's CLI, for the gate,
// certification, the matrices and the project's own tests of reports and hostile providers), a script, a tool
// (Allure, Redocly, openssl) run to its end, or a server started for a while (the provider of a benchmark, Prism).
// One list of the variables a child must not inherit, one process-group stop, one bound, one reader of
// the child's JSON report (reporting/playwright-json.ts). Nothing else imports node:child_process but the few
// places tests/selftest/child-processes.spec.ts lists with their reasons.
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_ENV } from '../contracts/run-protocol.js';
import { readOutcomes, type RunOutcomes } from '../reporting/playwright-json.js';
import { INSTALLED, suiteRoot } from './suite-root.js';

/** Playwright's command line, run with this node: npx would add npm's own start-up to every run. Resolved as a
 * dependency, so that it is found in an installed package too (hoisted beside it). */
export const PLAYWRIGHT_CLI = createRequire(import.meta.url).resolve('@playwright/test/cli');
export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

const TSX_LOADER = import.meta.resolve('tsx');

/**
 * The arguments of this node that run Playwright's command line with `args` (`test …`, `merge-reports …`,
 * `install …`). From an installed package, `test` and `merge-reports` run the configuration of its copy outside
 * node_modules (scripts/suite-root.ts); in a clone Playwright finds the repository's, as `npx playwright test` does.
 */
export function playwrightArgs(args: readonly string[]): string[] {
  const [command, ...rest] = args;
  const config = INSTALLED && (command === 'test' || command === 'merge-reports') && !rest.some((a) => a === '-c' || a.startsWith('--config'));
  return [PLAYWRIGHT_CLI, ...(command === undefined ? [] : [command]), ...(config ? ['--config', join(suiteRoot(), 'playwright.config.ts')] : []), ...rest];
}

/**
 * What a child must not inherit: the suite's settings (a child chooses its provider, depth and reports
 * itself), the run's internal variables (global setup's, a matrix plan's), and the identity and loader of a
 * parent Playwright worker. The machine's own choices (PTS_SYSTEM_CHROMIUM, PATH, ...) pass through.
 */
const NOT_INHERITED: readonly RegExp[] = [
  /^(BASE_URL|API_KEY|CRYPTO_KEY|XSIGN_PRIVATE_KEY|API_KEY_2|CRYPTO_KEY_2|XSIGN_PRIVATE_KEY_2|PROFILE|CALLBACK_PORT|CALLBACK_HOST|CALLBACK_URL|CALLBACK_RELAY|CALLBACK_TUNNEL|CALLBACK_TUNNEL_KEY|CALLBACK_TUNNEL_HOST_KEY|RATE_LIMIT|REQUEST_TIMEOUT|TIME_BUDGET|BASELINE|PTS_REPORTS_DIR|PLAIN_HTTP_URL)$/,
  /^FC_/,
  new RegExp(`^(${Object.values(RUN_ENV).join('|')})$`),
  /^(TEST_|PW_|PLAYWRIGHT_)/,
  /^(NODE_OPTIONS|FORCE_COLOR|NO_COLOR|CI)$/,
];

/** The parent's environment without what a child must not inherit, plus `extra`. */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!NOT_INHERITED.some((re) => re.test(k))) env[k] = v;
  // Plain output: FORCE_COLOR=0, not NO_COLOR, which Node warns about in every process that also gets the
  // FORCE_COLOR Playwright sets for its workers. npm's own configuration warnings are not the child's output.
  const defined = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined));
  return { ...env, FORCE_COLOR: '0', npm_config_loglevel: 'error', ...defined };
}

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the bound was reached and the child's process group was stopped. */
  killed: boolean;
  ms: number;
  /** The last 64 KiB of each stream (empty when it went to the console). */
  stdout: string;
  stderr: string;
}

interface ChildOptions {
  env: NodeJS.ProcessEnv;
  /** Stop the child's whole process group after this long; default no bound. */
  boundMs?: number;
  cwd?: string;
  /** Print the child's output as it comes (the gate, npm test); default: keep it. */
  console?: boolean;
}

const TAIL = 64 * 1024;

/** Stops a child and everything it started (its own process group: npx, Playwright and its workers). */
export function stopGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Runs `command args` in its own process group, within the bound. */
export function runChild(command: string, args: readonly string[], o: ChildOptions): Promise<ChildRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: o.env, cwd: o.cwd ?? REPO_ROOT, stdio: ['ignore', o.console ? 'inherit' : 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout?.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-TAIL)));
    child.stderr!.on('data', (d: Buffer) => {
      if (o.console) process.stderr.write(d);
      stderr = (stderr + d.toString()).slice(-TAIL);
    });
    const timer =
      o.boundMs === undefined
        ? undefined
        : setTimeout(() => {
            killed = true;
            stopGroup(child.pid);
          }, o.boundMs);
    // Ctrl-C reaches the parent's process group only: the child's own group hears it too, and ends as it would.
    const onSignal = () => {
      try {
        process.kill(-child.pid!, 'SIGINT');
      } catch {
        // already gone
      }
    };
    process.once('SIGINT', onSignal);
    child.on('error', (e) => (stderr += `\n${e.message}`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      process.off('SIGINT', onSignal);
      resolve({ code, signal, killed, ms: performance.now() - started, stdout, stderr });
    });
  });
}

interface SyncOptions {
  env: NodeJS.ProcessEnv;
  /** Stop the child after this long; default no bound. */
  boundMs?: number;
  cwd?: string;
  /** Let the child write to the console (Allure's progress); default: keep its output. */
  console?: boolean;
}

/**
 * Runs `command args` to its end, synchronously (a tool whose result the caller waits for: a test's one command,
 * the report's `allure generate`). Its output is returned whole; a command that cannot start reads as code null
 * with the reason in stderr.
 */
export function runChildSync(command: string, args: readonly string[], o: SyncOptions): Omit<ChildRun, 'ms'> {
  const run = spawnSync(command, args, { env: o.env, cwd: o.cwd ?? REPO_ROOT, encoding: 'utf8', timeout: o.boundMs, stdio: o.console ? 'inherit' : 'pipe' });
  const killed = run.error !== undefined && (run.error as NodeJS.ErrnoException).code === 'ETIMEDOUT';
  return {
    code: run.status,
    signal: run.signal,
    killed,
    stdout: run.stdout ?? '',
    stderr: (run.stderr ?? '') + (run.error && !killed ? `\n${run.error.message}` : ''),
  };
}

export type { ChildProcess };

interface StartOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Default: nothing in, both outputs to the caller (`pipe`). Add 'ipc' for a child that reports over IPC. */
  stdio?: StdioOptions;
  /** Its own process group, so that stopGroup() stops it and whatever it starts; default false (it goes with this one). */
  group?: boolean;
}

/**
 * Starts a child that runs beside this process until stopped (a server: the provider a benchmark loads, Prism):
 * the caller reads its output for the moment it is ready, and stops it (a signal, or stopGroup() for its group).
 */
export function startChild(command: string, args: readonly string[], o: StartOptions): ChildProcess {
  return spawn(command, args, { env: o.env, cwd: o.cwd, stdio: o.stdio ?? ['ignore', 'pipe', 'pipe'], detached: o.group === true });
}

/**
 * The arguments of this node that run a TypeScript script of the repository (`scripts/certify.ts`...) as `npm run`
 * does, with tsx's loader: npx and tsx's own launcher would add two process start-ups (about 0.4 s of CPU) to
 * every run.
 */
export function scriptArgs(script: string, args: readonly string[] = []): string[] {
  return ['--import', TSX_LOADER, script, ...args];
}

/** A TypeScript script of the repository with its arguments, in a child (see scriptArgs). */
export function runScript(script: string, args: readonly string[], o: ChildOptions): Promise<ChildRun> {
  return runChild(process.execPath, scriptArgs(script, args), o);
}

interface SuiteRunOptions {
  /** Arguments after `playwright test` (projects, grep, workers...). */
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  boundMs?: number;
  /** Reporter argument; default json only. null keeps the configuration's reporters (the JSON report is added through the environment). */
  reporter?: string | null;
  /** Where reports and test output go; default a fresh temp directory that cleanup() removes. */
  dir?: string;
  console?: boolean;
}

export interface SuiteRun extends ChildRun {
  dir: string;
  report?: RunOutcomes;
  reportError?: string;
  cleanup(): void;
}

/** `playwright test …` in a child, its reports and test output under `dir`, its JSON report read back. */
export async function runSuite(o: SuiteRunOptions): Promise<SuiteRun> {
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'pts-run-'));
  const file = join(dir, 'report.json');
  const reporter = o.reporter === null ? [] : [`--reporter=${o.reporter ?? 'json'}`];
  const args = playwrightArgs(['test', ...o.args, ...reporter, `--output=${join(dir, 'test-results')}`]);
  const env = { PTS_REPORTS_DIR: dir, ...o.env, PLAYWRIGHT_JSON_OUTPUT_FILE: file };
  const run = await runChild(process.execPath, args, { env, boundMs: o.boundMs, console: o.console });
  let report: RunOutcomes | undefined;
  let reportError: string | undefined;
  try {
    if (!existsSync(file)) throw new Error(`no JSON report written; ${run.stderr.trim().slice(-2000)}`);
    report = readOutcomes(file);
  } catch (e) {
    reportError = (e as Error).message;
  }
  return { ...run, dir, report, reportError, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

interface ProjectRunOptions {
  projects: readonly string[];
  grep?: string;
  /** Variables for the child besides a clean environment (its provider, faults, profile...). */
  env?: Record<string, string>;
  workers?: number;
  boundMs: number;
  reporter?: string | null;
  dir?: string;
}

/**
 * The suite's projects in a clean child environment, as the project's own tests run them: they test the
 * suite's machinery (reports, gate, hostile providers), not a provider's depth, so ten examples per
 * property and one worker unless told otherwise.
 */
export function runProjects(o: ProjectRunOptions): Promise<SuiteRun> {
  const args = [...o.projects.map((p) => `--project=${p}`), `--workers=${o.workers ?? 1}`, ...(o.grep ? ['-g', o.grep] : [])];
  return runSuite({ args, env: childEnv({ FC_NUM_RUNS: '10', ...o.env }), boundMs: o.boundMs, reporter: o.reporter, dir: o.dir });
}
