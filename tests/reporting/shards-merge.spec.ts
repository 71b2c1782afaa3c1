// Sharding keeps the gate: two shards of the gate (`conformance --shard=1/2`, `--shard=2/2`, each with its own
// reports folder) merged by `merge-reports` (in an environment without the shards' provider) give the same exit
// code, the same incomplete-run verdict, the same failed rules and the same checks as one unsharded run of the same
// seed: against the embedded provider, and against one with a fault of one of its checks (one shard passes, the other
// fails). Each shard wrote its own summary.json (the gate's verdict of its part) and its blob report; the merged
// summary keeps the shards' seed.
import { test, expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { childEnv, runScript, tempDir, type ChildRun } from './gate-support.js';
import type { Summary } from '../../reporting/summary-file.js';
import { unavailability } from '../../scripts/gate/unavailability.js';

/**
 * A cheap area, a few of its checks (enough for two shards), and a check of the whole-run teardown, which
 * Playwright runs with every shard (the merge counts it once); one worker.
 */
const SELECTION = ['--project=status', '-g', '405|the status of an unknown transaction|upper-case hex|no two payments of the run share an id', '--workers=1'];
const SEED = '424242';

/** `payment-transfer-conformance SUBCOMMAND args` as a user runs it, reports in `reports`. */
function command(args: string[], reports: string, env: Record<string, string> = {}): Promise<ChildRun> {
  return runScript('scripts/cli.ts', args, childEnv({ ...env, PTS_REPORTS_DIR: reports }), 150_000);
}

function read(dir: string): Summary {
  return JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
}

/** What the gate's verdict is made of, for comparison. */
function verdictOf(run: ChildRun, s: Summary) {
  return {
    exitCode: run.code,
    incomplete: unavailability(s).incomplete,
    saysIncomplete: /: incomplete: /.test(run.stderr),
    failedRules: Object.entries(s.rules)
      .filter(([, r]) => r.status === 'failed')
      .map(([id]) => id)
      .sort(),
    checks: s.checks.map((c) => `${c.id}: ${c.status}${c.failedRule ? ` [${c.failedRule}]` : ''}`).sort(),
  };
}

// With the fault, one check of the selection fails: the shard that runs it fails, the other passes whole.
for (const { name, faults, exitCode, shardCodes, failedRules } of [
  { name: 'the embedded provider', faults: '', exitCode: 0, shardCodes: [0, 0], failedRules: [] },
  {
    name: 'a provider with a fault of one of its checks',
    faults: 'status-unknown-200',
    exitCode: 1,
    shardCodes: [0, 1],
    failedRules: ['PRO-STATUS-NOT-FOUND'],
  },
]) {
  test(`two shards merged judge as one unsharded run of the same seed: ${name}`, async () => {
    const dir = tempDir('shards');
    const env = { FC_SEED: SEED, FC_NUM_RUNS: '5', ...(faults ? { PTS_FAULTS: faults } : {}) };
    try {
      const [whole, ...shards] = await Promise.all([
        command(['conformance', ...SELECTION], join(dir, 'whole'), env),
        ...[1, 2].map((i) => command(['conformance', ...SELECTION, `--shard=${i}/2`], join(dir, `shard-${i}`), env)),
      ]);
      expect(whole.code, whole.stderr.slice(-2000)).toBe(exitCode);
      shards.forEach((s, i) => {
        expect([0, 1], `shard ${i + 1}: ${s.stderr.slice(-2000)}`).toContain(s.code);
        // Each shard keeps the configured reports: the gate judged its part from its own summary.json.
        expect(existsSync(join(dir, `shard-${i + 1}`, 'summary.json')), `shard ${i + 1} summary.json`).toBe(true);
        expect(readdirSync(join(dir, `shard-${i + 1}`, 'blobs', `shard-${i + 1}`)).filter((f) => f.endsWith('.zip'))).toHaveLength(1);
      });
      expect(shards.map((s) => s.code).sort(), "each shard's own verdict").toEqual(shardCodes);
      const parts = [1, 2].map((i) => read(join(dir, `shard-${i}`)).totals.total);
      expect(Math.min(...parts), 'both shards ran checks').toBeGreaterThan(0);

      // The merge: no provider, no seed in its environment; the blob reports carry them.
      const merged = join(dir, 'merged');
      const m = await command(['merge-reports', join(dir, 'shard-1', 'blobs'), join(dir, 'shard-2', 'blobs')], merged);
      expect(m.stdout).toContain('merge-reports: 2 blob report(s)');

      const one = verdictOf(whole, read(join(dir, 'whole')));
      const both = verdictOf(m, read(merged));
      expect(both).toEqual(one);
      expect(one.failedRules).toEqual(failedRules);
      expect(read(merged).fcSeed).toBe(Number(SEED));
      // The whole-run check ran in both shards and counts once.
      const wholeRun = (d: string) => read(d).checks.filter((c) => c.project === 'whole-run').length;
      expect([wholeRun(join(dir, 'shard-1')), wholeRun(join(dir, 'shard-2')), wholeRun(merged)]).toEqual([1, 1, 1]);
      expect(parts[0] + parts[1] - 1).toBe(read(merged).totals.total);
      // The latency attachments came through the blob reports: the merged histograms hold every request of both shards,
      // the whole-run check's of each (it sent them in each), and the threshold in force.
      const latency = (d: string) => read(d).latency!;
      const shardCounts = (op: string) => [1, 2].reduce((sum, i) => sum + (latency(join(dir, `shard-${i}`)).operations[op as 'status']?.count ?? 0), 0);
      expect(latency(merged).operations.status?.count).toBeGreaterThan(0);
      for (const [op, entry] of Object.entries(latency(merged).operations)) expect(entry.count, op).toBe(shardCounts(op));
      expect(latency(merged).threshold).toEqual(latency(join(dir, 'whole')).threshold);
      // The merged run's job summary links the HTML report the merge wrote, and no Allure report (none built).
      const job = readFileSync(join(merged, 'job-summary.md'), 'utf8');
      expect(job).toContain("[Playwright's report](html/index.html)");
      expect(job).not.toContain('](allure-single-file/index.html)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('merge-reports without blob reports is exit 2 with one line', async () => {
  const dir = tempDir('noblobs');
  const r = await runScript('scripts/merge-reports.ts', [dir], childEnv({ PTS_REPORTS_DIR: join(dir, 'out') }));
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/merge-reports: no blob report \(\*\.zip\) in /);
  rmSync(dir, { recursive: true, force: true });
});
