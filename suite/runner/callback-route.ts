// Where the provider delivers callbacks, and whether they can arrive at all. Three ways, as the merchant's
// network allows (docs/merchant-certification.md):
// - the receiver's own address, when the provider reaches it (CALLBACK_HOST: the address it listens on);
// - CALLBACK_URL, the public address the provider delivers to, when it differs (a NAT, a load balancer, a tunnel
//   agent started by the merchant): its origin is also where the canaries are issued;
// - CALLBACK_RELAY, a smee channel (smee-client): the suite connects out to the channel and each callback POSTed
//   to it comes back over Server-Sent Events and is forwarded to the receiver. The channel answers the provider
//   itself, so the receiver's refusals do not reach it, and it carries POSTs only (no canary requests);
// - CALLBACK_TUNNEL, an SSH server asked to forward a port of its own to the receiver (callback-tunnel.ts): the
//   whole exchange crosses it, answers included, so every callback check is judged as on a direct route.
// With a provider off this machine (BASE_URL's host neither loopback nor an address of this machine's interfaces;
// a host name other than localhost counts as off it), a receiver on loopback only, and none of these, no
// callback can arrive: every check that waits for one is not judged, with why (harness/callback-receiver.ts `Reach`).
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { SmeeClient } from 'smee-client';
import { OUT_OF_REACH } from '../../contracts/run-protocol.js';
import { CallbackInbox, type CallbackReceiver } from '../harness/callback-receiver.js';
import { describeConnectError } from './probe.js';
import { keptTunnel, openTunnel, TunnelError, tunnelName, type KeepOptions, type Tunnel } from './callback-tunnel.js';
import type { Settings } from './settings.js';

/** How long the route's self-check waits for its own POST, and the relay for its channel to open. */
const SELF_CHECK_MS = 5000;
const RELAY_CONNECT_MS = 10_000;

export class CallbackRouteError extends Error {
  override name = 'CallbackRouteError';
}

interface CallbackRoute {
  /** The address the provider delivers callbacks to: what the merchant registers with the sandbox. */
  publicUrl: string;
  /** Why no callback can arrive (the workers' `Reach.outOfReach`), when none can. */
  outOfReach?: string;
  /** Set when callbacks come through the relay (the workers' `Reach.relayed`). */
  relayed?: string;
  /** Lines for the console: the address to register, and the self-check's warning if it did not arrive. */
  lines: string[];
  close(): Promise<void>;
}

/** 127.0.0.0/8, ::1, `localhost` (and its subdomains, RFC 6761), and the IPv4-mapped loopback. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1' || /^::ffff:127\./.test(h);
}

/** Loopback, or an address of one of this machine's interfaces: a provider there reaches the receiver on loopback. */
function isThisMachine(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return isLoopbackHost(h) || Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address.toLowerCase() === h));
}

/** The receiver's listening options: its host, and the public origin canaries are issued under (CALLBACK_URL's). */
export function receiverOptions(settings: Settings): { host: string; port: number; publicOrigin?: string } {
  return {
    host: settings.callbackHost,
    port: settings.callbackPort ?? 0,
    ...(settings.callbackUrl !== undefined ? { publicOrigin: new URL(settings.callbackUrl).origin } : {}),
  };
}

/**
 * The route callbacks take to the receiver: the public address, the relay started when CALLBACK_RELAY is set
 * (a channel that cannot be opened, or that does not bring the suite's own POST back, is a CallbackRouteError:
 * every callback check would otherwise fail for the relay's sake), and why none can arrive when none can.
 */
export async function openCallbackRoute(settings: Settings, receiver: CallbackReceiver): Promise<CallbackRoute> {
  const local = `${receiver.url}/callbacks`;
  if (settings.callbackRelay !== undefined) return openRelay(settings.callbackRelay, receiver);
  if (settings.callbackTunnel !== undefined) return openTunnelRoute(settings, receiver);
  if (settings.callbackUrl !== undefined) {
    const lines = [registerLine(settings.callbackUrl, receiver)];
    // Only a warning: this machine reaching its own public address (hairpin NAT, a firewall that lets the
    // provider's addresses in) is another path than the provider's, so a miss proves nothing against it.
    if (settings.baseUrl !== undefined && !(await arrives(settings.callbackUrl, receiver)))
      lines.push(missedSelfCheck(`CALLBACK_URL=${settings.callbackUrl}`, 'did not reach the receiver'));
    return { publicUrl: settings.callbackUrl, lines, close: async () => undefined };
  }
  const remote = settings.baseUrl !== undefined && !isThisMachine(new URL(settings.baseUrl).hostname);
  if (remote && isLoopbackHost(settings.callbackHost)) {
    const outOfReach =
      `${OUT_OF_REACH}: the provider (BASE_URL=${new URL(settings.baseUrl!).origin}) is not on this machine and the callback receiver listens on ` +
      `${receiver.url} only, with none of CALLBACK_URL, CALLBACK_TUNNEL, CALLBACK_RELAY set, so no callback can arrive: set CALLBACK_HOST and ` +
      `CALLBACK_URL to an address the provider reaches, CALLBACK_TUNNEL to an SSH gateway it reaches, or CALLBACK_RELAY (docs/merchant-certification.md)`;
    return { publicUrl: local, outOfReach, lines: [`callbacks: not judged: ${outOfReach}`], close: async () => undefined };
  }
  return { publicUrl: local, lines: settings.baseUrl !== undefined ? [registerLine(local, receiver)] : [], close: async () => undefined };
}

/** The warning when the suite's own test POST to the public address did not arrive (`what`: how it went missing). */
function missedSelfCheck(to: string, what: string): string {
  return `callbacks: warning: a test POST from this machine to ${to} ${what} within ${SELF_CHECK_MS / 1000} s; if the provider cannot reach it either, the callback checks will fail for want of deliveries`;
}

function registerLine(publicUrl: string, receiver: CallbackReceiver, via = ''): string {
  return `callbacks: register ${publicUrl} with the sandbox as the merchant's callback address (the receiver listens at ${receiver.url}${via})`;
}

/**
 * One look at the relay channel before the run (the gate's and certification's preflight): it answers a listener
 * with an event stream, or the run stops with one line, as for an unreachable provider.
 */
export async function probeRelay(channel: string): Promise<void> {
  const why = await fetch(channel, { headers: { accept: 'text/event-stream' }, signal: AbortSignal.timeout(RELAY_CONNECT_MS) }).then(
    async (res) => {
      const type = res.headers.get('content-type') ?? '(none)';
      await res.body?.cancel();
      return res.ok && /text\/event-stream/i.test(type) ? undefined : `it answers HTTP ${res.status} ${type}, not an event stream`;
    },
    (e: unknown) => {
      const cause = (e as { cause?: unknown }).cause;
      return cause === undefined ? String((e as Error).message ?? e) : describeConnectError(cause);
    },
  );
  if (why !== undefined) throw new CallbackRouteError(`CALLBACK_RELAY=${channel}: the relay channel cannot be opened: ${why}`);
}

/**
 * The tunnel of the settings (`target`: where forwarded connections go, the receiver), its problems as one
 * CallbackRouteError naming CALLBACK_TUNNEL, as the relay's are.
 */
async function tunnelOf(settings: Settings, target: { host: string; port: number }, probeOnly = false, keep?: KeepOptions): Promise<Tunnel> {
  const address = settings.callbackTunnel!;
  const options = {
    address,
    target,
    probeOnly,
    ...(settings.callbackTunnelHostKey !== undefined ? { hostKey: settings.callbackTunnelHostKey } : {}),
    ...(settings.callbackTunnelKeyPath !== undefined ? { keyPath: settings.callbackTunnelKeyPath } : {}),
    ...(settings.sshAgent !== undefined ? { agent: settings.sshAgent } : {}),
  };
  // The run's tunnel is kept open again after a loss; the preflight's only connects.
  return (probeOnly ? openTunnel(options) : keptTunnel(options, keep)).catch((e: unknown) => {
    throw e instanceof TunnelError ? new CallbackRouteError(`CALLBACK_TUNNEL=${tunnelName(address)}: ${e.message}`) : e;
  });
}

/** The gateway's checks before the run (preflight): it answers, its host key is the one expected, it takes the key. */
export async function probeTunnel(settings: Settings): Promise<void> {
  await (await tunnelOf(settings, { host: '127.0.0.1', port: 0 }, true)).close();
}

async function openTunnelRoute(settings: Settings, receiver: CallbackReceiver): Promise<CallbackRoute> {
  const address = settings.callbackTunnel!;
  const name = tunnelName(address);
  const local = new URL(receiver.url);
  const tunnel = await tunnelOf(settings, { host: local.hostname.replace(/^\[|\]$/g, ''), port: Number(local.port) }, false, {
    down: (why) => receiver.routeDown(why),
    up: () => receiver.routeUp(),
  });
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  // Without CALLBACK_URL the gateway's own name and the port it listens on are the public address.
  const publicUrl = settings.callbackUrl ?? `http://${host}:${tunnel.remotePort}/callbacks`;
  receiver.reachedAt(new URL(publicUrl).origin);
  const lines = [registerLine(publicUrl, receiver, `, through the tunnel ${name}, port ${tunnel.remotePort} there`)];
  if (!(await arrives(publicUrl, receiver))) lines.push(missedSelfCheck(publicUrl, 'did not come back through the tunnel'));
  return { publicUrl, lines, close: () => tunnel.close() };
}

async function openRelay(channel: string, receiver: CallbackReceiver): Promise<CallbackRoute> {
  const errors: string[] = [];
  const client = new SmeeClient({
    source: channel,
    target: `${receiver.url}/callbacks`,
    maxConnectionTimeout: RELAY_CONNECT_MS,
    // Its own lines ("Forwarding …", one per delivery) would interleave with the run's output.
    logger: { info: () => undefined, error: (...a: unknown[]) => void errors.push(a.map(String).join(' ')) },
  });
  try {
    await client.start();
  } catch (e) {
    throw new CallbackRouteError(`CALLBACK_RELAY=${channel}: the relay channel cannot be opened (${(e as Error).message ?? String(e)})`);
  }
  const close = () => client.stop();
  if (!(await arrives(channel, receiver))) {
    await close();
    throw new CallbackRouteError(
      `CALLBACK_RELAY=${channel}: a test POST to the channel did not come back through the relay within ${SELF_CHECK_MS / 1000} s${errors.length ? ` (${errors.at(-1)})` : ''}: no callback would arrive`,
    );
  }
  const relayed = `${OUT_OF_REACH} directly: callbacks come through the relay CALLBACK_RELAY=${channel}`;
  return { publicUrl: channel, relayed, lines: [registerLine(channel, receiver, ', through the relay')], close };
}

/** POSTs a callback-shaped test body to `url` and waits for the receiver to record it. */
async function arrives(url: string, receiver: CallbackReceiver): Promise<boolean> {
  const transaction = `pts-callback-self-check-${randomUUID()}`;
  const waiting = new CallbackInbox(receiver.url).waitFor(transaction, 1, SELF_CHECK_MS);
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transaction, self_check: 'the suite checks that callbacks sent here reach it' }),
    signal: AbortSignal.timeout(SELF_CHECK_MS),
  }).then(
    (r) => r.arrayBuffer(),
    () => undefined,
  );
  return (await waiting).length > 0;
}
