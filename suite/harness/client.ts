// The pooled HTTP client used by every check: keep-alive connections (undici), a per-request deadline
// (status, headers and body), a share of RATE_LIMIT and of MAX_IN_FLIGHT per worker, 429 (and 503 with
// Retry-After) waited out as Retry-After says, transport trouble told from answers and tried again where the
// caller allows it, and a circuit breaker: after 3 consecutive requests that met transport trouble through all
// their tries, further requests fail at once, naming the original cause, until a trial request (one every ~5 s)
// gets an answer again.
//
// Transport trouble is of two kinds. `unavailable`: no verdict can be drawn yet (a connection refused or reset, a
// body cut short of its Content-Length, a gateway answer 502/503/504): sent again, and if it persists the
// exchange says so, and suite/harness/unavailability.ts judges it by what it follows: the provider failing on
// that input, or not judged. `timeout`: no answer within REQUEST_TIMEOUT: sent again once,
// and if it persists the provider did not answer in time, which fails the rule the check judges.
import { createHash } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Pool, errors as undiciErrors } from 'undici';
import type { Exchange, ReceivedResponse, SentRequest, TransportRetry } from './exchange.js';
import { InFlightLimit } from './in-flight-limit.js';
import { RateLimiter } from './rate-limiter.js';
import { registerSentCardNumbers } from '../../contracts/redaction.js';

/** The most of a response body the suite reads; a hostile provider may send far more. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const MAX_429_RETRIES = 5;
const MAX_RETRY_AFTER_SECONDS = 60;
/** Tries sent again after a connection refused or reset, a cut body, or a gateway answer without Retry-After. */
export const MAX_UNAVAILABLE_RETRIES = 2;
/** Tries sent again after no answer within REQUEST_TIMEOUT: each costs that long. */
export const MAX_TIMEOUT_RETRIES = 1;
/** Answers of a gateway or a service that is down: no verdict on the provider's rules (unless its profile makes one its own). */
export const GATEWAY_STATUSES: readonly number[] = [502, 503, 504];

/** What went wrong on the way: `unavailable` (no verdict possible), `timeout` (no answer in time), `defect` (a broken answer). */
export type TransportKind = 'unavailable' | 'timeout' | 'defect';
/** Consecutive requests lost to transport trouble (each after its tries) after which the breaker opens. */
export const BREAKER_THRESHOLD = 3;
/** While open, one real request is let through this often to see whether the provider is back. */
export const BREAKER_RETRY_MS = 5000;

export interface ClientOptions {
  baseUrl: string;
  timeoutSeconds: number;
  /** Requests per second this client may send; undefined = unlimited. */
  ratePerSecond?: number;
  /** Most requests in flight at once; undefined = as many as the pool's connections. */
  maxInFlight?: number;
  /**
   * Statuses whose answer with Retry-After is waited out and sent again (the profile's http.retryAfter); 429 is
   * waited out with or without the header. Default [429, 503].
   */
  retryAfterStatuses?: readonly number[];
  /** Gateway statuses that are no verdict: GATEWAY_STATUSES less those the profile gives the provider's own answers. */
  unavailableStatuses?: readonly number[];
  connections?: number;
  /**
   * File through which the clients of one run share the breaker state. Playwright replaces a worker
   * after every failed test, so a per-process breaker alone would let each check wait out the deadline
   * again. Default: inside a Playwright worker, a file in the temp directory keyed by the runner's
   * process id and the origin; elsewhere none. null: never share.
   */
  breakerStateFile?: string | null;
}

export interface SendOptions {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Evidence for a multipart body (the body itself is binary). */
  multipart?: SentRequest['multipart'];
  /**
   * After transport trouble: `same` sends the same bytes again (default; nothing the check judges changes: a
   * request that must be refused, a status query, a body the check signed itself); `none` gives up at once (a
   * burst whose requests must leave together: a second try is another race).
   */
  retry?: 'same' | 'none';
  /**
   * Sent even while the breaker is open: a request that asks whether the provider answers now (the control and
   * the second sending of an input the provider was unavailable for, suite/harness/unavailability.ts).
   */
  probe?: boolean;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length), in several chunks. */
  chunked?: boolean;
}

interface Outcome {
  response?: ReceivedResponse;
  transportError?: string;
  kind?: TransportKind;
}

/** The bytes each request was sent with (the evidence keeps text; a multipart body is binary), so that it can be sent again. */
const sentBodies = new WeakMap<SentRequest, string | Buffer>();

export class HttpClient {
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly limiter?: RateLimiter;
  private readonly inFlight?: InFlightLimit;
  private readonly breaker: CircuitBreaker;
  /** When the pool last dropped a connection for bytes beyond a response (a Content-Length shorter than the body). */
  private lastSurplusBytesAt = -Infinity;

  constructor(private readonly options: ClientOptions) {
    const url = new URL(options.baseUrl);
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.pool = new Pool(url.origin, {
      // Connections open only as needed: one for a check's sequential requests, many for the concurrency checks' bursts.
      connections: options.connections ?? 64,
      keepAliveTimeout: 4_000, // below Node servers' 5 s idle close, so a pooled socket is never reused as the server drops it
    }); // undici follows no redirects: a redirect is an answer, and a redirect loop cannot trap the suite
    this.pool.on('disconnect', (_origin, _targets, err) => {
      if ((err as { message?: string } | undefined)?.message === 'bad response') this.lastSurplusBytesAt = performance.now();
    });
    if (options.ratePerSecond !== undefined) this.limiter = new RateLimiter(options.ratePerSecond);
    if (options.maxInFlight !== undefined) this.inFlight = new InFlightLimit(options.maxInFlight);
    this.breaker = new CircuitBreaker(options.breakerStateFile === undefined ? defaultBreakerFile(url.origin) : (options.breakerStateFile ?? undefined));
  }

  /** How long one request may wait for its response (REQUEST_TIMEOUT). */
  get timeoutMs(): number {
    return this.options.timeoutSeconds * 1000;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** Whether RATE_LIMIT spaces this client's requests: then none can be sent at once. */
  get rateLimited(): boolean {
    return this.limiter !== undefined;
  }

  /** How many requests may be in flight at once (MAX_IN_FLIGHT's share); undefined: no bound but the pool's. */
  get maxInFlight(): number | undefined {
    return this.inFlight?.max;
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
    registerSentCardNumbers(request.body); // so that evidence masks them wherever the provider quotes them
    if (opts.body !== undefined) sentBodies.set(request, opts.body);
    const started = performance.now();
    let rateLimitedRetries = 0;
    const retries: TransportRetry[] = [];
    const done = (o: Outcome): Exchange => ({
      request,
      ...(o.response ? { response: o.response } : {}),
      ...(o.transportError !== undefined ? { transportError: o.transportError } : {}),
      ...(o.kind === 'unavailable' ? { unavailable: true } : {}),
      ms: elapsedMs(started),
      rateLimitedRetries,
      ...(retries.length > 0 ? { retries } : {}),
    });
    const again = async (cause: string, waitMs: number) => {
      retries.push({ cause, waitedMs: Math.round(waitMs) });
      if (waitMs > 0) await sleep(waitMs);
    };
    const tried = (kind: TransportKind) => retries.filter((r) => retryKind(r.cause) === kind).length;
    // The breaker is asked once a request, and told once: the tries of one input that the provider fails on are one
    // failure, not the three that would shut every other check out.
    const refused = opts.probe ? undefined : this.breaker.refusal();
    if (refused !== undefined) return done(refused);
    for (;;) {
      await this.limiter?.take();
      await this.inFlight?.acquire();
      const body = opts.chunked && opts.body !== undefined ? Readable.from(inChunks(Buffer.from(opts.body)), { objectMode: false }) : opts.body;
      const outcome = await this.once(method, this.basePath + opts.path, headers, body).finally(() => this.inFlight?.release());
      if (outcome.transportError !== undefined) {
        const allowed = outcome.kind === 'timeout' ? MAX_TIMEOUT_RETRIES : outcome.kind === 'unavailable' ? MAX_UNAVAILABLE_RETRIES : 0;
        if (opts.retry !== 'none' && tried(outcome.kind!) < allowed) {
          // At once, on another connection: a dropped one says nothing about the next.
          await again(outcome.transportError, 0);
          continue;
        }
        this.breaker.failed(outcome.transportError, outcome.kind!);
        return done(outcome);
      }
      const response = outcome.response!;
      this.breaker.succeeded();
      const retryAfter = response.headers['retry-after'];
      // "Not now": a 429, or a status of the profile's http.retryAfter with the header, is waited out as it says;
      // after the waits allowed the provider was unavailable, no verdict.
      if (response.status === 429 || (retryAfter !== undefined && (this.options.retryAfterStatuses ?? [429, 503]).includes(response.status))) {
        if (response.status === 429 && rateLimitedRetries < MAX_429_RETRIES) {
          rateLimitedRetries++;
          await sleep(retryAfterMs(retryAfter, rateLimitedRetries));
          continue;
        }
        if (response.status !== 429 && tried('unavailable') < MAX_429_RETRIES) {
          await again(`HTTP ${response.status} (Retry-After ${retryAfter})`, retryAfterMs(retryAfter, 1));
          continue;
        }
        return done({ response, kind: 'unavailable' });
      }
      // A gateway answer without it: sent again at once, then no verdict.
      if ((this.options.unavailableStatuses ?? GATEWAY_STATUSES).includes(response.status)) {
        if (opts.retry !== 'none' && tried('unavailable') < MAX_UNAVAILABLE_RETRIES) {
          await again(`HTTP ${response.status}`, 0);
          continue;
        }
        return done({ response, kind: 'unavailable' });
      }
      return done({ response });
    }
  }

  /** The request of an earlier exchange again, the same bytes (a multipart body included), as a probe past the breaker. */
  resend(request: SentRequest): Promise<Exchange> {
    const path = request.url.startsWith(this.options.baseUrl) ? request.url.slice(this.options.baseUrl.length) : new URL(request.url).pathname;
    return this.send({
      method: request.method,
      path,
      headers: request.headers,
      body: sentBodies.get(request) ?? request.body,
      multipart: request.multipart,
      probe: true,
    });
  }

  private async once(method: string, path: string, headers: Record<string, string>, body: string | Buffer | Readable | undefined): Promise<Outcome> {
    const deadline = AbortSignal.timeout(this.options.timeoutSeconds * 1000);
    const started = performance.now();
    let declaredLength: number | undefined;
    let received: { bytes: number } | undefined;
    try {
      const res = await this.pool.request({ method: method as 'POST', path, headers, body, signal: deadline });
      const cl = res.headers['content-length'];
      declaredLength = typeof cl === 'string' && /^\d+$/.test(cl) ? Number(cl) : undefined;
      received = { bytes: 0 };
      const { text, truncated } = await readCapped(res.body, deadline, received);
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
      return { response: { status: res.statusCode, headers: flatHeaders, bodyText: text, truncated, ...parsed } };
    } catch (e) {
      const reason = describeTransportError(e, this.options.timeoutSeconds);
      const kind = transportKind(e);
      if (received === undefined) return { transportError: reason, kind };
      // The status and headers came; the body did not complete.
      if (reason.startsWith('no response in'))
        return { transportError: `${reason} (status and headers came, then only ${received.bytes} body byte(s))`, kind: 'timeout' };
      if (declaredLength !== undefined && received.bytes < declaredLength)
        return {
          transportError: `response length differs from its Content-Length (it declared ${declaredLength} bytes, the connection closed after ${received.bytes})`,
          kind: 'unavailable',
        };
      return { transportError: reason, kind };
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

/** What a GET of a page outside the API (redirects followed, as a browser would) came to, after the tries allowed. */
export type PageAnswer =
  { status: number; contentType: string; text: string; tries: string[] } | { transportError: string; kind: TransportKind; tries: string[] };

/**
 * GET `url` following redirects, with the client's rules for transport trouble: a connection lost or a gateway
 * answer is tried again at once (MAX_UNAVAILABLE_RETRIES), no answer in time once (MAX_TIMEOUT_RETRIES).
 * `tries` names the trouble met before the outcome.
 */
export async function fetchPage(url: string, timeoutSeconds: number): Promise<PageAnswer> {
  const tries: string[] = [];
  const tried = (kind: TransportKind) => tries.filter((t) => retryKind(t) === kind).length;
  for (;;) {
    try {
      const res = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'follow', signal: AbortSignal.timeout(timeoutSeconds * 1000) });
      const text = await res.text();
      if (GATEWAY_STATUSES.includes(res.status) && tried('unavailable') < MAX_UNAVAILABLE_RETRIES) {
        tries.push(`HTTP ${res.status}`);
        continue;
      }
      return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, tries };
    } catch (e) {
      const transportError = describeTransportError(e, timeoutSeconds);
      const kind = transportKind(e);
      const allowed = kind === 'timeout' ? MAX_TIMEOUT_RETRIES : kind === 'unavailable' ? MAX_UNAVAILABLE_RETRIES : 0;
      if (tried(kind) >= allowed) return { transportError, kind, tries };
      tries.push(transportError);
    }
  }
}

export function describeTransportError(e: unknown, timeoutSeconds: number): string {
  const err = e as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return `no response in ${timeoutSeconds} s`;
  const code = err?.code ?? err?.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host name not found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || e instanceof undiciErrors.SocketError) return 'connection closed before a complete response';
  if (e instanceof undiciErrors.ResponseContentLengthMismatchError || e instanceof undiciErrors.RequestContentLengthMismatchError)
    return 'response length differs from its Content-Length';
  if (e instanceof undiciErrors.HTTPParserError) return `invalid HTTP response (${err.message ?? 'parse error'})`;
  return `${code ?? err?.name ?? 'error'}: ${err?.message ?? String(e)}`;
}

/** Which kind of transport trouble an error of the request is. */
export function transportKind(e: unknown): TransportKind {
  const err = e as { name?: string; code?: string; cause?: { code?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'timeout';
  const code = err?.code ?? err?.cause?.code;
  if (e instanceof undiciErrors.SocketError || e instanceof undiciErrors.ClientClosedError) return 'unavailable';
  if (code && UNAVAILABLE_CODES.has(code)) return 'unavailable';
  return 'defect';
}

/** Codes of a connection that could not be made or was lost: the network's or the service's trouble, not an answer. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The kind of a retry's cause, as recorded (`no response in …` is a timeout; the rest made the provider unavailable). */
function retryKind(cause: string): TransportKind {
  return cause.startsWith('no response in') ? 'timeout' : 'unavailable';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface BreakerState {
  /** Consecutive transport failures. */
  failures: number;
  /** The transport error of the last failure: the original cause, quoted in every refusal. */
  cause: string;
  /** Its kind: a refusal is no verdict when the provider was unavailable, and a timeout when it did not answer. */
  kind?: TransportKind;
  /** Date.now() of the last real request that failed. */
  lastTryAt: number;
}

function defaultBreakerFile(origin: string): string | undefined {
  if (process.env.TEST_WORKER_INDEX === undefined) return undefined; // not a Playwright worker
  const key = createHash('sha256').update(origin).digest('hex').slice(0, 16);
  return join(tmpdir(), `pts-breaker-${process.ppid}-${key}.json`);
}

/**
 * Open after BREAKER_THRESHOLD consecutive requests failed by transport trouble (after their tries): requests are refused at once (no
 * deadline waited out, so property shrinking cannot multiply timeouts), except one real trial request
 * every BREAKER_RETRY_MS; the first answer of any status closes it again.
 */
class CircuitBreaker {
  private state: BreakerState = { failures: 0, cause: '', lastTryAt: 0 };
  private trialInFlight = false;

  constructor(private readonly file?: string) {
    if (!file) return;
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as BreakerState;
      if (Number.isInteger(saved.failures) && typeof saved.cause === 'string' && Number.isFinite(saved.lastTryAt)) this.state = saved;
    } catch {
      // no shared state yet (or unreadable): start closed
    }
  }

  private get open(): boolean {
    return this.state.failures >= BREAKER_THRESHOLD;
  }

  /** undefined: send the request (normally, or as the trial); otherwise the outcome to report without sending. */
  refusal(): Outcome | undefined {
    if (!this.open) return undefined;
    if (!this.trialInFlight && Date.now() - this.state.lastTryAt >= BREAKER_RETRY_MS) {
      this.trialInFlight = true;
      return undefined;
    }
    return {
      transportError: `not sent: the provider gave no usable response to the last ${BREAKER_THRESHOLD} requests; last cause: ${this.state.cause}`,
      kind: this.state.kind ?? 'defect',
    };
  }

  failed(cause: string, kind: TransportKind): void {
    this.trialInFlight = false;
    this.state = { failures: this.state.failures + 1, cause, kind, lastTryAt: Date.now() };
    if (this.open) this.save();
  }

  succeeded(): void {
    this.trialInFlight = false;
    const wasFailing = this.state.failures > 0;
    this.state = { failures: 0, cause: '', lastTryAt: 0 };
    if (wasFailing && this.file) {
      try {
        unlinkSync(this.file);
      } catch {
        // already gone
      }
    }
  }

  private save(): void {
    if (!this.file) return;
    try {
      writeFileSync(this.file, JSON.stringify(this.state), { mode: 0o600 });
    } catch {
      // sharing is an optimisation; the breaker of this process still works
    }
  }
}

/** Milliseconds since `started`, to 0.1 ms: evidence needs no more, and a float's 16 digits would read like a card number. */
function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
