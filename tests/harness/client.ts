// The pooled HTTP client used by every check: keep-alive connections (undici), a per-request deadline,
// a share of RATE_LIMIT per worker, and 429 answers waited out as Retry-After says.
import { Pool, errors as undiciErrors } from 'undici';
import type { Exchange, ReceivedResponse, SentRequest } from './exchange.js';
import { RateLimiter } from './rate-limiter.js';

/** The most of a response body the suite reads; a hostile provider may send far more. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const MAX_429_RETRIES = 5;
const MAX_RETRY_AFTER_SECONDS = 60;

export interface ClientOptions {
  baseUrl: string;
  timeoutSeconds: number;
  /** Requests per second this client may send; undefined = unlimited. */
  ratePerSecond?: number;
  connections?: number;
}

export interface SendOptions {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Evidence for a multipart body (the body itself is binary). */
  multipart?: SentRequest['multipart'];
}

export class HttpClient {
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly limiter?: RateLimiter;

  constructor(private readonly options: ClientOptions) {
    const url = new URL(options.baseUrl);
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.pool = new Pool(url.origin, {
      connections: options.connections ?? 8,
      keepAliveTimeout: 10_000,
    }); // undici follows no redirects: a redirect is an answer, and a redirect loop cannot trap the suite
    if (options.ratePerSecond !== undefined) this.limiter = new RateLimiter(options.ratePerSecond);
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  async send(opts: SendOptions): Promise<Exchange> {
    const method = opts.method ?? 'POST';
    const headers = { ...(opts.headers ?? {}) };
    const request: SentRequest = {
      method,
      url: this.options.baseUrl + opts.path,
      headers,
      body: typeof opts.body === 'string' ? opts.body : opts.multipart ? undefined : opts.body?.toString('utf8'),
      multipart: opts.multipart,
    };
    const started = performance.now();
    let rateLimitedRetries = 0;
    for (;;) {
      await this.limiter?.take();
      const outcome = await this.once(method, this.basePath + opts.path, headers, opts.body);
      if ('transportError' in outcome)
        return { request, transportError: outcome.transportError, ms: performance.now() - started, rateLimitedRetries };
      if (outcome.status === 429 && rateLimitedRetries < MAX_429_RETRIES) {
        rateLimitedRetries++;
        await sleep(retryAfterMs(outcome.headers['retry-after'], rateLimitedRetries));
        continue;
      }
      return { request, response: outcome, ms: performance.now() - started, rateLimitedRetries };
    }
  }

  private async once(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string | Buffer | undefined,
  ): Promise<ReceivedResponse | { transportError: string }> {
    const deadline = AbortSignal.timeout(this.options.timeoutSeconds * 1000);
    try {
      const res = await this.pool.request({ method: method as 'POST', path, headers, body, signal: deadline });
      const { text, truncated } = await readCapped(res.body, deadline);
      const flatHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flatHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
      const parsed = parseJson(text, truncated);
      return { status: res.statusCode, headers: flatHeaders, bodyText: text, truncated, ...parsed };
    } catch (e) {
      return { transportError: describeTransportError(e, this.options.timeoutSeconds) };
    }
  }

  async close(): Promise<void> {
    await this.pool.close().catch(() => undefined);
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, signal: AbortSignal) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (signal.aborted) throw signal.reason;
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy();
      return { text: Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8'), truncated: true };
    }
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

function parseJson(text: string, truncated: boolean): { json?: unknown; jsonError?: string } {
  if (truncated) return { jsonError: `body longer than ${MAX_BODY_BYTES} bytes, not parsed` };
  try {
    return { json: JSON.parse(text) };
  } catch (e) {
    return { jsonError: text === '' ? 'empty body' : (e as Error).message };
  }
}

function retryAfterMs(header: string | undefined, attempt: number): number {
  if (header !== undefined) {
    const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
    if (Number.isFinite(seconds)) return Math.min(Math.max(seconds, 0), MAX_RETRY_AFTER_SECONDS) * 1000;
  }
  return Math.min(1000 * 2 ** (attempt - 1), MAX_RETRY_AFTER_SECONDS * 1000);
}

export function describeTransportError(e: unknown, timeoutSeconds: number): string {
  const err = e as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return `no response in ${timeoutSeconds} s`;
  const code = err?.code ?? err?.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host name not found';
  if (code === 'ECONNRESET' || e instanceof undiciErrors.SocketError) return 'connection closed before a complete response';
  if (e instanceof undiciErrors.ResponseContentLengthMismatchError || e instanceof undiciErrors.RequestContentLengthMismatchError)
    return 'response length differs from its Content-Length';
  if (e instanceof undiciErrors.HTTPParserError) return `invalid HTTP response (${err.message ?? 'parse error'})`;
  return `${code ?? err?.name ?? 'error'}: ${err?.message ?? String(e)}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
