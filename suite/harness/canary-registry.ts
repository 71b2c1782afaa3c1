// Out-of-band canaries, the listener's side: unique addresses under /__canary/<token> on the callback
// receiver, each issued for one request field of one example. Any request that reaches one (any method, any
// path below the token) is recorded with its time, method, path and headers. The checks judge them: an address
// no browser was ever sent to that is requested all the same was requested by the provider itself (SSRF).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const CANARY_PREFIX = '/__canary/';
/** Canaries kept; beyond this the oldest are forgotten (a runaway run cannot exhaust memory). */
const MAX_CANARIES = 5_000;
const MAX_HITS = 20;

export interface CanaryHit {
  at: string;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

/** What a canary was issued for: the provider (scope), the field, the example, and whether a payer may go there. */
export interface CanaryIssue {
  scope: string;
  field: string;
  example: string;
  /** A browser check sends the payer to this address (return_url, pressed): the browser's visits are expected. */
  payerMayArrive: boolean;
}

export interface Canary extends CanaryIssue {
  token: string;
  issuedAt: string;
  hits: CanaryHit[];
}

export class CanaryRegistry {
  private readonly canaries = new Map<string, Canary>();
  /** Requests to a canary path whose token was never issued (or is forgotten). */
  readonly strays: CanaryHit[] = [];

  issue(what: CanaryIssue): Canary {
    const token = randomBytes(12).toString('hex');
    const canary: Canary = {
      scope: String(what.scope),
      field: String(what.field),
      example: String(what.example),
      payerMayArrive: what.payerMayArrive === true,
      token,
      issuedAt: new Date().toISOString(),
      hits: [],
    };
    this.canaries.set(token, canary);
    for (const oldest of this.canaries.keys()) {
      if (this.canaries.size <= MAX_CANARIES) break;
      this.canaries.delete(oldest);
    }
    return canary;
  }

  /** Records a request to a canary path. */
  hit(req: IncomingMessage): void {
    const path = req.url ?? '/';
    const token = path.slice(CANARY_PREFIX.length).split(/[/?#]/)[0] ?? '';
    const hit: CanaryHit = { at: new Date().toISOString(), method: req.method ?? '?', path, headers: req.headers };
    const canary = this.canaries.get(token);
    if (canary) {
      if (canary.hits.length < MAX_HITS) canary.hits.push(hit);
    } else if (this.strays.length < MAX_HITS) this.strays.push(hit);
  }

  /** The scope's canaries. */
  of(scope: string): Canary[] {
    return [...this.canaries.values()].filter((c) => c.scope === scope);
  }

  /** Milliseconds until `quietMs` have passed since the scope's last canary was issued (0 when they have). */
  quietIn(scope: string, quietMs: number): number {
    const last = Math.max(0, ...this.of(scope).map((c) => Date.parse(c.issuedAt)));
    return Math.max(0, last + quietMs - Date.now());
  }
}
