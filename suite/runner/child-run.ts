// Runs the conformance suite (or scripts/conformance.ts) in a child process, as a user would, with a
// hard time bound; reads its Playwright JSON report. Everything it writes goes to a temp directory.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOutcomes } from './playwright-report.js';

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the bound was reached and the child was killed. */
  killed: boolean;
  ms: number;
  stdout: string;
  stderr: string;
}

export interface TestResult {
  title: string;
  project: string;
  status: string;
  /** Full message of the first error, colours stripped. */
  error?: string;
}

export interface SuiteReport {
  tests: TestResult[];
  /** Errors outside tests (global setup, collection, worker crashes). */
  errors: string[];
}

/**
 * Variables the parent run's global setup and Playwright set for its own workers, and the suite's settings;
 * a child run chooses its provider and settings itself and must not inherit the worker's identity or loader.
 * The one list of the project's child runs (tests/reporting and tests/reliability run the suite through here).
 */
const INHERITED = [
  /^BASE_URL$/,
  /^API_KEY$/,
  /^CRYPTO_KEY$/,
  /^XSIGN_PRIVATE_KEY$/,
  /^PROFILE$/,
  /^CALLBACK_PORT$/,
  /^BASELINE$/,
  /^RATE_LIMIT$/,
  /^REQUEST_TIMEOUT$/,
  /^FC_/,
  /^PTS_/,
  /^TEST_/,
  /^PW_/,
  /^PLAYWRIGHT_/,
  /^NODE_OPTIONS$/,
  /^FORCE_COLOR$/,
  /^CI$/,
];

export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!INHERITED.some((re) => re.test(k))) env[k] = v;
  // npm's own configuration warnings (a user-level .npmrc) are not the suite's output. The child runs test the
  // suite's machinery (reports, gate, hostile providers), not a provider's depth: ten runs per property unless asked.
  return { ...env, NO_COLOR: '1', npm_config_loglevel: 'error', FC_NUM_RUNS: '10', ...extra };
}

const TAIL = 64 * 1024;

/** Playwright's command line, run with this node. */
export const PLAYWRIGHT_CLI = fileURLToPath(new URL('../../node_modules/@playwright/test/cli.js', import.meta.url));

/** Spawns `command args` in its own process group; after `boundMs` the whole group is killed. */
export function runChild(command: string, args: string[], env: NodeJS.ProcessEnv, boundMs: number, cwd = process.cwd()): Promise<ChildRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-TAIL)));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-TAIL)));
    const timer = setTimeout(() => {
      killed = true;
      try {
        process.kill(-child.pid!, 'SIGKILL'); // the child's own group: npx, playwright and its workers
      } catch {
        // already gone
      }
    }, boundMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, killed, ms: performance.now() - started, stdout, stderr });
    });
  });
}

export function readReport(file: string): SuiteReport {
  const { outcomes, errors } = readOutcomes(file);
  return { tests: outcomes.map(({ title, project, status, error }) => ({ title, project, status, error })), errors };
}

export interface SuiteRunOptions {
  projects: string[];
  grep?: string;
  env: Record<string, string>;
  boundMs: number;
  /** Reporter argument; default json only. undefined keeps the configuration's reporters (plus json through the env file). */
  reporter?: string | null;
  /** Where reports and test output go; default a fresh temp directory removed by cleanup(). */
  dir?: string;
  workers?: number;
}

export interface SuiteRun extends ChildRun {
  dir: string;
  report?: SuiteReport;
  reportError?: string;
  cleanup(): void;
}

/** `playwright test --project=… -g … --reporter=json` with PLAYWRIGHT_JSON_OUTPUT_FILE and --output in a temp dir. */
export async function runSuite(o: SuiteRunOptions): Promise<SuiteRun> {
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'pts-reliability-'));
  const file = join(dir, 'report.json');
  const args = [PLAYWRIGHT_CLI, 'test', ...o.projects.map((p) => `--project=${p}`), `--output=${join(dir, 'test-results')}`, `--workers=${o.workers ?? 1}`];
  if (o.grep) args.push('-g', o.grep);
  if (o.reporter !== null) args.push(`--reporter=${o.reporter ?? 'json'}`);
  const env = childEnv({ PTS_REPORTS_DIR: dir, PLAYWRIGHT_JSON_OUTPUT_FILE: file, ...o.env });
  // Playwright's CLI straight from node: npx would add npm's own start-up to every child run.
  const run = await runChild(process.execPath, args, env, o.boundMs);
  let report: SuiteReport | undefined;
  let reportError: string | undefined;
  try {
    if (!existsSync(file)) throw new Error('no JSON report written');
    report = readReport(file);
  } catch (e) {
    reportError = (e as Error).message;
  }
  return { ...run, dir, report, reportError, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
