// `npm run variants`: the variation matrix, the mirror of the kill matrix. The conformance suite runs, in
// one Playwright invocation, against one embedded provider per allowed variation of mock/variations (the
// areas that can see it) and against one with every combinable variation at once (all areas). Every check
// must pass every time: a check that fails on a variation is a false alarm. Writes reports/variants.md and
// .json; exits 1 on any false alarm or run error.
// Options: --variations a,b (a subset), --workers N.
import { mkdirSync, writeFileSync } from 'node:fs';
import { DEFAULT_WORKERS } from '../playwright.config.js';
import { listOption, option, runPlan } from './matrix/run-suite.js';
import { chooseVariations, variationLines, variationMarkdown, variationMatrix, variationTargets } from './matrix/variations.js';

const { variations, unknown } = chooseVariations(listOption('variations'));
if (unknown.length) {
  console.error(`variants: unknown variation(s) ${unknown.join(', ')}`);
  process.exit(2);
}
const run = await runPlan({ targets: variationTargets(variations) }, { workers: Number(option('workers') ?? DEFAULT_WORKERS) });
const matrix = variationMatrix(variations, run.outcomes, run.errors, run.ms / 1000);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/variants.json', JSON.stringify(matrix, null, 2));
writeFileSync('reports/variants.md', variationMarkdown(matrix));
for (const line of variationLines(matrix)) console.log(line);
console.log(`${(run.ms / 1000).toFixed(1)} s in all`);
process.exitCode = matrix.ok ? 0 : 1;
