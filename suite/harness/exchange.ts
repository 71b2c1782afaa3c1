// One request and what came back: the evidence every check attaches and every failure quotes.
import type { FormPart } from '../../generators/variants/multipart.js';

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Body as text (JSON, or a multipart description); undefined when no body was sent. */
  body?: string;
  /** For multipart requests: the parts, so the replay command can rebuild them with curl -F. */
  multipart?: { name: string; value?: string; filename?: string; contentType?: string; size?: number }[];
  /** The content coding `body` was sent in (Content-Encoding): the replay command codes it again. */
  bodyCoding?: 'gzip';
}

/** Form parts as the evidence describes them: a file by its name, type and size, never its bytes. */
export function describedParts(parts: readonly FormPart[]): NonNullable<SentRequest['multipart']> {
  return parts.map((p) =>
    p.file ? { name: p.name, filename: p.file.filename, contentType: p.file.contentType, size: p.file.bytes.length } : { name: p.name, value: p.value },
  );
}

export interface ReceivedResponse {
  status: number;
  headers: Record<string, string>;
  bodyText: string;
  /** Parsed body when it is JSON; undefined otherwise (see jsonError). */
  json?: unknown;
  jsonError?: string;
  /** True when the body was longer than the suite reads and was cut. */
  truncated: boolean;
  /** The body's bytes are no UTF-8 (bodyText shows U+FFFD where they were not). */
  notUtf8?: true;
}

/**
 * Why a try was sent again, recorded when it happened: `connection` (a connection refused, reset or closed before the
 * whole body), `timeout` (no answer within REQUEST_TIMEOUT), `gateway` (a gateway answer, 502/503/504), `retry-after`
 * (an answer asking to be sent again later, other than 429: those are counted apart, `rateLimitedRetries`).
 */
export type RetryKind = 'connection' | 'timeout' | 'gateway' | 'retry-after';

/** A try that met transport trouble and was sent again. */
export interface TransportRetry {
  kind: RetryKind;
  /** What went wrong, for the evidence: `connection closed before a complete response`, `HTTP 503`, `no response in 10 s`… */
  cause: string;
  /** Milliseconds waited before the next try. */
  waitedMs: number;
}

export interface Exchange {
  request: SentRequest;
  response?: ReceivedResponse;
  /** Set when no response came: refused, reset, or no response in time. */
  transportError?: string;
  /**
   * The provider could not be reached for an answer (a connection refused or reset, a truncated body, a gateway
   * answer 502/503/504), also after the tries allowed: what came back is no verdict on the provider.
   */
  unavailable?: boolean;
  ms: number;
  /** The answered try's own time, from its sending to the end of its answer: no rate limiter's wait, no earlier try. */
  roundTripMs?: number;
  /** How often a 429 was waited out before this answer. */
  rateLimitedRetries: number;
  /** Tries sent again after transport trouble, in order; absent when the first try was answered. */
  retries?: TransportRetry[];
}
