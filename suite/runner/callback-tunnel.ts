// CALLBACK_TUNNEL: a remote port forward over SSH (what `ssh -R` does, through the ssh2 library). The suite connects
// out to an SSH server the provider reaches (a gateway of the merchant's, or a tunnel service that speaks SSH) and
// asks it to listen on a port; each connection the provider opens there comes back over the SSH connection to the
// receiver, and the receiver's answer goes back the same way. Unlike the smee relay, the whole exchange crosses:
// the receiver's refusals reach the provider and the canaries are fetched, so nothing is left not judged for it.
// The gateway's host key is checked against CALLBACK_TUNNEL_HOST_KEY (its SHA256 fingerprint), as ssh's
// StrictHostKeyChecking would: an unknown key stops the run, naming the fingerprint it presented. A tunnel lost during
// the run (a gateway restarted, a NAT that forgot the connection) is opened again on the same port (keptTunnel): the
// provider keeps delivering to the address it was given, and its redeliveries cover the callbacks of the gap.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { describeConnectError } from './probe.js';

/** ssh2, loaded by the first tunnel: every process reads the settings that name one, few open one. */
async function sshClient() {
  const { default: ssh2 } = await import('ssh2');
  return new ssh2.Client();
}

/** How long connecting and authenticating may take, and the request to listen. */
const TUNNEL_CONNECT_MS = 15_000;
/** How long a tunnel lost during the run is tried again, and the longest pause between two tries. */
const RECONNECT_MS = 120_000;
const RECONNECT_PAUSE_MAX_MS = 8_000;
const DEFAULT_SSH_PORT = 22;

export class TunnelError extends Error {
  override name = 'TunnelError';
}

/** CALLBACK_TUNNEL parsed: `ssh://user@host[:port][/[bind_address:]port]`. */
export interface TunnelAddress {
  user: string;
  host: string;
  port: number;
  /** Where the gateway listens: '' is every address its server allows (GatewayPorts); port 0 lets it choose. */
  bindAddress: string;
  bindPort?: number;
}

/**
 * Reads CALLBACK_TUNNEL, or returns why it is not one (the settings turn that into a ConfigError). No password:
 * a secret in an address would be printed wherever the address is.
 */
export function parseTunnelAddress(raw: string): TunnelAddress | string {
  const example = 'ssh://tunnel@gateway.example.com:22/0.0.0.0:8787';
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || url.protocol !== 'ssh:' || url.hostname === '') return `is not an ssh:// address (expected e.g. ${example})`;
  if (url.password !== '') return 'carries a password: the tunnel authenticates with a key (CALLBACK_TUNNEL_KEY, or the ssh agent)';
  if (url.username === '') return `names no user (expected e.g. ${example})`;
  if (url.search || url.hash) return 'must not carry a query or fragment';
  const forward = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const m = /^(?:(\[[^\]]+\]|[^:]*):)?(\d{1,5})$/.exec(forward);
  if (forward !== '' && (m === null || Number(m[2]) > 65535))
    return `has the path /${forward}: it names where the gateway listens, as [bind_address:]port (e.g. /0.0.0.0:8787)`;
  return {
    user: decodeURIComponent(url.username),
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? DEFAULT_SSH_PORT : Number(url.port),
    bindAddress: m?.[1]?.replace(/^\[|\]$/g, '') ?? '',
    ...(m ? { bindPort: Number(m[2]) } : {}),
  };
}

/** The form `ssh-keygen -lf` prints: `SHA256:` and the unpadded base64 of the key blob's digest. */
export function sha256Fingerprint(keyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

interface TunnelOptions {
  address: TunnelAddress;
  /** The fingerprint the gateway's host key must have (CALLBACK_TUNNEL_HOST_KEY). */
  hostKey?: string;
  /** Path of the private key (CALLBACK_TUNNEL_KEY); else the agent at SSH_AUTH_SOCK. */
  keyPath?: string;
  agent?: string;
  /** Where each forwarded connection goes: the receiver. */
  target: { host: string; port: number };
  /** Asks for no forward: only connect and authenticate (the preflight). */
  probeOnly?: boolean;
  /** Called when an open tunnel closes before the run asked it to. */
  onLost?: () => void;
}

export interface Tunnel {
  /** The port the gateway listens on (the one asked for, or the one it chose). */
  remotePort: number;
  /** Connections forwarded so far. */
  forwarded(): number;
  close(): Promise<void>;
}

/** Where the tunnel comes from, for messages: never the key. */
export function tunnelName(a: TunnelAddress): string {
  return `ssh://${a.user}@${a.host.includes(':') ? `[${a.host}]` : a.host}:${a.port}`;
}

/** Connects, checks the host key, authenticates and (unless probeOnly) asks the gateway to listen. */
export async function openTunnel(options: TunnelOptions): Promise<Tunnel> {
  const { address } = options;
  const client = await sshClient();
  let presented: string | undefined;
  let forwarded = 0;
  const sockets = new Set<{ destroy(): void }>();
  return new Promise<Tunnel>((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      client.end();
      reject(new TunnelError(why));
    };
    client.on('error', (e: Error & { level?: string; code?: string }) => {
      if (presented !== undefined && presented !== options.hostKey) return fail(hostKeyProblem(presented, options.hostKey));
      if (e.level === 'client-authentication')
        return fail(
          options.keyPath !== undefined || options.agent !== undefined
            ? `the gateway refused ${options.keyPath !== undefined ? `the key CALLBACK_TUNNEL_KEY=${options.keyPath}` : 'the keys of the ssh agent (SSH_AUTH_SOCK)'}`
            : 'no key to authenticate with: set CALLBACK_TUNNEL_KEY to a private key the gateway accepts, or SSH_AUTH_SOCK to an agent holding one',
        );
      fail(e.code !== undefined ? describeConnectError(e) : e.message);
    });
    let closed = false;
    /** Set once the tunnel is open, and once the run asks it to close: a close between the two is a loss. */
    let open = false;
    let ending = false;
    client.on('close', () => {
      closed = true;
      if (open && !ending) options.onLost?.();
      fail('the gateway closed the connection');
    });
    client.on('ready', () => {
      if (options.probeOnly) {
        settled = true;
        resolve({
          remotePort: 0,
          forwarded: () => 0,
          close: async () => {
            ending = true;
            client.end();
          },
        });
        return;
      }
      client.forwardIn(address.bindAddress, address.bindPort ?? 0, (err, port) => {
        if (err)
          return fail(`the gateway refused to listen on ${address.bindAddress || '*'}:${address.bindPort ?? 0} (${err.message}): is AllowTcpForwarding on?`);
        settled = true;
        open = true;
        resolve({
          remotePort: port || address.bindPort || 0,
          forwarded: () => forwarded,
          close: () =>
            new Promise<void>((done) => {
              ending = true;
              for (const s of sockets) s.destroy();
              if (closed) return done();
              client.once('close', () => done());
              client.end();
            }),
        });
      });
    });
    client.on('tcp connection', (_info, accept) => {
      forwarded++;
      const channel = accept();
      const local = tcpConnect(options.target.port, options.target.host);
      sockets.add(local);
      const drop = () => {
        sockets.delete(local);
        local.destroy();
        channel.destroy();
      };
      local.on('error', drop);
      channel.on('error', drop);
      local.on('close', drop);
      channel.pipe(local).pipe(channel);
    });
    let key: Buffer | undefined;
    try {
      key = options.keyPath !== undefined ? readFileSync(options.keyPath) : undefined;
    } catch (e) {
      return fail(`CALLBACK_TUNNEL_KEY=${options.keyPath} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    try {
      client.connect({
        host: address.host,
        port: address.port,
        username: address.user,
        readyTimeout: TUNNEL_CONNECT_MS,
        ...(key !== undefined ? { privateKey: key } : options.agent !== undefined ? { agent: options.agent } : {}),
        hostVerifier: (blob: Buffer) => {
          presented = sha256Fingerprint(blob);
          return presented === options.hostKey;
        },
      });
    } catch (e) {
      // ssh2 throws here for a key it cannot parse (an encrypted key without its passphrase, a wrong format).
      fail(`CALLBACK_TUNNEL_KEY=${options.keyPath}: ${(e as Error).message}`);
    }
  });
}

function hostKeyProblem(presented: string, expected: string | undefined): string {
  return expected === undefined
    ? `the gateway's host key is ${presented} and CALLBACK_TUNNEL_HOST_KEY is not set: compare it with \`ssh-keygen -lf\` of the gateway's host key and set CALLBACK_TUNNEL_HOST_KEY=${presented}`
    : `the gateway's host key is ${presented}, not CALLBACK_TUNNEL_HOST_KEY=${expected}: someone may be in between, or the gateway's key changed`;
}

export interface KeepOptions {
  /** How long a lost tunnel is tried again before the run is told that callbacks can no longer arrive. */
  reconnectMs?: number;
  /** Where the run is told (its error output). */
  report?: (line: string) => void;
  /** The tunnel lost (with why), and open again: the receiver judges the waits that met the gap as not judged. */
  down?: (why: string) => void;
  up?: () => void;
}

/**
 * A tunnel opened as openTunnel opens it, and opened again, on the port the gateway gave it first, whenever it is
 * lost during the run: tries with pauses growing to 8 s, for up to two minutes (the gateway may still hold the old
 * port for a while). A host key that changed in between is not tried again. Each loss, and what came of it, is one line.
 */
export async function keptTunnel(options: TunnelOptions, keep: KeepOptions = {}): Promise<Tunnel> {
  const report = keep.report ?? ((line: string) => console.error(line));
  const name = tunnelName(options.address);
  let ending = false;
  /** Connections forwarded by the tunnels lost before the live one. */
  let earlier = 0;
  let live: Tunnel | undefined;
  const reopen = async (port: number): Promise<void> => {
    if (ending || live === undefined) return;
    earlier += live.forwarded();
    live = undefined;
    keep.down?.(`the tunnel ${name} closed`);
    report(`callbacks: the tunnel ${name} closed during the run: opening it again on port ${port} there`);
    const until = Date.now() + (keep.reconnectMs ?? RECONNECT_MS);
    let why = 'the run ended';
    for (let pause = 250; !ending && Date.now() < until; pause = Math.min(pause * 2, RECONNECT_PAUSE_MAX_MS)) {
      try {
        const again = await openTunnel({ ...options, address: { ...options.address, bindPort: port }, onLost: () => void reopen(port) });
        if (ending) return void (await again.close());
        live = again;
        keep.up?.();
        return report(`callbacks: the tunnel ${name} is open again on port ${port} there`);
      } catch (e) {
        why = (e as Error).message;
        if (e instanceof TunnelError && why.includes('host key')) break;
      }
      // A pause between tries, as ssh's reconnecting wrappers make: the gateway or the network is on its way back.
      await delay(Math.min(pause, Math.max(0, until - Date.now())));
    }
    if (!ending) report(`callbacks: the tunnel ${name} could not be opened again (${why}): callbacks after this cannot arrive`);
  };
  let port = 0;
  live = await openTunnel({ ...options, onLost: () => void reopen(port) });
  port = live.remotePort;
  return {
    remotePort: port,
    forwarded: () => earlier + (live?.forwarded() ?? 0),
    close: async () => {
      ending = true;
      await live?.close();
    },
  };
}
