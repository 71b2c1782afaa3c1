// The pooled HTTP client used by every check: one request as its tries on keep-alive connections
// (transport-pool.ts), a share of RATE_LIMIT and of MAX_IN_FLIGHT per worker, 429 (and 503 with Retry-After)
// waited out as Retry-After says, transport trouble (transport-errors.ts) told from answers and tried again where
// the caller allows it (retry-policy.ts: each try's kind recorded with it), and the shared circuit breaker
// (circuit-breaker.ts).
//
// Transport trouble that persists after its tries: `unavailable`, the exchange says so, and
// suite/harness/unavailability.ts judges it by what it follows (the provider failing on that input, or not judged);
// `timeout`, the provider did not answer in time, which fails the rule the check judges.
import type { Exchange, ReceivedResponse, RetryKind, SentRequest, TransportRetry } from './exchange.js';
import { CircuitBreaker, defaultBreakerFile } from './circuit-breaker.js';
import { InFlightLimit } from './in-flight-limit.js';
import { RateLimiter } from './rate-limiter.js';
import { MAX_429_RETRIES, mayRetry, retryAfterMs, retryKindOf } from './retry-policy.js';
import { GATEWAY_STATUSES, type TransportKind } from './transport-errors.js';
import { TransportPool } from './transport-pool.js';
import { noteRoundTrip } from './round-trip.js';
import { registerSentCardNumbers } from '../../contracts/redaction.js';
import { setTimeout as sleep } from 'node:timers/promises';

interface ClientOptions {
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
   * File through which the clients of one run share the breaker state (circuit-breaker.ts). Default: inside a
   * Playwright worker, a file in the temp directory keyed by the runner's process id and the origin; elsewhere
   * none. null: never share.
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
  /** Evidence for a body sent coded (Content-Encoding: gzip): its text before coding (the body itself is binary). */
  coded?: { text: string; coding: NonNullable<SentRequest['bodyCoding']> };
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
  private readonly pool: TransportPool;
  private readonly basePath: string;
  private readonly limiter?: RateLimiter;
  private readonly inFlight?: InFlightLimit;
  private readonly breaker: CircuitBreaker;

  constructor(private readonly options: ClientOptions) {
    const url = new URL(options.baseUrl);
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.pool = new TransportPool(url.origin, options.timeoutSeconds, options.connections);
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
      body: opts.coded?.text ?? (typeof opts.body === 'string' ? opts.body : opts.multipart ? undefined : opts.body?.toString('utf8')),
      ...(opts.coded ? { bodyCoding: opts.coded.coding } : {}),
      multipart: opts.multipart,
    };
    registerSentCardNumbers(request.body); // so that evidence masks them wherever the provider quotes them
    if (opts.body !== undefined) sentBodies.set(request, opts.body);
    const started = performance.now();
    let rateLimitedRetries = 0;
    const retries: TransportRetry[] = [];
    const done = (o: Outcome, roundTripMs?: number): Exchange => ({
      request,
      ...(o.response ? { response: o.response } : {}),
      ...(roundTripMs !== undefined ? { roundTripMs: Math.round(roundTripMs * 10) / 10 } : {}),
      ...(o.transportError !== undefined ? { transportError: o.transportError } : {}),
      ...(o.kind === 'unavailable' ? { unavailable: true } : {}),
      ms: elapsedMs(started),
      rateLimitedRetries,
      ...(retries.length > 0 ? { retries } : {}),
    });
    const again = async (kind: RetryKind, cause: string, waitMs: number) => {
      retries.push({ kind, cause, waitedMs: Math.round(waitMs) });
      if (waitMs > 0) await sleep(waitMs);
    };
    // The breaker is asked once a request, and told once: the tries of one input that the provider fails on are one
    // failure, not the three that would shut every other check out.
    const refused = opts.probe ? undefined : this.breaker.refusal();
    if (refused !== undefined) return done(refused);
    const path = this.basePath + opts.path;
    for (;;) {
      await this.limiter?.take();
      await this.inFlight?.acquire();
      const sent = performance.now();
      const outcome = await this.pool.try({ method, path, headers, body: opts.body, chunked: opts.chunked }).finally(() => this.inFlight?.release());
      const roundTripMs = performance.now() - sent;
      if (!('response' in outcome)) {
        const kind = retryKindOf(outcome.kind);
        if (opts.retry !== 'none' && kind !== undefined && mayRetry(retries, kind)) {
          // At once, on another connection: a dropped one says nothing about the next.
          await again(kind, outcome.transportError, 0);
          continue;
        }
        this.breaker.failed(outcome.transportError, outcome.kind);
        return done(outcome);
      }
      const response = outcome.response;
      noteRoundTrip(roundTripMs);
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
        if (response.status !== 429 && mayRetry(retries, 'retry-after')) {
          await again('retry-after', `HTTP ${response.status} (Retry-After ${retryAfter})`, retryAfterMs(retryAfter, 1));
          continue;
        }
        return done({ response, kind: 'unavailable' });
      }
      // A gateway answer without it: sent again at once, then no verdict.
      if ((this.options.unavailableStatuses ?? GATEWAY_STATUSES).includes(response.status)) {
        if (opts.retry !== 'none' && mayRetry(retries, 'gateway')) {
          await again('gateway', `HTTP ${response.status}`, 0);
          continue;
        }
        return done({ response, kind: 'unavailable' });
      }
      return done({ response }, roundTripMs);
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

  async close(): Promise<void> {
    await this.pool.close();
  }
}

/** Milliseconds since `started`, to 0.1 ms: evidence needs no more, and a float's 16 digits would read like a card number. */
function elapsedMs(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
