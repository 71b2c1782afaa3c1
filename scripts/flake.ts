// `npm run flake -- [N]`: the flake rate. N times (default 10), each with a fresh seed, the whole
// conformance run at its default depth against the reference provider and against one with every
// combinable variation of mock/variations at once, in one Playwright invocation per round. Reports the
// failures of each round (reports/flake.md and .json); exits 1 when any round failed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomSeed } from '../generators/settings.js';
import { variationCatalog } from '../mock/variations/catalog.js';
import type { Plan } from '../suite/runner/targets.js';
import { countValue, scriptArgsOrExit } from './args.js';
import { runPlan } from './matrix/run-plan.js';

const { positionals } = scriptArgsOrExit('flake', process.argv.slice(2), {});
const rounds = countValue('flake', 'the number of rounds', positionals[0]) ?? 10;
const plan: Plan = {
  targets: [
    { name: 'reference', mode: 'judge' },
    { name: 'all variations', provider: { variations: variationCatalog.filter((v) => !v.alone).map((v) => v.name) }, mode: 'judge' },
  ],
};

interface Round {
  seed: number;
  seconds: number;
  checks: number;
  failures: string[];
}

const results: Round[] = [];
for (let i = 1; i <= rounds; i++) {
  const seed = randomSeed();
  const run = await runPlan(plan, { workers: 4, extraEnv: { FC_SEED: String(seed) } });
  const failures = [
    ...run.outcomes.filter((o) => o.status !== 'passed' && o.status !== 'skipped').map((o) => `[${o.project}] ${o.title}: ${o.message ?? o.status}`),
    ...run.errors.map((e) => `run error: ${e}`),
  ];
  results.push({ seed, seconds: run.ms / 1000, checks: run.outcomes.length, failures });
  console.log(`round ${i}/${rounds}: FC_SEED=${seed} ${run.outcomes.length} checks, ${failures.length} failure(s), ${(run.ms / 1000).toFixed(1)} s`);
  for (const f of failures) console.log(`  ${f}`);
}
const failed = results.filter((r) => r.failures.length > 0).length;
mkdirSync('reports', { recursive: true });
writeFileSync('reports/flake.json', JSON.stringify({ rounds: results.length, failedRounds: failed, results }, null, 2));
writeFileSync(
  'reports/flake.md',
  [
    '# Flake rate',
    '',
    `${results.length} rounds, each the whole conformance run against the reference provider and against all combinable variations at once, with a fresh seed: ${failed} round(s) with a failure.`,
    '',
    '| round | FC_SEED | checks | failures | s |',
    '|---|---|---|---|---|',
    ...results.map(
      (r, i) =>
        `| ${i + 1} | ${r.seed} | ${r.checks} | ${r.failures.length ? r.failures.map((f) => f.replace(/\|/g, '\\|')).join('<br>') : 0} | ${r.seconds.toFixed(1)} |`,
    ),
    '',
  ].join('\n'),
);
console.log(`flake rate: ${failed}/${results.length} rounds failed (reports/flake.md)`);
process.exitCode = failed > 0 ? 1 : 0;
