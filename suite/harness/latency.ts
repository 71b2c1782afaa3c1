// What one test's requests and payment-page actions took, and when its requests were sent: an HDR histogram per
// operation and per page action, and per second of the clock the requests sent and those that got no answer or a
// 5xx. The test's fixture attaches it (ATTACHMENT.latency) and the summary reporter merges every test's.
// The page actions are timed where no fixture reaches (payment-page.ts): a worker runs one test at a time, so they
// go to the recorder of the test it runs (timePageActionsWith).
import type { TestInfo } from '@playwright/test';
import type { Profile } from '../../contracts/index.js';
import { encodeLatency, newLatencyHistogram, recordMs, type Histogram } from '../../contracts/latency-histogram.js';
import { OPERATIONS, type Operation, type PageAction } from '../../contracts/operations.js';
import { ATTACHMENT, type LatencyNote } from '../../contracts/run-protocol.js';
import type { Exchange, SentRequest } from './exchange.js';

export class LatencyRecorder {
  private readonly operations = new Map<Operation, Histogram>();
  private readonly pageActions = new Map<PageAction, Histogram>();
  /** Unix second → [requests sent, of them without an answer or answered 5xx]. */
  private readonly seconds = new Map<number, [number, number]>();

  /** An exchange of the suite's client; `operation` undefined for a request to no operation's path (a page address, a 404 probe). */
  exchange(exchange: Exchange, operation: Operation | undefined): void {
    const second = Math.floor((Date.now() - exchange.ms) / 1000);
    const counts = this.seconds.get(second) ?? [0, 0];
    // Requests on the wire, as the `requests` annotation counts them: the tries again and the 429s waited out too.
    counts[0] += 1 + (exchange.retries?.length ?? 0) + exchange.rateLimitedRetries;
    const status = exchange.response?.status;
    if (status === undefined || status >= 500 || exchange.unavailable) counts[1]++;
    this.seconds.set(second, counts);
    // A 429 or a Retry-After waited out would time the wait the provider asked for, not its answer.
    const waited = exchange.rateLimitedRetries > 0 || exchange.retries?.some((r) => r.kind === 'retry-after');
    if (operation !== undefined && status !== undefined && !waited) recordMs(histogramOf(this.operations, operation), exchange.ms);
  }

  pageAction(action: PageAction, ms: number): void {
    recordMs(histogramOf(this.pageActions, action), ms);
  }

  /** What was recorded, or undefined when nothing was (a self-test, a check skipped before any request). */
  note(): LatencyNote | undefined {
    if (this.seconds.size === 0 && this.pageActions.size === 0) return undefined;
    const encoded = <K extends string>(m: Map<K, Histogram>) => Object.fromEntries([...m].map(([k, h]) => [k, encodeLatency(h)])) as Partial<Record<K, string>>;
    return {
      operations: encoded(this.operations),
      pageActions: encoded(this.pageActions),
      seconds: [...this.seconds].sort(([a], [b]) => a - b).map(([s, [sent, troubled]]) => [s, sent, troubled]),
    };
  }

  async attachTo(testInfo: TestInfo): Promise<void> {
    const note = this.note();
    if (note !== undefined) await testInfo.attach(ATTACHMENT.latency, { contentType: 'application/json', body: JSON.stringify(note) });
  }
}

function histogramOf<K>(map: Map<K, Histogram>, key: K): Histogram {
  let h = map.get(key);
  if (h === undefined) map.set(key, (h = newLatencyHistogram()));
  return h;
}

/** The operation a request of the suite's client went to: a POST to an operation's path under `baseUrl`. */
export function operationOf(request: SentRequest, baseUrl: string, paths: Profile['paths']): Operation | undefined {
  if (request.method !== 'POST' || !request.url.startsWith(baseUrl)) return undefined;
  const path = request.url.slice(baseUrl.length).split('?')[0];
  return OPERATIONS.find((op) => paths[op] === path);
}

let current: LatencyRecorder | undefined;

/** The page actions of the test the worker runs now go to `recorder`; the returned function ends that. */
export function timePageActionsWith(recorder: LatencyRecorder): () => void {
  current = recorder;
  return () => {
    if (current === recorder) current = undefined;
  };
}

/** A page action that completed, and how long it took (nothing outside a test's fixture, or for an action not timed). */
export function notePageAction(action: PageAction | undefined, ms: number): void {
  if (action !== undefined) current?.pageAction(action, ms);
}
