// What went wrong on the way to an answer, told apart from an answer. `unavailable`: no verdict can be drawn yet
// (a connection refused or reset, a body cut short of its Content-Length, a gateway answer 502/503/504).
// `timeout`: no answer within REQUEST_TIMEOUT, the provider's once it persists. `defect`: a broken answer.
import { errors as undiciErrors } from 'undici';

/** What went wrong on the way: `unavailable` (no verdict possible), `timeout` (no answer in time), `defect` (a broken answer). */
export type TransportKind = 'unavailable' | 'timeout' | 'defect';

/** A request that got no usable answer: what happened, in words for the evidence, and its kind. */
export interface TransportFailure {
  transportError: string;
  kind: TransportKind;
}

/** Answers of a gateway or a service that is down: no verdict on the provider's rules (unless its profile makes one its own). */
export const GATEWAY_STATUSES: readonly number[] = [502, 503, 504];

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

/** The error of a request (undici's or fetch's) in the words of the evidence: `connection refused`, `no response in 10 s`… */
function describeTransportError(e: unknown, timeoutSeconds: number): string {
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
function transportKind(e: unknown): TransportKind {
  const err = e as { name?: string; code?: string; cause?: { code?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'timeout';
  const code = err?.code ?? err?.cause?.code;
  if (e instanceof undiciErrors.SocketError) return 'unavailable';
  if (code && UNAVAILABLE_CODES.has(code)) return 'unavailable';
  return 'defect';
}

/** An error of a request, described and classified. */
export function transportFailure(e: unknown, timeoutSeconds: number): TransportFailure {
  return { transportError: describeTransportError(e, timeoutSeconds), kind: transportKind(e) };
}
