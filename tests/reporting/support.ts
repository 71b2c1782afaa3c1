// Helpers of the reporting self-tests: run the suite in a child process into a temporary reports
// directory, and serve a directory over loopback HTTP.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { REPO_ROOT } from '../harness/reporters/reports-dir.js';
import type { Summary } from '../harness/reporters/summary-model.js';

/**
 * Variables that would point the child at another provider (global setup of this run sets them for its
 * own embedded provider) or that belong to this Playwright worker; the child starts from none of them.
 */
const INHERITED = ['BASE_URL', 'API_KEY', 'CRYPTO_KEY', 'XSIGN_PRIVATE_KEY', 'PROFILE', 'CALLBACK_PORT', 'FC_SEED', 'FC_PATH', 'PTS_EMBEDDED', 'PTS_CALLBACK_INBOX', 'PTS_FAULTS', 'PTS_REPORTS_DIR'];

export interface ChildRun {
  code: number | null;
  output: string;
  ms: number;
  reportsDir: string;
}

export function tempReportsDir(prefix = 'pts-reporting-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** `npx playwright test <args>` with the config's reporters, writing everything (test-results too) under `reportsDir`. */
export function runSuite(args: readonly string[], options: { reportsDir: string; env?: Record<string, string>; timeoutMs?: number }): Promise<ChildRun> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED) delete env[name];
  for (const name of Object.keys(env)) if (/^(TEST_WORKER_INDEX|TEST_PARALLEL_INDEX|PW_TEST_)/.test(name)) delete env[name];
  Object.assign(env, options.env ?? {}, { PTS_REPORTS_DIR: options.reportsDir });
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npx', ['playwright', 'test', ...args, `--output=${join(options.reportsDir, 'test-results')}`], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGTERM'), options.timeoutMs ?? 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output, ms: performance.now() - started, reportsDir: options.reportsDir });
    });
  });
}

export function readSummary(reportsDir: string): Summary {
  return JSON.parse(readFileSync(join(reportsDir, 'summary.json'), 'utf8')) as Summary;
}

/** Every regular file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/** A static file server for `root` on 127.0.0.1 (a free port); `url` ends with a slash. */
export async function serveDirectory(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const base = resolve(root);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(() => ok())) };
}
