// CONNECT on a bare connection to the provider (TLS for an https BASE_URL): the pooled client cannot send it
// (undici takes CONNECT for its own proxy tunnels). Only the status line is read: a 2xx there would turn the
// connection into a tunnel to the target, so the socket is closed as soon as the line has come.
import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Exchange } from './exchange.js';

/** What one CONNECT came to, as an exchange for the evidence (the status line as the response's status). */
interface ConnectOutcome {
  exchange: Exchange;
  /** The connection was made and then closed (or reset) before any status line: the provider refused. */
  closedUnanswered: boolean;
  /** How to send the same CONNECT again (curl through the provider as a proxy). */
  replay: string;
}

/** `host:port` of an address, with the scheme's default port written out (CONNECT's authority-form). */
export function authorityOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
}

/**
 * A bare connection to the provider at `baseUrl` (TLS for https, offering http/1.1 only), for the requests the pooled
 * client cannot send: CONNECT here, bytes framed on purpose (checks/framing.ts).
 */
export function openBareConnection(baseUrl: string, onConnect: () => void): Socket {
  const url = new URL(baseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'https:')
    return tlsConnect({ host, port: Number(url.port || 443), servername: isIP(host) ? undefined : host, ALPNProtocols: ['http/1.1'] }, onConnect);
  return tcpConnect({ host, port: Number(url.port || 80) }, onConnect);
}

/** Sends `CONNECT target HTTP/1.1` to the provider at `baseUrl` and reads its status line, within `timeoutMs`. */
export function sendConnect(baseUrl: string, target: string, timeoutMs: number): Promise<ConnectOutcome> {
  const url = new URL(baseUrl);
  const headers = { Host: target };
  const started = performance.now();
  const replay = `curl -sS -i -p -x ${url.origin} http://${target}/`;
  return new Promise((resolve) => {
    let connected = false;
    let head = '';
    const finish = (status: number | undefined, transportError?: string) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      const line = head.split('\r\n')[0] ?? '';
      const exchange: Exchange = {
        request: { method: 'CONNECT', url: `${url.origin}/`, headers }, // the request target is the Host
        ms: Math.round(performance.now() - started),
        rateLimitedRetries: 0,
        ...(status === undefined
          ? { transportError, unavailable: true }
          : { response: { status, headers: {}, bodyText: line, truncated: false, jsonError: 'status line only' } }),
      };
      resolve({ exchange, closedUnanswered: status === undefined && connected && /^connection (closed|reset)/.test(transportError ?? ''), replay });
    };
    const timer = setTimeout(() => finish(undefined, `no answer in ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    const onConnect = () => {
      connected = true;
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
    };
    const socket = openBareConnection(baseUrl, onConnect);
    socket.on('data', (d: Buffer) => {
      head += d.toString('latin1');
      const m = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(head);
      if (m && head.includes('\r\n')) finish(Number(m[1]));
      else if (head.includes('\r\n')) finish(undefined, `no HTTP status line: ${JSON.stringify(head.slice(0, 80))}`);
    });
    socket.on('close', () => finish(undefined, 'connection closed without an answer'));
    socket.on('error', (e: NodeJS.ErrnoException) =>
      finish(undefined, connected ? 'connection reset without an answer' : `no connection: ${e.code ?? e.message}`),
    );
  });
}
