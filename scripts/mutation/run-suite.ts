// One run of the conformance suite against the embedded provider, clean or with one fault.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOutcomes, type TestOutcome } from './playwright-json.js';

export interface SuiteRun {
  fault: string | null;
  projects: string[];
  outcomes: TestOutcome[];
  /** Errors outside tests (global setup, collection); a run with any is not a verdict. */
  errors: string[];
  ms: number;
}

const PLAYWRIGHT_CLI = fileURLToPath(new URL('../../node_modules/@playwright/test/cli.js', import.meta.url));

/** Variables that would point the suite at another provider; the matrix always uses the embedded one. */
const FOREIGN = ['BASE_URL', 'API_KEY', 'CRYPTO_KEY', 'XSIGN_PRIVATE_KEY', 'PROFILE', 'CALLBACK_PORT', 'FC_PATH'];

/** Which conformance projects hold checks declaring each rule, from Playwright's own test list. */
export async function projectsByRule(projects: readonly string[]): Promise<Map<string, Set<string>>> {
  const listing = await runSuite(null, projects, {}, ['--list']);
  const map = new Map<string, Set<string>>();
  for (const o of listing.outcomes) for (const rule of o.rules) map.set(rule, (map.get(rule) ?? new Set()).add(o.project));
  return map;
}

export function runSuite(fault: string | null, projects: readonly string[], extraEnv: Record<string, string> = {}, extraArgs: string[] = []): Promise<SuiteRun> {
  const dir = mkdtempSync(join(tmpdir(), 'pts-mutation-'));
  const file = join(dir, 'report.json');
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, PTS_FAULTS: fault ?? '', PLAYWRIGHT_JSON_OUTPUT_FILE: file };
  for (const name of FOREIGN) delete env[name];
  const args = ['playwright', 'test', ...projects.map((p) => `--project=${p}`), '--reporter=json', '--workers=1', `--output=${join(dir, 'results')}`, ...extraArgs];
  const started = performance.now();
  return new Promise((resolve) => {
    // Playwright's CLI straight from node: npx would add npm's own start-up to each of the matrix's runs.
    const child = spawn(process.execPath, [PLAYWRIGHT_CLI, ...args.slice(1)], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('close', () => {
      const ms = performance.now() - started;
      try {
        const { outcomes, errors } = readOutcomes(file);
        resolve({ fault, projects: [...projects], outcomes, errors, ms });
      } catch (e) {
        resolve({ fault, projects: [...projects], outcomes: [], errors: [`no report: ${(e as Error).message}; ${stderr.trim()}`], ms });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
