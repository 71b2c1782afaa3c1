// The CI templates run as written: action.yml (the project's GitHub Action) and the workflows of docs/ci-gate.md pass
// @action-validator/core (GitHub's published schemas, compiled in: no network); ci/gitlab/conformance.gitlab-ci.yml
// passes gitlab-ci-local's parse of the pipeline (GitLab's CI schema, bundled, and its expansion of extends and
// parallel); each validator refuses a broken copy. The action's own shell steps, run with stand-ins: the X-Sign key is
// written only when it is given; the gate step passes only the inputs given and outputs the verdict and the reports.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { validateAction, validateWorkflow, type ValidationState } from '@action-validator/core';
import { parse } from 'yaml';
import { runChild } from '../../scripts/child-run.js';
import { REPO_ROOT, childEnv, run, tempDir } from './gate-support.js';

const ACTION = readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8');
const GITLAB = readFileSync(join(REPO_ROOT, 'ci/gitlab/conformance.gitlab-ci.yml'), 'utf8');
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

/** The YAML blocks of docs/ci-gate.md and the README that are whole workflows (they have `jobs:`). */
function documentedWorkflows(): string[] {
  const docs = ['docs/ci-gate.md', 'README.md'].map((f) => readFileSync(join(REPO_ROOT, f), 'utf8'));
  return docs.flatMap((doc) => [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).filter((y) => /^jobs:/m.test(y)));
}

test('action.yml passes the GitHub Actions validator, and a broken copy does not', () => {
  expect(errors(validateAction(ACTION))).toEqual([]);
  const broken = ACTION.replace(/^ {6}shell: bash\n/m, '');
  expect(broken).not.toBe(ACTION);
  expect(errors(validateAction(broken)).length).toBeGreaterThan(0);
});

test("the workflows of docs/ci-gate.md and the README pass the validator and call the command or the project's action, never playwright test", () => {
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
