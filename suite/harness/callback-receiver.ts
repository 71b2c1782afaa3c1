// The merchant side of callbacks: accepts POST on any path, records each delivery by its transaction,
// and lets workers wait for deliveries through GET /__suite/callbacks/<transaction>?count=N&waitMs=M.
//
// Redelivery is tested without shared state: when a callback's payload carries the merchant parameter
// `pts_fail_first` = N, the first N deliveries of that transaction are answered 500, or in the class of refusal
// the parameter `pts_refuse_as` names (refusals.ts: a 4xx, a 5xx, a slow answer, a reset connection); the class
// `text-200` answers every delivery 200 with a body that is not JSON.
//
// Deliveries are filed by their transaction without regard to letter case (UUIDs compare so, RFC 9562): a
// callback that writes the transaction in another case is still found, and the check judges the text it sent.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutOfReach } from './failure.js';
import { CANARY_PREFIX, CanaryRegistry, type Canary, type CanaryIssue } from './canary-registry.js';
import { answerClassOf, REDIRECTED_PREFIX, REFUSAL_PARAMETER, RETRY_AFTER_SECONDS, SLOW_ANSWER_MS, type AnswerClass } from './refusals.js';

export const FAIL_FIRST_PARAMETER = 'pts_fail_first';
const MAX_BODY_BYTES = 1024 * 1024;
/** Deliveries kept; beyond this the oldest transactions' are forgotten first (a runaway provider cannot exhaust memory). */
const MAX_DELIVERIES = 10_000;
const MAX_WAIT_MS = 120_000;

export interface Delivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  bodyText: string;
  json?: unknown;
  receivedAt: string;
  /** What the receiver answered (0: no status, the connection reset). */
  answeredStatus: number;
  /** The answer in words, when it was other than a plain JSON 200 or 500. */
  answered?: string;
}

/** What a waiter waits for: `count` deliveries of the transaction, or (otherThan) one reporting another state. */
type Waiter = { transaction: string; count: number; otherThan?: string; resolve: () => void };

function stateOf(d: Delivery): unknown {
  return (d.json as { payment?: { state?: unknown } } | undefined)?.payment?.state;
}

export class CallbackReceiver {
  private readonly byTransaction = new Map<string, Delivery[]>();
  private readonly unmatched: Delivery[] = [];
  private readonly canaries = new CanaryRegistry();
  private waiters: Waiter[] = [];
  /** Deliveries held in byTransaction. */
  private stored = 0;
  /** Times the route to the receiver (a tunnel) was down during the run: nothing could arrive then. */
  private readonly gaps: { from: number; to?: number; why: string }[] = [];

  private constructor(
    private readonly server: Server,
    /** Where the provider reaches the receiver (CALLBACK_URL's origin), when not at its listening address. */
    private publicOrigin?: string,
  ) {}

  /** The route lost (`why`), or (no argument) back: a wait that met the gap and did not get what it waited for is not judged. */
  routeDown(why: string): void {
    const last = this.gaps.at(-1);
    if (last && last.to === undefined) return; // already down
    this.gaps.push({ from: Date.now(), why });
  }

  routeUp(): void {
    const open = this.gaps.at(-1);
    if (open && open.to === undefined) open.to = Date.now();
  }

  /** The gaps of the route that met the time from `since` to now, described; undefined when none did. */
  private gapSince(since: number): string | undefined {
    const met = this.gaps.filter((g) => (g.to ?? Infinity) >= since);
    if (met.length === 0) return undefined;
    const at = (t: number) => new Date(t).toISOString().slice(11, 23);
    return `the route of the callbacks was down ${met.map((g) => (g.to === undefined ? `from ${at(g.from)} on (${g.why})` : `from ${at(g.from)} to ${at(g.to)} (${g.why})`)).join(', ')}: nothing the provider sent then could arrive`;
  }

  /** The origin the provider reaches the receiver under, once a route has one (a tunnel's gateway port). */
  reachedAt(origin: string): void {
    this.publicOrigin = origin;
  }

  /**
   * Listens on `host` (default loopback). `publicOrigin`: the origin under which the provider reaches the
   * receiver (behind a NAT or a load balancer), for the canary addresses the provider must be able to fetch.
   */
  static async start(options: { port?: number; host?: string; publicOrigin?: string } = {}): Promise<CallbackReceiver> {
    const server = createServer();
    const receiver = new CallbackReceiver(server, options.publicOrigin);
    server.on('request', (req, res) => void receiver.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
    });
    server.unref();
    return receiver;
  }

  /** The receiver's address on this machine: its listening address, loopback when it listens on every interface. */
  get url(): string {
    const { address, port } = this.server.address() as AddressInfo;
    const local = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
    return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
  }

  deliveries(transaction: string): Delivery[] {
    return this.byTransaction.get(transaction.toLowerCase()) ?? [];
  }

  async close(): Promise<void> {
    for (const w of this.waiters) w.resolve();
    this.waiters = [];
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://receiver');
      if (req.method === 'GET' && url.pathname.startsWith('/__suite/callbacks/'))
        return await this.answerQuery(decodeURIComponent(url.pathname.slice('/__suite/callbacks/'.length)), url, res);
      if (url.pathname.startsWith(CANARY_PREFIX)) return await this.canaryHit(req, res);
      if (url.pathname === '/__suite/canaries') return await this.answerCanaries(req, url, res);
      if (req.method !== 'POST') return send(res, 405, { message: 'callbacks are POST' });
      const bodyText = await readBody(req);
      this.record(req, bodyText, res);
    } catch (e) {
      send(res, 400, { message: (e as Error).message });
    }
  }

  private record(req: IncomingMessage, bodyText: string, res: ServerResponse): void {
    let json: unknown;
    try {
      json = JSON.parse(bodyText);
    } catch {
      json = undefined;
    }
    const body = (json ?? {}) as { transaction?: unknown; payload?: Record<string, unknown> };
    const transaction = typeof body.transaction === 'string' ? body.transaction.toLowerCase() : undefined;
    const earlier = transaction ? this.deliveries(transaction).filter((d) => !d.path.startsWith(REDIRECTED_PREFIX)).length : 0;
    const failFirst = Number(body.payload?.[FAIL_FIRST_PARAMETER] ?? 0);
    const answer = answerClassOf(body.payload?.[REFUSAL_PARAMETER], earlier);
    // A delivery at the address a 307 named: the sender followed the redirect; answered 200, and no try of its own.
    const followed = (req.url ?? '').startsWith(REDIRECTED_PREFIX);
    const refused = !followed && answer.success !== true && earlier < failFirst;
    const answeredStatus = !refused ? 200 : answer.answer === 'slow' ? 503 : answer.answer === 'reset' || answer.answer === 'held' ? 0 : answer.answer;
    const delivery: Delivery = {
      path: req.url ?? '/',
      headers: req.headers,
      bodyText,
      json,
      receivedAt: new Date().toISOString(),
      answeredStatus,
      ...(refused || answer.success ? { answered: answer.what } : {}),
    };
    if (transaction) {
      const list = this.byTransaction.get(transaction);
      if (list) list.push(delivery);
      else this.byTransaction.set(transaction, [delivery]);
      this.stored++;
      this.forgetOldest(transaction);
    } else if (this.unmatched.length < 100) this.unmatched.push(delivery);
    this.wake();
    answerDelivery(req, res, answer, refused);
  }

  /** Any method, any path under a canary: recorded, and answered with a page (a payer sent there sees one). */
  private async canaryHit(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.canaries.hit(req);
    await readBody(req).catch(() => undefined);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Merchant</title><p>Back at the merchant.</p>');
  }

  /** POST: issue a canary ({scope, field, example, payerMayArrive}); GET ?scope&quietMs: the scope's canaries once quietMs passed since the last was issued. */
  private async answerCanaries(req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
    if (req.method === 'POST') {
      const canary = this.canaries.issue(JSON.parse(await readBody(req)) as CanaryIssue);
      // The payer's browser is the suite's, on this machine; anything else that requests a canary is the provider.
      const origin = canary.payerMayArrive ? this.url : (this.publicOrigin ?? this.url);
      return send(res, 200, { ...canary, url: `${origin}${CANARY_PREFIX}${canary.token}` });
    }
    const scope = url.searchParams.get('scope') ?? '';
    const quietMs = Math.max(0, Number(url.searchParams.get('quietMs') ?? 0));
    const waitMs = Math.min(MAX_WAIT_MS, this.canaries.quietIn(scope, quietMs));
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
    // A provider's request for a canary may have come while the route was down: any gap of the run counts.
    const routeGap = this.gapSince(0);
    send(res, 200, { canaries: this.canaries.of(scope), strays: this.canaries.strays, ...(routeGap ? { routeGap } : {}) });
  }

  /** Insertion order of a Map is age: the oldest transactions' deliveries go first, never the one just received. */
  private forgetOldest(keep: string): void {
    for (const [transaction, list] of this.byTransaction) {
      if (this.stored <= MAX_DELIVERIES) return;
      if (transaction === keep) continue;
      this.byTransaction.delete(transaction);
      this.stored -= list.length;
    }
  }

  private isReady(w: Pick<Waiter, 'transaction' | 'count' | 'otherThan'>): boolean {
    const list = this.deliveries(w.transaction);
    return w.otherThan !== undefined ? list.some((d) => stateOf(d) !== w.otherThan) : list.length >= w.count;
  }

  private async answerQuery(transaction: string, url: URL, res: ServerResponse): Promise<void> {
    const count = Math.max(1, Number(url.searchParams.get('count') ?? 1));
    const otherThan = url.searchParams.get('otherThan') ?? undefined;
    const waitMs = Math.min(MAX_WAIT_MS, Math.max(0, Number(url.searchParams.get('waitMs') ?? 0)));
    // What was sent just before the wait began counts too: a press's callback leaves before the check starts waiting.
    const since = Date.now() - waitMs;
    if (!this.isReady({ transaction, count, otherThan }) && waitMs > 0) {
      await new Promise<void>((resolve) => {
        const waiter: Waiter = { transaction, count, otherThan, resolve };
        this.waiters.push(waiter);
        setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve();
        }, waitMs).unref();
      });
    }
    const ready = this.isReady({ transaction, count, otherThan });
    const routeGap = ready ? undefined : this.gapSince(since);
    send(res, 200, { deliveries: this.deliveries(transaction), unmatched: this.unmatched.length, ...(routeGap ? { routeGap } : {}) });
  }

  private wake(): void {
    const ready = this.waiters.filter((w) => this.isReady(w));
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve();
  }
}

/** A delivery answered in its class: taken (JSON, or text for a success class), refused with a status, held, or reset. */
function answerDelivery(req: IncomingMessage, res: ServerResponse, answer: AnswerClass, refused: boolean): void {
  if (!refused) {
    if (answer.success) res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('OK');
    else send(res, 200, { ok: true });
  } else if (answer.answer === 'reset') req.socket.destroy();
  else if (answer.answer === 'held')
    return; // no answer: the sender's own time limit ends it, or the receiver's close
  else if (answer.answer === 'slow') {
    const timer = setTimeout(() => send(res, 503, { message: 'asked to answer this delivery late' }), SLOW_ANSWER_MS);
    timer.unref();
    res.on('close', () => clearTimeout(timer));
  } else {
    const retryAfter = answer.answer === 429 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {};
    // A redirect to an address of the receiver's own that records whoever follows it (a delivery there is no delivery).
    const location = answer.answer === 307 ? { location: `${REDIRECTED_PREFIX}${randomUUID()}` } : {};
    res
      .writeHead(answer.answer, { 'content-type': 'application/json', ...retryAfter, ...location })
      .end(JSON.stringify({ message: 'asked to refuse this delivery' }));
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('callback body over 1 MiB');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** What cannot reach the receiver in this run, as global setup found (RUN_ENV callbacksOutOfReach, relayed). */
export interface Reach {
  /** Why no callback nor canary request of the provider can arrive; every wait for one is then not judged. */
  outOfReach?: string;
  /** Why, through the relay, the receiver's answers do not reach the provider, nor does the provider reach a canary. */
  relayed?: string;
}

/** The workers' view of the receiver: wait until a transaction has had `count` deliveries; issue and read canaries. */
export class CallbackInbox {
  constructor(
    private readonly receiverUrl: string,
    private readonly reach: Reach = {},
  ) {}

  /**
   * A check whose verdict needs the receiver's answer (a refusal) to reach the provider calls this first: through a
   * relay, which answers each delivery itself, the check is not judged.
   */
  requireAnswersReachProvider(): void {
    if (this.reach.outOfReach) throw new OutOfReach(this.reach.outOfReach);
    if (this.reach.relayed) throw new OutOfReach(`${this.reach.relayed}: the relay answers the provider itself, so the receiver's refusals never reach it`);
  }

  /**
   * A new canary address for the field of an example (the url carries its token; append a path or query at will).
   * One the provider must reach (not the payer's) is not judged when the provider cannot reach the receiver.
   */
  async issueCanary(issue: CanaryIssue): Promise<Canary & { url: string }> {
    if (!issue.payerMayArrive && this.reach.outOfReach) throw new OutOfReach(this.reach.outOfReach);
    if (!issue.payerMayArrive && this.reach.relayed)
      throw new OutOfReach(`${this.reach.relayed}: the relay carries callback POSTs to its channel only, not requests to other addresses`);
    const res = await fetch(`${this.receiverUrl}/__suite/canaries`, { method: 'POST', body: JSON.stringify(issue) });
    return (await res.json()) as Canary & { url: string };
  }

  /** The scope's canaries with the requests each got, once `quietMs` have passed since the last one was issued. */
  async canaries(scope: string, quietMs: number): Promise<{ canaries: Canary[]; strays: Canary['hits'] }> {
    const res = await fetch(`${this.receiverUrl}/__suite/canaries?scope=${encodeURIComponent(scope)}&quietMs=${quietMs}`);
    const body = (await res.json()) as { canaries: Canary[]; strays: Canary['hits']; routeGap?: string };
    // A canary unrequested proves nothing for a time the provider could not reach it (a request found is still one).
    const found = body.strays.length > 0 || body.canaries.some((c) => !c.payerMayArrive && c.hits.length > 0);
    if (body.routeGap && !found) throw new OutOfReach(body.routeGap);
    return body;
  }

  /**
   * The transaction's deliveries once there are `count` of them, or (otherThan) once one reports a state
   * other than that, or as they are after `waitMs`.
   */
  async waitFor(transaction: string, count: number, waitMs: number, options: { otherThan?: string } = {}): Promise<Delivery[]> {
    // Waiting for what cannot arrive would fail the rule by guesswork (or pass "no callback after" by it).
    if (this.reach.outOfReach) throw new OutOfReach(this.reach.outOfReach);
    const other = options.otherThan === undefined ? '' : `&otherThan=${encodeURIComponent(options.otherThan)}`;
    const url = `${this.receiverUrl}/__suite/callbacks/${encodeURIComponent(transaction)}?count=${count}&waitMs=${waitMs}${other}`;
    const res = await fetch(url);
    const body = (await res.json()) as { deliveries: Delivery[]; routeGap?: string };
    // The receiver names a gap only when the wait did not get what it waited for: a verdict by absence would be guesswork.
    if (body.routeGap) throw new OutOfReach(body.routeGap);
    return body.deliveries;
  }
}
