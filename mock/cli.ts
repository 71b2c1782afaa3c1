/**
 * payment-transfer-conformance mock [--port 0] (in a clone: npm run mock -- [--port 0] [--host 127.0.0.1] [--api-key K] [--crypto-key S]
 *                 [--public-key merchant.pub.pem] [--callback-url URL] [--faults a,b] [--variations a,b] [--network k=v,...]
 * Every flag also reads an environment variable (PTS_MOCK_PORT, PTS_MOCK_HOST, PTS_MOCK_API_KEY,
 * PTS_MOCK_CRYPTO_KEY, PTS_MOCK_PUBLIC_KEY, PTS_MOCK_CALLBACK_URL, PTS_MOCK_FAULTS, PTS_MOCK_VARIATIONS, PTS_MOCK_NETWORK);
 * a flag wins.
 * First line printed: `listening <url>`; then the credentials, for this local console only.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { faultCatalog, startProvider, variationCatalog } from './index.js';
import type { NetworkConditions } from './network.js';

const HELP = `Payment Transfer Service reference provider: listens until stopped (Ctrl-C, SIGTERM); prints its address,
then the credentials, for this local console only.

Usage: payment-transfer-conformance mock [options]       (in a clone: npm run mock -- [options])

  --port <n>           port to listen on; 0 = any free port       env PTS_MOCK_PORT (default 0)
  --host <addr>        address to bind                            env PTS_MOCK_HOST (default 127.0.0.1)
  --api-key <key>      merchant object key                        env PTS_MOCK_API_KEY (default: generated)
  --crypto-key <key>   merchant secret for sha256 signatures      env PTS_MOCK_CRYPTO_KEY (default: generated)
  --public-key <file>  merchant RSA public key (PEM) for X-Sign   env PTS_MOCK_PUBLIC_KEY
                       (default: a key pair is generated; the PRIVATE key is written to a 0600
                       file in the temp directory, printed below, and removed on shutdown)
  --callback-url <url> where callbacks are POSTed                 env PTS_MOCK_CALLBACK_URL (default: none)
  --faults <a,b>       faults to switch on, by name (see below)   env PTS_MOCK_FAULTS
  --variations <a,b>   allowed variations to switch on (below)    env PTS_MOCK_VARIATIONS
  --network <k=v,...>  a network in front of the provider:        env PTS_MOCK_NETWORK
                       latency=MS (every answer), drop=N (one request in N dropped), unavailable=N,burst=K
                       (one in N starts K answers 503 Retry-After: 1), slow=N,slowms=MS (one in N late)
  --env-file <file>    read the variables above from a file (Node's KEY=value format); the environment wins
  --help               this text

Exit codes: 0 stopped by a signal; 2 a bad option or value, a port in use.

Example: payment-transfer-conformance mock --port 8080 --faults <name> (then BASE_URL=... conformance, as printed)

Faults (deviations from one rule each):
${faultCatalog.map((f) => `  ${f.name.padEnd(32)} ${f.rule.padEnd(30)} ${f.description}`).join('\n')}

Variations (behaviours the document and the default profile allow; combinable unless marked alone):
${variationCatalog.map((v) => `  ${v.name.padEnd(32)} ${v.rule.padEnd(30)} ${v.description}${v.alone ? ' [alone]' : ''}`).join('\n')}
`;

function fail(message: string): never {
  process.stderr.write(`mock: ${message}\n`);
  process.exit(2);
}

let args: Record<string, string | boolean | undefined>;
try {
  args = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string' },
      'crypto-key': { type: 'string' },
      'public-key': { type: 'string' },
      'callback-url': { type: 'string' },
      faults: { type: 'string' },
      variations: { type: 'string' },
      network: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  }).values;
} catch (e) {
  fail(`${(e as Error).message} (see --help)`);
}
if (args.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

const opt = (flag: string, env: string): string | undefined => {
  const v = (args[flag] as string | undefined) ?? process.env[env];
  return v === '' ? undefined : v;
};

const portText = opt('port', 'PTS_MOCK_PORT') ?? '0';
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid port: ${portText}`);

const faults = (opt('faults', 'PTS_MOCK_FAULTS') ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = faults.filter((f) => !faultCatalog.some((d) => d.name === f));
if (unknown.length > 0) fail(`unknown fault name(s): ${unknown.join(', ')} (see --help for the catalog)`);

const variations = (opt('variations', 'PTS_MOCK_VARIATIONS') ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknownVariations = variations.filter((v) => !variationCatalog.some((d) => d.name === v));
if (unknownVariations.length > 0) fail(`unknown variation name(s): ${unknownVariations.join(', ')} (see --help for the catalog)`);

const NETWORK_KEYS: Record<string, keyof NetworkConditions> = {
  latency: 'latencyMs',
  drop: 'dropEvery',
  unavailable: 'unavailableEvery',
  burst: 'burstLength',
  slow: 'slowEvery',
  slowms: 'slowMs',
};
const network: NetworkConditions = {};
for (const pair of (opt('network', 'PTS_MOCK_NETWORK') ?? '').split(',').filter((s) => s.trim() !== '')) {
  const [key, value] = pair.split('=').map((s) => s.trim());
  const n = Number(value);
  if (!(key in NETWORK_KEYS) || !Number.isInteger(n) || n < 0) fail(`invalid --network entry: ${pair} (see --help)`);
  network[NETWORK_KEYS[key]] = n;
}

const callbackUrl = opt('callback-url', 'PTS_MOCK_CALLBACK_URL');
if (callbackUrl !== undefined && !URL.canParse(callbackUrl)) fail(`invalid callback URL: ${callbackUrl}`);

const apiKey = opt('api-key', 'PTS_MOCK_API_KEY') ?? `ak_${randomBytes(8).toString('hex')}`;
const cryptoKey = opt('crypto-key', 'PTS_MOCK_CRYPTO_KEY') ?? randomBytes(24).toString('hex');
const publicKeyPath = opt('public-key', 'PTS_MOCK_PUBLIC_KEY');
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
    host: opt('host', 'PTS_MOCK_HOST'),
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
