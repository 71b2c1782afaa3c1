// The configuration's one declaration (suite/runner/settings.ts VARIABLES) and what is derived from it: the help of
// the subcommands lists its variables with their defaults, the README's table lists the same names, and --env-file
// fills only what the environment leaves unset (the last file naming a variable wins).
import { existsSync, readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import { VARIABLES, readSettings } from '../../suite/runner/settings.js';
import { subcommandHelp, commandHelp } from '../../scripts/cli-help.js';
import { COMMANDS, CERTIFY_DEFAULTS } from '../../scripts/commands.js';
import { applyEnvFiles } from '../../scripts/env-file.js';
import { readCommandLine } from '../../scripts/cli-options.js';
import { commandNamed } from '../../scripts/commands.js';
import { checkTags } from '../../scripts/gate/tags.js';

test('every subcommand has its script and its help: what it does, its options, its exit codes and an example', () => {
  expect(commandHelp('0.0.0')).toContain('Usage:');
  for (const c of COMMANDS) expect(existsSync(join(REPO_ROOT, c.script)), `${c.name}: ${c.script}`).toBe(true);
  for (const c of COMMANDS.filter((c) => !c.ownHelp)) {
    const help = subcommandHelp(c);
    expect(help, c.name).toContain(`Usage: payment-transfer-conformance ${c.name}`);
    expect(help, c.name).toContain('Exit codes:');
    expect(help, c.name).toContain('Example:');
    expect(help, c.name).toContain('--env-file');
  }
});

test("the gate's and certification's help list every variable with its default; certification's own defaults too", () => {
  const gate = subcommandHelp(COMMANDS.find((c) => c.name === 'conformance')!);
  for (const v of VARIABLES) expect(gate).toContain(`  ${v.name}`);
  const certify = subcommandHelp(COMMANDS.find((c) => c.name === 'certify')!);
  for (const [name, value] of Object.entries(CERTIFY_DEFAULTS)) expect(certify).toMatch(new RegExp(`${name}[^\\n]*\\(default: ${value} here`));
});

test("the README's table of variables names exactly the variables of the configuration, the suite's own marked", () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5));
  const names = [...table.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]);
  expect(names.sort()).toEqual(VARIABLES.map((v) => v.name).sort());
  // The suite's own (not defaults.md's) are marked *.
  const own = [...table.matchAll(/^\| `([A-Z0-9_]+)`\*/gm)].map((m) => m[1]);
  expect(own.sort()).toEqual(
    VARIABLES.filter((v) => v.own)
      .map((v) => v.name)
      .sort(),
  );
});

test('the settings are read from the table: defaults and checks as before', () => {
  expect(readSettings({}).requestTimeoutSeconds).toBe(10);
  expect(() => readSettings({ RATE_LIMIT: '-1' })).toThrow('RATE_LIMIT=-1 is not a positive number');
  expect(readSettings({ FC_NUM_RUNS: '5', MAX_IN_FLIGHT: '3' })).toMatchObject({ fcNumRuns: 5, maxInFlight: 3 });
});

test('--env-file: the environment wins, even when it sets a variable to nothing; of two files the last one wins', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pts-env-'));
  try {
    writeFileSync(join(dir, 'a.env'), 'RATE_LIMIT=3\nFC_SEED=1\nAPI_KEY="key a"\n');
    writeFileSync(join(dir, 'b.env'), '# later\nexport FC_SEED=2\n');
    const env: NodeJS.ProcessEnv = { RATE_LIMIT: '9', API_KEY: '' };
    const set = applyEnvFiles([join(dir, 'a.env'), join(dir, 'b.env')], env);
    expect(env).toEqual({ RATE_LIMIT: '9', API_KEY: '', FC_SEED: '2' });
    expect(set).toEqual(['FC_SEED']);
    expect(() => applyEnvFiles([join(dir, 'none.env')], {})).toThrow(/--env-file .*none\.env cannot be read \(ENOENT\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an option a subcommand does not take, a missing operand or an unknown tag is one line naming what it takes', () => {
  const conformance = commandNamed('conformance')!;
  expect(() => readCommandLine(commandNamed('certify')!, ['--projetc=invoice'])).toThrow(/^Unknown option '--projetc'; certify takes --out, --project, /);
  expect(() => readCommandLine(commandNamed('compare')!, ['one'])).toThrow(/^compare takes 2 operand\(s\), got 1/);
  expect(() => readCommandLine(commandNamed('report')!, ['extra'])).toThrow(/^report takes no operand/);
  expect(() => checkTags(['--grep', '@documentd'], ['invoice'])).toThrow(/^no tag named '@documentd'; the tags are @documented, @profile/);
  expect(() => checkTags(['-g', '@doc|amount', '--grep-invert=@profile'], ['invoice'])).not.toThrow();
  // The command's own options come out; the rest, Playwright's included, go to the script in their order.
  const line = readCommandLine(conformance, ['--project', 'invoice', 'status', '--env-file=a.env', '-g', '@documented', '--env-file', 'b.env']);
  expect(line).toEqual({ help: false, version: false, envFiles: ['a.env', 'b.env'], rest: ['--project', 'invoice', 'status', '-g', '@documented'] });
  // The reference provider reads its own options (mock/cli.ts); the command takes only its own out.
  expect(readCommandLine(commandNamed('mock')!, ['--port', '0', '--env-file', 'm.env']).rest).toEqual(['--port', '0']);
});

test('a value an option cannot take is one line naming the option and the form it takes', () => {
  const conformance = commandNamed('conformance')!;
  expect(() => readCommandLine(conformance, ['--workers', 'abc'])).toThrow(/^--workers "abc": not a positive whole number or a share such as 50%/);
  expect(() => readCommandLine(conformance, ['-j', '0'])).toThrow(/^--workers "0": /);
  expect(() => readCommandLine(conformance, ['--retries=x'])).toThrow(/^--retries "x": not a whole number/);
  expect(() => readCommandLine(conformance, ['--shard=3/2'])).toThrow(/^--shard "3\/2": not a shard I\/N/);
  for (const ok of [['--workers', '4'], ['--workers=50%'], ['--shard=2/3'], ['--timeout', '60000'], ['--retries', '0']])
    expect(() => readCommandLine(conformance, ok), ok.join(' ')).not.toThrow();
});

test('PLAIN_HTTP_URL: BASE_URL as http beside an https BASE_URL (port 80 for 443, else the same port), none beside an http one', () => {
  const creds = { API_KEY: 'k', CRYPTO_KEY: 'c' };
  expect(readSettings({ ...creds, BASE_URL: 'https://sandbox.example.com/pts/' }).plainHttpUrl).toBe('http://sandbox.example.com/pts');
  expect(readSettings({ ...creds, BASE_URL: 'https://sandbox.example.com:443' }).plainHttpUrl).toBe('http://sandbox.example.com');
  expect(readSettings({ ...creds, BASE_URL: 'https://127.0.0.1:8443' }).plainHttpUrl).toBe('http://127.0.0.1:8443');
  expect(readSettings({ ...creds, BASE_URL: 'https://a.example', PLAIN_HTTP_URL: 'http://a.example:8080/' }).plainHttpUrl).toBe('http://a.example:8080');
  expect(readSettings({ ...creds, BASE_URL: 'http://127.0.0.1:3000' }).plainHttpUrl).toBeUndefined();
  expect(readSettings({}).plainHttpUrl).toBeUndefined();
  expect(() => readSettings({ ...creds, BASE_URL: 'http://a.example', PLAIN_HTTP_URL: 'http://a.example:8080' })).toThrow(/BASE_URL is not https/);
  expect(() => readSettings({ ...creds, BASE_URL: 'https://a.example', PLAIN_HTTP_URL: 'https://a.example' })).toThrow(/not an absolute http URL/);
});

test('the second merchant (API_KEY_2, CRYPTO_KEY_2) is whole or absent, another merchant than the first, and only with BASE_URL', () => {
  const base = { BASE_URL: 'https://sandbox.example', API_KEY: 'key-a', CRYPTO_KEY: 'secret-a' };
  expect(readSettings({ ...base, API_KEY_2: 'key-b', CRYPTO_KEY_2: 'secret-b' })).toMatchObject({ apiKey2: 'key-b', cryptoKey2: 'secret-b' });
  expect(readSettings(base).apiKey2).toBeUndefined();
  expect(() => readSettings({ ...base, API_KEY_2: 'key-b' })).toThrow('API_KEY_2 and CRYPTO_KEY_2 (the second merchant) are set together or not at all');
  expect(() => readSettings({ ...base, API_KEY_2: 'key-a', CRYPTO_KEY_2: 'secret-b' })).toThrow('API_KEY_2 is the same as API_KEY');
  expect(() => readSettings({ API_KEY_2: 'key-b', CRYPTO_KEY_2: 'secret-b' })).toThrow('is set but BASE_URL is not');
});
