// `npm run merge-reports -- [DIR|ZIP ...] [-- playwright merge-reports options]`: merges the blob reports of
// sharded runs into one set of reports, with the reporters of playwright.config.ts (so the html, junit,
// allure and summary reporters run on the merged result and write into $PTS_REPORTS_DIR, default reports).
// Default input: every directory under reports/blobs/ (one per shard, e.g. PLAYWRIGHT_BLOB_OUTPUT_DIR=reports/blobs/shard-1).
// Options starting with `--` (e.g. --reporter=json) are passed to `playwright merge-reports`.
// Exit codes: Playwright's (0 merged); 2 when no blob report is found.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { REPO_ROOT, reportsDir } from '../reporting/reports-dir.js';
import { readSummary } from '../reporting/summary-file.js';
import { EXIT } from './gate/preflight.js';
import { playwrightArgs } from './child-run.js';
import { INSTALLED } from './suite-root.js';

const ROOT = REPO_ROOT.replace(/\/+$/, '');

/** Blob zips under `path` (a zip, or a directory searched two levels deep). */
export function blobFiles(path: string): string[] {
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

function main(): number {
  const argv = process.argv.slice(2).filter((a) => a !== '--');
  const passThrough = argv.filter((a) => a.startsWith('-'));
  const inputs = argv.filter((a) => !a.startsWith('-'));
  const dirs = inputs.length ? inputs : [resolve('reports', 'blobs')]; // in the current folder (under npm run, the root)
  const blobs = [...new Set(dirs.flatMap(blobFiles).map((f) => resolve(f)))];
  if (blobs.length === 0) {
    console.error(
      `merge-reports: no blob report (*.zip) in ${dirs.join(', ')}; run the shards with --reporter=blob and PLAYWRIGHT_BLOB_OUTPUT_DIR=reports/blobs/shard-N`,
    );
    return EXIT.setup;
  }
  // playwright merge-reports reads one directory: gather the shards' zips there, names kept apart.
  const staging = mkdtempSync(join(tmpdir(), 'pts-blobs-'));
  try {
    blobs.forEach((f, i) => copyFileSync(f, join(staging, `${String(i + 1).padStart(3, '0')}-${basename(f)}`)));
    // The configuration's reporters: the repository's, or the installed package's copy (playwrightArgs adds it there).
    const config = passThrough.some((a) => a === '-c' || a.startsWith('--config')) || INSTALLED ? [] : ['--config', join(ROOT, 'playwright.config.ts')];
    console.log(`merge-reports: ${blobs.length} blob report(s) → ${reportsDir()}`);
    const run = spawnSync(process.execPath, playwrightArgs(['merge-reports', ...config, ...passThrough, staging]), { cwd: ROOT, stdio: 'inherit' });
    if (run.status !== 0) return run.status ?? EXIT.setup;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const summary = join(reportsDir(), 'summary.json');
  if (existsSync(summary)) {
    try {
      const t = readSummary(summary).totals;
      console.log(`merge-reports: ${summary}: ${t.total} checks, ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
    } catch (e) {
      console.error(`merge-reports: ${(e as Error).message}`);
    }
  }
  return EXIT.conformant;
}

process.exitCode = main();
