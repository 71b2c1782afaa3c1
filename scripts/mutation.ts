// `npm run mutation`: the kill matrix. The conformance suite runs, in one Playwright invocation, against a
// clean embedded provider (every check) and against one embedded provider per fault of the catalog (the
// checks declaring the rule the fault breaks, observed rather than failed). Writes reports/mutation.md and
// .json; exits 1 unless the clean run passes and every fault is killed by a failure naming its rule.
// Options: --faults a,b (a subset), --workers N.
import { countValue, listValue, scriptArgsOrExit } from './args.js';
import { chooseFaults, killLines, killMarkdown, killMatrix, killTargets } from './matrix/kill.js';
import { runMatrixScript } from './matrix/script.js';

const { values } = scriptArgsOrExit('mutation', process.argv.slice(2), { faults: { type: 'string' }, workers: { type: 'string' } });
const { faults, unknown } = chooseFaults(listValue(values.faults));
await runMatrixScript({
  script: 'mutation',
  kind: 'fault',
  unknown,
  plan: { targets: killTargets(faults) },
  workers: countValue('mutation', '--workers', values.workers),
  judge: (run) => killMatrix(faults, run.outcomes, run.errors, run.ms / 1000),
  file: 'mutation',
  markdown: killMarkdown,
  lines: killLines,
});
