// One try of a request on keep-alive connections (undici's pool), with a deadline for the status, the headers and
// the body, a cap on the body read, and the answer's own defects told: a body cut short of its Content-Length, or
// longer than it. No retries, no limits: those are the client's (client.ts).
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { errors, Pool } from 'undici';
import type { ReceivedResponse } from './exchange.js';
import { transportFailure, type TransportFailure } from './transport-errors.js';
import { SuiteError } from './failure.js';

/** The most of a response body the suite reads; a hostile provider may send far more. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** Connections a pool opens at most, unless told otherwise. */
export const POOL_CONNECTIONS = 64;

/** What one try came to: an answer, or transport trouble. */
type TryOutcome = { response: ReceivedResponse } | TransportFailure;

interface TryRequest {
  method: string;
  /** The path on the pool's origin, the base URL's path included. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length), in several chunks. */
  chunked?: boolean;
}

export class TransportPool {
  private readonly pool: Pool;
  /** When the pool last dropped a connection for bytes beyond a response (a Content-Length shorter than the body). */
  private lastSurplusBytesAt = -Infinity;

  constructor(
    private readonly origin: string,
    private readonly timeoutSeconds: number,
    connections = POOL_CONNECTIONS,
  ) {
    this.pool = new Pool(origin, {
      // Connections open only as needed: one for a check's sequential requests, many for the concurrency checks' bursts.
      connections,
      keepAliveTimeout: 4_000, // below Node servers' 5 s idle close, so a pooled socket is never reused as the server drops it
    }); // undici follows no redirects: a redirect is an answer, and a redirect loop cannot trap the suite
    this.pool.on('disconnect', (_origin, _targets, err) => {
      if ((err as { message?: string } | undefined)?.message === 'bad response') this.lastSurplusBytesAt = performance.now();
    });
  }

  async try(request: TryRequest): Promise<TryOutcome> {
    const { method, path, headers } = request;
    const body = request.chunked && request.body !== undefined ? Readable.from(inChunks(Buffer.from(request.body)), { objectMode: false }) : request.body;
    const deadline = AbortSignal.timeout(this.timeoutSeconds * 1000);
    const started = performance.now();
    let declaredLength: number | undefined;
    let received: { bytes: number } | undefined;
    try {
      const res = await this.pool.request({ method: method as 'POST', path, headers, body, signal: deadline });
      const cl = res.headers['content-length'];
      declaredLength = typeof cl === 'string' && /^\d+$/.test(cl) ? Number(cl) : undefined;
      received = { bytes: 0 };
      const { text, truncated, notUtf8 } = await readCapped(res.body, deadline, received);
      if (declaredLength !== undefined && !truncated) {
        // Bytes beyond the declared length make undici drop the connection as soon as they are parsed;
        // its 'disconnect' comes with the socket's close callback, at the latest one loop turn later.
        await new Promise((r) => setImmediate(r));
        await new Promise((r) => setImmediate(r));
        if (this.lastSurplusBytesAt >= started)
          return {
            transportError: `response length differs from its Content-Length (more bytes followed the ${declaredLength} it declared)`,
            kind: 'defect',
          };
      }
      const flatHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flatHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
      const parsed = parseJson(text, truncated);
      return { response: { status: res.statusCode, headers: flatHeaders, bodyText: text, truncated, ...(notUtf8 ? { notUtf8 } : {}), ...parsed } };
    } catch (e) {
      // The pool closed under a check: the suite's own mistake, never the provider's answer, never "unavailable".
      if (e instanceof errors.ClientDestroyedError || e instanceof errors.ClientClosedError)
        throw new SuiteError(`the suite's connections to ${this.origin} were closed while a check still sent ${method} ${path} (${(e as Error).message})`);
      const failure = transportFailure(e, this.timeoutSeconds);
      if (received === undefined) return failure;
      // The status and headers came; the body did not complete.
      if (failure.kind === 'timeout')
        return { transportError: `${failure.transportError} (status and headers came, then only ${received.bytes} body byte(s))`, kind: 'timeout' };
      if (declaredLength !== undefined && received.bytes < declaredLength)
        return {
          transportError: `response length differs from its Content-Length (it declared ${declaredLength} bytes, the connection closed after ${received.bytes})`,
          kind: 'unavailable',
        };
      return failure;
    }
  }

  async close(): Promise<void> {
    await this.pool.close().catch(() => undefined);
  }
}

/** A body as an iterable of a few chunks: undici sends it with Transfer-Encoding: chunked. A new one for every try. */
function* inChunks(bytes: Buffer): Iterable<Buffer> {
  const size = Math.max(1, Math.ceil(bytes.length / 3));
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, signal: AbortSignal, received: { bytes: number }) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (signal.aborted) throw signal.reason;
    chunks.push(chunk);
    size += chunk.length;
    received.bytes = size;
    if (size > MAX_BODY_BYTES) {
      body.destroy();
      return { text: Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8'), truncated: true };
    }
  }
  const bytes = Buffer.concat(chunks);
  // Decoding replaces bytes that are no UTF-8 by U+FFFD: whether they were is known only here.
  return { text: bytes.toString('utf8'), truncated: false, ...(isUtf8(bytes) ? {} : { notUtf8: true as const }) };
}

export function parseJson(text: string, truncated: boolean): { json?: unknown; jsonError?: string } {
  if (truncated) return { jsonError: `body longer than ${MAX_BODY_BYTES} bytes, not parsed` };
  try {
    return { json: JSON.parse(text) };
  } catch (e) {
    return { jsonError: text === '' ? 'empty body' : (e as Error).message };
  }
}
