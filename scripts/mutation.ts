// `npm run mutation`: the kill matrix. The conformance suite runs, in one Playwright invocation, against a
// clean embedded provider (every check) and against one embedded provider per fault of the catalog (the
// checks declaring the rule the fault breaks, observed rather than failed). Writes reports/mutation.md and
// .json; exits 1 unless the clean run passes and every fault is killed by a failure naming its rule.
// Options: --faults a,b (a subset), --workers N.
import { chooseFaults, killLines, killMarkdown, killMatrix, killTargets } from './matrix/kill.js';
import { listOption } from './matrix/run-suite.js';
import { runMatrixScript } from './matrix/script.js';

const { faults, unknown } = chooseFaults(listOption('faults'));
await runMatrixScript({
  script: 'mutation',
  kind: 'fault',
  unknown,
  plan: { targets: killTargets(faults) },
  judge: (run) => killMatrix(faults, run.outcomes, run.errors, run.ms / 1000),
  file: 'mutation',
  markdown: killMarkdown,
  lines: killLines,
});
