// Sharding: two shards of a subset, each with its own blob directory (PLAYWRIGHT_BLOB_OUTPUT_DIR), run against a
// provider given by BASE_URL, merged by npm run merge-reports (in an environment without BASE_URL) with the
// configured reporters; the merged summary.json holds every test of the unsharded list exactly once, and the
// shards' provider, profile digest and seed.
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, runPlaywright, runScript, startEmbedded, tempDir } from './gate-support.js';
import type { Summary } from '../../reporting/summary-file.js';
import { loadProfile, profileDigest } from '../../contracts/profile.js';

const SUBSET = ['--project=invoice', '-g', 'amount'];
/** The rule IDs at the end of a check's full title (the summary keeps the title without them). */
const RULE_SUFFIX = /\s\[(?:(?:DOC|PRO)-[A-Z0-9_-]+\s?)+\]$/;

test('two shards merged hold every test of the unsharded list exactly once', async () => {
  const dir = tempDir('shards');
  const provider = await startEmbedded();
  const underTest = { ...provider.env, FC_SEED: '424242' };
  try {
    const listed = await runPlaywright([...SUBSET, '--list'], childEnv());
    expect(listed.code, listed.stderr).toBe(0);
    const expected = listed.stdout
      .split('\n')
      .map((l) => /^\s*\[(\S+)\] › (\S+?):\d+:\d+ › (.+)$/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => `${m[1]} › ${m[2]} › ${m[3].replace(RULE_SUFFIX, '')}`)
      .sort();
    expect(expected.length).toBeGreaterThan(2);

    const shards = await Promise.all(
      [1, 2].map((i) =>
        runPlaywright(
          [...SUBSET, `--shard=${i}/2`, '--reporter=blob', `--output=${join(dir, `results-${i}`)}`],
          childEnv({
            ...underTest,
            PLAYWRIGHT_BLOB_OUTPUT_DIR: join(dir, 'blobs', `shard-${i}`),
            PTS_REPORTS_DIR: join(dir, `shard-${i}`),
          }),
        ),
      ),
    );
    shards.forEach((s, i) => expect(s.code, `shard ${i + 1}: ${s.stdout}${s.stderr}`).toBe(0));
    for (const i of [1, 2]) expect(readdirSync(join(dir, 'blobs', `shard-${i}`)).filter((f) => f.endsWith('.zip'))).toHaveLength(1);

    const merged = join(dir, 'merged');
    const m = await runScript(
      'scripts/merge-reports.ts',
      [join(dir, 'blobs', 'shard-1'), join(dir, 'blobs', 'shard-2')],
      childEnv({ PTS_REPORTS_DIR: merged }),
    );
    expect.soft(m.code, `merge-reports exit code (output: ${m.stdout.slice(-1500)} ${m.stderr.slice(-1500)})`).toBe(0);
    expect(m.stdout).toContain('merge-reports: 2 blob report(s)');

    const summary = JSON.parse(readFileSync(join(merged, 'summary.json'), 'utf8')) as Summary;
    const ids = summary.checks.map((c) => c.id).sort();
    expect(new Set(ids).size, 'no test twice').toBe(ids.length);
    expect(ids).toEqual(expected);
    expect(summary.totals).toMatchObject({ total: expected.length, passed: expected.length, failed: 0 });
    // The run's facts are the shards', not the merging environment's (which has no BASE_URL or FC_SEED).
    expect(summary).toMatchObject({ baseUrl: provider.env.BASE_URL, embedded: false, fcSeed: 424242, profileDigest: profileDigest(loadProfile()) });
    // The other configured reporters ran on the merge too.
    for (const f of ['junit.xml', 'html/index.html']) expect.soft(existsSync(join(merged, f)), f).toBe(true);
  } finally {
    await provider.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('merge-reports without blob reports is exit 2 with one line', async () => {
  const dir = tempDir('noblobs');
  const r = await runScript('scripts/merge-reports.ts', [dir], childEnv({ PTS_REPORTS_DIR: join(dir, 'out') }));
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/merge-reports: no blob report \(\*\.zip\) in /);
  rmSync(dir, { recursive: true, force: true });
});
