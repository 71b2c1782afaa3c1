// `npm run variants`: the variation matrix, the mirror of the kill matrix. The conformance suite runs, in
// one Playwright invocation, against one embedded provider per allowed variation of mock/variations
// (the areas that can see it) and against one with every combinable variation at once (all areas).
// Every check must pass every time: a check that fails on a variation is a false alarm. Writes
// reports/variants.md and .json; exits 1 on any false alarm or run error.
// Options: --variations a,b (a subset), --workers N.
import { mkdirSync, writeFileSync } from 'node:fs';
import { variationCatalog } from '../mock/variations/catalog.js';
import type { Plan, TargetPlan } from '../tests/harness/targets.js';
import { runPlan } from './mutation/run-suite.js';
import type { TestOutcome } from './mutation/playwright-json.js';
import { CONFORMANCE_PROJECTS } from '../tests/harness/projects.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Depth against one variation (a format that breaks a check does so at once), and against all of them together. */
const VARIATION_RUNS = 10;
const COMBINED_RUNS = 50;
const COMBINED = 'all combinable variations';

export interface VariationRow {
  target: string;
  variations: string[];
  rule: string;
  projects: string[];
  checks: number;
  passed: number;
  skipped: number;
  falseAlarms: { check: string; failure: string; evidence: string }[];
  seconds: number;
}

function row(target: TargetPlan, rule: string, outcomes: readonly TestOutcome[]): VariationRow {
  const mine = outcomes.filter((o) => o.target === target.name);
  const failed = mine.filter((o) => o.status !== 'passed' && o.status !== 'skipped');
  return {
    target: target.name,
    variations: target.provider?.variations ?? [],
    rule,
    projects: target.projects ?? [...CONFORMANCE_PROJECTS],
    checks: mine.length,
    passed: mine.filter((o) => o.status === 'passed').length,
    skipped: mine.filter((o) => o.status === 'skipped').length,
    falseAlarms: failed.map((o) => ({
      check: `[${o.project}] ${o.title.slice(target.name.length + 2)}`,
      failure: o.message ?? o.status,
      evidence: (o.error ?? '').split('\n').slice(0, 8).join('\n'),
    })),
    seconds: mine.reduce((sum, o) => sum + o.durationMs, 0) / 1000,
  };
}

function renderMarkdown(rows: VariationRow[], totalSeconds: number, errors: string[], ok: boolean): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const alarms = rows.flatMap((r) => r.falseAlarms.map((a) => ({ ...a, target: r.target })));
  return [
    '# Variation matrix',
    '',
    `Targets: ${rows.length} (${rows.length - 1} variations alone, and all combinable ones at once); false alarms: ${alarms.length}.`,
    `Total: ${totalSeconds.toFixed(1)} s (one Playwright invocation). Verdict: ${ok ? 'PASS' : 'FAIL'}.`,
    '',
    'Each variation is a behaviour the document and the default profile allow (mock/variations/catalog.ts); every check that can see it must pass against it.',
    '',
    ...errors.map((e) => `- run error: ${cell(e)}`),
    '',
    '| target | rule whose freedom it uses | areas | checks | passed | skipped | false alarms | s |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.target} | ${r.rule} | ${r.projects.join(', ')} | ${r.checks} | ${r.passed} | ${r.skipped} | ${r.falseAlarms.length ? `**${r.falseAlarms.length}**` : 0} | ${r.seconds.toFixed(1)} |`),
    '',
    ...(alarms.length ? ['## False alarms', '', ...alarms.map((a) => `### ${a.target}: ${cell(a.check)}\n\n\`\`\`\n${a.evidence || a.failure}\n\`\`\`\n`)] : []),
  ].join('\n');
}

async function main(): Promise<number> {
  const wanted = option('variations')?.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = wanted?.filter((w) => !variationCatalog.some((v) => v.name === w)) ?? [];
  if (unknown.length) {
    console.error(`variants: unknown variation(s) ${unknown.join(', ')}`);
    return 2;
  }
  const chosen = wanted ? variationCatalog.filter((v) => wanted.includes(v.name)) : [...variationCatalog];
  const alone: TargetPlan[] = chosen.map((v) => ({
    name: `variation ${v.name}`,
    provider: { variations: [v.name] },
    projects: v.sees === 'all' ? [...CONFORMANCE_PROJECTS] : [...v.sees],
    numRuns: VARIATION_RUNS,
  }));
  const combinable = chosen.filter((v) => !v.alone).map((v) => v.name);
  const together: TargetPlan = { name: COMBINED, provider: { variations: combinable }, numRuns: COMBINED_RUNS };
  const plan: Plan = { targets: [...alone, together] };
  const run = await runPlan(plan, { workers: Number(option('workers') ?? 4) });

  const rows = [...alone.map((t, i) => row(t, chosen[i].rule, run.outcomes)), row(together, 'every rule above', run.outcomes)];
  const ok = run.errors.length === 0 && rows.every((r) => r.falseAlarms.length === 0 && r.checks > 0);
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/variants.json', JSON.stringify({ totalSeconds: run.ms / 1000, ok, errors: run.errors, rows }, null, 2));
  writeFileSync('reports/variants.md', renderMarkdown(rows, run.ms / 1000, run.errors, ok));
  for (const r of rows) console.log(`${r.falseAlarms.length ? 'FALSE ALARM' : 'accepted   '} ${r.target}: ${r.passed}/${r.checks} passed, ${r.skipped} skipped`);
  for (const r of rows) for (const a of r.falseAlarms) console.log(`  ${r.target}: ${a.check}\n    ${a.failure}`);
  for (const e of run.errors) console.log(`  run error: ${e}`);
  console.log(`${ok ? 'PASS' : 'FAIL'}: ${rows.length} targets, ${rows.reduce((n, r) => n + r.falseAlarms.length, 0)} false alarms; ${(run.ms / 1000).toFixed(1)} s (reports/variants.md)`);
  return ok ? 0 : 1;
}

process.exitCode = await main();
