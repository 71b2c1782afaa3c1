// `npm run variants`: the variation matrix, the mirror of the kill matrix. The conformance suite runs, in
// one Playwright invocation, against one embedded provider per allowed variation of mock/variations (the
// areas that can see it) and against one with every combinable variation at once (all areas). Every check
// must pass every time: a check that fails on a variation is a false alarm. Writes reports/variants.md and
// .json; exits 1 on any false alarm or run error.
// Options: --variations a,b (a subset), --workers N.
import { countValue, listValue, scriptArgsOrExit } from './args.js';
import { runMatrixScript } from './matrix/script.js';
import { chooseVariations, variationLines, variationMarkdown, variationMatrix, variationTargets } from './matrix/variations.js';

const { values } = scriptArgsOrExit('variants', process.argv.slice(2), { variations: { type: 'string' }, workers: { type: 'string' } });
const { variations, unknown } = chooseVariations(listValue(values.variations));
await runMatrixScript({
  script: 'variants',
  kind: 'variation',
  unknown,
  plan: { targets: variationTargets(variations) },
  workers: countValue('variants', '--workers', values.workers),
  judge: (run) => variationMatrix(variations, run.outcomes, run.errors, run.ms / 1000),
  file: 'variants',
  markdown: variationMarkdown,
  lines: variationLines,
});
