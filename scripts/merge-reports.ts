// `npm run merge-reports -- [DIR|ZIP ...] [--baseline FILE] [--reporter NAME]`: merges the blob reports of the
// shards of one gate run (`conformance --shard=I/N`) into one set of reports, with the reporters of
// playwright.config.ts (html, junit, allure, summary.json, job-summary.md into $PTS_REPORTS_DIR, default reports),
// and applies the gate to the merged run, as `conformance` does to an unsharded one (scripts/gate/verdict.ts):
// the exit code, the incomplete-run rule on the merged counts, the known-failures baseline (--baseline or BASELINE).
// Default input: every folder under <reports>/blobs/ (one per shard, reports/blobs/shard-I as the gate writes it).
// Exit codes: 0 every check passed (or every failure accepted by the baseline); 1 a check failed; 2 no blob
// report, a shard missing, Playwright's merge failed or wrote no summary, an incomplete run, a bad baseline.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { REPO_ROOT, REPORT_FILES, reportsDir } from '../reporting/reports-dir.js';
import { readBaseline, BaselineError, type Baseline } from '../reporting/baseline.js';
import type { Summary } from '../reporting/summary-file.js';
import { ArgsError, ownOptions } from './args.js';
import { ownOptionsOf } from './commands.js';
import { playwrightArgs, runChild } from './child-run.js';
import { blobShard, shardProblem } from './gate/blob-shards.js';
import { EXIT } from './gate/preflight.js';
import { runReporters } from './gate/reporters.js';
import { freshSummary, gateVerdict } from './gate/verdict.js';
import { INSTALLED } from './suite-root.js';

const ROOT = REPO_ROOT.replace(/\/+$/, '');

/** Blob zips under `path` (a zip, or a directory searched two levels deep). */
function blobFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return path.endsWith('.zip') ? [path] : [];
  const out: string[] = [];
  for (const e of readdirSync(path, { withFileTypes: true })) {
    const p = join(path, e.name);
    if (e.isFile() && e.name.endsWith('.zip')) out.push(p);
    else if (e.isDirectory())
      out.push(
        ...readdirSync(p)
          .filter((n) => n.endsWith('.zip'))
          .map((n) => join(p, n)),
      );
  }
  return out.sort();
}

/** How the merged run ended, as the gate reads Playwright's exit code: the shards' worst end (Playwright merges it so). */
function mergedStatus(s: Summary): 0 | 1 | undefined {
  switch (s.runStatus) {
    case 'passed':
      return 0;
    case 'failed':
    case 'timedout':
      return 1;
    case 'interrupted':
      return undefined; // a run cut short has no verdict
    default:
      return s.totals.failed > 0 ? 1 : 0;
  }
}

async function main(): Promise<number> {
  let baseline: Baseline | undefined;
  let own;
  try {
    own = ownOptions(
      process.argv.slice(2).filter((a) => a !== '--'),
      ownOptionsOf('merge-reports').map((o) => o.name),
    );
    const file = own.values.baseline ?? (process.env.BASELINE?.trim() || undefined);
    if (file !== undefined) baseline = readBaseline(file);
  } catch (e) {
    if (e instanceof BaselineError || e instanceof ArgsError) {
      console.error(`merge-reports: ${e.message}`);
      return EXIT.setup;
    }
    throw e;
  }
  const dir = reportsDir();
  const inputs = own.rest.filter((a) => !a.startsWith('-'));
  const dirs = inputs.length ? inputs : [join(dir, 'blobs')];
  const blobs = [...new Set(dirs.flatMap(blobFiles).map((f) => resolve(f)))];
  if (blobs.length === 0) {
    console.error(
      `merge-reports: no blob report (*.zip) in ${dirs.join(', ')}; run the shards with \`conformance --shard=I/N\` (each writes <reports>/blobs/shard-I)`,
    );
    return EXIT.setup;
  }
  // Every shard of one run, once: a missing shard's checks would be missing from the verdict, and no count would show it.
  let problem: string | undefined;
  try {
    problem = shardProblem(await Promise.all(blobs.map(async (file) => ({ file, shard: await blobShard(file) }))));
  } catch (e) {
    problem = `a blob report cannot be read (${(e as Error).message})`;
  }
  if (problem !== undefined) {
    console.error(`merge-reports: incomplete: ${problem}`);
    return EXIT.setup;
  }
  // The merge writes them anew; an earlier run's (a downloaded shard's) must not stand for the merge's.
  for (const name of [REPORT_FILES.summary, REPORT_FILES.jobSummary]) rmSync(join(dir, name), { force: true });
  // playwright merge-reports reads one directory: gather the shards' zips there, names kept apart.
  const staging = mkdtempSync(join(tmpdir(), 'pts-blobs-'));
  const started = Date.now();
  try {
    blobs.forEach((f, i) => copyFileSync(f, join(staging, `${String(i + 1).padStart(3, '0')}-${basename(f)}`)));
    // The configuration's reporters (the repository's, or the installed package's copy: playwrightArgs adds it there);
    // --reporter chooses the console reporter only, as for the gate.
    const config = INSTALLED ? [] : ['--config', join(ROOT, 'playwright.config.ts')];
    const { env } = runReporters([], own.values.reporter, dir);
    console.log(`merge-reports: ${blobs.length} blob report(s) → ${dir}`);
    const run = await runChild(process.execPath, playwrightArgs(['merge-reports', ...config, staging]), {
      env: { ...process.env, ...env },
      cwd: ROOT,
      console: true,
    });
    if (run.code !== 0) {
      console.error(`merge-reports: Playwright's merge failed (exit ${run.code ?? run.signal})`);
      return EXIT.setup;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const summary = freshSummary(dir, started, true);
  if (typeof summary === 'string') {
    console.error(`merge-reports: no verdict: the merge wrote no ${REPORT_FILES.summary} (${summary})`);
    return EXIT.setup;
  }
  const t = summary.totals;
  console.log(
    `merge-reports: ${join(dir, REPORT_FILES.summary)}: ${t.total} checks, ${t.passed} passed, ${t.failed} failed, ${t.notJudged ?? 0} not judged, ${t.skipped} skipped`,
  );
  const status = mergedStatus(summary);
  if (status === undefined) {
    console.error('merge-reports: no verdict: a shard was interrupted');
    return EXIT.setup;
  }
  return gateVerdict({ script: 'merge-reports', status, summary, baseline, dir }).exitCode;
}

process.exitCode = await main();
