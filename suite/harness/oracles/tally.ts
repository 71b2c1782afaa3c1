// Oracles: properties of every exchange of the run, whatever check caused it. Each worker's tally sees every
// exchange its tests send (suite/runner/fixtures/http.ts), counts the ones each oracle judges and keeps the first
// findings with their exchanges; the run's ledger gathers the tallies of every worker, and one check per oracle
// (suite/checks/oracle-checks.ts) judges them against its rule at the end of the run.
import type { Exchange } from '../exchange.js';

/** What an oracle knows besides the exchange: the secrets no answer may carry. */
interface OracleContext {
  readonly secrets: readonly string[];
}

export interface Oracle {
  /** Its key in the tallies; the check that judges it names the rule (suite/checks/oracle-checks.ts). */
  readonly name: string;
  /** What a provider should send, in one sentence. */
  readonly expected: string;
  /** What is wrong with the exchange ([]: nothing), or undefined when the oracle does not judge it. */
  judge(exchange: Exchange, context: OracleContext): readonly string[] | undefined;
}

/** One oracle's findings in an exchange. */
interface OracleFinding {
  found: readonly string[];
  exchange: Exchange;
  /** The check whose request it was. */
  by: string;
}

export interface OracleCount {
  judged: number;
  /** Exchanges with findings, whether kept or not. */
  failed: number;
  /** The first few. */
  findings: OracleFinding[];
}

/** Findings kept per oracle and test: the first one is the evidence, the others say it is no one-off. */
const KEPT = 3;

/** One test's exchanges as the oracles judge them. */
export class OracleTally {
  private readonly counts = new Map<string, OracleCount>();

  constructor(
    private readonly oracles: readonly Oracle[],
    private readonly context: OracleContext,
  ) {}

  observe(exchange: Exchange, by: string): void {
    for (const oracle of this.oracles) {
      const found = oracle.judge(exchange, this.context);
      if (found === undefined) continue;
      const count = this.counts.get(oracle.name) ?? { judged: 0, failed: 0, findings: [] };
      count.judged++;
      if (found.length > 0) {
        count.failed++;
        if (count.findings.length < KEPT) count.findings.push({ found, exchange, by });
      }
      this.counts.set(oracle.name, count);
    }
  }

  /** The counts since the last drain, by oracle name. */
  drain(): Record<string, OracleCount> {
    const out = Object.fromEntries(this.counts);
    this.counts.clear();
    return out;
  }
}

const attached = new WeakMap<object, OracleTally>();

/** Makes `tally` the one `oracleTallyOf(api)` answers (the runner does, where it creates the API of a test). */
export function attachOracleTally(api: object, tally: OracleTally): void {
  attached.set(api, tally);
}

/** The tally of the test that `api` sends for, if the runner attached one. */
export function oracleTallyOf(api: object): OracleTally | undefined {
  return attached.get(api);
}

/** Adds `more` to `into`, keeping at most `kept` findings per oracle. */
export function addCounts(into: Map<string, OracleCount>, more: Record<string, OracleCount>, kept = KEPT): void {
  for (const [name, c] of Object.entries(more)) {
    const sum = into.get(name) ?? { judged: 0, failed: 0, findings: [] };
    sum.judged += c.judged;
    sum.failed += c.failed;
    for (const f of c.findings) if (sum.findings.length < kept) sum.findings.push(f);
    into.set(name, sum);
  }
}
