// The shape of reports/summary.json (written by summary-reporter.ts), and the rule verdicts and
// traceability that reports/requirements.{json,md} are built from. Certification, baselines and
// comparisons read summary.json through these types.
import { requirements, type Requirement, type RequirementKind } from '../../../contracts/requirements.js';

export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'flaky';
export type RuleStatus = 'passed' | 'failed' | 'not run' | 'untestable';

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
  rules: string[];
  kind: RequirementKind;
  status: CheckStatus;
  durationMs: number;
  /** First line of the first error (redacted); only for failed and flaky checks. */
  failure?: string;
  /** Description of the skip annotation; only for skipped checks. */
  skipReason?: string;
  /**
   * Distinct shapes of every response the check received (see shape.ts), sorted; absent when it made no
   * request. Several when the provider answers one check in several documented ways (card or FPS credentials).
   */
  responseShapes?: string[];
}

export interface RuleEntry {
  kind: RequirementKind;
  status: RuleStatus;
  checks: string[];
}

export interface Summary {
  suiteVersion: string;
  startedAt: string;
  durationMs: number;
  baseUrl: string | null;
  embedded: boolean;
  profileDigest: string | null;
  fcSeed: number | null;
  /** Every test of the run, checks or not; `passed` leaves out flaky tests, which `flaky` counts. */
  totals: Counts & { flaky: number };
  /** Per project; a flaky test counts as passed here. */
  projects: Record<string, Counts>;
  /** Every rule of contracts/requirements.json, in file order. */
  rules: Record<string, RuleEntry>;
  checks: CheckEntry[];
}

/**
 * A rule's verdict from its checks: failed if any failed; passed if one passed (a flaky check passed
 * in the end) and none failed; `not run` otherwise, including when every check was skipped;
 * `untestable` for rules marked testable: false.
 */
export function ruleVerdict(req: Requirement, statuses: readonly CheckStatus[]): RuleStatus {
  if (req.testable === false) return 'untestable';
  if (statuses.includes('failed')) return 'failed';
  if (statuses.some((s) => s === 'passed' || s === 'flaky')) return 'passed';
  return 'not run';
}

/** The rules map of summary.json: every requirement, with the checks that declare it. */
export function ruleEntries(checks: readonly Pick<CheckEntry, 'id' | 'rules' | 'status'>[]): Record<string, RuleEntry> {
  const out: Record<string, RuleEntry> = {};
  for (const req of requirements) {
    const mine = checks.filter((c) => c.rules.includes(req.id));
    out[req.id] = { kind: req.kind, status: ruleVerdict(req, mine.map((c) => c.status)), checks: mine.map((c) => c.id) };
  }
  return out;
}

export interface TraceRow {
  id: string;
  kind: RequirementKind;
  operation: string;
  section: string;
  title: string;
  status: RuleStatus;
  checks: string[];
  reason?: string;
}

export interface Traceability {
  generatedAt: string;
  /** Projects whose checks were collected: coverage is judged over these only. */
  projects: string[];
  counts: Record<RuleStatus, number>;
  rules: TraceRow[];
  /** Testable rules no collected check declares. */
  uncovered: { documented: string[]; profile: string[] };
}

export function traceability(rules: Record<string, RuleEntry>, projects: readonly string[], generatedAt: string): Traceability {
  const rows: TraceRow[] = requirements.map((req) => {
    const entry = rules[req.id] ?? { kind: req.kind, status: ruleVerdict(req, []), checks: [] };
    return {
      id: req.id,
      kind: req.kind,
      operation: req.operation,
      section: req.section,
      title: req.title,
      status: entry.status,
      checks: entry.checks,
      ...(req.testable === false ? { reason: req.reason } : {}),
    };
  });
  const counts: Record<RuleStatus, number> = { passed: 0, failed: 0, 'not run': 0, untestable: 0 };
  for (const r of rows) counts[r.status]++;
  const uncovered = (kind: RequirementKind) => rows.filter((r) => r.kind === kind && r.status !== 'untestable' && r.checks.length === 0).map((r) => r.id);
  return { generatedAt, projects: [...projects], counts, rules: rows, uncovered: { documented: uncovered('documented'), profile: uncovered('profile') } };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function traceabilityMarkdown(t: Traceability, context: { baseUrl: string | null; profileDigest: string | null }): string {
  const lines = [
    '# Requirements traceability',
    '',
    `Generated ${t.generatedAt} against ${context.baseUrl ?? 'no provider'}; profile digest \`${context.profileDigest ?? 'unknown'}\`.`,
    `Projects in this run: ${t.projects.length ? t.projects.join(', ') : 'none'}. Rules of other projects show as \`not run\` with no checks.`,
    '',
    `Passed ${t.counts.passed} · failed ${t.counts.failed} · not run ${t.counts['not run']} · untestable ${t.counts.untestable} · ${t.rules.length} rules`,
    '',
    '| Rule | Kind | Section | Title | Status | Checks |',
    '|---|---|---|---|---|---|',
    ...t.rules.map((r) =>
      `| ${r.id} | ${r.kind} | ${cell(r.section)} | ${cell(r.title)} | ${r.status} | ${r.status === 'untestable' ? cell(`untestable: ${r.reason ?? ''}`) : r.checks.map(cell).join('<br>') || '—'} |`,
    ),
    '',
    '## Rules no check covers',
    '',
  ];
  const list = (ids: string[]) => (ids.length ? ids.map((id) => `- ${id}: ${cell(t.rules.find((r) => r.id === id)?.title ?? '')}`) : ['- none']);
  lines.push('### Documented', '', ...list(t.uncovered.documented), '', '### Profile', '', ...list(t.uncovered.profile), '');
  const untestable = t.rules.filter((r) => r.status === 'untestable');
  lines.push('### Untestable (no black-box check can observe them)', '', ...(untestable.length ? untestable.map((r) => `- ${r.id}: ${cell(r.reason ?? '')}`) : ['- none']), '');
  return lines.join('\n');
}
