// `payment-transfer-conformance mock`: the reference provider on its own, until stopped (Ctrl-C, SIGTERM). Its
// options are mock/cli-options.ts (the command's --help prints them); each may come from its variable instead, and
// the option wins. First line printed: `listening <url>`; then the credentials, for this local console only.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { optionDefault, parseConfig } from '../contracts/command-line.js';
import { didYouMean } from '../contracts/nearest-name.js';
import { MOCK_OPTIONS } from './cli-options.js';
import { faultCatalog, startProvider, variationCatalog } from './index.js';
import type { NetworkConditions } from './network.js';

function fail(message: string): never {
  process.stderr.write(`mock: ${message}\n`);
  process.exit(2);
}

/** One line per entry: name, rule, description. */
function catalogText(entries: ReadonlyArray<{ name: string; rule: string; description: string; alone?: string }>): string {
  return entries.map((e) => `${e.name.padEnd(32)} ${e.rule.padEnd(30)} ${e.description}${e.alone ? ' [alone]' : ''}\n`).join('');
}

let args: Record<string, string | boolean | undefined>;
try {
  args = parseArgs({ options: { ...parseConfig(MOCK_OPTIONS), help: { type: 'boolean', short: 'h' } }, strict: true }).values as typeof args;
} catch (e) {
  fail(`${(e as Error).message.split('\n')[0]} (see payment-transfer-conformance mock --help)`);
}
if (args.help) {
  process.stdout.write('The options: payment-transfer-conformance mock --help\n');
  process.exit(0);
}
if (args['faults-list']) {
  process.stdout.write(catalogText(faultCatalog));
  process.exit(0);
}
if (args['variations-list']) {
  process.stdout.write(catalogText(variationCatalog));
  process.exit(0);
}

const opt = (flag: string): string | undefined => {
  const env = MOCK_OPTIONS.find((o) => o.name === flag)?.env;
  const v = (args[flag] as string | undefined) ?? (env === undefined ? undefined : process.env[env]);
  return v === '' ? undefined : v;
};

const portText = opt('port') ?? optionDefault(MOCK_OPTIONS, 'port');
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid port: ${portText}`);

/** The names of a list option, each one the catalog has (a mistyped one is refused, with the nearest name). */
function namesIn(flag: 'faults' | 'variations', catalog: ReadonlyArray<{ name: string }>): string[] {
  const names = (opt(flag) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = catalog.map((d) => d.name);
  const unknown = names.find((n) => !known.includes(n));
  if (unknown !== undefined)
    fail(`no ${flag === 'faults' ? 'fault' : 'variation'} named '${unknown}'${didYouMean(unknown, known)} (--${flag}-list prints them)`);
  return names;
}
const faults = namesIn('faults', faultCatalog);
const variations = namesIn('variations', variationCatalog);

const NETWORK_KEYS: Record<string, keyof NetworkConditions> = {
  latency: 'latencyMs',
  drop: 'dropEvery',
  unavailable: 'unavailableEvery',
  burst: 'burstLength',
  slow: 'slowEvery',
  slowms: 'slowMs',
};
const network: NetworkConditions = {};
for (const pair of (opt('network') ?? '').split(',').filter((s) => s.trim() !== '')) {
  const [key, value] = pair.split('=').map((s) => s.trim());
  const n = Number(value);
  if (!(key in NETWORK_KEYS) || !Number.isInteger(n) || n < 0) fail(`invalid --network entry: ${pair} (the keys are ${Object.keys(NETWORK_KEYS).join(', ')})`);
  network[NETWORK_KEYS[key]] = n;
}

const callbackUrl = opt('callback-url');
if (callbackUrl !== undefined && !URL.canParse(callbackUrl)) fail(`invalid callback URL: ${callbackUrl}`);

const apiKey = opt('api-key') ?? `ak_${randomBytes(8).toString('hex')}`;
const cryptoKey = opt('crypto-key') ?? randomBytes(24).toString('hex');
const publicKeyPath = opt('public-key');
let publicKeyPem: string;
let privateKeyPath: string | undefined;
if (publicKeyPath !== undefined) {
  try {
    publicKeyPem = readFileSync(publicKeyPath, 'utf8');
  } catch (e) {
    fail(`cannot read public key ${publicKeyPath}: ${(e as Error).message}`);
  }
} else {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }) as string;
  privateKeyPath = join(tmpdir(), `pts-mock-xsign-${process.pid}-${randomBytes(4).toString('hex')}.pem`);
  writeFileSync(privateKeyPath, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
}

let provider;
try {
  provider = await startProvider({
    port,
    host: opt('host') ?? optionDefault(MOCK_OPTIONS, 'host'),
    merchants: [{ apiKey, cryptoKey, publicKeyPem, callbackUrl }],
    faults,
    variations,
    network,
  });
} catch (e) {
  if (privateKeyPath) rmSync(privateKeyPath, { force: true });
  fail((e as Error).message);
}

console.log(`listening ${provider.url}`);
console.log(`api_key            ${apiKey}`);
console.log(`crypto_key         ${cryptoKey}`);
if (privateKeyPath) console.log(`xsign_private_key  ${privateKeyPath}`);
else console.log(`public_key         ${publicKeyPath}`);
console.log(`callback_url       ${callbackUrl ?? '(none)'}`);
console.log(`faults             ${faults.length ? faults.join(',') : '(none)'}`);
console.log(`variations         ${variations.length ? variations.join(',') : '(none)'}`);
if (Object.keys(network).length) console.log(`network            ${JSON.stringify(network)}`);
if (provider.pageUrl !== provider.url) console.log(`payment pages      ${provider.pageUrl}`);
if (privateKeyPath) {
  console.log(`\nsuite: BASE_URL=${provider.url} API_KEY=${apiKey} CRYPTO_KEY=<crypto_key> XSIGN_PRIVATE_KEY=${privateKeyPath}`);
}

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping`);
  void provider.close().finally(() => {
    if (privateKeyPath) rmSync(privateKeyPath, { force: true });
    process.exit(0);
  });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
