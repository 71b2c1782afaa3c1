// `npm run flake -- [N] [--hardest | --variations a,b]`: the flake rate. N rounds (default 10), each with a fresh seed,
// of the whole default-depth run under the default profile, in one Playwright invocation per round, against:
// - by default, the reference provider and one with every combinable variation of mock/variations at once;
// - `--hardest`, each of the panel's hardest members (HARDEST_MEMBERS: what real networks and stacks do to a suite's
//   own harness: connections closed under it, pages on another origin, late and repeated callbacks, 429s), and all
//   of them at once;
// - `--variations a,b`, one provider with those variations (`--each`: one provider for each).
// Reports each round's failures (reports/flake.md and .json); exits 1 when any round failed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomSeed } from '../generators/settings.js';
import { HARDEST_MEMBERS, variationCatalog } from '../mock/variations/catalog.js';
import type { Plan, TargetPlan } from '../suite/runner/targets.js';
import { countValue, scriptArgsOrExit } from './args.js';
import { runPlan } from './matrix/run-plan.js';

const { positionals, values } = scriptArgsOrExit('flake', process.argv.slice(2), {
  hardest: { type: 'boolean' },
  variations: { type: 'string' },
  each: { type: 'boolean' },
});
const rounds = countValue('flake', 'the number of rounds', positionals[0]) ?? 10;

const judged = (name: string, variations: readonly string[]): TargetPlan => ({ name, provider: { variations: [...variations] }, mode: 'judge' });

function targets(): TargetPlan[] {
  if (values.variations !== undefined) {
    const names = values.variations.split(',').map((n) => n.trim());
    const unknown = names.filter((n) => !variationCatalog.some((v) => v.name === n));
    if (unknown.length > 0) {
      console.error(`flake: no variation named ${unknown.join(', ')} (see mock --variations-list)`);
      process.exit(2);
    }
    return values.each ? names.map((n) => judged(n, [n])) : [judged(names.join(' + '), names)];
  }
  if (values.hardest)
    return [
      ...Object.entries(HARDEST_MEMBERS).map(([name, variations]) => judged(name, variations)),
      judged('the hardest members at once', [...new Set(Object.values(HARDEST_MEMBERS).flat())]),
    ];
  return [
    { name: 'reference', mode: 'judge' },
    judged(
      'all variations',
      variationCatalog.filter((v) => !v.alone).map((v) => v.name),
    ),
  ];
}

interface Round {
  seed: number;
  seconds: number;
  checks: number;
  /** Per target: its checks, and its failures (a check failed, or no verdict where one was due). */
  targets: { name: string; checks: number; failures: string[]; errors?: string[] }[];
}

const plan: Plan = { targets: targets() };
const results: Round[] = [];
for (let i = 1; i <= rounds; i++) {
  const seed = randomSeed();
  const run = await runPlan(plan, { workers: 4, extraEnv: { FC_SEED: String(seed) } });
  const round: Round = {
    seed,
    seconds: run.ms / 1000,
    checks: run.outcomes.length,
    targets: plan.targets.map((t) => {
      const mine = run.outcomes.filter((o) => o.target === t.name);
      return {
        name: t.name,
        checks: mine.length,
        failures: mine.filter((o) => o.status !== 'passed' && o.status !== 'skipped').map((o) => `[${o.project}] ${o.title}: ${o.message ?? o.status}`),
        // The whole errors, for the evidence of reports/flake.json.
        errors: mine.filter((o) => o.status !== 'passed' && o.status !== 'skipped').map((o) => o.error ?? o.stalledAt ?? o.status),
      };
    }),
  };
  if (run.errors.length > 0) round.targets.push({ name: 'the run itself', checks: 0, failures: run.errors.map((e) => `run error: ${e}`) });
  results.push(round);
  const failures = round.targets.flatMap((t) => t.failures);
  console.log(`round ${i}/${rounds}: FC_SEED=${seed} ${run.outcomes.length} checks, ${failures.length} failure(s), ${round.seconds.toFixed(1)} s`);
  for (const f of failures) console.log(`  ${f}`);
}

const failedRounds = (name?: string) => results.filter((r) => r.targets.some((t) => (name === undefined || t.name === name) && t.failures.length > 0)).length;
mkdirSync('reports', { recursive: true });
writeFileSync('reports/flake.json', JSON.stringify({ rounds: results.length, failedRounds: failedRounds(), results }, null, 2));
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
writeFileSync(
  'reports/flake.md',
  [
    '# Flake rate',
    '',
    `${results.length} rounds, each the whole default-depth conformance run under the default profile, with a fresh seed: ${failedRounds()} round(s) with a failure.`,
    '',
    '| target | rounds with a failure |',
    '|---|---|',
    ...plan.targets.map((t) => `| ${cell(t.name)} | ${failedRounds(t.name)} of ${results.length} |`),
    '',
    '| round | FC_SEED | checks | failures | s |',
    '|---|---|---|---|---|',
    ...results.map((r, i) => {
      const failures = r.targets.flatMap((t) => t.failures.map((f) => `${t.name}: ${f}`));
      return `| ${i + 1} | ${r.seed} | ${r.checks} | ${failures.length ? failures.map(cell).join('<br>') : 0} | ${r.seconds.toFixed(1)} |`;
    }),
    '',
  ].join('\n'),
);
for (const t of plan.targets) console.log(`flake: ${t.name}: ${failedRounds(t.name)}/${results.length} rounds failed`);
console.log(`flake rate: ${failedRounds()}/${results.length} rounds failed (reports/flake.md)`);
process.exitCode = failedRounds() > 0 ? 1 : 0;
