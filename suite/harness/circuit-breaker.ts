// The circuit breaker of the pooled client: after BREAKER_THRESHOLD consecutive requests that met transport trouble
// through all their tries, further requests fail at once, naming the original cause (no deadline waited out, so
// property shrinking cannot multiply timeouts), except one real trial request every BREAKER_RETRY_MS; the first
// answer of any status closes it again. The clients of one run share its state through a file: Playwright replaces a
// worker after every failed test, so a per-process breaker alone would let each check wait out the deadline again.
import { createHash } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TransportFailure, TransportKind } from './transport-errors.js';

/** Consecutive requests lost to transport trouble (each after its tries) after which the breaker opens. */
export const BREAKER_THRESHOLD = 3;
/** While open, one real request is let through this often to see whether the provider is back. */
export const BREAKER_RETRY_MS = 5000;

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

/** Inside a Playwright worker, a file in the temp directory keyed by the runner's process id and the origin; elsewhere none. */
export function defaultBreakerFile(origin: string): string | undefined {
  if (process.env.TEST_WORKER_INDEX === undefined) return undefined; // not a Playwright worker
  const key = createHash('sha256').update(origin).digest('hex').slice(0, 16);
  return join(tmpdir(), `pts-breaker-${process.ppid}-${key}.json`);
}

export class CircuitBreaker {
  private state: BreakerState = { failures: 0, cause: '', lastTryAt: 0 };
  private trialInFlight = false;

  /** `file`: where the clients of a run share the state (undefined: this breaker's own); `now`: the clock. */
  constructor(
    private readonly file?: string,
    private readonly now: () => number = Date.now,
  ) {
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

  /** undefined: send the request (normally, or as the trial); otherwise the failure to report without sending. */
  refusal(): TransportFailure | undefined {
    if (!this.open) return undefined;
    if (!this.trialInFlight && this.now() - this.state.lastTryAt >= BREAKER_RETRY_MS) {
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
    this.state = { failures: this.state.failures + 1, cause, kind, lastTryAt: this.now() };
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
