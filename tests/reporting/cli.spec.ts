// The suite's command (bin/payment-transfer-conformance.js) as a user starts it: the help and version of the
// command and of a subcommand exit 0; a mistyped area and an env file that cannot be read exit 2 with one line before
// anything runs; the environment wins over an env file. Each child stops before a run. (Unknown options, tags and
// operands: tests/selftest/cli-settings.spec.ts, in process.)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { REPO_ROOT, childEnv, lines, run, tempDir } from './gate-support.js';

const BIN = join(REPO_ROOT, 'bin/payment-transfer-conformance.js');

/** The command with `args`, as the npm scripts start it (`node -- bin/… args`). */
function command(args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, ['--', BIN, ...args], childEnv(env), 60_000);
}

test('the help and version of the command and of a subcommand exit 0, from the suite', async () => {
  const [help, version, sub] = await Promise.all([command(['--help']), command(['compare', '--version']), command(['conformance', '--help'])]);
  expect(help.code, help.stderr).toBe(0);
  expect(help.stdout).toContain('merge-reports');
  expect(version.code, version.stderr).toBe(0);
  expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  expect(sub.code, sub.stderr).toBe(0);
  expect(sub.stdout).toContain('BASE_URL');
  expect(sub.stdout).toContain('Exit codes:');
  expect(sub.stdout).not.toContain('npx playwright');
});

test('a mistyped area, or an env file that cannot be read, is exit 2 with one line before anything runs', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['conformance', '--project=invoices'], /^conformance: no area named 'invoices'; the areas are invoice, /],
    [['conformance', '--env-file', '/nonexistent/settings.env'], /^conformance: --env-file \/nonexistent\/settings.env cannot be read \(ENOENT\)\n$/],
  ];
  const runs = await Promise.all(cases.map(([args]) => command(args)));
  runs.forEach((r, i) => {
    expect(r.code, `${cases[i]![0].join(' ')}: ${r.stderr}`).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(cases[i]![1]);
  });
});

test('--env-file sets what the environment does not, and a secret from it is not printed', async () => {
  const dir = tempDir('env-file');
  const file = join(dir, 'settings.env');
  writeFileSync(file, '# the merchant\'s settings\nREQUEST_TIMEOUT=soon\nCRYPTO_KEY="file-secret-4411"\n');
  const [fromFile, envWins] = await Promise.all([
    command(['conformance', '--project=invoice', '--env-file', file]),
    command(['conformance', '--project=invoice', `--env-file=${file}`], { REQUEST_TIMEOUT: 'later' }),
  ]);
  expect(fromFile.code).toBe(2);
  expect(fromFile.stderr).toContain('REQUEST_TIMEOUT=soon is not a positive number');
  expect(envWins.code).toBe(2);
  expect(envWins.stderr).toContain('REQUEST_TIMEOUT=later is not a positive number');
  for (const r of [fromFile, envWins]) expect(r.stdout + r.stderr).not.toContain('file-secret-4411');
});
