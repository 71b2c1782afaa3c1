// A GET of a page outside the API, as a browser's address bar would (redirects followed), with the pooled client's
// rules for transport trouble (retry-policy.ts): a connection lost or a gateway answer is tried again at once, no
// answer in time once; a 429 is waited out as Retry-After says.
import type { RetryKind, TransportRetry } from './exchange.js';
import { mayRetry, retryAfterMs, retryKindOf } from './retry-policy.js';
import { GATEWAY_STATUSES, transportFailure, type TransportFailure } from './transport-errors.js';
import { notePageAction } from './latency.js';

/** What a GET of a page came to, after the tries allowed; `tries` holds the trouble met before the outcome. */
type PageAnswer = ({ status: number; contentType: string; text: string } | TransportFailure) & { tries: TransportRetry[] };

export async function fetchPage(url: string, timeoutSeconds: number): Promise<PageAnswer> {
  const tries: TransportRetry[] = [];
  const again = (kind: RetryKind, cause: string) => tries.push({ kind, cause, waitedMs: 0 });
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'follow', signal: AbortSignal.timeout(timeoutSeconds * 1000) });
      const text = await res.text();
      if (GATEWAY_STATUSES.includes(res.status) && mayRetry(tries, 'gateway')) {
        again('gateway', `HTTP ${res.status}`);
        continue;
      }
      // "Not now": waited out as Retry-After says, as the client does for the API.
      if (res.status === 429 && mayRetry(tries, 'retry-after')) {
        const waitMs = retryAfterMs(res.headers.get('retry-after') ?? undefined, tries.length + 1);
        tries.push({ kind: 'retry-after', cause: `HTTP 429 (Retry-After ${res.headers.get('retry-after') ?? 'none'})`, waitedMs: waitMs });
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        continue;
      }
      // Timed like the client's requests: its tries again included, a wait Retry-After asked for not.
      if (!tries.some((t) => t.kind === 'retry-after')) notePageAction('page fetch', performance.now() - started);
      return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, tries };
    } catch (e) {
      const failure = transportFailure(e, timeoutSeconds);
      const kind = retryKindOf(failure.kind);
      if (kind === undefined || !mayRetry(tries, kind)) return { ...failure, tries };
      again(kind, failure.transportError);
    }
  }
}
