// What a provider across a real network does now and then, in front of the reference provider: answers tens of
// milliseconds late, a connection dropped (before the request is handled, or after: the answer lost), a burst of
// 503 with Retry-After while the service is down for a moment, an answer slow only sometimes. None of it is a
// defect of the provider's rules: a conformance suite must tell it from one (retries, or "not judged").
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Later } from './later.js';

export interface NetworkConditions {
  /** Every answer this many milliseconds late. */
  latencyMs?: number;
  /** One request in this many: the connection is dropped without an answer, alternately before and after it is handled. */
  dropEvery?: number;
  /** One request in this many starts a burst of `burstLength` answers 503 with Retry-After: 1, not handled. */
  unavailableEvery?: number;
  burstLength?: number;
  /** One request in this many is answered `slowMs` late. */
  slowEvery?: number;
  slowMs?: number;
}

/** The network variations of the catalog (mock/variations/catalog.ts), each with its conditions. */
export const NETWORK_VARIATIONS: Readonly<Record<string, NetworkConditions>> = {
  'network-latency-50ms': { latencyMs: 50 },
  'network-drops': { dropEvery: 60 },
  'network-503-bursts': { unavailableEvery: 120, burstLength: 3 },
  'network-slow-sometimes': { slowEvery: 50, slowMs: 800 },
};

/** The conditions of the named network variations together, and of `explicit` (the CLI's, a benchmark's) over them. */
export function networkConditions(variations: { has(name: string): boolean }, explicit: NetworkConditions = {}): NetworkConditions | undefined {
  const merged: NetworkConditions = {};
  for (const [name, c] of Object.entries(NETWORK_VARIATIONS)) if (variations.has(name)) Object.assign(merged, c);
  Object.assign(merged, explicit);
  return Object.keys(merged).length > 0 ? merged : undefined;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** `handle` behind the conditions: what reaches it, and when, and whether its answer reaches the client. */
export function behindNetwork(conditions: NetworkConditions, later: Later, handle: Handler): Handler {
  let requests = 0;
  let drops = 0;
  let burstLeft = 0;
  return (req, res) => {
    const n = ++requests;
    const every = (k: number | undefined) => k !== undefined && k > 0 && n % k === 0;
    if (every(conditions.unavailableEvery)) burstLeft = conditions.burstLength ?? 1;
    if (burstLeft > 0) {
      burstLeft--;
      const body = JSON.stringify({ message: 'Service temporarily unavailable' });
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', 'content-length': Buffer.byteLength(body) }).end(body);
      return;
    }
    let deliver = handle;
    if (every(conditions.dropEvery)) {
      if (drops++ % 2 === 0) return void req.socket.destroy(); // before: the request is never handled
      deliver = (rq, rs) => {
        // after: handled (a payment stored, a press applied), the answer lost on the way
        rs.writeHead = (() => rs) as ServerResponse['writeHead'];
        rs.write = (() => true) as ServerResponse['write'];
        rs.end = (() => {
          rq.socket.destroy();
          return rs;
        }) as ServerResponse['end'];
        handle(rq, rs);
      };
    }
    const delay = (conditions.latencyMs ?? 0) + (every(conditions.slowEvery) ? (conditions.slowMs ?? 0) : 0);
    if (delay > 0) later.run(delay, () => deliver(req, res));
    else deliver(req, res);
  };
}
