// For the tests of the gate scripts (tests/reporting/{certify,baseline,compare,shards,browser}-*.spec.ts): the
// embedded provider as global setup starts it (suite/runner/embedded.ts), child runs with a clean environment
// and a time bound (scripts/child-run.ts), fixture summaries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import type { Summary, SummaryCheck } from '../../reporting/summary-file.js';
import { failedRuleOf, ruleEntry, suiteErrorsOf } from '../../reporting/summary-model.js';
import { requirementOf } from '../../contracts/requirements.js';
import { PLAYWRIGHT_CLI, childEnv, runChild, scriptArgs, type ChildRun } from '../../scripts/child-run.js';
import { startEmbedded as startProviders, type Embedded } from '../../suite/runner/embedded.js';

export { REPO_ROOT, childEnv, type ChildRun, type Embedded };

/** One embedded provider with the given faults, as global setup starts it (short callback retries). */
export function startEmbedded(faults: string[] = []): Promise<Embedded> {
  return startProviders([{ faults }], { callbackRetryDelaysMs: [100] });
}

/** Runs `command args` in the repository root in its own process group; killed after boundMs. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, boundMs = 180_000): Promise<ChildRun> {
  return runChild(command, args, { env, boundMs, cwd: REPO_ROOT });
}

/** A tsx script of the repository (e.g. scripts/certify.ts) as a user runs it; killed after boundMs. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, boundMs?: number): Promise<ChildRun> {
  return run(process.execPath, scriptArgs(script, args), env, boundMs);
}

/** `playwright test args` with this node, as `npx playwright test` runs it. */
export function runPlaywright(args: string[], env: NodeJS.ProcessEnv, boundMs?: number): Promise<ChildRun> {
  return run(process.execPath, [PLAYWRIGHT_CLI, 'test', ...args], env, boundMs);
}

/** Lines of output that are not npm's own noise. */
export function lines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pts-${prefix}-`));
  if (madeHere.push(dir) === 1) process.once('exit', () => madeHere.forEach((d) => rmSync(d, { recursive: true, force: true })));
  return dir;
}
/** The folders tempDir made in this process: removed when it exits (a test worker, after its last test). */
const madeHere: string[] = [];

type CheckSpec = Partial<SummaryCheck> & { title: string; status: SummaryCheck['status'] };

/**
 * A summary.json in the reporter's format, built from a few checks (project invoice, one file unless given).
 * A failed check fails the rule its failure names (default: its first rule); the rules map holds the rules
 * the checks declare or fail, with the reporter's verdicts.
 */
export function fixtureSummary(checks: CheckSpec[], over: Partial<Summary> = {}): Summary {
  const full: SummaryCheck[] = checks.map((c) => {
    const project = c.project ?? 'invoice';
    const file = c.file ?? 'suite/conformance/invoice/fixture.spec.ts';
    const rules = c.rules ?? ['DOC-LIMIT-INV-AMOUNT'];
    const failure = c.status === 'failed' ? (c.failure ?? `[${rules[0]}] fixture failure`) : c.failure;
    const failed =
      c.status === 'failed'
        ? { failure, failedRule: c.failedRule !== undefined ? c.failedRule : failedRuleOf(failure) }
        : failure !== undefined
          ? { failure }
          : {};
    return {
      id: `${project} › ${file} › ${c.title}`,
      project,
      file,
      rules,
      kind: rules[0].startsWith('DOC-') ? 'documented' : 'profile',
      durationMs: 1,
      ...c,
      ...failed,
      title: c.title,
    };
  });
  const n = (s: string) => full.filter((c) => c.status === s).length;
  const ids = [...new Set(full.flatMap((c) => [...c.rules, ...(c.failedRule ? [c.failedRule] : [])]))];
  const rules: Summary['rules'] = Object.fromEntries(ids.map((id) => [id, ruleEntry(requirementOf(id), full)]));
  return {
    suiteVersion: '0.3.0',
    startedAt: new Date().toISOString(),
    durationMs: 1000,
    baseUrl: null,
    embedded: true,
    profileDigest: 'ab'.repeat(32),
    fcSeed: null,
    totals: { total: full.length, passed: n('passed'), failed: n('failed'), skipped: n('skipped'), flaky: n('flaky'), notJudged: n('not judged') },
    projects: {},
    rules,
    suiteErrors: suiteErrorsOf(full),
    checks: full,
    ...over,
  };
}
