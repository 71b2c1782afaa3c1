// The suite's configuration surface: exactly the variables of defaults.md, read once and checked
// before any request is sent. A problem is one ConfigError with one clear sentence (exit code 2).
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { MAX_NUM_RUNS, readIntegerVariable, SEED_RANGE } from '../../generators/settings.js';
import { parseTunnelAddress, type TunnelAddress } from './callback-tunnel.js';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface Settings {
  /** Provider base address without trailing slash; undefined means "start the embedded provider". */
  baseUrl?: string;
  apiKey?: string;
  cryptoKey?: string;
  /** Path of the merchant's RSA private key (PEM) for X-Sign. */
  xSignPrivateKeyPath?: string;
  /** A second merchant of the same provider (API_KEY_2, CRYPTO_KEY_2): the checks that one merchant cannot reach another's payments. */
  apiKey2?: string;
  cryptoKey2?: string;
  /** Path of the second merchant's RSA private key (PEM) for X-Sign. */
  xSignPrivateKeyPath2?: string;
  /** Path of a PROFILE override file. */
  profilePath?: string;
  callbackPort?: number;
  /** Address the callback receiver listens on (CALLBACK_HOST); default loopback. */
  callbackHost: string;
  /** The address the provider delivers callbacks to, when it is not the receiver's own (NAT, load balancer, tunnel). */
  callbackUrl?: string;
  /** A smee channel the callbacks are relayed through (CALLBACK_RELAY): the provider delivers to it. */
  callbackRelay?: string;
  /** An SSH server asked to forward a port of its own to the receiver (CALLBACK_TUNNEL, `ssh -R`). */
  callbackTunnel?: TunnelAddress;
  /** The private key the tunnel authenticates with (CALLBACK_TUNNEL_KEY); else the agent. */
  callbackTunnelKeyPath?: string;
  /** The SHA256 fingerprint the gateway's host key must have (CALLBACK_TUNNEL_HOST_KEY). */
  callbackTunnelHostKey?: string;
  /** The ssh agent's socket (SSH_AUTH_SOCK), used by the tunnel when no key file is given. */
  sshAgent?: string;
  fcSeed?: number;
  fcNumRuns?: number;
  /** Most requests per second across the whole run; undefined = unlimited. */
  rateLimit?: number;
  /** Most requests in flight at once across the whole run; undefined = the suite's own default per worker. */
  maxInFlight?: number;
  /** Seconds to wait for one response before the check fails with "no response in N s". */
  requestTimeoutSeconds: number;
  /** Seconds the property checks may take in all (the deepest run that fits); undefined: the default depth. */
  timeBudgetSeconds?: number;
  /**
   * The provider's plain http address beside an https BASE_URL (PLAIN_HTTP_URL, else derived from BASE_URL), where the
   * API must not be served; undefined when BASE_URL is not https.
   */
  plainHttpUrl?: string;
}

type Env = Record<string, string | undefined>;

function nonEmpty(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** The one integer parser of the configuration (generators/settings.ts), its error as a ConfigError. */
function integer(env: Env, name: string, min: number, max: number): number | undefined {
  try {
    return readIntegerVariable(name, env, min, max);
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
}

function positiveNumber(env: Env, name: string): number | undefined {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new ConfigError(`${name}=${raw} is not a positive number`);
  return n;
}

function baseUrl(env: Env): string | undefined {
  const raw = nonEmpty(env, 'BASE_URL');
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`BASE_URL=${raw} is not an absolute URL (expected e.g. https://sandbox.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`BASE_URL=${raw} must use http or https`);
  if (url.search || url.hash) throw new ConfigError(`BASE_URL=${raw} must not carry a query or fragment`);
  return raw.replace(/\/+$/, '');
}

/** An absolute http(s) URL without a fragment, or a one-line ConfigError naming the variable and what `example` shows. */
function httpUrl(env: Env, name: string, example: string): string | undefined {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hash)
    throw new ConfigError(`${name}=${raw} is not an absolute http(s) URL without a fragment (expected e.g. ${example})`);
  return raw;
}

/** An IP address or a host name to listen on: no scheme, no port, no path. */
function listenHost(env: Env): string {
  const raw = nonEmpty(env, 'CALLBACK_HOST');
  if (raw === undefined) return '127.0.0.1';
  const host = raw.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) === 0 && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(host))
    throw new ConfigError(`CALLBACK_HOST=${raw} is not an address to listen on (an IP address such as 0.0.0.0 or 10.0.0.5, or a host name; no scheme or port)`);
  return host;
}

function tunnelAddress(env: Env): TunnelAddress | undefined {
  const raw = nonEmpty(env, 'CALLBACK_TUNNEL');
  if (raw === undefined) return undefined;
  const parsed = parseTunnelAddress(raw);
  if (typeof parsed === 'string') throw new ConfigError(`CALLBACK_TUNNEL=${raw.replace(/:[^:@/]*@/, ':…@')} ${parsed}`);
  return parsed;
}

/** The form `ssh-keygen -lf` prints: SHA256: and 43 characters of base64. */
function fingerprint(env: Env): string | undefined {
  const raw = nonEmpty(env, 'CALLBACK_TUNNEL_HOST_KEY');
  if (raw === undefined) return undefined;
  if (!/^SHA256:[A-Za-z0-9+/]{43}$/.test(raw))
    throw new ConfigError(`CALLBACK_TUNNEL_HOST_KEY=${raw} is not a SHA256 fingerprint as \`ssh-keygen -lf\` prints it (SHA256: and 43 characters)`);
  return raw;
}

/**
 * PLAIN_HTTP_URL, or BASE_URL as http when it is https: port 80 for https's default port, the same port otherwise (where
 * a TLS server answers plain HTTP with an error). Only beside an https BASE_URL: the check it serves judges nothing else.
 */
function plainHttpUrl(env: Env): string | undefined {
  const raw = nonEmpty(env, 'PLAIN_HTTP_URL');
  const base = baseUrl(env);
  const https = base !== undefined && new URL(base).protocol === 'https:';
  if (raw !== undefined) {
    const url = URL.canParse(raw) ? new URL(raw) : undefined;
    if (url === undefined || url.protocol !== 'http:' || url.search || url.hash)
      throw new ConfigError(`PLAIN_HTTP_URL=${raw} is not an absolute http URL without a query or fragment (expected e.g. http://sandbox.example.com)`);
    if (!https) throw new ConfigError(`PLAIN_HTTP_URL is set but BASE_URL is not https: it names the plain http address beside an https provider; unset it`);
    return raw.replace(/\/+$/, '');
  }
  if (!https) return undefined;
  const url = new URL(base);
  url.protocol = 'http:'; // https's default port (written '') becomes http's; another port stays
  return url.href.replace(/\/+$/, '');
}

function readableFile(env: Env, name: string): string | undefined {
  const path = nonEmpty(env, name);
  if (path === undefined) return undefined;
  try {
    readFileSync(path);
  } catch (e) {
    throw new ConfigError(`${name}=${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return path;
}

/** One variable of the configuration: its name, what it means, its default, in words for `--help`. */
interface VariableText {
  name: string;
  meaning: string;
  default: string;
  /** The suite's own, not one of defaults.md's. */
  own?: true;
  /** A file's path: a relative one is read from the folder the command was started in (scripts/cli.ts). */
  file?: true;
}

/** A variable readSettings reads: its key in Settings and its reader (checks included). */
type ReadVariable = { [K in keyof Settings]-?: VariableText & { key: K; read(env: Env): Settings[K] } }[keyof Settings];
/** A variable another module reads (named in `readBy`), listed here so that the help and docs/configuration.md list them all. */
type OtherVariable = VariableText & { key?: undefined; readBy: string };
export type Variable = ReadVariable | OtherVariable;

/**
 * The configuration: the one declaration of every variable, its default and its reader. readSettings reads the
 * rows with a key, in this order; `--help` (scripts/cli-help.ts) prints every row, and so does the table of
 * docs/configuration.md (generated by `npm run docs`; a self-test compares). A new variable is a new row.
 */
export const VARIABLES: readonly Variable[] = [
  {
    name: 'BASE_URL',
    key: 'baseUrl',
    read: baseUrl,
    meaning: 'provider base address, without trailing slash',
    default: 'unset: the embedded reference provider, on a free loopback port with generated credentials',
  },
  { name: 'API_KEY', key: 'apiKey', read: (env) => nonEmpty(env, 'API_KEY'), meaning: 'merchant object key', default: 'required when BASE_URL is set' },
  {
    name: 'CRYPTO_KEY',
    key: 'cryptoKey',
    read: (env) => (env.CRYPTO_KEY === undefined || env.CRYPTO_KEY === '' ? undefined : env.CRYPTO_KEY),
    meaning: 'merchant secret for the sha256 signatures; never sent, never written to any report',
    default: 'required when BASE_URL is set',
  },
  {
    name: 'XSIGN_PRIVATE_KEY',
    file: true,
    key: 'xSignPrivateKeyPath',
    read: (env) => readableFile(env, 'XSIGN_PRIVATE_KEY'),
    meaning: "path of the merchant's RSA private key (PEM) for X-Sign",
    default: 'unset: the account-to-card checks are skipped, with the reason',
  },
  {
    name: 'API_KEY_2',
    key: 'apiKey2',
    read: (env) => nonEmpty(env, 'API_KEY_2'),
    meaning: "a second merchant's object key, of the same provider: the checks that one merchant cannot read or act on another's payments",
    default: 'unset: those checks are not judged, with the reason (the embedded provider: a second generated merchant)',
    own: true,
  },
  {
    name: 'CRYPTO_KEY_2',
    key: 'cryptoKey2',
    read: (env) => (env.CRYPTO_KEY_2 === undefined || env.CRYPTO_KEY_2 === '' ? undefined : env.CRYPTO_KEY_2),
    meaning: "the second merchant's secret for the sha256 signatures; never sent, never written to any report",
    default: 'required with API_KEY_2',
    own: true,
  },
  {
    name: 'XSIGN_PRIVATE_KEY_2',
    file: true,
    key: 'xSignPrivateKeyPath2',
    read: (env) => readableFile(env, 'XSIGN_PRIVATE_KEY_2'),
    meaning: "path of the second merchant's RSA private key (PEM) for X-Sign",
    default: 'unset: the two-merchant account-to-card checks are not judged, with the reason',
    own: true,
  },
  {
    name: 'PROFILE',
    file: true,
    key: 'profilePath',
    read: (env) => readableFile(env, 'PROFILE'),
    meaning: 'JSON file deep-merged over the default profile (examples in contracts/profiles/)',
    default: 'the default profile',
  },
  {
    name: 'CALLBACK_PORT',
    key: 'callbackPort',
    read: (env) => integer(env, 'CALLBACK_PORT', 0, 65535),
    meaning: "port of the suite's callback receiver (POST on any path); the provider delivers to the address the run prints",
    default: 'a free port',
  },
  {
    name: 'CALLBACK_HOST',
    key: 'callbackHost',
    read: listenHost,
    meaning: 'address the callback receiver listens on (0.0.0.0 or ::: every interface, then CALLBACK_URL is required)',
    default: '127.0.0.1',
    own: true,
  },
  {
    name: 'CALLBACK_URL',
    key: 'callbackUrl',
    read: (env) => httpUrl(env, 'CALLBACK_URL', 'https://merchant.example.com:8787/callbacks'),
    meaning: 'the public address the provider delivers callbacks to, when it differs from the receiver (NAT, load balancer, tunnel)',
    default: "the receiver's address",
    own: true,
  },
  {
    name: 'CALLBACK_RELAY',
    key: 'callbackRelay',
    read: (env) => httpUrl(env, 'CALLBACK_RELAY', 'https://smee.io/AbCdEf123'),
    meaning: 'a smee channel the callbacks are relayed through, for a machine no connection can reach (docs/merchant-certification.md)',
    default: 'none',
    own: true,
  },
  {
    name: 'CALLBACK_TUNNEL',
    key: 'callbackTunnel',
    read: tunnelAddress,
    meaning:
      'an SSH server the provider reaches, asked to forward a port to the receiver (`ssh -R`): ssh://user@host[:port][/[bind_address:]port]; for a machine no connection can reach (docs/merchant-certification.md)',
    default: 'none',
    own: true,
  },
  {
    name: 'CALLBACK_TUNNEL_KEY',
    file: true,
    key: 'callbackTunnelKeyPath',
    read: (env) => readableFile(env, 'CALLBACK_TUNNEL_KEY'),
    meaning: 'path of the private key the tunnel authenticates with (never printed)',
    default: 'the ssh agent (SSH_AUTH_SOCK)',
    own: true,
  },
  {
    name: 'CALLBACK_TUNNEL_HOST_KEY',
    key: 'callbackTunnelHostKey',
    read: fingerprint,
    meaning: "SHA256 fingerprint of the tunnel gateway's host key (`ssh-keygen -lf`); required with CALLBACK_TUNNEL",
    default: 'none: the run stops, naming the fingerprint the gateway presented',
    own: true,
  },
  {
    name: 'SSH_AUTH_SOCK',
    key: 'sshAgent',
    read: (env) => nonEmpty(env, 'SSH_AUTH_SOCK'),
    meaning: 'the ssh agent the tunnel authenticates with when CALLBACK_TUNNEL_KEY is unset',
    default: "the shell's",
    own: true,
  },
  {
    name: 'FC_SEED',
    key: 'fcSeed',
    read: (env) => integer(env, 'FC_SEED', SEED_RANGE.min, SEED_RANGE.max),
    meaning: 'fast-check seed of the whole run (summary.json records it)',
    default: 'drawn once per run',
  },
  {
    name: 'FC_NUM_RUNS',
    key: 'fcNumRuns',
    read: (env) => integer(env, 'FC_NUM_RUNS', 1, MAX_NUM_RUNS),
    meaning: 'examples per property, exactly',
    default: '700, less for the checks that declare a smaller share',
  },
  {
    name: 'TIME_BUDGET',
    key: 'timeBudgetSeconds',
    read: (env) => positiveNumber(env, 'TIME_BUDGET'),
    meaning: 'seconds the run may spend (ignored with FC_NUM_RUNS)',
    default: 'unset: the default depth',
    own: true,
  },
  {
    name: 'RATE_LIMIT',
    key: 'rateLimit',
    read: (env) => positiveNumber(env, 'RATE_LIMIT'),
    meaning: 'most requests per second the suite sends',
    default: 'unlimited',
  },
  {
    name: 'REQUEST_TIMEOUT',
    key: 'requestTimeoutSeconds',
    read: (env) => positiveNumber(env, 'REQUEST_TIMEOUT') ?? 10,
    meaning: 'seconds to wait for one response',
    default: '10',
    own: true,
  },
  {
    name: 'MAX_IN_FLIGHT',
    key: 'maxInFlight',
    read: (env) => integer(env, 'MAX_IN_FLIGHT', 1, 10_000),
    meaning: 'most requests in flight at once, for the whole run',
    default: 'unset: 16 streams per property, up to 64 on a long round trip',
    own: true,
  },
  {
    name: 'PLAIN_HTTP_URL',
    key: 'plainHttpUrl',
    read: plainHttpUrl,
    meaning: 'the plain http address beside an https BASE_URL, where the API must refuse a valid invoice (no redirect, nothing carried out)',
    default:
      'BASE_URL with the scheme http (port 80 for https on 443, else the same port); with an http BASE_URL the check is skipped (setting it is an error)',
    own: true,
  },
  { name: 'FC_PATH', readBy: 'generators/settings.ts', meaning: 'replays one counterexample (with FC_SEED; a failure prints it)', default: 'unset', own: true },
  {
    name: 'FC_REPLAY_PATH',
    readBy: 'generators/settings.ts',
    meaning: "replays a command sequence's counterexample (a failure prints it)",
    default: 'unset',
    own: true,
  },
  { name: 'PTS_REPORTS_DIR', readBy: 'reporting/reports-dir.ts', meaning: 'where reports go', default: 'reports (in the current folder)', own: true },
  { name: 'BASELINE', file: true, readBy: 'scripts/conformance.ts', meaning: 'known-failures file for the gate (docs/ci-gate.md)', default: 'none', own: true },
  {
    name: 'PTS_SYSTEM_CHROMIUM',
    file: true,
    readBy: 'suite/runner/browser.ts',
    meaning: 'the system browser to use',
    default: '/usr/bin/chromium-headless-shell, else /usr/bin/chromium',
    own: true,
  },
];

/** Reads and checks the environment. Throws ConfigError; never reads secrets into messages. */
export function readSettings(env: Env = process.env): Settings {
  const read: Partial<Record<keyof Settings, unknown>> = {};
  for (const v of VARIABLES) if (v.key !== undefined) read[v.key] = v.read(env);
  const settings = read as Settings;
  if (settings.baseUrl !== undefined) {
    const missing = (['API_KEY', 'CRYPTO_KEY'] as const).filter((n) => (n === 'API_KEY' ? settings.apiKey : settings.cryptoKey) === undefined);
    if (missing.length > 0) throw new ConfigError(`BASE_URL is set, so ${missing.join(' and ')} must be set too (the merchant's credentials)`);
  } else if (
    settings.apiKey ||
    settings.cryptoKey ||
    settings.xSignPrivateKeyPath ||
    settings.apiKey2 ||
    settings.cryptoKey2 ||
    settings.xSignPrivateKeyPath2
  ) {
    throw new ConfigError(
      'API_KEY, CRYPTO_KEY or XSIGN_PRIVATE_KEY (or a _2 of them) is set but BASE_URL is not: set BASE_URL to test a provider, or unset them to use the embedded one',
    );
  }
  // The second merchant is whole or absent: a key without its secret would sign nothing.
  if (
    (settings.apiKey2 === undefined) !== (settings.cryptoKey2 === undefined) ||
    (settings.xSignPrivateKeyPath2 !== undefined && settings.apiKey2 === undefined)
  )
    throw new ConfigError('API_KEY_2 and CRYPTO_KEY_2 (the second merchant) are set together or not at all, and XSIGN_PRIVATE_KEY_2 only with them');
  if (settings.apiKey2 !== undefined && settings.apiKey2 === settings.apiKey)
    throw new ConfigError('API_KEY_2 is the same as API_KEY: the second merchant must be another merchant of the provider');
  if (settings.callbackUrl !== undefined && settings.callbackRelay !== undefined)
    throw new ConfigError('CALLBACK_URL and CALLBACK_RELAY are both set: the provider delivers to one address, the relay channel or CALLBACK_URL; unset one');
  if (settings.callbackTunnel !== undefined && settings.callbackRelay !== undefined)
    throw new ConfigError('CALLBACK_TUNNEL and CALLBACK_RELAY are both set: callbacks take one route, the tunnel or the relay; unset one');
  if (settings.callbackTunnel === undefined) {
    const orphan = (['CALLBACK_TUNNEL_KEY', 'CALLBACK_TUNNEL_HOST_KEY'] as const).filter((n) =>
      n === 'CALLBACK_TUNNEL_KEY' ? settings.callbackTunnelKeyPath !== undefined : settings.callbackTunnelHostKey !== undefined,
    );
    if (orphan.length > 0) throw new ConfigError(`${orphan.join(' and ')} set without CALLBACK_TUNNEL: set CALLBACK_TUNNEL to the gateway, or unset them`);
  }
  // On every interface the receiver has no one address to print, nor to issue the canaries under.
  if (
    settings.baseUrl !== undefined &&
    ['0.0.0.0', '::'].includes(settings.callbackHost) &&
    settings.callbackUrl === undefined &&
    settings.callbackRelay === undefined &&
    settings.callbackTunnel === undefined
  )
    throw new ConfigError(
      `CALLBACK_HOST=${settings.callbackHost} listens on every interface: set CALLBACK_URL to the address the provider delivers callbacks to (e.g. http://203.0.113.7:8787/callbacks)`,
    );
  for (const [name, path] of [
    ['XSIGN_PRIVATE_KEY', settings.xSignPrivateKeyPath],
    ['XSIGN_PRIVATE_KEY_2', settings.xSignPrivateKeyPath2],
  ] as const) {
    if (path === undefined) continue;
    const pem = readFileSync(path, 'utf8');
    if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(pem)) throw new ConfigError(`${name}=${path} is not a PEM private key (PKCS#1 or PKCS#8)`);
  }
  return settings;
}
