// Regression comparison of two runs' summary.json: what got worse, what got better, what changed shape.
// Rule status changes include `not proven` (a check failed on another rule first); summaries of older
// suite versions are upgraded when read (summary-file.ts), so their rule verdicts follow the same rules. Latency
// changes, and the regressions the old run's threshold calls, are latency-compare.ts's.
import { cell } from './markdown.js';
import { compareLatency, latencyLines, latencyMarkdown, type LatencyComparison } from './latency-compare.js';
import { checksById, type Summary, type SummaryCheck } from './summary-file.js';
import { failedRuleOfCheck } from './summary-model.js';

interface CheckRef {
  id: string;
  rules: string[];
  kind: string;
}

export interface Comparison {
  old: RunInfo;
  new: RunInfo;
  /** Failing in NEW, not failing in OLD (passed, skipped, or absent). */
  newFailures: (CheckRef & { before: string; failedRule: string | null; failure?: string })[];
  /** Failing in OLD, passing in NEW. */
  fixed: (CheckRef & { failedRule: string | null; failure?: string })[];
  /** Failing in both; failedRuleBefore when the check now fails on another rule. */
  stillFailing: (CheckRef & { failedRule: string | null; failedRuleBefore?: string | null })[];
  added: (CheckRef & { status: string })[];
  removed: (CheckRef & { status: string })[];
  /** Other status changes of a check present in both (e.g. passed → skipped). */
  statusChanges: (CheckRef & { before: string; after: string })[];
  ruleChanges: { rule: string; kind: string; before: string; after: string }[];
  /** Checks answered in a shape the other run never saw (see shapeChanged). */
  shapeChanges: (CheckRef & { before: string[]; after: string[] })[];
  /** Latency per operation and page action, and its regressions; absent when neither run recorded latency. */
  latency?: LatencyComparison;
}

interface RunInfo {
  path: string;
  startedAt?: string;
  baseUrl?: string | null;
  embedded?: boolean;
  suiteVersion?: string;
  profileDigest?: string;
  /** The run's summary predates suite 0.3.0; its rule verdicts were recomputed from its failure lines. */
  verdictsRecomputed?: boolean;
  totals: Summary['totals'];
}

const ref = (c: SummaryCheck): CheckRef => ({ id: c.id, rules: c.rules, kind: c.kind });
const failing = (s: string) => s === 'failed';
const passing = (s: string) => s === 'passed' || s === 'flaky';

/** A check's response shapes; summaries written before suite 0.2.0 kept one sample as `responseShape`. */
function shapesOf(c: SummaryCheck): string[] | undefined {
  const legacy = (c as { responseShape?: unknown }).responseShape;
  return c.responseShapes ?? (typeof legacy === 'string' ? [legacy] : undefined);
}

/** Every response shape a run saw, in any check. */
const allShapes = (s: Summary): Set<string> => new Set(s.checks.flatMap((c) => shapesOf(c) ?? []));

/**
 * A check's shapes changed when they differ AND one of them is new to the other run as a whole. A check
 * sees a sample of the provider's answers (an invoice gets card or FPS credentials), so a shape the
 * other run also saw, only in another check, is sampling, not a change of the provider.
 */
function shapeChanged(o: string[], n: string[], oldAll: Set<string>, newAll: Set<string>): boolean {
  const same = o.length === n.length && o.every((x, i) => x === n[i]);
  return !same && (n.some((x) => !oldAll.has(x)) || o.some((x) => !newAll.has(x)));
}

export function compareSummaries(oldS: Summary, newS: Summary, oldPath: string, newPath: string): Comparison {
  const before = checksById(oldS);
  const after = checksById(newS);
  const oldShapes = allShapes(oldS);
  const newShapes = allShapes(newS);
  const info = (s: Summary, path: string): RunInfo => ({
    path,
    startedAt: s.startedAt,
    baseUrl: s.baseUrl,
    embedded: s.embedded,
    suiteVersion: s.suiteVersion,
    profileDigest: s.profileDigest ?? undefined,
    ...(s.verdictsRecomputed ? { verdictsRecomputed: true } : {}),
    totals: s.totals,
  });
  const c: Comparison = {
    old: info(oldS, oldPath),
    new: info(newS, newPath),
    newFailures: [],
    fixed: [],
    stillFailing: [],
    added: [],
    removed: [],
    statusChanges: [],
    ruleChanges: [],
    shapeChanges: [],
  };
  const latency = compareLatency(oldS, newS);
  if (latency) c.latency = latency;
  for (const [id, n] of after) {
    const o = before.get(id);
    const r = { ...ref(n), id };
    if (!o) c.added.push({ ...r, status: n.status });
    const failedRule = failedRuleOfCheck(n) ?? null;
    if (failing(n.status) && !(o && failing(o.status))) c.newFailures.push({ ...r, before: o ? o.status : 'absent', failedRule, failure: n.failure });
    if (!o) continue;
    const failedRuleBefore = failedRuleOfCheck(o) ?? null;
    if (failing(o.status) && passing(n.status)) c.fixed.push({ ...r, failedRule: failedRuleBefore, failure: o.failure });
    else if (failing(o.status) && failing(n.status))
      c.stillFailing.push({ ...r, failedRule, ...(failedRule !== failedRuleBefore ? { failedRuleBefore } : {}) });
    else if (o.status !== n.status && !failing(n.status)) c.statusChanges.push({ ...r, before: o.status, after: n.status });
    const [os, ns] = [shapesOf(o), shapesOf(n)];
    if (os && ns && shapeChanged(os, ns, oldShapes, newShapes)) c.shapeChanges.push({ ...r, before: os, after: ns });
  }
  for (const [id, o] of before) if (!after.has(id)) c.removed.push({ ...ref(o), id, status: o.status });
  const ruleIds = [...new Set([...Object.keys(oldS.rules), ...Object.keys(newS.rules)])].sort();
  for (const rule of ruleIds) {
    const o = oldS.rules[rule];
    const n = newS.rules[rule];
    const b = o?.status ?? 'absent';
    const a = n?.status ?? 'absent';
    if (a !== b) c.ruleChanges.push({ rule, kind: n?.kind ?? o?.kind ?? '', before: b, after: a });
  }
  return c;
}

export function comparisonLines(c: Comparison): string[] {
  const out = [
    `compare: ${c.old.path} → ${c.new.path}`,
    `  ${c.newFailures.length} new failure(s), ${c.fixed.length} fixed, ${c.stillFailing.length} still failing, ${c.added.length} added, ${c.removed.length} removed, ${c.ruleChanges.length} rule status change(s), ${c.shapeChanges.length} response shape change(s)`,
  ];
  for (const f of c.newFailures) out.push(`  NEW failure: ${f.id} (was ${f.before})${f.failure ? ` — ${f.failure}` : ''}`);
  for (const f of c.fixed) out.push(`  fixed: ${f.id}`);
  for (const r of c.ruleChanges) out.push(`  rule ${r.rule}: ${r.before} → ${r.after}`);
  for (const s of c.shapeChanges) out.push(`  response shape: ${s.id}: ${s.before.join(' | ')} → ${s.after.join(' | ')}`);
  out.push(...latencyLines(c.latency));
  return out;
}

export function renderComparisonMarkdown(c: Comparison): string {
  const section = (title: string, n: number, head: string[], rows: string[][]) => [
    `## ${title} (${n})`,
    '',
    ...(rows.length === 0
      ? ['None.']
      : [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)]),
    '',
  ];
  const run = (label: string, r: RunInfo) =>
    `| ${label} | \`${cell(r.path)}\` | ${cell(r.startedAt)} | ${cell(r.embedded ? 'embedded' : (r.baseUrl ?? ''))} | ${cell(r.suiteVersion)} | \`${cell(r.profileDigest?.slice(0, 12))}\` | ${r.totals.passed}/${r.totals.failed}/${r.totals.skipped} of ${r.totals.total} |`;
  const notes: string[] = [];
  if (c.old.profileDigest && c.new.profileDigest && c.old.profileDigest !== c.new.profileDigest)
    notes.push('The runs used different profiles (profile digests differ).');
  if (!(c.old.embedded && c.new.embedded) && (c.old.baseUrl ?? null) !== (c.new.baseUrl ?? null))
    notes.push('The runs tested different providers (base URLs differ).');
  if (c.old.suiteVersion !== c.new.suiteVersion) notes.push('The runs used different suite versions.');
  for (const [label, r] of [
    ['old', c.old],
    ['new', c.new],
  ] as const)
    if (r.verdictsRecomputed)
      notes.push(
        `The ${label} summary predates suite 0.3.0: its rule verdicts were recomputed from its failure lines (a failing check fails the rule its failure names).`,
      );
  const lines = [
    '# Run comparison',
    '',
    '| run | summary | started | provider | suite | profile digest | passed/failed/skipped |',
    '|---|---|---|---|---|---|---|',
    run('old', c.old),
    run('new', c.new),
    '',
    ...(notes.length ? [...notes.map((n) => `> ${n}`), ''] : []),
    ...section(
      'New failures',
      c.newFailures.length,
      ['check', 'failed rule', 'before', 'failure'],
      c.newFailures.map((f) => [f.id, f.failedRule ?? 'none (suite error)', f.before, f.failure ?? '']),
    ),
    ...section(
      'Fixed checks',
      c.fixed.length,
      ['check', 'rule it failed', 'old failure'],
      c.fixed.map((f) => [f.id, f.failedRule ?? 'none (suite error)', f.failure ?? '']),
    ),
    ...section(
      'Still failing',
      c.stillFailing.length,
      ['check', 'failed rule'],
      c.stillFailing.map((f) => [
        f.id,
        f.failedRuleBefore !== undefined ? `${f.failedRule ?? 'none'} (was ${f.failedRuleBefore ?? 'none'})` : (f.failedRule ?? 'none (suite error)'),
      ]),
    ),
    ...section(
      'Checks added',
      c.added.length,
      ['check', 'rules', 'status'],
      c.added.map((f) => [f.id, f.rules.join(' '), f.status]),
    ),
    ...section(
      'Checks removed',
      c.removed.length,
      ['check', 'rules', 'old status'],
      c.removed.map((f) => [f.id, f.rules.join(' '), f.status]),
    ),
    ...section(
      'Other status changes',
      c.statusChanges.length,
      ['check', 'before', 'after'],
      c.statusChanges.map((f) => [f.id, f.before, f.after]),
    ),
    ...section(
      'Rule status changes',
      c.ruleChanges.length,
      ['rule', 'kind', 'before', 'after'],
      c.ruleChanges.map((r) => [r.rule, r.kind, r.before, r.after]),
    ),
    ...section(
      'Response shape changes',
      c.shapeChanges.length,
      ['check', 'before', 'after'],
      c.shapeChanges.map((s) => [s.id, s.before.join('<br>'), s.after.join('<br>')]),
    ),
    ...latencyMarkdown(c.latency),
  ];
  return lines.join('\n');
}
