// Runs a GitLab pipeline's jobs on this machine, in one folder, as a shell runner would: gitlab-ci-local reads the
// project's .gitlab-ci.yml (its includes, components and their inputs, extends: --preview prints the pipeline GitLab
// would run), and each job's before_script and script then run in order as one `bash -eo pipefail` script with the
// job's variables and GitLab's own (CI_PROJECT_DIR, CI_NODE_INDEX/CI_NODE_TOTAL of a parallel job). gitlab-ci-local's
// own shell executor is not used: it copies the project with rsync, which a machine need not have. Images, caches and
// artifacts are not used either: the jobs share the folder. A keyword this runner does not honour fails loudly.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runChild } from '../child-run.js';

const GITLAB_CI_LOCAL = createRequire(import.meta.url).resolve('gitlab-ci-local/dist/index.js');
/** Its bundle calls Set.prototype.union (Node 22); the suite supports Node 20, which lacks that one method. */
const SET_UNION = `data:text/javascript,${encodeURIComponent(
  "if (!Set.prototype.union) Object.defineProperty(Set.prototype, 'union', { value(o) { const s = new Set(this); for (const v of o.keys()) s.add(v); return s; }, writable: true, configurable: true });",
)}`;

/** The top-level keys that are not jobs. */
const GLOBAL_KEYS = new Set(['stages', 'variables', 'default', 'workflow', 'include']);
/** The job keywords honoured (image, cache and artifacts by being ignored: one machine, one folder). */
const JOB_KEYS = new Set(['image', 'stage', 'variables', 'cache', 'before_script', 'script', 'parallel', 'allow_failure', 'when', 'needs', 'artifacts']);

type Yaml = Record<string, unknown>;

interface JobResult {
  /** The job's name as GitLab shows it (`conformance: [1/2]`). */
  name: string;
  job: string;
  code: number;
  /** Failed, and allow_failure accepts it. */
  allowedFailure: boolean;
  ms: number;
  output: string;
}

interface PipelineOptions {
  /** The project's folder (CI_PROJECT_DIR): a git repository with its .gitlab-ci.yml. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Variables of the project's CI/CD settings (the secrets). */
  variables?: Readonly<Record<string, string>>;
  jobBoundMs: number;
  log: (line: string) => void;
}

/** The pipeline GitLab would run, as gitlab-ci-local --preview expands it (every scalar a string: the failsafe schema). */
export async function previewPipeline(cwd: string, env: NodeJS.ProcessEnv): Promise<Yaml> {
  const r = await runChild(process.execPath, ['--import', SET_UNION, GITLAB_CI_LOCAL, '--preview'], { env, cwd, boundMs: 120_000 });
  if (r.code !== 0) throw new Error(`gitlab-ci-local --preview: exit ${r.code}: ${`${r.stdout}${r.stderr}`.trim().slice(-2000)}`);
  return parse(r.stdout.slice(r.stdout.indexOf('---')), { schema: 'failsafe' }) as Yaml;
}

const strings = (v: unknown, what: string): string[] => {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new Error(`${what}: not a list`);
  return v.map(String);
};

function variablesOf(v: unknown, what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries((v ?? {}) as Yaml)) {
    if (typeof value !== 'string') throw new Error(`${what}: ${k} is not a plain value`);
    // GitLab expands $OTHER in a variable's value; no variable here needs it, and none is expanded wrongly.
    if (value.includes('$')) throw new Error(`${what}: ${k}=${value}: a reference to another variable is not expanded by this runner`);
    out[k] = value;
  }
  return out;
}

function exitCodesAllowed(v: unknown, what: string): (code: number) => boolean {
  if (v === undefined || v === 'false') return () => false;
  if (v === 'true') return () => true;
  const codes = strings((v as Yaml).exit_codes, `${what}: allow_failure`).map(Number);
  if (codes.length === 0) throw new Error(`${what}: allow_failure is neither a boolean nor exit_codes`);
  return (code) => codes.includes(code);
}

/** Runs every job of the pipeline in `o.cwd`, stage by stage, a job after its needs. */
export async function runPipeline(o: PipelineOptions): Promise<JobResult[]> {
  const pipeline = await previewPipeline(o.cwd, o.env);
  const stages = strings(pipeline.stages, 'stages');
  const globals = variablesOf(pipeline.variables, 'variables');
  for (const key of Object.keys(pipeline))
    if (GLOBAL_KEYS.has(key) && !['stages', 'variables'].includes(key)) throw new Error(`${key}: not run by this runner`);
  const jobs = Object.entries(pipeline)
    .filter(([name]) => !GLOBAL_KEYS.has(name) && !name.startsWith('.'))
    .map(([name, spec]) => ({ name, spec: spec as Yaml }))
    .sort((a, b) => stages.indexOf(String(a.spec.stage ?? 'test')) - stages.indexOf(String(b.spec.stage ?? 'test')));
  const done = new Map<string, boolean>(); // job → succeeded (an allowed failure counts as success)
  const results: JobResult[] = [];
  while (done.size < jobs.length) {
    const next = jobs.find(
      ({ name, spec }) =>
        !done.has(name) &&
        (spec.needs === undefined
          ? jobs.every((j) => stages.indexOf(String(j.spec.stage)) >= stages.indexOf(String(spec.stage)) || done.has(j.name))
          : (spec.needs as unknown[]).every((n) => done.has(typeof n === 'string' ? n : String((n as Yaml).job)))),
    );
    if (!next) throw new Error(`jobs waiting on each other: ${jobs.filter((j) => !done.has(j.name)).map((j) => j.name)}`);
    const { name, spec } = next;
    const unknown = Object.keys(spec).filter((k) => !JOB_KEYS.has(k));
    if (unknown.length > 0) throw new Error(`job ${name}: ${unknown.join(', ')} is not run by this runner`);
    const needs =
      spec.needs === undefined
        ? jobs.filter((j) => stages.indexOf(String(j.spec.stage)) < stages.indexOf(String(spec.stage))).map((j) => j.name)
        : (spec.needs as unknown[]).map((n) => (typeof n === 'string' ? n : String((n as Yaml).job)));
    const when = String(spec.when ?? 'on_success');
    if (when !== 'on_success' && when !== 'always') throw new Error(`job ${name}: when: ${when} is not run by this runner`);
    if (when === 'on_success' && !needs.every((n) => done.get(n))) {
      o.log(`  skip ${name} (when: on_success, and a job it follows failed)`);
      done.set(name, false);
      continue;
    }
    const allowed = exitCodesAllowed(spec.allow_failure, `job ${name}`);
    const total = spec.parallel === undefined ? 0 : Number(spec.parallel);
    if (spec.parallel !== undefined && !(Number.isInteger(total) && total >= 1)) throw new Error(`job ${name}: parallel: only a number is run by this runner`);
    const script = [...strings(spec.before_script, `job ${name}: before_script`), ...strings(spec.script, `job ${name}: script`)].join('\n');
    const file = join(o.cwd, '.gitlab-ci-local', `${name}.sh`);
    writeFileSync(file, script);
    let succeeded = true;
    for (let index = 1; index <= Math.max(total, 1); index++) {
      const shown = total === 0 ? name : `${name}: [${index}/${total}]`;
      const env: NodeJS.ProcessEnv = {
        ...o.env,
        ...globals,
        ...variablesOf(spec.variables, `job ${name}: variables`),
        ...o.variables,
        CI: 'true',
        GITLAB_CI: 'true',
        CI_PROJECT_DIR: o.cwd,
        CI_JOB_NAME: shown,
        ...(total === 0 ? {} : { CI_NODE_INDEX: String(index), CI_NODE_TOTAL: String(total) }),
      };
      const r = await runChild('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], { env, cwd: o.cwd, boundMs: o.jobBoundMs });
      const code = r.code ?? 128;
      const allowedFailure = code !== 0 && allowed(code);
      if (code !== 0 && !allowedFailure) succeeded = false;
      results.push({ name: shown, job: name, code, allowedFailure, ms: r.ms, output: `${r.stdout}${r.stderr}` });
      o.log(
        `  job ${shown}: exit ${code}${allowedFailure ? ' (allowed to fail)' : ''}${r.killed ? ' (stopped at its bound)' : ''} (${(r.ms / 1000).toFixed(1)} s)`,
      );
    }
    done.set(name, succeeded);
  }
  return results;
}
