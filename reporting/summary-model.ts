// The shape of reports/summary.json (written by summary-reporter.ts) and the rule verdicts that
// reports/requirements.{json,md}, certification, baselines and comparisons are built from.
//
// A rule's verdict comes from what failed, not from what a failing check declares: a check stops at its
// first failure, `[RULE-ID] title`, so it fails that rule and proves nothing about the other rules it
// declares in that run. One created_at fault is then one failed rule, not every rule of the schema check
// that tripped over it.
import { isRequirementId, requirements, type Requirement, type RequirementKind } from '../contracts/requirements.js';
import type { CoverageRow } from './coverage.js';
import type { Gate } from '../contracts/levels.js';
import type { LatencyFigures } from '../contracts/latency-histogram.js';
import type { Operation, PageAction } from '../contracts/operations.js';
import type { ProfileLatency } from '../contracts/types.gen.js';

/**
 * `not judged`: the check could not get an answer (the provider was unavailable): no verdict, neither passed nor
 * failed. `warned`: the check stopped at a failure of a rule that only warns under the profile (contracts/levels.ts):
 * the gate passes it.
 */
export type CheckStatus = 'passed' | 'failed' | 'warned' | 'skipped' | 'flaky' | 'not judged';
export type RuleStatus = 'passed' | 'failed' | 'warned' | 'not proven' | 'not judged' | 'not run' | 'untestable';
export const RULE_STATUSES: readonly RuleStatus[] = ['passed', 'failed', 'warned', 'not proven', 'not judged', 'not run', 'untestable'];

export interface Counts {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
}

export interface CheckEntry {
  /** `<project> › <file relative to the repository> › <title without the [IDs] suffix>` */
  id: string;
  project: string;
  file: string;
  title: string;
  /** The rules the check declares. */
  rules: string[];
  kind: RequirementKind;
  status: CheckStatus;
  durationMs: number;
  /** First line of the first error (redacted); only for failed and flaky checks. */
  failure?: string;
  /**
   * Only for failed and warned checks (since suite 0.3.0): the rule the failure names (`[RULE-ID] …`), declared by
   * the check or not (a precondition); null when it names no known rule, i.e. an error of the suite, not a verdict.
   */
  failedRule?: string | null;
  /** Description of the skip annotation; only for skipped checks. */
  skipReason?: string;
  /** Why the check could not be judged (the request the provider was unavailable for); only for not judged checks. */
  notJudged?: string;
  /** Requests sent again after transport trouble, and why; the check was judged on the answers that came. */
  retried?: string;
  /** A property cut short by its time bound: how many examples it ran of how many. */
  cutShort?: string;
  /**
   * Distinct shapes of every response the check received (see shape.ts), sorted; absent when it made no
   * request. Several when the provider answers one check in several documented ways (card or FPS credentials).
   */
  responseShapes?: string[];
  /** The check function it ran (`amountOutOfRangeRejected(account2card)`), where the runner names it. */
  check?: string;
  /** Where that function is defined (`suite/checks/amounts.ts:34`). */
  checkSource?: string;
  /** Property checks: how many generated examples it ran (the depth of the run). */
  examples?: number;
  /** How many requests it sent through the suite's client (tries again and 429 waits included); absent: none. */
  requests?: number;
}

/** A failure that only warns under the profile (an advice rule, a finding at warn): the gate passes; the reports list it. */
export interface WarningEntry {
  /** The check's id, as in `checks`. */
  check: string;
  /** The rule the finding would break. */
  rule: string;
  /** What was seen, and where. */
  text: string;
}

/** A failed check that declares a rule but failed on another one (or on none): that rule is not proven by it. */
export interface NotProven {
  check: string;
  /** The rule the check did fail; null for a failure that names no rule. */
  failedRule: string | null;
}

export interface RuleEntry {
  kind: RequirementKind;
  status: RuleStatus;
  /** The checks that declare the rule. */
  checks: string[];
  /** Failed checks whose failure names the rule (possibly checks that do not declare it); when status is failed. */
  failedBy?: string[];
  /** When status is `warned`: the checks whose warnings name it. */
  warnedBy?: string[];
  /** When status is `not proven`: the failed checks declaring it, and the rule each did fail. */
  notProvenBy?: NotProven[];
  /** When status is `not judged`: the checks declaring it that could not get an answer. */
  notJudgedBy?: string[];
}

export interface Summary {
  suiteVersion: string;
  startedAt: string;
  durationMs: number;
  baseUrl: string | null;
  embedded: boolean;
  profileDigest: string | null;
  fcSeed: number | null;
  /** The profile's gate section: which rules fail and which warn (absent from older summaries). */
  gate?: Gate | null;
  /**
   * Every test of the run, checks or not; `passed` leaves out flaky tests, which `flaky` counts, the warned, which
   * `warned` counts (absent from older summaries), and `skipped` the not judged, which `notJudged` counts.
   */
  totals: Counts & { flaky: number; notJudged: number; warned?: number };
  /** Per project; a flaky test counts as passed here. */
  projects: Record<string, Counts>;
  /** Every rule of contracts/requirements.json, in file order. */
  rules: Record<string, RuleEntry>;
  /** Ids of failed checks whose failure names no known rule: errors of the suite or its setup, no verdict on a rule. */
  suiteErrors: string[];
  checks: CheckEntry[];
  /**
   * Since suite 0.3.0: per request field and place its value travels to, the value classes the checks judged
   * there of those the generators know (coverage.ts); absent from older summaries.
   */
  coverage: CoverageRow[];
  /** Since suite 0.3.0: the warnings the checks recorded, in check order; absent from older summaries. A warning never changes the exit code. */
  warnings?: WarningEntry[];
  /** How the run ended, as Playwright says (for a merge of shards: the worst shard's end); absent from older summaries. The gate's merge reads it. */
  runStatus?: 'passed' | 'failed' | 'timedout' | 'interrupted';
  /** What the operations and the page actions took (latency-section.ts); absent from older summaries. */
  latency?: LatencySection;
  /** Requests and failed checks over the run's time (timeline.ts); absent from older summaries. */
  timeline?: Timeline;
}

/** The latency of one operation or page action over the run: milliseconds, and the HDR histogram they come from. */
export interface LatencyEntry extends LatencyFigures {
  /** Every time recorded, as an HDR histogram of microseconds in compressed base64 (contracts/latency-histogram.ts), to merge and compare. */
  histogram: string;
}

export interface LatencySection {
  /**
   * The profile's `latency` in force for the run: how much its p95s may grow in a later run before `compare`, this run
   * being its baseline, reports a regression. Null when the profile could not be read.
   */
  threshold: ProfileLatency | null;
  /** Per operation, each request the provider answered (tries again included; not one that waited out a 429 or Retry-After). */
  operations: Partial<Record<Operation, LatencyEntry>>;
  /** Per page action, each that completed: a page loaded whole, a page address fetched, a press answered and its page loaded. */
  pageActions: Partial<Record<PageAction, LatencyEntry>>;
}

/** One stretch of the run's time. */
export interface TimelineBucket {
  /** Seconds from the run's start to the stretch's. */
  from: number;
  /** Requests the suite's client sent (tries again and 429s waited out included). */
  requests: number;
  /** Of them, those that got no answer or a 5xx. */
  unanswered: number;
  /** Checks that ended failed within it. */
  failedChecks: number;
}

export interface Timeline {
  /** The length of each stretch: 5 s, more for a long run (at most 120 stretches). */
  bucketSeconds: number;
  buckets: TimelineBucket[];
}

const FAILURE_RULE = /^(?:\w+: )?\[([A-Z][A-Z0-9_-]*)\] /;

/** The rule a failure line names: `[RULE-ID] title`, possibly after Playwright's `CheckFailure: `; null when it names no known rule. */
export function failedRuleOf(failure: string | undefined): string | null {
  const id = failure === undefined ? undefined : FAILURE_RULE.exec(failure)?.[1];
  return id !== undefined && isRequirementId(id) ? id : null;
}

/** What a verdict needs of a check. failedRule undefined on a failed check (an older summary) is read from `failure`. */
export type JudgedCheck = Pick<CheckEntry, 'id' | 'rules' | 'status'> & Partial<Pick<CheckEntry, 'failedRule' | 'failure'>>;

/** The rule a failed or warned check stopped on (null: none named); undefined for a check that did neither. */
export function failedRuleOfCheck(c: JudgedCheck): string | null | undefined {
  if (c.status !== 'failed' && c.status !== 'warned') return undefined;
  return c.failedRule !== undefined ? c.failedRule : failedRuleOf(c.failure);
}

/**
 * A rule's entry from every check of the run: failed if a failure names it; else warned if a warning names it
 * (a check that stopped at it, or a finding that warns); else passed if a check declaring it passed (a flaky check
 * passed in the end); else not proven if a check declaring it failed or stopped at a warning on another rule or on
 * none; else not judged if a check declaring it could not get an answer (the provider was unavailable); else not
 * run (no check, or every check skipped), or untestable for testable: false.
 */
export function ruleEntry(req: Requirement, checks: readonly JudgedCheck[], warnings: readonly Pick<WarningEntry, 'check' | 'rule'>[] = []): RuleEntry {
  const declaring = checks.filter((c) => c.rules.includes(req.id));
  const failedBy = checks.filter((c) => c.status === 'failed' && failedRuleOfCheck(c) === req.id).map((c) => c.id);
  const ids = declaring.map((c) => c.id);
  if (failedBy.length > 0) return { kind: req.kind, status: 'failed', checks: ids, failedBy };
  if (req.testable === false) return { kind: req.kind, status: 'untestable', checks: ids };
  const warnedBy = [...new Set(warnings.filter((w) => w.rule === req.id).map((w) => w.check))];
  if (warnedBy.length > 0) return { kind: req.kind, status: 'warned', checks: ids, warnedBy };
  if (declaring.some((c) => c.status === 'passed' || c.status === 'flaky')) return { kind: req.kind, status: 'passed', checks: ids };
  const notProvenBy = declaring
    .filter((c) => c.status === 'failed' || c.status === 'warned')
    .map((c) => ({ check: c.id, failedRule: failedRuleOfCheck(c) ?? null }));
  if (notProvenBy.length > 0) return { kind: req.kind, status: 'not proven', checks: ids, notProvenBy };
  const notJudgedBy = declaring.filter((c) => c.status === 'not judged').map((c) => c.id);
  if (notJudgedBy.length > 0) return { kind: req.kind, status: 'not judged', checks: ids, notJudgedBy };
  return { kind: req.kind, status: 'not run', checks: ids };
}

/** The rules map of summary.json: every requirement, in file order. */
export function ruleEntries(checks: readonly JudgedCheck[], warnings: readonly Pick<WarningEntry, 'check' | 'rule'>[] = []): Record<string, RuleEntry> {
  return Object.fromEntries(requirements.map((req) => [req.id, ruleEntry(req, checks, warnings)]));
}

/** Failed checks whose failure names no known rule. */
export function suiteErrorsOf(checks: readonly JudgedCheck[]): string[] {
  return checks.filter((c) => failedRuleOfCheck(c) === null).map((c) => c.id);
}
