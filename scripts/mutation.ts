// `npm run mutation`: the kill matrix. The conformance suite runs, in one Playwright invocation, against a
// clean embedded provider (every check) and against one embedded provider per fault of the catalog (the
// checks declaring the rule the fault breaks, observed rather than failed). Writes reports/mutation.md and
// .json; exits 1 unless the clean run passes and every fault is killed by a failure naming its rule.
// Options: --faults a,b (a subset), --workers N.
import { mkdirSync, writeFileSync } from 'node:fs';
import { DEFAULT_WORKERS } from '../playwright.config.js';
import { chooseFaults, killLines, killMarkdown, killMatrix, killTargets } from './matrix/kill.js';
import { listOption, option, runPlan } from './matrix/run-suite.js';

const { faults, unknown } = chooseFaults(listOption('faults'));
if (unknown.length) {
  console.error(`mutation: unknown fault(s) ${unknown.join(', ')}`);
  process.exit(2);
}
const run = await runPlan({ targets: killTargets(faults) }, { workers: Number(option('workers') ?? DEFAULT_WORKERS) });
const matrix = killMatrix(faults, run.outcomes, run.errors, run.ms / 1000);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/mutation.json', JSON.stringify(matrix, null, 2));
writeFileSync('reports/mutation.md', killMarkdown(matrix));
for (const line of killLines(matrix)) console.log(line);
console.log(`${(run.ms / 1000).toFixed(1)} s in all`);
process.exitCode = matrix.ok ? 0 : 1;
