// The CI templates used from a provider's repository, where the suite is an installed package and nothing else:
// action.yml's steps as a workflow of that repository runs them (composite-action.ts), once against the embedded
// reference provider (it must pass) and once against the reference provider started with a fault of the area (it
// must fail, and still build the Allure report); and the GitLab component's jobs as that project's pipeline includes
// it (gitlab-pipeline.ts), the suite installed from the tarball instead of the registry. Each returns the problems
// it found: none when the template did what a provider's CI needs from it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runChild, startChild, stopGroup, type ChildProcess } from '../child-run.js';
import { runCompositeAction, type ActionRun } from './composite-action.js';
import { runPipeline } from './gitlab-pipeline.js';

/** A fault of the reference provider for each area the failing run may use, and the rule it breaks. */
const AREA_FAULTS: Readonly<Record<string, { fault: string; rule: string }>> = {
  status: { fault: 'status-unknown-200', rule: 'PRO-STATUS-NOT-FOUND' },
  invoice: { fault: 'invoice-status-201', rule: 'PRO-INV-SUCCESS' },
  upload: { fault: 'upload-status-201', rule: 'PRO-UPL-SUCCESS' },
};

export interface Scenario {
  /** The provider's repository: GITHUB_WORKSPACE, CI_PROJECT_DIR; the package is installed in its node_modules. */
  workspace: string;
  area: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

const STEP_BOUND_MS = 15 * 60_000;
const installed = (s: Scenario) => join(s.workspace, 'node_modules', 'payment-transfer-conformance');

/** The job summary without its last line of links, which `report` rewrites once the Allure report exists. */
const withoutLinks = (markdown: string) =>
  markdown
    .split('\n')
    .filter((l) => !l.startsWith('Details: '))
    .join('\n')
    .trim();

async function runAction(s: Scenario, inputs: Record<string, string>): Promise<ActionRun> {
  const runnerTemp = mkdtempSync(join(s.workspace, '..', 'runner-temp-'));
  try {
    return await runCompositeAction({
      actionPath: installed(s),
      workspace: s.workspace,
      runnerTemp,
      inputs,
      env: s.env,
      stepBoundMs: STEP_BOUND_MS,
      log: s.log,
    });
  } finally {
    rmSync(runnerTemp, { recursive: true, force: true });
  }
}

/** What a run of the action must have left, whatever its verdict: the outputs name reports that exist. */
function reportProblems(run: ActionRun, reports: string): string[] {
  const problems: string[] = [];
  const expectFile = (output: string, path: string) => {
    if (run.outputs[output] !== path) problems.push(`output ${output} is "${run.outputs[output]}", not ${path}`);
    else if (!existsSync(path)) problems.push(`${path} (output ${output}) does not exist`);
  };
  if (run.outputs['reports-dir'] !== reports) problems.push(`output reports-dir is "${run.outputs['reports-dir']}", not ${reports}`);
  expectFile('summary-json', join(reports, 'summary.json'));
  expectFile('job-summary', join(reports, 'job-summary.md'));
  expectFile('allure-report', join(reports, 'allure-single-file', 'index.html'));
  if (existsSync(join(reports, 'job-summary.md'))) {
    const summary = withoutLinks(readFileSync(join(reports, 'job-summary.md'), 'utf8'));
    if (summary === '' || !withoutLinks(run.stepSummary).includes(summary)) problems.push('the step summary does not hold job-summary.md');
  }
  return problems;
}

/** A step's output tail, for a problem's line. */
const tails = (run: ActionRun) =>
  run.steps.filter((st) => st.state === 'ran' && st.code !== 0).map((st) => `${st.title}: ${st.output.trim().split('\n').slice(-5).join(' | ')}`);

/** The action against the embedded reference provider, with a profile of the repository: exit 0, verdict passed, the reports and the Allure report. */
export async function actionPasses(s: Scenario): Promise<string[]> {
  rmSync(join(s.workspace, 'reports'), { recursive: true, force: true });
  // A profile of the provider's repository, by a path relative to it (the checks run in the suite's folder).
  mkdirSync(join(s.workspace, '.ci'), { recursive: true });
  writeFileSync(join(s.workspace, '.ci', 'profile.json'), '{}\n');
  const run = await runAction(s, { projects: s.area, profile: '.ci/profile.json' });
  const problems = reportProblems(run, join(s.workspace, 'reports'));
  if (run.code !== 0 || run.outputs.verdict !== 'passed' || run.outputs['exit-code'] !== '0')
    problems.unshift(`exit ${run.code}, verdict "${run.outputs.verdict}", exit-code output "${run.outputs['exit-code']}": ${tails(run).join('; ')}`);
  const install = run.steps.find((st) => st.title === 'Install the suite');
  if (!install?.output.includes('installed already'))
    problems.push(`the install step did not use the installed package's dependencies: ${install?.output.trim().slice(-500)}`);
  return problems;
}

interface Provider {
  child: ChildProcess;
  url: string;
  apiKey: string;
  cryptoKey: string;
}

/** The installed command's reference provider with `fault`, ready when it has printed its address and keys. */
function startFaultyProvider(s: Scenario, fault: string): Promise<Provider> {
  const bin = join(installed(s), 'bin', 'payment-transfer-conformance.js');
  const child = startChild(process.execPath, [bin, 'mock', '--port', '0', '--faults', fault], { env: s.env, cwd: s.workspace, group: true });
  return new Promise((resolve, reject) => {
    let out = '';
    const bound = setTimeout(() => {
      stopGroup(child.pid);
      reject(new Error(`the reference provider did not start within 60 s: ${out}`));
    }, 60_000);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const field = (name: string) => new RegExp(`^${name}\\s+(\\S+)`, 'm').exec(out)?.[1];
      const url = /^listening (\S+)/m.exec(out)?.[1];
      const [apiKey, cryptoKey] = [field('api_key'), field('crypto_key')];
      if (url && apiKey && cryptoKey) {
        clearTimeout(bound);
        resolve({ child, url, apiKey, cryptoKey });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(bound);
      reject(new Error(`the reference provider exited with ${code}: ${out}`));
    });
  });
}

/** The action against the reference provider with a fault of the area: exit 1, verdict failed, the rule failed, and the reports all the same. */
export async function actionFails(s: Scenario): Promise<string[]> {
  const known = AREA_FAULTS[s.area];
  if (!known) return [`no fault is listed for the area ${s.area} (scripts/ci-run/provider-repository.ts AREA_FAULTS)`];
  const provider = await startFaultyProvider(s, known.fault);
  try {
    const reportsDir = 'reports-faulty';
    const run = await runAction(s, {
      'base-url': provider.url,
      'api-key': provider.apiKey,
      'crypto-key': provider.cryptoKey,
      projects: s.area,
      'reports-dir': reportsDir,
    });
    const reports = join(s.workspace, reportsDir);
    const problems = reportProblems(run, reports);
    if (run.code !== 1 || run.outputs.verdict !== 'failed' || run.outputs['exit-code'] !== '1')
      problems.unshift(`exit ${run.code}, verdict "${run.outputs.verdict}", exit-code output "${run.outputs['exit-code']}" (expected 1, failed)`);
    if (existsSync(join(reports, 'summary.json'))) {
      const rules = (JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as { rules?: Record<string, { status?: string }> }).rules ?? {};
      if (rules[known.rule]?.status !== 'failed')
        problems.push(`${known.rule} is "${rules[known.rule]?.status}" in summary.json, not failed (fault ${known.fault})`);
    }
    return problems;
  } finally {
    await stopProvider(provider.child);
  }
}

/** SIGTERM, as Ctrl-C would (it removes its key file); its whole group after 10 s if it has not exited by then. */
function stopProvider(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const bound = setTimeout(() => stopGroup(child.pid), 10_000);
    child.once('exit', () => {
      clearTimeout(bound);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The component's path as a provider's .gitlab-ci.yml names it; gitlab-ci-local finds it in its include cache. */
const GITLAB_HOST = 'gitlab.example.com';
const COMPONENT_PROJECT = 'conformance/payment-transfer-conformance';

async function git(s: Scenario, args: string[]): Promise<void> {
  const r = await runChild('git', ['-c', 'user.name=provider', '-c', 'user.email=provider@example.com', ...args], {
    env: s.env,
    cwd: s.workspace,
    boundMs: 60_000,
  });
  if (r.code !== 0) throw new Error(`git ${args.join(' ')}: exit ${r.code}: ${r.stderr.trim()}`);
}

/**
 * The GitLab component, included by the provider's project with inputs (the area; the package: the tarball; no rate
 * limit nor time budget), its shards and verdict job run in the project's folder: each shard passes, the verdict job
 * merges them and passes.
 */
export async function gitlabComponentPasses(s: Scenario, tarball: string): Promise<string[]> {
  const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const tag = version; // a tag of the component's project, as docs/ci-gate.md writes it
  rmSync(join(s.workspace, 'reports'), { recursive: true, force: true });
  writeFileSync(
    join(s.workspace, '.gitlab-ci.yml'),
    [
      'include:',
      `  - component: ${GITLAB_HOST}/${COMPONENT_PROJECT}/conformance@${tag}`,
      '    inputs:',
      `      projects: ${s.area}`,
      `      package: ${tarball}`,
      // The default depth of the installed command, unbounded: the embedded provider needs no sandbox's limits.
      "      rate-limit: ''",
      "      time-budget: ''",
      '',
    ].join('\n'),
  );
  // What GitLab would fetch from the component's project at that tag: this repository's template.
  const cached = join(s.workspace, '.gitlab-ci-local', 'includes', GITLAB_HOST, COMPONENT_PROJECT, tag, 'templates');
  mkdirSync(cached, { recursive: true });
  writeFileSync(join(cached, 'conformance.yml'), readFileSync(join(REPO_ROOT, 'templates', 'conformance.yml')));
  if (!existsSync(join(s.workspace, '.git'))) {
    await git(s, ['init', '-q']);
    await git(s, ['remote', 'add', 'origin', `https://${GITLAB_HOST}/provider/sandbox.git`]);
    await git(s, ['symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main']);
  }
  // The jobs' npm cache (.npm/, which GitLab restores from its cache) is this machine's, warm from the install above.
  const npmCache = await runChild('npm', ['config', 'get', 'cache'], { env: s.env, cwd: s.workspace, boundMs: 60_000 });
  if (npmCache.code === 0 && !existsSync(join(s.workspace, '.npm'))) symlinkSync(npmCache.stdout.trim(), join(s.workspace, '.npm'));
  await git(s, ['add', '.gitlab-ci.yml']);
  await git(s, ['commit', '-q', '-m', 'conformance', '--allow-empty']);
  const jobs = await runPipeline({ cwd: s.workspace, env: s.env, jobBoundMs: STEP_BOUND_MS, log: s.log });
  const problems: string[] = [];
  const names = jobs.map((j) => j.name).join(', ');
  if (names !== 'conformance: [1/2], conformance: [2/2], conformance-verdict') problems.push(`the jobs run were ${names}`);
  for (const j of jobs.filter((j) => j.code !== 0)) problems.push(`${j.name}: exit ${j.code}: ${j.output.trim().split('\n').slice(-5).join(' | ')}`);
  for (const f of ['summary.json', 'junit.xml', 'blobs/shard-1', 'blobs/shard-2'])
    if (!existsSync(join(s.workspace, 'reports', f))) problems.push(`no reports/${f} in the project's folder`);
  return problems;
}
