// The variation matrix: one provider per allowed variation (the areas that can see it) and one with every
// combinable variation at once (all areas), as targets of a plan; every check must pass every time.
import { combinedUnhidden, variationCatalog, type VariationDefinition } from '../../mock/variations/catalog.js';
import { NETWORK_VARIATIONS } from '../../mock/network.js';
import { CONFORMANCE_PROJECTS } from '../../suite/runner/projects.js';
import { MATRIX_TIMING_PROFILE } from './profile-variants.js';
import type { RuleId } from '../../contracts/index.js';
import type { TargetPlan } from '../../suite/runner/targets.js';
import type { TestOutcome } from '../../reporting/playwright-json.js';
import { isIncomplete, NOT_JUDGED_LIMIT } from '../gate/unavailability.js';

/** Depth against one variation (a format that breaks a check does so at once), and against all of them together. */
const VARIATION_RUNS = 10;
const COMBINED_RUNS = 25;
export const COMBINED = 'all combinable variations';
/** npm test's second all-at-once target: the variations the first one hides, as many as none of them hides. */
export const COMBINED_UNHIDDEN = 'hidden variations combined';
/**
 * npm test's target of the network in front of a provider (mock/network.ts): its variations at once. Each is run
 * apart from the all-at-once target for the waits it would add there; together they cost the CPU of one.
 */
export const COMBINED_NETWORK = 'network variations combined';

interface VariationRow {
  target: string;
  variations: string[];
  rule: string;
  projects: string[];
  checks: number;
  passed: number;
  skipped: number;
  /** Checks that could not get an answer (a network variation: no verdict, never a false alarm), with why. */
  notJudged: { check: string; why: string }[];
  /**
   * More of its checks not judged than a run may have (NOT_JUDGED_LIMIT): the gate would call such a run incomplete,
   * and a variation most of whose checks are not judged proves nothing, so it is not accepted.
   */
  incomplete: boolean;
  /** Checks that sent requests again after transport trouble. */
  retried: number;
  /** What it warned of (failures of advice rules, findings at warn): no false alarm, the gate passes them. One line each. */
  warnings: string[];
  falseAlarms: {
    check: string;
    failure: string;
    evidence: string;
    /** All-at-once target: the variations judged only there that raise it by themselves (none: only together). */
    raisedAloneBy?: string[];
  }[];
  seconds: number;
}

interface VariationMatrix {
  rows: VariationRow[];
  /** Variations judged only within the all-at-once target (npm test's scope). */
  combinedOnly: string[];
  totalSeconds: number;
  errors: string[];
  ok: boolean;
}

export function chooseVariations(names: readonly string[] | undefined): { variations: VariationDefinition[]; unknown: string[] } {
  const unknown = names?.filter((n) => !variationCatalog.some((v) => v.name === n)) ?? [];
  return { variations: names ? variationCatalog.filter((v) => names.includes(v.name)) : [...variationCatalog], unknown };
}

/**
 * Which variations get a target of their own: 'each' (npm run variants: a false alarm is named by its variation) or
 * 'unshown', those no target that combines variations shows: the alone ones but the network's (which share a target
 * of their own), and those another variation hides in the all-at-once target (`hiddenWhenCombined`) that the second
 * one cannot hold either (one of its own hides them). npm test judges every other one where it is combined, and names
 * the variation behind a false alarm there afterwards (`attributionTargets`).
 */
type VariationScope = 'each' | 'unshown';

/** The targets that combine variations, with the ones judged nowhere else (the candidates behind a false alarm). */
function sharedTargets(variations: readonly VariationDefinition[], scope: VariationScope): { target: TargetPlan; judgedOnlyHere: VariationDefinition[] }[] {
  const unhidden = scope === 'unshown' ? combinedUnhidden(variations) : [];
  const network = scope === 'unshown' ? variations.filter((v) => v.name in NETWORK_VARIATIONS) : [];
  return [
    ...(network.length > 1 ? [{ target: unionTarget(COMBINED_NETWORK, network), judgedOnlyHere: network }] : []),
    ...(unhidden.length > 1 ? [{ target: unionTarget(COMBINED_UNHIDDEN, unhidden), judgedOnlyHere: unhidden }] : []),
    { target: combinedTarget(variations), judgedOnlyHere: variations.filter((v) => !v.alone && !v.hiddenWhenCombined) },
  ];
}

function ownTargets(variations: readonly VariationDefinition[], scope: VariationScope): VariationDefinition[] {
  if (scope === 'each') return [...variations];
  const shared = new Set(sharedTargets(variations, scope).flatMap((s) => s.judgedOnlyHere));
  return variations.filter((v) => !shared.has(v));
}

/** The judged target of one variation alone: the areas that see it, narrowed by its rules, or the checks given. */
function aloneTarget(v: VariationDefinition, checks?: { projects: string[]; rules: RuleId[] }): TargetPlan {
  const narrowed = checks ?? {
    projects: v.sees === 'all' ? [...CONFORMANCE_PROJECTS] : [...v.sees],
    ...(v.rules ? { rules: [...v.rules] } : {}),
    ...(v.rulesIn ? { rulesIn: Object.fromEntries(Object.entries(v.rulesIn).map(([area, rules]) => [area, [...rules]])) } : {}),
  };
  return { name: `variation ${v.name}`, provider: { variations: [v.name] }, ...narrowed, profile: MATRIX_TIMING_PROFILE, numRuns: VARIATION_RUNS };
}

/**
 * Variations at once that the all-at-once target does not show: every check any of them sees (an area whole where
 * one sees all of it, else the union of their rules there), at the depth of one alone.
 */
function unionTarget(name: string, members: readonly VariationDefinition[]): TargetPlan {
  const seen = new Map<string, Set<RuleId> | 'all'>();
  for (const v of members)
    for (const area of v.sees === 'all' ? CONFORMANCE_PROJECTS : v.sees) {
      const rules = v.rulesIn?.[area] ?? v.rules;
      const had = seen.get(area);
      seen.set(area, rules === undefined || had === 'all' ? 'all' : new Set([...(had ?? []), ...rules]));
    }
  const rulesIn = Object.fromEntries([...seen].flatMap(([area, rules]) => (rules === 'all' ? [] : [[area, [...rules]]])));
  return {
    name,
    provider: { variations: members.map((v) => v.name) },
    projects: CONFORMANCE_PROJECTS.filter((p) => seen.has(p)),
    ...(Object.keys(rulesIn).length > 0 ? { rulesIn } : {}),
    profile: MATRIX_TIMING_PROFILE,
    numRuns: VARIATION_RUNS,
  };
}

function combinedTarget(variations: readonly VariationDefinition[]): TargetPlan {
  return {
    name: COMBINED,
    provider: { variations: variations.filter((v) => !v.alone).map((v) => v.name) },
    profile: MATRIX_TIMING_PROFILE,
    numRuns: COMBINED_RUNS,
  };
}

/**
 * The targets that combine variations (the network's first), then the scope's own: the longest first, as a scheduler
 * that starts the longest jobs first ends soonest (each target's API checks of an area run in turn on one worker).
 */
export function variationTargets(variations: readonly VariationDefinition[], scope: VariationScope = 'each'): TargetPlan[] {
  return [...sharedTargets(variations, scope).map((s) => s.target), ...ownTargets(variations, scope).map((v) => aloneTarget(v))];
}

/**
 * After a false alarm of an all-at-once target (npm test's scope): each variation judged only there, alone, on the
 * checks that raised it (their areas and rules), so that the matrix can name the variation behind it.
 */
export function attributionTargets(variations: readonly VariationDefinition[], outcomes: readonly TestOutcome[]): TargetPlan[] {
  const raisedFor = new Map<VariationDefinition, TestOutcome[]>();
  for (const { target, judgedOnlyHere } of sharedTargets(variations, 'unshown')) {
    const raised = outcomes.filter((o) => o.target === target.name && isFalseAlarm(o));
    if (raised.length > 0) for (const v of judgedOnlyHere) raisedFor.set(v, [...(raisedFor.get(v) ?? []), ...raised]);
  }
  return [...raisedFor].map(([v, raised]) =>
    aloneTarget(v, { projects: [...new Set(raised.map((o) => o.project))], rules: [...new Set(raised.flatMap((o) => o.rules))] as RuleId[] }),
  );
}

const isFalseAlarm = (o: TestOutcome) => o.status !== 'passed' && o.status !== 'skipped';
/** A check's name the same in every target: `[area] title` without the target's prefix. */
const titled = (o: TestOutcome) => `[${o.project}] ${o.target === undefined ? o.title : o.title.slice(o.target.length + 2)}`;

function row(target: TargetPlan, rule: string, outcomes: readonly TestOutcome[]): VariationRow {
  const mine = outcomes.filter((o) => o.target === target.name);
  const failed = mine.filter(isFalseAlarm);
  const notJudged = mine.filter((o) => o.status === 'skipped' && o.notJudged !== undefined);
  // Skipped for the profile's reasons; a check not judged ran, and counts among those that did.
  const skipped = mine.filter((o) => o.status === 'skipped' && o.notJudged === undefined).length;
  return {
    target: target.name,
    variations: target.provider?.variations ?? [],
    rule,
    projects: target.projects ?? [...CONFORMANCE_PROJECTS],
    checks: mine.length,
    passed: mine.filter((o) => o.status === 'passed').length,
    skipped,
    notJudged: notJudged.map((o) => ({ check: titled(o), why: o.notJudged! })),
    incomplete: isIncomplete(notJudged.length, mine.length - skipped),
    retried: mine.filter((o) => o.retried !== undefined).length,
    warnings: [...new Set(mine.flatMap((o) => o.warnings.map(warningLine)))],
    falseAlarms: failed.map((o) => ({
      check: titled(o),
      failure: o.message ?? o.status,
      evidence: [(o.error ?? '').split('\n').slice(0, 8).join('\n'), o.stalledAt && `still waiting: ${o.stalledAt}`].filter(Boolean).join('\n'),
    })),
    seconds: mine.reduce((sum, o) => sum + o.durationMs, 0) / 1000,
  };
}

export function variationMatrix(
  variations: readonly VariationDefinition[],
  outcomes: readonly TestOutcome[],
  errors: string[],
  totalSeconds: number,
  scope: VariationScope = 'each',
): VariationMatrix {
  const own = ownTargets(variations, scope);
  const rows = [
    ...own.map((v) => row(aloneTarget(v), v.rule, outcomes)),
    ...sharedTargets(variations, scope).map((s) => row(s.target, s.target.name === COMBINED ? 'every rule above' : 'the rules of its variations', outcomes)),
  ];
  return {
    rows,
    combinedOnly: variations.filter((v) => !own.includes(v)).map((v) => v.name),
    totalSeconds,
    errors,
    ok: errors.length === 0 && rows.every((r) => r.falseAlarms.length === 0 && !r.incomplete && r.checks > 0),
  };
}

/** Names, for each false alarm of an all-at-once target, its variations that raise it alone (a run of `attributionTargets`). */
export function attributeAlarms(m: VariationMatrix, attribution: readonly TestOutcome[]): VariationMatrix {
  const raisedBy = (r: VariationRow, check: string) => [
    ...new Set(
      attribution
        .filter((o) => isFalseAlarm(o) && titled(o) === check)
        .map((o) => o.target!.slice('variation '.length))
        .filter((name) => r.variations.includes(name)),
    ),
  ];
  const shared = (r: VariationRow) => [COMBINED, COMBINED_UNHIDDEN, COMBINED_NETWORK].includes(r.target);
  return {
    ...m,
    rows: m.rows.map((r) => (shared(r) ? { ...r, falseAlarms: r.falseAlarms.map((a) => ({ ...a, raisedAloneBy: raisedBy(r, a.check) })) } : r)),
  };
}

const incomplete = (m: VariationMatrix) => m.rows.filter((r) => r.incomplete).length;
/** Who raises a false alarm of the all-at-once target by itself, once attributed. */
const attributed = (a: VariationRow['falseAlarms'][number]) =>
  a.raisedAloneBy === undefined
    ? undefined
    : `raised alone by: ${a.raisedAloneBy.length ? a.raisedAloneBy.join(', ') : 'none of those judged only at once (only together)'}`;

/** A warning of a check (its WarningNote) as one line: `RULE: what`. */
function warningLine(note: string): string {
  try {
    const { rule, text } = JSON.parse(note) as { rule: string; text: string };
    return `${rule}: ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`;
  } catch {
    return note;
  }
}

export function variationLines(m: VariationMatrix): string[] {
  return [
    ...m.rows.map(
      (r) =>
        `${r.falseAlarms.length ? 'FALSE ALARM' : r.incomplete ? 'INCOMPLETE ' : 'accepted   '} ${r.target}: ${r.passed}/${r.checks} passed, ${r.skipped} skipped` +
        `${r.notJudged.length ? `, ${r.notJudged.length} not judged` : ''}${r.retried ? `, ${r.retried} with requests sent again` : ''}` +
        `${r.warnings.length ? `, ${r.warnings.length} warning(s) of ${[...new Set(r.warnings.map((w) => w.split(':')[0]))].join(', ')}` : ''}`,
    ),
    ...(m.combinedOnly.length ? [`${m.combinedOnly.length} more variations judged only where they are combined (npm run variants runs each alone)`] : []),
    ...m.rows.flatMap((r) => r.falseAlarms.map((a) => `  ${r.target}: ${a.check}\n    ${a.failure}${attributed(a) ? `\n    ${attributed(a)}` : ''}`)),
    ...m.rows
      .filter((r) => r.incomplete)
      .map(
        (r) =>
          `  ${r.target}: ${r.notJudged.length} of ${r.checks - r.skipped} checks not judged, more than ${NOT_JUDGED_LIMIT * 100} %: the run would be incomplete`,
      ),
    ...m.errors.map((e) => `  run error: ${e}`),
    `${m.ok ? 'PASS' : 'FAIL'}: ${m.rows.length} targets, ${m.rows.reduce((n, r) => n + r.falseAlarms.length, 0)} false alarms${incomplete(m) ? `, ${incomplete(m)} incomplete` : ''} (reports/variants.md)`,
  ];
}

export function variationMarkdown(m: VariationMatrix): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const alarms = m.rows.flatMap((r) => r.falseAlarms.map((a) => ({ ...a, target: r.target })));
  return [
    '# Variation matrix',
    '',
    `Targets: ${m.rows.length} (${m.rows.filter((r) => r.variations.length === 1).length} variations alone, the others at once); false alarms: ${alarms.length}.`,
    ...(m.combinedOnly.length
      ? [
          '',
          `Judged only where they are combined (each shows in its all-at-once target, mock/tests/variations.spec.ts; \`npm run variants\` runs each alone): ${m.combinedOnly.join(', ')}.`,
        ]
      : []),
    `Total: ${m.totalSeconds.toFixed(1)} s (one Playwright invocation). Verdict: ${m.ok ? 'PASS' : 'FAIL'}.`,
    '',
    `Each variation is a behaviour the document and the default profile allow (mock/variations/catalog.ts); every check that can see it must pass against it, or, where the network lost its answers, be not judged: no more than ${NOT_JUDGED_LIMIT * 100} % of a target's checks, the share above which a run is incomplete.`,
    '',
    ...m.errors.map((e) => `- run error: ${cell(e)}`),
    '',
    '| target | rule whose freedom it uses | areas | checks | passed | skipped | not judged | sent again | false alarms | s |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...m.rows.map(
      (r) =>
        `| ${r.target} | ${r.rule} | ${r.projects.join(', ')} | ${r.checks} | ${r.passed} | ${r.skipped} | ${r.incomplete ? `**${r.notJudged.length}** (incomplete)` : r.notJudged.length} | ${r.retried} | ${r.falseAlarms.length ? `**${r.falseAlarms.length}**` : 0} | ${r.seconds.toFixed(1)} |`,
    ),
    '',
    ...(m.rows.some((r) => r.notJudged.length)
      ? [
          '## Not judged (the provider was unavailable: no verdict)',
          '',
          ...m.rows.flatMap((r) => r.notJudged.map((n) => `- ${r.target}: ${cell(n.check)}: ${cell(n.why)}`)),
          '',
        ]
      : []),
    ...(m.rows.some((r) => r.warnings.length)
      ? ['## Warnings (advice: the gate passes them)', '', ...m.rows.flatMap((r) => r.warnings.map((w) => `- ${r.target}: ${cell(w)}`)), '']
      : []),
    ...(alarms.length
      ? [
          '## False alarms',
          '',
          ...alarms.map(
            (a) => `### ${a.target}: ${cell(a.check)}\n\n${attributed(a) ? `${attributed(a)}\n\n` : ''}\`\`\`\n${a.evidence || a.failure}\n\`\`\`\n`,
          ),
        ]
      : []),
  ].join('\n');
}
