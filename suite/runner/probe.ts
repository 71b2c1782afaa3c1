// Before the run: a provider that cannot be connected to at all (refused, host not found, no route, TLS failure), or
// an address whose server answers but is no Payment Transfer Service (an HTML site, 404 on every operation, another
// API), is one clear message and exit code 2, not hundreds of failures. A service that answers an empty invoice with
// the document's validation failure is "there", however badly it answers the rest: the checks judge that.
import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { HttpClient } from '../harness/client.js';
import type { Exchange } from '../harness/exchange.js';
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

/** The request fields of an invoice: an answer keyed by one of them is the document's validation failure. */
const INVOICE_FIELDS = /^(api_key|transaction|signature|amount|description|return_url|payload(\.client_id|\.client_ip)?)$/;

/** What answered, in a few words, for the one line that says it was not the service. */
function answered(x: Exchange): string {
  const r = x.response;
  if (!r) return x.transportError ?? 'no answer';
  const type = r.headers['content-type'] ?? 'no Content-Type';
  const text = r.bodyText.replace(/\s+/g, ' ').trim();
  const title = /<title>([^<]{0,80})/i.exec(r.bodyText)?.[1]?.trim();
  return `HTTP ${r.status} ${type}${title ? ` (an HTML page titled "${title}")` : text ? ` ${JSON.stringify(text.slice(0, 80))}` : ''}`;
}

/** A body keyed by invoice fields, each with messages: the document's validation failure (Errors), whatever its status. */
function isValidationAnswer(x: Exchange): boolean {
  const r = x.response;
  if (!r || r.status < 400 || r.status > 499 || typeof r.json !== 'object' || r.json === null || Array.isArray(r.json)) return false;
  return Object.entries(r.json as Record<string, unknown>).some(([k, v]) => INVOICE_FIELDS.test(k) && (Array.isArray(v) || typeof v === 'string'));
}

/**
 * Whether what answers at BASE_URL is a Payment Transfer Service: an empty invoice (`{}`, nothing to create) gets the
 * document's validation failure, a JSON object keyed by the missing fields. Anything else (an HTML page, a 404 on the
 * operations, another service's JSON) is a wrong BASE_URL or profile paths: ServiceMismatch, one line saying what
 * answered, before any check.
 */
export async function identifyService(
  baseUrl: string,
  paths: { invoice: string; account2card: string; status: string },
  timeoutSeconds: number,
): Promise<void> {
  const client = new HttpClient({ baseUrl, timeoutSeconds, breakerStateFile: null, connections: 2 });
  try {
    const post = (path: string) => client.send({ path, headers: { 'content-type': 'application/json' }, body: '{}' });
    const invoice = await post(paths.invoice);
    if (invoice.response === undefined || invoice.unavailable)
      throw new ProviderUnreachable(`provider at BASE_URL=${baseUrl} is unavailable: POST ${paths.invoice}: ${answered(invoice)}`);
    if (isValidationAnswer(invoice)) return;
    const others = invoice.response.status === 404 ? await Promise.all([post(paths.account2card), post(paths.status)]) : [];
    const everywhere = others.length > 0 && others.every((x) => x.response?.status === 404) ? ' (404 on the account to card and status paths too)' : '';
    throw new ServiceMismatch(
      `BASE_URL=${baseUrl} does not answer like a Payment Transfer Service: POST ${paths.invoice} with an empty invoice {} got ${answered(invoice)}${everywhere}, not a validation failure keyed by the missing fields (check BASE_URL and the profile's paths)`,
    );
  } finally {
    await client.close();
  }
}

/** What answers at BASE_URL is not the service: a setup problem (exit 2), not a conformance verdict. */
export class ServiceMismatch extends Error {
  override name = 'ServiceMismatch';
}
