// The run's ledger: every payment the run created, whichever worker created it, and every state the status
// method reported, kept apart per provider (a matrix run judges many in one invocation). The checks over the
// whole run (suite/checks/whole-run.ts) and the lifecycle model read it; the runner records into it from the
// same place evidence is recorded (suite/runner/fixtures/http.ts). Each worker appends one JSON line per
// accepted payment to a file of its own, so recording costs one small write and no coordination; a reader
// reads every worker's file of its provider, only the bytes added since it last read.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile } from '../../contracts/index.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import type { LedgerExport } from '../../contracts/run-protocol.js';
import type { Exchange } from './exchange.js';
import { addCounts, type OracleCount } from './oracles/tally.js';
import type { ProviderApi } from './provider-api.js';

/** What one answer said of a payment, and when: the suite's clock before sending and after the answer. */
interface Sighting {
  transaction: string;
  id: unknown;
  state: unknown;
  createdAt: unknown;
  credentials: unknown;
  sentAt: number;
  answeredAt: number;
  /** The check whose request it was. */
  by: string;
  /** The worker process that recorded it. */
  pid: number;
}

/** A payment as the answer that created it gave it. */
export interface LedgerPayment extends Sighting {
  op: PaymentOperation;
  redirectUrl?: string;
}

/** A status answer about a payment. */
type LedgerStatus = Sighting;

/** A create refused with a 4xx: the provider must hold no payment of its transaction (unless another request made one). */
export interface LedgerRefusal {
  op: PaymentOperation;
  transaction: string;
  status: number;
  by: string;
}

/** A create that met transport trouble: the provider may hold a payment of this transaction that no answer told of. */
interface LedgerLostCreate {
  op: PaymentOperation;
  transaction: string;
  by: string;
  pid: number;
}

export interface LedgerSnapshot {
  /** In the order they were answered. */
  payments: LedgerPayment[];
  statuses: LedgerStatus[];
  lostCreates: LedgerLostCreate[];
  refusals: LedgerRefusal[];
  /** What the oracles judged of every exchange, by oracle name (suite/harness/oracles/). */
  oracles: ReadonlyMap<string, OracleCount>;
}

type Line =
  | (LedgerPayment & { k: 'p' })
  | (LedgerStatus & { k: 's' })
  | (LedgerLostCreate & { k: 'u' })
  | (LedgerRefusal & { k: 'r' })
  | { k: 'o'; counts: Record<string, OracleCount> };

const NEWLINE = 0x0a;
/** Refusals of each operation and status a worker records (refusalsLeaveNoPayment asks about three of each). */
const REFUSALS_KEPT = 8;
/** The body's transaction when it is one a status request can ask about (a UUID); read without parsing the body. */
const UUID_MEMBER = /"transaction"\s*:\s*"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/i;

/** The payments and statuses of one provider, as every worker of the run recorded them. */
export class RunLedger {
  private readonly dir: string | undefined;
  private fd: number | undefined;
  private readonly offsets = new Map<string, { offset: number; rest: Buffer }>();
  private readonly payments: LedgerPayment[] = [];
  private readonly statuses: LedgerStatus[] = [];
  private readonly lostCreates: LedgerLostCreate[] = [];
  private readonly refusals: LedgerRefusal[] = [];
  private readonly refusalKinds = new Map<string, number>();
  private readonly oracles = new Map<string, OracleCount>();

  /** `runDir` undefined (no global setup): the ledger holds what this worker records, in memory. */
  constructor(
    runDir: string | undefined,
    target: { name: string; baseUrl: string },
    private readonly paths: Profile['paths'],
  ) {
    this.dir = runDir === undefined ? undefined : join(runDir, createHash('sha256').update(`${target.name}\n${target.baseUrl}`).digest('hex').slice(0, 16));
  }

  /**
   * Takes note of an exchange when it is an accepted payment or a status answer carrying one; anything else costs a
   * comparison. The operation, when it recorded a payment the exchange created.
   */
  record(exchange: Exchange, by: string): PaymentOperation | undefined {
    const r = exchange.response;
    if (exchange.request.method !== 'POST') return undefined;
    const troubled = r === undefined || exchange.unavailable === true || (exchange.retries?.length ?? 0) > 0;
    const accepted = r !== undefined && r.status >= 200 && r.status <= 299 ? r : undefined;
    const refused = !troubled && r !== undefined && r.status >= 400 && r.status <= 499;
    if (!troubled && !accepted && !refused) return undefined;
    const path = new URL(exchange.request.url).pathname;
    const op: PaymentOperation | 'status' | undefined =
      path === this.paths.invoice ? 'invoice' : path === this.paths.account2card ? 'account2card' : path === this.paths.status ? 'status' : undefined;
    if (refused) return this.recordRefusal(exchange, op, r.status, by);
    const transaction = op && transactionOf(exchange.request.body);
    if (transaction === undefined) return undefined;
    // A create whose answer the network lost may have made a payment no answer told of.
    if (troubled && op !== 'status') this.append({ k: 'u', op: op!, transaction, by, pid: process.pid });
    if (!accepted) return undefined;
    const payment = (accepted.json as { payment?: unknown } | undefined)?.payment;
    if (payment === null || typeof payment !== 'object' || Array.isArray(payment)) return undefined;
    const p = payment as Record<string, unknown>;
    const answeredAt = Date.now();
    const seen: Sighting = {
      transaction,
      id: p.id,
      state: p.state,
      createdAt: p.created_at,
      credentials: p.credentials,
      sentAt: answeredAt - Math.ceil(exchange.ms),
      answeredAt,
      by,
      pid: process.pid,
    };
    const redirectUrl = (accepted.json as { redirect_url?: unknown }).redirect_url;
    this.append(
      op === 'status' ? { k: 's', ...seen } : { k: 'p', ...seen, op: op!, ...(op === 'invoice' && typeof redirectUrl === 'string' ? { redirectUrl } : {}) },
    );
    return op === 'status' ? undefined : op;
  }

  /**
   * A create refused with a 4xx, among the first REFUSALS_KEPT of its operation and status this worker saw with a
   * transaction the status method can ask about (a run makes them by the thousand; the check asks about a few).
   */
  private recordRefusal(exchange: Exchange, op: PaymentOperation | 'status' | undefined, status: number, by: string): undefined {
    if (op === undefined || op === 'status') return undefined;
    const transaction = UUID_MEMBER.exec(exchange.request.body ?? '')?.[1];
    if (transaction === undefined) return undefined;
    const kind = `${op} ${status}`;
    const seen = this.refusalKinds.get(kind) ?? 0;
    this.refusalKinds.set(kind, seen + 1);
    if (seen < REFUSALS_KEPT) this.append({ k: 'r', op, transaction, status, by });
    return undefined;
  }

  /** One test's oracle tally (nothing when no oracle judged an exchange). */
  recordOracles(counts: Record<string, OracleCount>): void {
    if (Object.keys(counts).length > 0) this.append({ k: 'o', counts });
  }

  /** Everything recorded for this provider so far, by every worker. */
  read(): LedgerSnapshot {
    if (this.dir !== undefined) {
      let names: string[] = [];
      try {
        names = readdirSync(this.dir);
      } catch {
        // nothing recorded for this provider yet
      }
      for (const name of names.sort()) this.readFile(join(this.dir, name));
    }
    const byAnswer = (a: Sighting, b: Sighting) => a.answeredAt - b.answeredAt;
    return {
      payments: [...this.payments].sort(byAnswer),
      statuses: [...this.statuses].sort(byAnswer),
      lostCreates: [...this.lostCreates],
      refusals: [...this.refusals],
      oracles: new Map(this.oracles),
    };
  }

  private append(line: Line): void {
    if (this.dir === undefined) return this.keep(line);
    if (this.fd === undefined) {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      this.fd = openSync(join(this.dir, `${process.pid}.jsonl`), 'a', 0o600);
    }
    writeSync(this.fd, JSON.stringify(line) + '\n');
  }

  private keep(line: Line): void {
    if (line.k === 'o') return addCounts(this.oracles, line.counts);
    if (line.k === 'r') return void this.refusals.push(line);
    const { k, ...entry } = line;
    if (k === 'p') this.payments.push(entry as LedgerPayment);
    else if (k === 'u') this.lostCreates.push(entry as LedgerLostCreate);
    else this.statuses.push(entry as LedgerStatus);
  }

  /** The lines added to one worker's file since the last read (a line still being written waits for the next). */
  private readFile(file: string): void {
    const at = this.offsets.get(file) ?? { offset: 0, rest: Buffer.alloc(0) };
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size <= at.offset) return;
      const added = Buffer.alloc(size - at.offset);
      const read = readSync(fd, added, 0, added.length, at.offset);
      const bytes = Buffer.concat([at.rest, added.subarray(0, read)]);
      const end = bytes.lastIndexOf(NEWLINE) + 1;
      for (const text of bytes.subarray(0, end).toString('utf8').split('\n')) if (text !== '') this.keep(JSON.parse(text) as Line);
      this.offsets.set(file, { offset: at.offset + read, rest: Buffer.from(bytes.subarray(end)) });
    } finally {
      closeSync(fd);
    }
  }
}

/** The transaction of a JSON request body, when it has one. */
function transactionOf(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  try {
    const transaction = (JSON.parse(body) as { transaction?: unknown } | null)?.transaction;
    return typeof transaction === 'string' ? transaction : undefined;
  } catch {
    return undefined;
  }
}

/** The run's payments as certify binds them (ledger.json): transaction, id, created_at and state, in the order answered. */
export function ledgerExport(snapshot: LedgerSnapshot, baseUrl: string): LedgerExport {
  return {
    baseUrl,
    payments: snapshot.payments.map((p) => ({ operation: p.op, transaction: p.transaction, id: p.id, created_at: p.createdAt, state: p.state })),
  };
}

const attached = new WeakMap<ProviderApi, RunLedger>();

/** Makes `ledger` the one `ledgerOf(api)` answers (the runner does, where it creates the API of a test). */
export function attachLedger(api: ProviderApi, ledger: RunLedger): void {
  attached.set(api, ledger);
}

/** The ledger of the provider `api` speaks to. */
export function ledgerOf(api: ProviderApi): RunLedger {
  const ledger = attached.get(api);
  if (!ledger) throw new Error('no run ledger is attached to this ProviderApi: checks run through suite/runner, which attaches one');
  return ledger;
}
