// The CI templates run as written: action.yml (the project's GitHub Action) and the workflows of docs/ pass
// @action-validator/core (GitHub's published schemas, compiled in: no network); ci/gitlab/conformance.gitlab-ci.yml
// and the GitLab component templates/conformance.yml (included as a component with inputs, and as a remote file
// without) pass gitlab-ci-local's parse of the pipeline (GitLab's CI schema, bundled, and its expansion of includes,
// inputs, extends and parallel); each validator refuses a broken copy. The action's own shell steps, run with
// stand-ins: the X-Sign key is written only when it is given; the install step installs production dependencies only,
// and nothing where they are installed already; the gate step passes only the inputs given and outputs the verdict and
// the reports; the Allure report follows the gate whatever its verdict and never changes it (the whole action through
// scripts/ci-run/composite-action.ts). `npm run install-check` runs both templates for real, from a provider's folder.
import { test, expect } from '@playwright/test';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { validateAction, validateWorkflow, type ValidationState } from '@action-validator/core';
import { parse } from 'yaml';
import { CONFORMANCE_AREAS } from '../../contracts/areas.js';
import { runChild } from '../../scripts/child-run.js';
import { runCompositeAction } from '../../scripts/ci-run/composite-action.js';
import { previewPipeline } from '../../scripts/ci-run/gitlab-pipeline.js';
import { REPO_ROOT, childEnv, run, tempDir } from './gate-support.js';

const ACTION = readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8');
const GITLAB = readFileSync(join(REPO_ROOT, 'ci/gitlab/conformance.gitlab-ci.yml'), 'utf8');
const COMPONENT = readFileSync(join(REPO_ROOT, 'templates/conformance.yml'), 'utf8');
const GITLAB_CI_LOCAL = createRequire(import.meta.url).resolve('gitlab-ci-local/dist/index.js');

/** Every error of a validation, nested ones too, as `path: title (detail)`. */
function errors(state: ValidationState): string[] {
  const out: string[] = [];
  const walk = (list: ValidationState['errors']) => {
    for (const e of list) {
      out.push(`${'path' in e ? e.path : ''}: ${e.title}${e.detail ? ` (${e.detail})` : ''}`);
      if ('states' in e && e.states) for (const s of e.states) walk(s.errors);
    }
  };
  walk(state.errors);
  return out;
}

/** The YAML blocks of the README and the pages of docs/ that are whole workflows (they have `jobs:`). */
function documentedWorkflows(): string[] {
  const pages = [
    'README.md',
    ...readdirSync(join(REPO_ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const docs = pages.map((f) => readFileSync(join(REPO_ROOT, f), 'utf8'));
  return docs.flatMap((doc) => [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).filter((y) => /^jobs:/m.test(y)));
}

test('action.yml passes the GitHub Actions validator, and a broken copy does not', () => {
  expect(errors(validateAction(ACTION))).toEqual([]);
  const broken = ACTION.replace(/^ {6}shell: bash\n/m, '');
  expect(broken).not.toBe(ACTION);
  expect(errors(validateAction(broken)).length).toBeGreaterThan(0);
});

test("the workflows of docs/ and the README pass the validator and call the command or the project's action, never playwright test", () => {
  const workflows = documentedWorkflows();
  expect(workflows.length).toBeGreaterThanOrEqual(3);
  for (const w of workflows) {
    expect(errors(validateWorkflow(w)), w.slice(0, 200)).toEqual([]);
    expect(w).not.toMatch(/playwright test/);
  }
});

test('the action writes the X-Sign keys, mode 0600, each only when its secret is set', async () => {
  const action = parse(ACTION) as { runs: { steps: { name?: string; run?: string }[] } };
  const xsign = action.runs.steps.find((s) => s.name === 'Merchant private key for X-Sign')!.run!;
  const dir = tempDir('action');
  try {
    const written = (env: string, variable: string, pem: string) => {
      const key = new RegExp(`^${variable}=(.+)$`, 'm').exec(env)?.[1];
      expect(key, variable).toBeDefined();
      expect(readFileSync(key!, 'utf8')).toBe(`${pem}\n`);
      expect(statSync(key!).mode & 0o777).toBe(0o600);
    };
    const PEM = '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----';
    const PEM_2 = '-----BEGIN PRIVATE KEY-----\nMIIC\n-----END PRIVATE KEY-----';
    for (const [name, pem, pem2] of [
      ['unset', '', ''],
      ['set', PEM, ''],
      ['both', PEM, PEM_2],
      ['second only', '', PEM_2],
    ] as const) {
      const at = join(dir, name.replace(' ', '-'));
      mkdirSync(at);
      const githubEnv = join(at, 'github-env');
      writeFileSync(githubEnv, '');
      const r = await run(
        'bash',
        ['-eo', 'pipefail', '-c', xsign],
        childEnv({ PTS_IN_XSIGN: pem, PTS_IN_XSIGN_2: pem2, RUNNER_TEMP: at, GITHUB_ENV: githubEnv }),
        10_000,
      );
      expect(r.code, r.stderr).toBe(0);
      const env = readFileSync(githubEnv, 'utf8');
      if (pem === '') {
        expect(env, name).not.toMatch(/^XSIGN_PRIVATE_KEY=/m);
        expect(r.stdout).toContain('the account-to-card checks are skipped');
      } else written(env, 'XSIGN_PRIVATE_KEY', pem);
      if (pem2 === '') expect(env, name).not.toMatch(/^XSIGN_PRIVATE_KEY_2=/m);
      else written(env, 'XSIGN_PRIVATE_KEY_2', pem2);
      if (pem === '' && pem2 === '') expect(env).toBe('');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the action's gate step passes only the inputs given, runs the command, and outputs the verdict and the reports", async () => {
  const action = parse(ACTION) as { runs: { steps: { id?: string; run?: string }[] } };
  const gate = action.runs.steps.find((s) => s.id === 'gate')!.run!;
  const dir = tempDir('action-gate');
  try {
    // A stand-in for node: records its arguments and variables, writes the reports a run writes, exits 1.
    mkdirSync(join(dir, 'bin'));
    writeFileSync(
      join(dir, 'bin', 'node'),
      '#!/bin/sh\nprintf \'%s\\n\' "$@" > "$RECORD.args"\nenv > "$RECORD.env"\nmkdir -p "$PTS_REPORTS_DIR"\necho "{}" > "$PTS_REPORTS_DIR/summary.json"\necho "## verdict" > "$PTS_REPORTS_DIR/job-summary.md"\nexit 1\n',
      { mode: 0o755 },
    );
    const files = { output: join(dir, 'output'), summary: join(dir, 'step-summary'), record: join(dir, 'record') };
    for (const f of [files.output, files.summary]) writeFileSync(f, '');
    const r = await run(
      'bash',
      ['-eo', 'pipefail', '-c', gate],
      childEnv({
        PATH: `${join(dir, 'bin')}:${process.env.PATH}`,
        RECORD: files.record,
        GITHUB_WORKSPACE: join(dir, 'workspace'),
        GITHUB_ACTION_PATH: '/action',
        GITHUB_OUTPUT: files.output,
        GITHUB_STEP_SUMMARY: files.summary,
        PTS_IN_BASE_URL: 'https://sandbox.example',
        PTS_IN_API_KEY: 'key',
        PTS_IN_CRYPTO_KEY: '',
        PTS_IN_PROJECTS: 'invoice, status',
        PTS_IN_SHARD: '2/3',
        PTS_IN_FC_SEED: '7',
        PTS_IN_PROFILE: '.ci/profile.json',
        PTS_IN_REPORTS_DIR: 'reports',
      }),
      10_000,
    );
    expect(r.code, r.stderr).toBe(1);
    expect(readFileSync(`${files.record}.args`, 'utf8').trim().split('\n')).toEqual([
      '/action/bin/payment-transfer-conformance.js',
      'conformance',
      '--project=invoice',
      '--project=status',
      '--shard=2/3',
    ]);
    const env = readFileSync(`${files.record}.env`, 'utf8');
    expect(env).toMatch(/^BASE_URL=https:\/\/sandbox\.example$/m);
    expect(env).toMatch(/^FC_SEED=7$/m);
    expect(env, "the checks run in the suite's folder: the profile's path is the workspace's").toContain(
      `\nPROFILE=${join(dir, 'workspace', '.ci/profile.json')}\n`,
    );
    expect(env, 'an empty input is no variable').not.toMatch(/^CRYPTO_KEY=/m);
    const reports = join(dir, 'workspace', 'reports');
    expect(readFileSync(files.output, 'utf8').trim().split('\n')).toEqual([
      'exit-code=1',
      'verdict=failed',
      `reports-dir=${reports}`,
      `summary-json=${reports}/summary.json`,
      `job-summary=${reports}/job-summary.md`,
      `blob-dir=${reports}/blobs/shard-2`,
    ]);
    expect(readFileSync(files.summary, 'utf8')).toBe('## verdict\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the action's install step: npm ci --omit=dev beside a lock file, nothing where the installed package's dependencies resolve, npm install --omit=dev otherwise", async () => {
  const action = parse(ACTION) as { runs: { steps: { name?: string; run?: string }[] } };
  const install = action.runs.steps.find((s) => s.name === 'Install the suite')!.run!;
  const dir = tempDir('action-install');
  // A stand-in for npm: records its arguments.
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'npm'), '#!/bin/sh\nprintf \'%s \' "$@" > "$RECORD"\n', { mode: 0o755 });
  const pkg = JSON.stringify({ name: 'payment-transfer-conformance', dependencies: { 'dep-a': '1.0.0', '@scope/dep-b': '1.0.0' } });
  const checkout = join(dir, 'checkout');
  mkdirSync(checkout);
  writeFileSync(join(checkout, 'package.json'), pkg);
  writeFileSync(join(checkout, 'package-lock.json'), '{}');
  const provider = join(dir, 'provider');
  const installed = join(provider, 'node_modules', 'payment-transfer-conformance');
  mkdirSync(installed, { recursive: true });
  writeFileSync(join(installed, 'package.json'), pkg);
  const installStep = async (cwd: string) => {
    const record = join(dir, 'record');
    rmSync(record, { force: true });
    const r = await runChild('bash', ['-eo', 'pipefail', '-c', install], {
      env: childEnv({ PATH: `${join(dir, 'bin')}:${process.env.PATH}`, RECORD: record }),
      cwd,
      boundMs: 10_000,
    });
    expect(r.code, r.stderr).toBe(0);
    return { npm: existsSync(record) ? readFileSync(record, 'utf8').trim() : undefined, stdout: r.stdout };
  };
  expect((await installStep(checkout)).npm).toBe('ci --omit=dev --no-audit --no-fund');
  // Installed from a tarball, one dependency not there (hoisted beside the package, as npm puts them).
  mkdirSync(join(provider, 'node_modules', 'dep-a'));
  writeFileSync(join(provider, 'node_modules', 'dep-a', 'package.json'), '{}');
  expect((await installStep(installed)).npm).toBe('install --omit=dev --no-audit --no-fund --no-save');
  mkdirSync(join(provider, 'node_modules', '@scope', 'dep-b'), { recursive: true });
  writeFileSync(join(provider, 'node_modules', '@scope', 'dep-b', 'package.json'), '{}');
  const resolved = await installStep(installed);
  expect(resolved.npm, 'every dependency resolves: nothing installed').toBeUndefined();
  expect(resolved.stdout).toContain('installed already');
});

test('the Allure report follows the gate whatever its verdict, and the action ends with the gate’s exit code', async () => {
  const dir = tempDir('action-report');
  const actionPath = join(dir, 'action');
  mkdirSync(actionPath);
  writeFileSync(join(actionPath, 'action.yml'), ACTION);
  writeFileSync(join(actionPath, 'package.json'), '{}');
  // A stand-in for node: the install step's check (-e) finds everything installed; the gate writes its two reports and
  // exits GATE_EXIT; the report writes the single-file report when REPORT_EXIT is 0, and exits REPORT_EXIT.
  mkdirSync(join(dir, 'bin'));
  writeFileSync(
    join(dir, 'bin', 'node'),
    [
      '#!/bin/sh',
      'if [ "$1" = -e ]; then exit 0; fi',
      'if [ "$2" = report ]; then',
      '  if [ "$REPORT_EXIT" = 0 ]; then mkdir -p "$PTS_REPORTS_DIR/allure-single-file" && echo "<html>" > "$PTS_REPORTS_DIR/allure-single-file/index.html"; fi',
      '  exit "$REPORT_EXIT"',
      'fi',
      'mkdir -p "$PTS_REPORTS_DIR" && echo "{}" > "$PTS_REPORTS_DIR/summary.json" && echo "## verdict" > "$PTS_REPORTS_DIR/job-summary.md"',
      'exit "$GATE_EXIT"',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  for (const [gate, report, allure, verdict] of [
    ['1', '0', 'true', 'failed'],
    ['0', '1', 'true', 'passed'],
    ['2', '0', 'false', 'setup-or-incomplete'],
  ] as const) {
    const workspace = join(dir, `workspace-${gate}`);
    const runnerTemp = join(dir, `temp-${gate}`);
    mkdirSync(workspace);
    mkdirSync(runnerTemp);
    const run = await runCompositeAction({
      actionPath,
      workspace,
      runnerTemp,
      inputs: { projects: 'status', 'allure-report': allure },
      env: childEnv({ PATH: `${join(dir, 'bin')}:${process.env.PATH}`, GATE_EXIT: gate, REPORT_EXIT: report }),
      stepBoundMs: 10_000,
      log: () => {},
    });
    const step = (title: string) => run.steps.find((s) => s.title === title)!;
    expect(run.code, `gate ${gate}`).toBe(Number(gate));
    expect(run.outputs.verdict).toBe(verdict);
    expect(run.stepSummary).toBe('## verdict\n');
    const single = join(workspace, 'reports', 'allure-single-file', 'index.html');
    if (allure === 'false') expect(step('Allure report').state).toBe('skipped');
    else expect(step('Allure report')).toMatchObject({ state: 'ran', code: 0 });
    expect(run.outputs['allure-report']).toBe(allure === 'true' && report === '0' ? single : '');
    if (report !== '0') expect(step('Allure report').output).toContain('::warning title=Allure report::');
  }
});

/** gitlab-ci-local --list over `yml` as a repository's .gitlab-ci.yml: its exit code and output. */
async function gitlabList(yml: string) {
  const dir = tempDir('gitlab');
  writeFileSync(join(dir, '.gitlab-ci.yml'), yml);
  const git = await run('git', ['init', '-q', dir], childEnv(), 10_000);
  expect(git.code, git.stderr).toBe(0);
  // Its bundle calls Set.prototype.union (Node 22); the suite supports Node 20, which lacks that one method.
  const polyfill = join(dir, 'set-union.mjs');
  writeFileSync(
    polyfill,
    "if (!Set.prototype.union) Object.defineProperty(Set.prototype, 'union', { value(o) { const s = new Set(this); for (const v of o.keys()) s.add(v); return s; }, writable: true, configurable: true });\n",
  );
  const r = await runChild(process.execPath, ['--import', polyfill, GITLAB_CI_LOCAL, '--list'], { env: childEnv(), cwd: dir, boundMs: 60_000 });
  rmSync(dir, { recursive: true, force: true });
  return r;
}

test('the GitLab template passes the GitLab CI schema and parses into the shards and the verdict job; a broken copy does not', async () => {
  const ok = await gitlabList(GITLAB);
  expect(ok.code, ok.stdout + ok.stderr).toBe(0);
  expect(ok.stdout + ok.stderr).toMatch(/json schema validated/);
  for (const job of ['conformance: \\[1/2\\]', 'conformance: \\[2/2\\]', 'conformance-verdict']) expect(ok.stdout).toMatch(new RegExp(`^${job}\\s`, 'm'));
  // The template calls the command, and reports what the merge job needs.
  expect(GITLAB).toContain('npm run conformance -- "$@"');
  expect(GITLAB).toContain('npm run merge-reports -- reports/blobs');
  expect(GITLAB).not.toMatch(/playwright test/);

  const broken = await gitlabList(GITLAB.replace('  parallel: 2\n', '  parallel: 2\n  paralel: 2\n'));
  expect(broken.code).not.toBe(0);
  expect(broken.stdout + broken.stderr).toMatch(/paralel/);
});

const COMPONENT_HOST = 'gitlab.example.com';
const COMPONENT_PROJECT = 'conformance/payment-transfer-conformance';

/**
 * The pipeline of a provider's project whose .gitlab-ci.yml is `includes`, as gitlab-ci-local --preview expands it
 * (schema validated): the component and the remote file come from its include cache, as GitLab would fetch them.
 */
async function providerPipeline(includes: string, component = COMPONENT) {
  const dir = tempDir('gitlab-component');
  writeFileSync(join(dir, '.gitlab-ci.yml'), includes);
  for (const at of [`${COMPONENT_PROJECT}/v1`, `${COMPONENT_PROJECT}/-/raw/v1`]) {
    mkdirSync(join(dir, '.gitlab-ci-local', 'includes', COMPONENT_HOST, at, 'templates'), { recursive: true });
    writeFileSync(join(dir, '.gitlab-ci-local', 'includes', COMPONENT_HOST, at, 'templates', 'conformance.yml'), component);
  }
  const id = ['-c', 'user.name=provider', '-c', 'user.email=provider@example.com'];
  for (const args of [
    ['init', '-q'],
    ['remote', 'add', 'origin', `https://${COMPONENT_HOST}/provider/sandbox.git`],
    ['symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main'],
    ['add', '.gitlab-ci.yml'],
    ['commit', '-q', '-m', 'ci'],
  ]) {
    const git = await runChild('git', [...id, ...args], { env: childEnv(), cwd: dir, boundMs: 10_000 });
    expect(git.code, git.stderr).toBe(0);
  }
  return (await previewPipeline(dir, childEnv())) as Record<string, { parallel?: string; variables?: Record<string, string>; when?: string; needs?: unknown }>;
}

test('the GitLab component: every input has a default, the version is the package’s, and the jobs install the suite and call its command', () => {
  const [header] = COMPONENT.split(/^---$/m);
  const inputs = (parse(header!) as { spec: { inputs: Record<string, { default?: unknown }> } }).spec.inputs;
  const withoutDefault = Object.entries(inputs).filter(([, spec]) => spec.default === undefined);
  expect(
    withoutDefault.map(([name]) => name),
    'a remote include of older GitLab passes no inputs',
  ).toEqual([]);
  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  expect(inputs.version!.default).toBe(version);
  const defaultAreas = String(inputs.projects!.default)
    .split(/[\s,]+/)
    .filter(Boolean);
  expect(
    defaultAreas.filter((a) => !(CONFORMANCE_AREAS as readonly string[]).includes(a)),
    'default areas that are no area',
  ).toEqual([]);
  expect(COMPONENT).toContain('npm install --prefix "$suite" --omit=dev');
  expect(COMPONENT).toContain('payment-transfer-conformance conformance "$@"');
  expect(COMPONENT).toContain('payment-transfer-conformance merge-reports reports/blobs');
  expect(COMPONENT).not.toMatch(/playwright test|npm run /);
});

test('the GitLab component, included as a component with inputs and as a remote file without, parses into the shards and the verdict job; a broken copy does not', async () => {
  const component = await providerPipeline(
    [
      'include:',
      `  - component: ${COMPONENT_HOST}/${COMPONENT_PROJECT}/conformance@v1`,
      '    inputs:',
      '      projects: invoice status',
      '      shards: 3',
      "      rate-limit: ''",
      '',
    ].join('\n'),
  );
  expect(component.conformance!.parallel).toBe('3');
  expect(component.conformance!.variables).toMatchObject({ PTS_IN_PROJECTS: 'invoice status', PTS_IN_RATE_LIMIT: '', PTS_IN_TIME_BUDGET: '60' });
  expect(component['conformance-verdict']).toMatchObject({ when: 'always', needs: [{ job: 'conformance', artifacts: 'true' }] });

  const remote = await providerPipeline(
    [
      'include:',
      `  - remote: 'https://${COMPONENT_HOST}/${COMPONENT_PROJECT}/-/raw/v1/templates/conformance.yml'`,
      'variables:',
      '  PTS_PROJECTS: status',
      '',
    ].join('\n'),
  );
  const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  expect(remote.conformance!.parallel).toBe('2');
  expect(remote.conformance!.variables).toMatchObject({ PTS_IN_VERSION: version, PTS_IN_PACKAGE: '', PTS_IN_RATE_LIMIT: '2' });
  expect(remote.variables).toEqual({ PTS_PROJECTS: 'status' });

  const broken = COMPONENT.replace('  parallel: $[[ inputs.shards ]]\n', '  parallel: $[[ inputs.shards ]]\n  paralel: 2\n');
  expect(broken).not.toBe(COMPONENT);
  await expect(providerPipeline(`include:\n  - component: ${COMPONENT_HOST}/${COMPONENT_PROJECT}/conformance@v1\n`, broken)).rejects.toThrow(/paralel/);
});
