// One connection before the run: a provider that cannot be connected to at all (refused, host not
// found, no route, TLS failure) is one clear message and exit code 2, not hundreds of failures.
// A provider that accepts the connection is "there", however badly it then answers: silence, garbage,
// redirects and error pages are judged by the checks, which fail naming the rules they break.
import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { ProviderUnreachable } from '../harness/failure.js';

/** Why a connection could not be made, in words (codes from node:net, node:dns and node:tls). */
export function describeConnectError(e: unknown): string {
  const err = e as { code?: string; message?: string };
  const code = err?.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') return 'host name not found';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') return 'no route to the host';
  if (code === 'ECONNRESET') return 'connection reset while connecting';
  if (/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/.test(code) || /SSL|TLS|certificate/i.test(err?.message ?? ''))
    return `TLS failure (${code || err?.message})`;
  return `${code || 'error'}: ${err?.message ?? String(e)}`;
}

/** Opens one TCP (or TLS, for https) connection to BASE_URL and closes it; throws ProviderUnreachable when none can be made. */
export async function probeProvider(baseUrl: string, _path: string, timeoutSeconds: number): Promise<void> {
  const url = new URL(baseUrl);
  const https = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (https ? 443 : 80));
  const reason = await new Promise<string | undefined>((resolve) => {
    // The connect callback may not run before the socket exists: it is looked up when called.
    const done = (why: string | undefined) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve(why);
    };
    const timer = setTimeout(() => done(`no connection in ${timeoutSeconds} s`), timeoutSeconds * 1000);
    const socket: Socket = https
      ? tlsConnect({ host, port, servername: isIP(host) ? undefined : host, ALPNProtocols: ['http/1.1'] }, () => done(undefined))
      : tcpConnect({ host, port }, () => done(undefined));
    socket.on('error', (e) => done(describeConnectError(e)));
  });
  if (reason !== undefined) throw new ProviderUnreachable(`provider at BASE_URL=${baseUrl} is unreachable: ${reason}`);
}
