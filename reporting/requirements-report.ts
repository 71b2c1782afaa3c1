// reports/requirements.{json,md}: every rule of the interface document and the profile, its verdict, its
// checks and why, and a link to the section that states it. The one renderer of the requirements table:
// the summary reporter and certification both write through writeRequirements().
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requirements, type RequirementKind } from '../contracts/requirements.js';
import { basisLabel, defaultLevel, ruleLevel, type Level } from '../contracts/levels.js';
import { OUT_OF_REACH } from '../contracts/run-protocol.js';
import { cell, mdLink } from './markdown.js';
import { redactText } from '../contracts/redaction.js';
import { REPORT_FILES } from './reports-dir.js';
import { SPEC_FROM_REPORTS, sectionLink } from './spec-links.js';
import { RULE_STATUSES, ruleEntry, type NotProven, type RuleEntry, type RuleStatus, type Summary, type WarningEntry } from './summary-model.js';
import { coverageMarkdown, type CoverageRow } from './coverage.js';

interface TraceRow {
  id: string;
  kind: RequirementKind;
  operation: string;
  section: string;
  /** The section in the HTML copy of its document, relative to the reports folder (`spec/…html#anchor`). */
  link: string;
  title: string;
  /** What the rule stands on, in a few words (contracts/levels.ts basisLabel), and the standards it answers. */
  basis: string;
  anchors?: string;
  /** What its failure does under the run's profile: fail the gate, or warn. */
  level: Level;
  status: RuleStatus;
  checks: string[];
  /** The check functions of those checks and where each is defined: rule → code in one lookup. */
  code: { check: string; source: string }[];
  failedBy?: string[];
  warnedBy?: string[];
  notProvenBy?: NotProven[];
  /** The checks declaring it that could not get an answer (the provider was unavailable), with why. */
  notJudgedBy?: { check: string; why?: string }[];
  reason?: string;
  /** Warnings recorded against the rule (the profile's "warn" findings), with the check that saw each. */
  warnings?: { check: string; text: string }[];
}

export interface Traceability {
  generatedAt: string;
  /** Projects whose checks were collected: coverage is judged over these only. */
  projects: string[];
  counts: Record<RuleStatus, number>;
  rules: TraceRow[];
  /** Testable rules no collected check declares. */
  uncovered: { documented: string[]; profile: string[] };
  /** Failed checks whose failure names no rule, with that failure: their rules are not proven. */
  suiteErrors: { check: string; failure?: string }[];
  /** Value-class coverage per request field and place (coverage.ts); empty for a summary written before it. */
  coverage: CoverageRow[];
  /** Every warning of the run (empty for a summary written before warnings existed). */
  warnings: WarningEntry[];
}

/** What the table needs of a summary (written now, or read back from a file). */
type Run = Pick<Summary, 'rules' | 'gate'> & {
  suiteErrors?: string[];
  coverage?: CoverageRow[];
  warnings?: WarningEntry[];
  checks: readonly { id: string; failure?: string; check?: string; checkSource?: string; notJudged?: string }[];
};

export function traceability(run: Run, projects: readonly string[], generatedAt: string): Traceability {
  const byId = new Map(run.checks.map((c) => [c.id, c]));
  /** The distinct check functions (with their arguments) of some checks, and where each is defined. */
  const codeOf = (ids: readonly string[]) => [
    ...new Map(
      ids
        .map((id) => byId.get(id))
        .filter((c) => c?.check !== undefined && c.checkSource !== undefined)
        .map((c) => [c!.check!, { check: c!.check!, source: c!.checkSource! }]),
    ).values(),
  ];
  const rows: TraceRow[] = requirements.map((req) => {
    const entry: RuleEntry = run.rules[req.id] ?? ruleEntry(req, []);
    const warned = (run.warnings ?? []).filter((w) => w.rule === req.id).map((w) => ({ check: w.check, text: w.text }));
    return {
      id: req.id,
      kind: req.kind,
      operation: req.operation,
      section: req.section,
      link: `${SPEC_FROM_REPORTS}${sectionLink(req)}`,
      title: req.title,
      basis: basisLabel(req),
      ...(req.basis.anchors ? { anchors: req.basis.anchors } : {}),
      level: run.gate ? ruleLevel({ gate: run.gate }, req.id) : defaultLevel(req),
      status: entry.status,
      checks: entry.checks,
      code: codeOf(entry.checks),
      ...(entry.failedBy ? { failedBy: entry.failedBy } : {}),
      ...(entry.warnedBy ? { warnedBy: entry.warnedBy } : {}),
      ...(entry.notProvenBy ? { notProvenBy: entry.notProvenBy } : {}),
      ...(entry.notJudgedBy ? { notJudgedBy: entry.notJudgedBy.map((check) => ({ check, why: byId.get(check)?.notJudged })) } : {}),
      ...(req.testable === false ? { reason: req.reason } : {}),
      ...(warned.length ? { warnings: warned } : {}),
    };
  });
  const counts = Object.fromEntries(RULE_STATUSES.map((s) => [s, 0])) as Record<RuleStatus, number>;
  for (const r of rows) counts[r.status]++;
  const uncovered = (kind: RequirementKind) => rows.filter((r) => r.kind === kind && r.status !== 'untestable' && r.checks.length === 0).map((r) => r.id);
  const failures = new Map(run.checks.map((c) => [c.id, c.failure]));
  return {
    generatedAt,
    projects: [...projects],
    counts,
    rules: rows,
    uncovered: { documented: uncovered('documented'), profile: uncovered('profile') },
    suiteErrors: (run.suiteErrors ?? []).map((check) => ({ check, failure: failures.get(check) })),
    coverage: run.coverage ?? [],
    warnings: run.warnings ?? [],
  };
}

const failedOn = (n: NotProven) => (n.failedRule ? `failed on ${n.failedRule}` : 'failed naming no rule (suite error)');

/** Why a rule has its status, in a sentence per check. */
function detail(r: TraceRow): string[] {
  if (r.status === 'untestable') return [`untestable: ${r.reason ?? ''}`];
  const warned = (r.warnings ?? []).map((w) => `warning: ${w.check}: ${w.text}`);
  if (r.status === 'passed' || r.status === 'warned') return warned;
  if (r.status === 'failed') return (r.failedBy ?? []).map((c) => `failed in ${c}${r.checks.includes(c) ? '' : ' (which does not declare it)'}`);
  if (r.status === 'not proven') return (r.notProvenBy ?? []).map((n) => `not proven: ${n.check} ${failedOn(n)}`);
  if (r.status === 'not judged')
    return (r.notJudgedBy ?? []).map((n) =>
      n.why?.startsWith(OUT_OF_REACH)
        ? `not judged: ${n.check}: ${n.why}`
        : `not judged: ${n.check}: the provider was unavailable${n.why ? ` (${n.why})` : ''}`,
    );
  return warned;
}

export function traceabilityMarkdown(t: Traceability, context: { baseUrl: string | null; profileDigest: string | null }): string {
  const c = t.counts;
  const lines = [
    '# Requirements traceability',
    '',
    `Generated ${t.generatedAt} against ${context.baseUrl ?? 'no provider'}; profile digest \`${context.profileDigest ?? 'unknown'}\`.`,
    `Projects in this run: ${t.projects.length ? t.projects.join(', ') : 'none'}. Rules of other projects show as \`not run\` with no checks.`,
    "A rule fails when a failure names it and its level is `fail`; it is `warned` when the failure only warns (a rule whose basis is advice, or one the profile's `gate` section lowers: docs/rules.md). A check that fails or stops at a warning on one rule does not prove the other rules it declares (`not proven`).",
    'A check that could not get an answer (the provider was unavailable, also after the tries allowed), or that waits for what cannot reach the suite (a callback when the provider cannot reach the receiver), is `not judged`: neither passed nor failed.',
    `Sections link to the copies of the documents in \`${SPEC_FROM_REPORTS}\`.`,
    '',
    `${RULE_STATUSES.map((st) => `${st} ${c[st]}`).join(' · ')} · ${t.rules.length} rules`,
    '',
    '| Rule | Kind | Section | Title | Basis | Level | Status | Check functions | Checks | Detail |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...t.rules.map(
      (r) =>
        `| ${r.id} | ${r.kind} | ${mdLink(r.section, r.link)} | ${cell(r.anchors ? `${r.title} (${r.anchors})` : r.title)} | ${cell(r.basis)} | ${r.level} | ${r.status} | ${r.code.map((c) => `\`${cell(c.check)}\` ${cell(c.source)}`).join('<br>') || '—'} | ${r.checks.map(cell).join('<br>') || '—'} | ${detail(r).map(cell).join('<br>')} |`,
    ),
    '',
    `## Failures that name no rule (${t.suiteErrors.length})`,
    '',
    ...(t.suiteErrors.length === 0
      ? ['None.']
      : [
          'These checks failed without naming a rule: an error of the suite or of its setup, not a verdict on the provider. The rules they declare are not proven.',
          '',
          ...t.suiteErrors.map((e) => `- ${cell(e.check)}: ${cell(e.failure ?? '')}`),
        ]),
    '',
    `## Warnings (${t.warnings.length})`,
    '',
    ...(t.warnings.length === 0
      ? ['None.']
      : [
          'Failures the profile only warns of (rules whose basis is advice, findings at `warn`, the `gate` section): the gate passes them; the exit code does not change.',
          '',
          ...t.warnings.map((w) => `- ${w.rule}: ${cell(w.check)}: ${cell(w.text)}`),
        ]),
    '',
    ...coverageMarkdown(t.coverage),
    '## Rules no check covers',
    '',
  ];
  const list = (ids: string[]) => (ids.length ? ids.map((id) => `- ${id}: ${cell(t.rules.find((r) => r.id === id)?.title ?? '')}`) : ['- none']);
  lines.push('### Documented', '', ...list(t.uncovered.documented), '', '### Profile', '', ...list(t.uncovered.profile), '');
  const untestable = t.rules.filter((r) => r.status === 'untestable');
  lines.push(
    '### Untestable (no black-box check can observe them)',
    '',
    ...(untestable.length ? untestable.map((r) => `- ${r.id}: ${cell(r.reason ?? '')}`) : ['- none']),
    '',
  );
  return lines.join('\n');
}

/** Writes requirements.json and requirements.md into dir, redacted. */
export function writeRequirements(
  dir: string,
  summary: Run & { baseUrl?: string | null; profileDigest?: string | null },
  projects: readonly string[],
  generatedAt = new Date().toISOString(),
): Traceability {
  const trace = traceability(summary, projects, generatedAt);
  writeFileSync(join(dir, REPORT_FILES.requirementsJson), redactText(JSON.stringify(trace, null, 2)) + '\n');
  writeFileSync(
    join(dir, REPORT_FILES.requirementsMd),
    redactText(traceabilityMarkdown(trace, { baseUrl: summary.baseUrl ?? null, profileDigest: summary.profileDigest ?? null })),
  );
  return trace;
}
