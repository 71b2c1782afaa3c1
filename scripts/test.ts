// `npm test`: the static checks (the type check and the three lints, side by side), then one Playwright
// invocation runs the project's own tests (self-tests, the reference provider's tests, reporting, reliability)
// and the conformance suite against every target of one plan: the clean reference provider, each fault of the
// catalog (the kill matrix), the allowed variations (the variation matrix), the profile variants. One runner start,
// one set of workers for all of it. Writes reports/mutation.*, reports/variants.* and reports/profile-variants.json;
// exits 1 when a static check finds a problem, a test fails, a fault survives or a profile variant is not told
// apart. Options: --workers N.
// The variation matrix here gives a target of its own only to the variations no target that combines them shows
// (`npm run variants` gives one to each): a false alarm in a combined target is then run again, on its checks,
// against each of its variations alone, to name the variation behind it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { OWN_PROJECTS } from '../contracts/areas.js';
import { profileVariantTargets } from './matrix/profile-variants.js';
import { chooseFaults, killLines, killMarkdown, killMatrix, killTargets } from './matrix/kill.js';
import { profileLines, profileRows } from './matrix/profiles.js';
import { countValue, scriptArgsOrExit } from './args.js';
import { childEnv, runChild } from './child-run.js';
import { runPlan } from './matrix/run-plan.js';
import {
  attributeAlarms,
  attributionTargets,
  chooseVariations,
  variationLines,
  variationMarkdown,
  variationMatrix,
  variationTargets,
} from './matrix/variations.js';

/** Depth of the clean run inside npm test (`npm run conformance` runs the full default depth). */
const CLEAN_RUNS = 100;
const PROFILE_RUNS = 10;
/**
 * Workers of the one invocation. Most of the browser areas' time is waiting (settle and quiet times), which more workers
 * overlap; but the run is CPU-bound on 2 cores, and each worker more costs CPU in contention (Chromium's above all).
 * Seven let the callbacks area start beside the child runs of the own tests (docs/performance.md has the figures).
 * Each project still takes at most its own limit, in the order of contracts/areas.ts.
 */
const TEST_WORKERS = 7;

const { faults } = chooseFaults(undefined);
const { variations } = chooseVariations(undefined);
// The variations a combined target shows are judged there only: a false alarm there is attributed afterwards.
const SCOPE = 'unshown';
// Each target's API checks of an area run in turn on one worker: the variation targets, the longest, start first,
// and the many short fault targets fill the workers at the end.
const [clean, ...faultTargets] = killTargets(faults, CLEAN_RUNS);
const plan = { targets: [clean!, ...variationTargets(variations, SCOPE), ...faultTargets, ...profileVariantTargets(PROFILE_RUNS)] };
const { values } = scriptArgsOrExit('test', process.argv.slice(2), { workers: { type: 'string' } });
const workers = countValue('test', '--workers', values.workers) ?? TEST_WORKERS;

/**
 * The npm scripts of the static checks, run side by side: each alone leaves a core idle much of its time, and the run
 * after them is CPU-bound from its first second (beside it they would only add their CPU to it).
 */
const STATIC_CHECKS = ['typecheck', 'lint:code', 'lint:format', 'lint:openapi'];
const started = performance.now();
const checked = await Promise.all(
  STATIC_CHECKS.map(async (script) => ({ script, run: await runChild('npm', ['run', '--silent', script], { env: childEnv() }) })),
);
const failed = checked.filter((c) => c.run.code !== 0);
for (const { script, run } of failed) console.error(`npm run ${script}: exit ${run.code}\n${`${run.stdout}${run.stderr}`.trim()}`);
if (failed.length > 0) {
  console.error(`\nnpm test: FAIL: ${failed.map((c) => `npm run ${c.script}`).join(', ')} found problems; nothing else ran`);
  process.exit(1);
}
console.log(`npm test: ${STATIC_CHECKS.map((s) => `npm run ${s}`).join(', ')}: no problem (${((performance.now() - started) / 1000).toFixed(1)} s)`);
const run = await runPlan(plan, { workers, otherProjects: OWN_PROJECTS, console: true });

const kill = killMatrix(faults, run.outcomes, run.errors, run.ms / 1000);
let varied = variationMatrix(variations, run.outcomes, run.errors, run.ms / 1000, SCOPE);
const attribution = attributionTargets(variations, run.outcomes);
if (attribution.length > 0) {
  console.log(`\nThe all-at-once target raised a false alarm: each of the ${attribution.length} variations judged only there, alone, on those checks`);
  const again = await runPlan({ targets: attribution }, { workers });
  varied = attributeAlarms(varied, again.outcomes);
}
const profiles = profileRows(run.outcomes);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/mutation.json', JSON.stringify(kill, null, 2));
writeFileSync('reports/mutation.md', killMarkdown(kill));
writeFileSync('reports/variants.json', JSON.stringify(varied, null, 2));
writeFileSync('reports/variants.md', variationMarkdown(varied));
writeFileSync('reports/profile-variants.json', JSON.stringify(profiles, null, 2));

console.log('\n# Kill matrix');
for (const line of killLines(kill)) console.log(line);
console.log('\n# Variation matrix');
for (const line of variationLines(varied).filter((l) => !l.startsWith('accepted'))) console.log(line);
console.log('\n# Profile variants');
for (const line of profileLines(profiles)) console.log(line);
const own = run.outcomes.filter((o) => o.target === undefined);
const ownFailed = own.filter((o) => o.status !== 'passed' && o.status !== 'skipped' && o.status !== 'flaky');
const ok = run.code === 0 && ownFailed.length === 0 && kill.ok && varied.ok && profiles.every((p) => p.ok);
console.log(
  `\nnpm test: ${ok ? 'PASS' : 'FAIL'}: ${own.length - ownFailed.length}/${own.length} own tests passed, kill matrix ${kill.ok ? 'PASS' : 'FAIL'}, variation matrix ${varied.ok ? 'PASS' : 'FAIL'}, profile variants ${profiles.every((p) => p.ok) ? 'PASS' : 'FAIL'}; ${(run.ms / 1000).toFixed(1)} s`,
);
process.exitCode = ok ? 0 : 1;
