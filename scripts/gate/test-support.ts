// For the tests of the gate scripts (tests/reporting/{certify,baseline,compare,shards}-*.spec.ts): an embedded
// provider with generated credentials, child runs with a clean environment and a time bound, fixture summaries.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateRsaKeyPair } from '../../generators/signing.js';
import { startProvider } from '../../mock/index.js';
import { REPO_ROOT } from './preflight.js';
import type { Summary, SummaryCheck } from './summary.js';

export { REPO_ROOT };

export interface Embedded {
  url: string;
  /** BASE_URL, API_KEY, CRYPTO_KEY, XSIGN_PRIVATE_KEY for a child run against this provider. */
  env: Record<string, string>;
  apiKey: string;
  cryptoKey: string;
  privateKeyPem: string;
  close(): Promise<void>;
}

/** Starts the embedded provider (as global setup does) with the private key in a temp file. */
export async function startEmbedded(faults: string[] = []): Promise<Embedded> {
  const keys = generateRsaKeyPair();
  const keyDir = mkdtempSync(join(tmpdir(), 'pts-gate-keys-'));
  const keyPath = join(keyDir, 'merchant.pem');
  writeFileSync(keyPath, keys.privateKeyPem, { mode: 0o600 });
  const apiKey = `pts-${randomUUID()}`;
  const cryptoKey = randomBytes(24).toString('hex');
  const provider = await startProvider({
    merchants: [{ apiKey, cryptoKey, publicKeyPem: keys.publicKeyPem, callbackUrl: 'http://127.0.0.1:9/callbacks' }],
    faults,
    callbackRetryDelaysMs: [100],
  });
  return {
    url: provider.url,
    env: { BASE_URL: provider.url, API_KEY: apiKey, CRYPTO_KEY: cryptoKey, XSIGN_PRIVATE_KEY: keyPath },
    apiKey,
    cryptoKey,
    privateKeyPem: keys.privateKeyPem,
    close: async () => {
      await provider.close();
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
}

/** What the parent run and its worker set for themselves; a child run must not inherit it. */
const INHERITED = [/^BASE_URL$/, /^API_KEY$/, /^CRYPTO_KEY$/, /^XSIGN_PRIVATE_KEY$/, /^PROFILE$/, /^CALLBACK_PORT$/, /^BASELINE$/, /^RATE_LIMIT$/, /^REQUEST_TIMEOUT$/, /^FC_/, /^PTS_/, /^TEST_/, /^PW_/, /^PLAYWRIGHT_/, /^NODE_OPTIONS$/, /^FORCE_COLOR$/, /^CI$/];

export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!INHERITED.some((re) => re.test(k))) env[k] = v;
  return { ...env, NO_COLOR: '1', npm_config_loglevel: 'error', ...extra };
}

export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `command args` in the repository root in its own process group; killed after boundMs. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, boundMs = 180_000): Promise<ChildRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, boundMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** A tsx script of the repository (e.g. scripts/certify.ts) as a user runs it. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, boundMs?: number): Promise<ChildRun> {
  return run('npx', ['tsx', script, ...args], env, boundMs);
}

/** Lines of output that are not npm's own noise. */
export function lines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `pts-${prefix}-`));
}

type CheckSpec = Partial<SummaryCheck> & { title: string; status: SummaryCheck['status'] };

/** A summary.json in the reporter's format, built from a few checks (project invoice, one file unless given). */
export function fixtureSummary(checks: CheckSpec[], over: Partial<Summary> = {}): Summary {
  const full: SummaryCheck[] = checks.map((c) => {
    const project = c.project ?? 'invoice';
    const file = c.file ?? 'tests/conformance/invoice/fixture.spec.ts';
    const rules = c.rules ?? ['DOC-LIMIT-INV-AMOUNT'];
    return { id: `${project} › ${file} › ${c.title}`, project, file, rules, kind: rules[0].startsWith('DOC-') ? 'documented' : 'profile', durationMs: 1, ...c, title: c.title };
  });
  const n = (s: string) => full.filter((c) => c.status === s).length;
  const rules: Summary['rules'] = {};
  for (const c of full)
    for (const r of c.rules) {
      const e = (rules[r] ??= { kind: r.startsWith('DOC-') ? 'documented' : 'profile', status: 'passed', checks: [] });
      e.checks.push(c.id);
      if (c.status === 'failed') e.status = 'failed';
    }
  return {
    suiteVersion: '0.1.0',
    startedAt: new Date().toISOString(),
    durationMs: 1000,
    baseUrl: null,
    embedded: true,
    profileDigest: 'ab'.repeat(32),
    fcSeed: null,
    totals: { total: full.length, passed: n('passed'), failed: n('failed'), skipped: n('skipped'), flaky: n('flaky') },
    projects: {},
    rules,
    checks: full,
    ...over,
  };
}
