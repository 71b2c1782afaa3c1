// The configuration's one declaration (suite/runner/settings.ts VARIABLES) and what is derived from it: the help of
// the subcommands lists its variables with their defaults (docs/configuration.md's table is generated from it), and --settings
// fills only what the environment leaves unset (the last file naming a variable wins). The help says what the code
// does: the options each command parses, their defaults, what it requires; a mistyped name gets the nearest one.
import { existsSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import { VARIABLES, readSettings } from '../../suite/runner/settings.js';
import { subcommandHelp, commandHelp } from '../../scripts/cli-help.js';
import { COMMANDS, CERTIFY_DEFAULTS } from '../../scripts/commands.js';
import { applySettingsFiles } from '../../scripts/settings-file.js';
import { nearestName } from '../../contracts/nearest-name.js';
import { faultCatalog } from '../../mock/index.js';
import { optionsOf, readCommandLine } from '../../scripts/cli-options.js';
import { chosenAreas } from '../../scripts/gate/projects.js';
import { commandNamed } from '../../scripts/commands.js';
import { checkTags } from '../../scripts/gate/tags.js';

test('every subcommand has its script and its help: what it does, its options, its exit codes and an example', () => {
  expect(commandHelp('0.0.0')).toContain('Usage:');
  for (const c of COMMANDS) expect(existsSync(join(REPO_ROOT, c.script)), `${c.name}: ${c.script}`).toBe(true);
  for (const c of COMMANDS) {
    const help = subcommandHelp(c);
    expect(help, c.name).toContain(`Usage: payment-transfer-conformance ${c.name}`);
    expect(help, c.name).toContain('Exit codes:');
    expect(help, c.name).toContain('Example:');
    expect(help, c.name).toContain('--settings FILE');
    // Every option the command line takes is in its help, with the default its script reads.
    for (const o of optionsOf(c)) {
      expect(help, `${c.name} --${o.name}`).toContain(`--${o.name}`);
      if (o.default !== undefined) expect(help.replace(/\s+/g, ' '), `${c.name} --${o.name}`).toContain(`default: ${o.default}`);
    }
    // Its example is a command line it takes.
    const example = c.example.split(/\s+/);
    expect(example[0], c.name).toBe(c.name);
    expect(() => readCommandLine(c, example.slice(1)), c.example).not.toThrow();
  }
  const mockExample = commandNamed('mock')!.example;
  for (const name of mockExample.match(/--faults (\S+)/)![1]!.split(',')) expect(faultCatalog.map((f) => f.name)).toContain(name);
});

test("certification's help lists only what certify takes and says BASE_URL is required; verify-certificate's says what unset means", () => {
  const certify = subcommandHelp(commandNamed('certify')!);
  for (const absent of ['--workers', '--retries', '--shard', '--repeat-each', '--list']) expect(certify).not.toContain(absent);
  for (const absent of ['--workers', '--shard']) expect(() => readCommandLine(commandNamed('certify')!, [absent, '2'])).toThrow(/Unknown option/);
  expect(certify).toMatch(/BASE_URL +[^\n]*\(required by certify\)/);
  expect(certify).not.toContain('the embedded reference provider');
  const verify = subcommandHelp(commandNamed('verify-certificate')!).replace(/\s+/g, ' ');
  expect(verify).toContain('(unset: the ledger is not checked against the sandbox');
  expect(verify).not.toContain('the embedded reference provider');
});

test('a mistyped name gets the nearest one, when one is near; the former --env-file names --settings', () => {
  expect(nearestName('invoce', ['invoice', 'status'])).toBe('invoice');
  expect(nearestName('Status', ['invoice', 'status'])).toBe('status');
  expect(nearestName('frobnicate', ['invoice', 'status'])).toBeUndefined();
  expect(nearestName('status', ['invoice', 'status'])).toBeUndefined();
  const conformance = commandNamed('conformance')!;
  expect(() => readCommandLine(conformance, ['--projct=status'])).toThrow(/^Unknown option '--projct'; did you mean '--project'\? \(see conformance --help\)$/);
  expect(() => readCommandLine(conformance, ['--frobnicate'])).toThrow(/^Unknown option '--frobnicate'; conformance takes --baseline, --project, /);
  expect(() => readCommandLine(conformance, ['--env-file', 'a.env'])).toThrow(/^--env-file is now --settings/);
  expect(() => readCommandLine(conformance, ['--env-file=a.env'])).toThrow(/^--env-file is now --settings/);
  expect(() => chosenAreas(['--project=paymentpage'])).toThrow(/^no area named 'paymentpage'; did you mean 'payment-page'\?; the areas are /);
  expect(() => checkTags(['--grep', '@documentd'], ['invoice'])).toThrow(/^no tag named '@documentd'; did you mean '@documented'\?/);
});

test("the gate's and certification's help list every variable with its default; certification's own defaults too", () => {
  const gate = subcommandHelp(COMMANDS.find((c) => c.name === 'conformance')!);
  for (const v of VARIABLES) expect(gate).toContain(`  ${v.name}`);
  const certify = subcommandHelp(COMMANDS.find((c) => c.name === 'certify')!);
  for (const [name, value] of Object.entries(CERTIFY_DEFAULTS)) expect(certify).toMatch(new RegExp(`${name}[^\\n]*\\(default: ${value} here`));
});

test('the settings are read from the table: defaults and checks as before', () => {
  expect(readSettings({}).requestTimeoutSeconds).toBe(10);
  expect(() => readSettings({ RATE_LIMIT: '-1' })).toThrow('RATE_LIMIT=-1 is not a positive number');
  expect(readSettings({ FC_NUM_RUNS: '5', MAX_IN_FLIGHT: '3' })).toMatchObject({ fcNumRuns: 5, maxInFlight: 3 });
});

test('--settings: the environment wins, even when it sets a variable to nothing; of two files the last one wins; a near-miss name is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pts-env-'));
  try {
    writeFileSync(join(dir, 'a.env'), 'RATE_LIMIT=3\nFC_SEED=1\nAPI_KEY="key a"\n');
    writeFileSync(join(dir, 'b.env'), '# later\nexport FC_SEED=2\n');
    const env: NodeJS.ProcessEnv = { RATE_LIMIT: '9', API_KEY: '' };
    const set = applySettingsFiles([join(dir, 'a.env'), join(dir, 'b.env')], env);
    expect(env).toEqual({ RATE_LIMIT: '9', API_KEY: '', FC_SEED: '2' });
    expect(set).toEqual(['FC_SEED']);
    expect(() => applySettingsFiles([join(dir, 'none.env')], {})).toThrow(/--settings .*none\.env cannot be read \(ENOENT\)/);
    // A typo would be ignored in silence; a name unlike any of the suite's (the CI's own) is left alone.
    writeFileSync(join(dir, 'c.env'), 'BASE_ULR=https://sandbox.example\nNODE_OPTIONS=--max-old-space-size=4096\n');
    expect(() => applySettingsFiles([join(dir, 'c.env')], {})).toThrow(/c\.env: BASE_ULR is not a variable of the suite; did you mean BASE_URL\?/);
    writeFileSync(join(dir, 'd.env'), 'NODE_OPTIONS=--max-old-space-size=4096\nPTS_MOCK_PORT=8080\n');
    expect(applySettingsFiles([join(dir, 'd.env')], {})).toEqual(['NODE_OPTIONS', 'PTS_MOCK_PORT']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an option a subcommand does not take, a missing operand or an unknown tag is one line naming what it takes', () => {
  const conformance = commandNamed('conformance')!;
  expect(() => readCommandLine(commandNamed('certify')!, ['--bogus=invoice'])).toThrow(/^Unknown option '--bogus'; certify takes --out, --project, /);
  expect(() => readCommandLine(commandNamed('compare')!, ['one'])).toThrow(/^compare takes 2 or more operand\(s\), got 1/);
  expect(() => readCommandLine(commandNamed('report')!, ['extra'])).toThrow(/^report takes no operand/);
  expect(() => checkTags(['--grep', '@frobnicate'], ['invoice'])).toThrow(/^no tag named '@frobnicate'; the tags are @documented, @profile/);
  expect(() => checkTags(['-g', '@doc|amount', '--grep-invert=@profile'], ['invoice'])).not.toThrow();
  // The command's own options come out; the rest, Playwright's included, go to the script in their order.
  const line = readCommandLine(conformance, ['--project', 'invoice', 'status', '--settings=a.env', '-g', '@documented', '--settings', 'b.env']);
  expect(line).toEqual({ help: false, version: false, settingsFiles: ['a.env', 'b.env'], rest: ['--project', 'invoice', 'status', '-g', '@documented'] });
  // The reference provider parses its own (mock/cli-options.ts, the same table); the command takes only its own out.
  const mock = commandNamed('mock')!;
  expect(readCommandLine(mock, ['--port', '0', '--settings', 'm.env']).rest).toEqual(['--port', '0']);
  expect(() => readCommandLine(mock, ['--prot', '0'])).toThrow(/did you mean '--port'/);
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
