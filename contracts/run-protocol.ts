// What one part of a run tells another without importing it: the annotations and attachments the runner
// puts on each test (read by the reporters in reporting/ and by the matrix scripts), and the variables
// through which global setup and the scripts speak to the workers (Playwright offers no other channel).
// suite/ writes them, reporting/ and scripts/ read them; this table is the only place their names are spelt.
import type { Operation, PageAction, PaymentOperation } from './operations.js';

/** Annotation types of a test. */
export const ANNOTATION = {
  /** One per rule the check enforces (contracts/requirements.json IDs); the first decides @documented/@profile. */
  rule: 'rule',
  /** The check function and its arguments, e.g. `amountOutOfRangeRejected(account2card)`. */
  check: 'check',
  /** Where the check function is defined, `suite/checks/amounts.ts:34`. */
  checkSource: 'check source',
  /** Present on a fast-check property; its description is the check name. */
  property: 'property',
  /** A costly check's declared cost (JSON {@link DeclaredRequests}): what the depth plan sets aside for it. */
  declaredRequests: 'declared requests',
  /** How many examples a property ran (added while it runs). */
  examples: 'examples',
  /** How many exchanges of the run an oracle judged (suite/checks/oracle-checks.ts). */
  judgedExchanges: 'judged exchanges',
  /** Examples per property a matrix target asks for (declared with the test). */
  targetRuns: 'target runs',
  /** The matrix target a test judges. */
  target: 'target',
  /** A failure recorded instead of failing the test (observed matrix targets): its message, first line `[RULE] title`. */
  observed: 'observed failure',
  /** A check of a deciding target not run: an earlier check already gave the target its verdict (its description says which). */
  decided: 'not run: decided',
  /** How many 429 answers the check waited out. */
  rateLimited: 'rate limited',
  /** How many requests were sent again after transport trouble, and why (the check was judged on the answers that came). */
  retried: 'retried',
  /**
   * The check could not get an answer (the provider was unavailable, also after the tries allowed): no verdict.
   * The test is skipped with this annotation's description as the reason; reports show it as not judged.
   */
  notJudged: 'not judged',
  /**
   * How many requests the check sent through the suite's client: every exchange with its tries again and its 429
   * waits (a browser's own page loads are not counted). Certification reports them per area.
   */
  requests: 'requests',
  /** A property cut short by its time bound: `312 of 700 examples in 15 s`. */
  cutShort: 'cut short',
  /**
   * Value classes a check judged at a place a request field travels to, one per field and place: JSON
   * {@link CoverageNote} (updated while the check runs, so a check that stops early shows what it reached).
   */
  coverage: 'value coverage',
  /**
   * A failure that only warns under the profile (an advice rule, a finding at "warn"; contracts/levels.ts): the
   * reports list it. JSON {@link WarningNote}; one annotation per warning. A warning never changes the exit code.
   */
  warning: 'warning',
  /**
   * The check stopped at a failure whose rule only warns under the profile (contracts/levels.ts): the description is
   * that failure's message. The test passes; the reports show the check as warned, its rule as warned, and the other
   * rules it declares as not proven by it. A `warning` annotation names the rule.
   */
  stoppedAtWarning: 'stopped at a warning',
} as const;

/** The description of a `warning` annotation. */
export interface WarningNote {
  /** The rule the finding would break (contracts/requirements.json ID). */
  rule: string;
  /** What was seen, and where: `GET http://…/pay/…: no X-Content-Type-Options: nosniff`. */
  text: string;
}

/** The skip reason of a check that was not judged starts with this. */
export const NOT_JUDGED_PREFIX = 'not judged: the provider was unavailable:';

/**
 * The reason of a check not judged because what it listens for cannot reach the suite (no callback can arrive:
 * a remote provider and a receiver on loopback only; a relay that answers the provider itself) starts with this.
 */
export const OUT_OF_REACH = 'the provider cannot reach the suite';

/** Why a check was not judged, in a few words, from its reason: out of reach, or the provider was unavailable. */
export function notJudgedCause(why: string | undefined): string {
  return why?.startsWith(OUT_OF_REACH) ? OUT_OF_REACH : 'the provider was unavailable';
}

/** The cause of a check's not being judged, in a sentence, for the reports that explain it. */
export function notJudgedExplained(why: string | undefined): string {
  return why?.startsWith(OUT_OF_REACH)
    ? 'the provider cannot reach the suite (what the check listens for, a callback or a request to a canary, cannot arrive: see the reason, which says which variable to set)'
    : 'the provider was unavailable (connections refused or reset, bodies cut short, gateway answers, also after the tries allowed)';
}

/** The description of a `value coverage` annotation. */
export interface CoverageNote {
  /** The request field, e.g. `invoice.transaction`, `invoice.payload.*`. */
  field: string;
  /** Where its value was judged, e.g. `callback re-delivery`. */
  place: string;
  /** Every place the field travels to, in the order of the suite's table (so a report can show the ones not run). */
  places: string[];
  /** Every class the generators know for the field at that place. */
  known: string[];
  /** The classes of the values judged there, by the classes' membership tests. */
  checked: string[];
}

/** Attachment names. */
export const ATTACHMENT = {
  /** The distinct response shapes of a check's exchanges, one per line. */
  shapes: 'response shapes',
  /**
   * What the test's requests and payment-page actions took, and when its requests were sent: JSON {@link LatencyNote}.
   * An attachment, not an annotation: a worker is a process of its own, and an attachment's body reaches the reporters,
   * also through a blob report and its merge. The summary reporter merges every test's into summary.json.
   */
  latency: 'latency',
} as const;

/** The body of a `latency` attachment. Histograms: contracts/latency-histogram.ts (microseconds, compressed base64). */
export interface LatencyNote {
  /** Per operation, the time of each of its requests the provider answered, as the suite's client measured it (tries again included). */
  operations: Partial<Record<Operation, string>>;
  /** Per page action, the time of each that completed: a page loaded whole, a page address fetched, a press answered and its page loaded. */
  pageActions: Partial<Record<PageAction, string>>;
  /** Per second of the clock the test sent requests in: [Unix second, requests sent, of them those that got no answer or a 5xx]. */
  seconds: [number, number, number][];
}

/** Internal variables of a run, set by global setup or the scripts; a user never sets them. */
export const RUN_ENV = {
  /** URL of the callback receiver's query endpoint. */
  inbox: 'PTS_CALLBACK_INBOX',
  /** "1" when the provider under test is the embedded one. */
  embedded: 'PTS_EMBEDDED',
  /** Milliseconds each property check may run (scripts/conformance.ts sets it from TIME_BUDGET). */
  propertyMs: 'PTS_PROPERTY_MS',
  /**
   * A whole-run depth plan (JSON {@link DepthPlan}, divided by suite/harness/depth-plan.ts): certify without FC_NUM_RUNS sets
   * it, so that the properties share TIME_BUDGET × RATE_LIMIT requests with the other checks.
   */
  depthPlan: 'PTS_DEPTH_PLAN',
  /** Fault names to start the embedded provider with. */
  faults: 'PTS_FAULTS',
  /** Path of a matrix plan (set before Playwright starts: test collection reads it). */
  plan: 'PTS_PLAN',
  /** JSON map of matrix target name to its provider's base URL (set by global setup for the workers). */
  targetUrls: 'PTS_TARGET_URLS',
  /** Directory of the run's ledger: every payment the run created, one file per worker and target (set by global setup). */
  ledger: 'PTS_LEDGER_DIR',
  /** File global setup writes the main provider's payments into before it removes the ledger (set by certify): {@link LedgerExport}. */
  ledgerExport: 'PTS_LEDGER_EXPORT',
  /** Why no callback (nor canary request) from the provider can reach the receiver, when global setup knows none can. */
  callbacksOutOfReach: 'PTS_CALLBACKS_OUT_OF_REACH',
  /** Set when callbacks come through a relay (CALLBACK_RELAY): why the receiver's answers and canaries do not reach the provider. */
  relayed: 'PTS_CALLBACK_RELAYED',
  /** Folder of a shard's blob report (set by the gate for --shard): the configuration adds the blob reporter to its own. */
  blobDir: 'PTS_BLOB_DIR',
  /** The console reporter instead of the configuration's (the gate's and merge-reports' --reporter): the report files stay. */
  consoleReporter: 'PTS_CONSOLE_REPORTER',
} as const;

/** A whole-run depth plan: what certify tells the workers when the properties share one budget. */
export interface DepthPlan {
  /** Requests the whole run may send: TIME_BUDGET × RATE_LIMIT. */
  requests: number;
  /** Requests per second (RATE_LIMIT): a property's part of the requests becomes its time. */
  rate: number;
  /** The property checks of the selection, and the other checks (counted with `--list`). */
  properties: number;
  others: number;
  /** Of the other checks, those that declare their cost ({@link DeclaredRequests}), and the sum of their `about`. */
  declared: number;
  reserved: number;
  /** A check's top-up of the run's payments, when the selection has one, and the operations it follows. */
  topUp?: TopUp & { ops: readonly PaymentOperation[] };
  /** The file every finished check appends one line to: {@link DepthProgressLine}. */
  progress: string;
}

/** One line of a depth plan's progress file, per finished check. */
export interface DepthProgressLine {
  property: boolean;
  requests: number;
  /** Payments the check created, by operation (the ledger's count). */
  payments: Partial<Record<PaymentOperation, number>>;
  /** The check's declared cost, when it declares one. */
  declared?: DeclaredRequests;
}

/**
 * About how many requests a check that is not a property sends, declared when it is many (a sweep over a table):
 * the depth plan sets them aside before the properties divide the rest, whatever the order the checks run in.
 * `topUp`: besides those, the check creates payments until enough follow the earliest of each operation.
 */
export interface DeclaredRequests {
  about: number;
  topUp?: TopUp;
}

/** `followers` payments after the first `earliest` of each payment operation the merchant can create. */
export interface TopUp {
  followers: number;
  earliest: number;
}

/**
 * The payments a run created, as certify binds them into a certificate (ledger.json): what the provider's status
 * method can confirm, and nothing else (no card numbers, no credentials, no redirect addresses).
 */
export interface LedgerExport {
  baseUrl: string;
  payments: LedgerExportEntry[];
}

export interface LedgerExportEntry {
  operation: string;
  transaction: string;
  /** As the answer that created the payment gave them. */
  id: unknown;
  created_at: unknown;
  state: unknown;
}
