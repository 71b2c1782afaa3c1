// The suite's command (bin/payment-transfer-conformance.js) as a user starts it: the help and version of the
// command and of a subcommand exit 0; a mistyped area, command or fault and a settings file that cannot be read exit 2
// with one line before anything runs, also when Node is started without `--`; the environment wins over a settings file. Each child stops before a run. (Unknown options, tags and
// operands: tests/selftest/cli-settings.spec.ts, in process.)
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { REPO_ROOT, childEnv, lines, run, tempDir } from './gate-support.js';
import { runChild } from '../../scripts/child-run.js';

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

test('a mistyped area, command or fault, or a settings file that cannot be read, is exit 2 with one line before anything runs', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['conformance', '--project=invoices'], /^conformance: no area named 'invoices'; did you mean 'invoice'\?; the areas are invoice, /],
    [['conformence', '--project=invoice'], /^payment-transfer-conformance: no command named 'conformence'; did you mean 'conformance'\? \(see /],
    [['mock', '--faults', 'accept-any-signatur'], /^mock: no fault named 'accept-any-signatur'; did you mean 'accept-any-signature'\?/],
    [['conformance', '--settings', '/nonexistent/settings.env'], /^conformance: --settings \/nonexistent\/settings.env cannot be read \(ENOENT\)\n$/],
  ];
  const runs = await Promise.all(cases.map(([args]) => command(args)));
  // Started as `node bin/… --settings FILE` (no `--`), Node leaves the flag to the command: Node 20 took --env-file.
  runs.push(await run(process.execPath, [BIN, ...cases[3]![0]], childEnv({}), 60_000));
  cases.push(cases[3]!);
  runs.forEach((r, i) => {
    expect(r.code, `${cases[i]![0].join(' ')}: ${r.stderr}`).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(cases[i]![1]);
  });
});

test('--settings sets what the environment does not, and a secret from it is not printed', async () => {
  const dir = tempDir('settings');
  const file = join(dir, 'settings.env');
  writeFileSync(file, '# the merchant\'s settings\nREQUEST_TIMEOUT=soon\nCRYPTO_KEY="file-secret-4411"\n');
  const [fromFile, envWins] = await Promise.all([
    command(['conformance', '--project=invoice', '--settings', file]),
    command(['conformance', '--project=invoice', `--settings=${file}`], { REQUEST_TIMEOUT: 'later' }),
  ]);
  expect(fromFile.code).toBe(2);
  expect(fromFile.stderr).toContain('REQUEST_TIMEOUT=soon is not a positive number');
  expect(envWins.code).toBe(2);
  expect(envWins.stderr).toContain('REQUEST_TIMEOUT=later is not a positive number');
  for (const r of [fromFile, envWins]) expect(r.stdout + r.stderr).not.toContain('file-secret-4411');
});

test('--list runs nothing and writes nothing to the reports folder', async () => {
  const dir = join(tempDir('list'), 'reports');
  const r = await command(['conformance', '--project=status', '--list'], { PTS_REPORTS_DIR: dir });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/Total: \d+ tests?/);
  expect(existsSync(dir), `${dir} was written`).toBe(false);
});

test('a run that global setup stops (the callback port in use) is exit 2, never the exit 1 of a failed rule', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  try {
    const port = (blocker.address() as AddressInfo).port;
    const r = await command(['conformance', '--project=status'], { CALLBACK_PORT: String(port), PTS_REPORTS_DIR: join(tempDir('port'), 'reports') });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout + r.stderr).toContain('EADDRINUSE');
    expect(r.stderr).toContain('conformance: the run failed before or outside its checks, no check failed');
  } finally {
    blocker.close();
  }
});

test("the files the settings name are read from the folder the command is started in, not the suite's", async () => {
  const dir = tempDir('relative');
  writeFileSync(join(dir, 'override.json'), '{ "$comment": "nothing changed" }\n');
  const r = await runChild(process.execPath, ['--', BIN, 'conformance', '--project=status', '-g', 'unknown transaction'], {
    env: childEnv({ PROFILE: 'override.json' }),
    cwd: dir,
    boundMs: 120_000,
  });
  expect(r.code, r.stderr).toBe(0);
  expect(existsSync(join(dir, 'reports', 'summary.json'))).toBe(true);
});
