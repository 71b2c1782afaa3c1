// `npm run install-check`: the suite as a provider's engineer gets it, without a clone. Packs this folder
// (`npm pack`), installs the tarball into an empty temporary folder (`npm install <tarball>`: the registry is
// used, for the dependencies), and there runs the command: its --help and --version, every subcommand's, one area
// against the embedded provider (its reports must land in that folder's reports/), compare and report on that run,
// merge-reports with no shards (exit 2), and a mistyped area (exit 2, one line). Then, from that folder as a
// provider's repository, the CI templates (scripts/ci-run/provider-repository.ts): action.yml's steps as a workflow
// there runs them, the action being the installed package (it passes against the embedded provider, and fails against
// the reference provider with a fault of the area), and the GitLab component's jobs, installing the suite from the
// tarball. Prints one line per step with its exit code or problems and time; exit 0 when every step did what it should.
// Options: --area NAME (default status), --keep (leave the folder, to look around in it), --no-ci (not the templates).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptArgsOrExit } from './args.js';
import { childEnv, REPO_ROOT, runChild, type ChildRun } from './child-run.js';
import { COMMAND, COMMANDS } from './commands.js';
import { actionFails, actionPasses, gitlabComponentPasses, type Scenario } from './ci-run/provider-repository.js';

const { values } = scriptArgsOrExit('install-check', process.argv.slice(2), {
  area: { type: 'string' },
  keep: { type: 'boolean' },
  'no-ci': { type: 'boolean' },
});
const area = values.area ?? 'status';
const folder = mkdtempSync(join(tmpdir(), 'pts-install-'));
// The children's temp folder inside it: the installed package's copy (scripts/suite-root.ts) goes with the folder.
const env = childEnv({ TMPDIR: join(folder, 'tmp') });
mkdirSync(join(folder, 'tmp'));
let failed = 0;

async function step(
  title: string,
  command: string,
  args: string[],
  expected: number,
  cwd = folder,
  more?: (r: ChildRun) => string | undefined,
): Promise<ChildRun> {
  const r = await runChild(command, args, { env, cwd, boundMs: 15 * 60_000 });
  const problem = r.code !== expected ? `exit ${r.code ?? r.signal}, expected ${expected}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}` : more?.(r);
  if (problem) failed++;
  console.log(`${problem ? 'FAIL' : 'ok  '} ${title} (${(r.ms / 1000).toFixed(1)} s)${problem ? `: ${problem}` : ''}`);
  return r;
}

/** A step that is not one command: `check` returns the problems it found (none: ok). */
async function verify(title: string, check: () => Promise<string[]>): Promise<void> {
  const started = performance.now();
  let problems: string[];
  try {
    problems = await check();
  } catch (e) {
    problems = [(e as Error).message];
  }
  if (problems.length > 0) failed++;
  console.log(
    `${problems.length > 0 ? 'FAIL' : 'ok  '} ${title} (${((performance.now() - started) / 1000).toFixed(1)} s)${problems.map((p) => `\n       ${p}`).join('')}`,
  );
}

const pack = await step('npm pack', 'npm', ['pack', '--silent', '--pack-destination', folder], 0, REPO_ROOT);
const tarball = readdirSync(folder).find((f) => f.endsWith('.tgz'));
if (pack.code === 0 && tarball) {
  await step(`npm install ${tarball} (empty folder ${folder})`, 'npm', ['install', '--no-audit', '--no-fund', join(folder, tarball)], 0);
  const bin = (args: string[]) => ['--no-install', COMMAND, ...args];
  await step(`npx ${COMMAND} --help`, 'npx', bin(['--help']), 0);
  await step(`npx ${COMMAND} --version`, 'npx', bin(['--version']), 0);
  const installed = join(folder, 'node_modules', 'payment-transfer-conformance');
  for (const c of COMMANDS) {
    if (!existsSync(join(installed, c.script))) {
      console.log(`skip ${c.name}: not in this version (${c.script})`);
      continue;
    }
    await step(`npx ${COMMAND} ${c.name} --help`, 'npx', bin([c.name, '--help']), 0);
    await step(`npx ${COMMAND} ${c.name} --version`, 'npx', bin([c.name, '--version']), 0);
  }
  await step(`npx ${COMMAND} conformance --project=${area}`, 'npx', bin(['conformance', `--project=${area}`]), 0, folder, () =>
    existsSync(join(folder, 'reports', 'summary.json')) ? undefined : `no reports/summary.json in ${folder}`,
  );
  await step(`npx ${COMMAND} compare reports reports`, 'npx', bin(['compare', 'reports', 'reports']), 0, folder, () =>
    existsSync(join(folder, 'reports', 'compare.md')) ? undefined : `no reports/compare.md in ${folder}`,
  );
  await step(`npx ${COMMAND} report`, 'npx', bin(['report']), 0, folder, () =>
    existsSync(join(folder, 'reports', 'allure-single-file', 'index.html')) ? undefined : `no reports/allure-single-file/index.html in ${folder}`,
  );
  await step(`npx ${COMMAND} merge-reports (no shards: exit 2)`, 'npx', bin(['merge-reports']), 2);
  await step(`npx ${COMMAND} conformance --project=${area}s (a typo)`, 'npx', bin(['conformance', `--project=${area}s`]), 2, folder, (r) =>
    r.stderr.trim().split('\n').length === 1 ? undefined : `not one line: ${r.stderr}`,
  );
  if (!values['no-ci']) {
    const scenario: Scenario = { workspace: folder, area, env, log: (line) => console.log(`     ${line}`) };
    await verify(`action.yml from ${folder} (uses: ./node_modules/${COMMAND}), projects: ${area}: passed`, () => actionPasses(scenario));
    await verify(`action.yml against the reference provider with a fault of ${area}: failed, the reports all the same`, () => actionFails(scenario));
    await verify(`templates/conformance.yml as a component of ${folder}'s pipeline, projects: ${area}: passed`, () =>
      gitlabComponentPasses(scenario, join(folder, tarball)),
    );
  }
}
if (values.keep) console.log(`install-check: the folder is kept: ${folder}`);
else rmSync(folder, { recursive: true, force: true });
console.log(`install-check: ${failed === 0 ? 'every step as expected' : `${failed} step(s) not as expected`}`);
process.exitCode = failed === 0 ? 0 : 1;
