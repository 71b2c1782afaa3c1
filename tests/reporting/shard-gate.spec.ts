// The pieces of the sharded gate, without a run: the reporters a gate run asks for (--shard and --reporter keep the
// configured reports), the verdict on a summary (the incomplete-run rule on the counts it is given: a shard can
// cross the line alone where the merged run does not), and the check that a merge has every shard once.
import { test, expect } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUN_ENV } from '../../contracts/run-protocol.js';
import { ArgsError } from '../../scripts/args.js';
import { shardProblem } from '../../scripts/gate/blob-shards.js';
import { runReporters } from '../../scripts/gate/reporters.js';
import { gateVerdict } from '../../scripts/gate/verdict.js';
import { jobSummaryMarkdown } from '../../reporting/job-summary.js';
import { fixtureSummary } from './gate-support.js';
import type { Summary } from '../../reporting/summary-model.js';

test('--shard adds a blob report beside the configured reports, and --reporter chooses the console reporter only', () => {
  const reports = '/r';
  expect(runReporters(['--project=status'], undefined, reports)).toEqual({ shard: undefined, blobDir: undefined, env: {} });
  const shard = runReporters(['--project=status', '--shard=2/3'], undefined, reports);
  expect(shard).toMatchObject({ shard: { current: 2, total: 3 }, env: { [RUN_ENV.blobDir]: join(reports, 'blobs', 'shard-2') } });
  expect(runReporters(['--shard', '1/2'], 'blob', reports).env).toEqual({ [RUN_ENV.blobDir]: join(reports, 'blobs', 'shard-1') });
  expect(runReporters([], 'dot', reports).env).toEqual({ [RUN_ENV.consoleReporter]: 'dot' });
  expect(runReporters([], 'blob,dot', reports).env).toEqual({ [RUN_ENV.consoleReporter]: 'dot', [RUN_ENV.blobDir]: join(reports, 'blobs', 'run') });
  for (const bad of ['--shard=3/2', '--shard=0/2', '--shard=a/b']) expect(() => runReporters([bad], undefined, reports)).toThrow(ArgsError);
});

/** `notJudged` of `total` checks not judged (the provider unavailable), one failed when `failed`. */
function withNotJudged(total: number, notJudged: number, failed = false) {
  return fixtureSummary(
    Array.from({ length: total }, (_, i) => ({
      title: `check ${i}`,
      status: i < notJudged ? ('not judged' as const) : failed && i === notJudged ? ('failed' as const) : ('passed' as const),
      ...(i < notJudged ? { notJudged: 'connection refused' } : {}),
    })),
  );
}

test('the gate applies the incomplete-run rule to the counts of the run it judges: a shard alone, or the merged run', () => {
  // No baseline: the verdict writes nothing into the folder.
  const dir = join(tmpdir(), 'pts-verdict-unused');
  const judge = (s: ReturnType<typeof withNotJudged>, status: 0 | 1) => gateVerdict({ script: 'merge-reports', status, summary: s, dir });
  // 2 of 20 not judged (10 %): a shard of its own is incomplete…
  expect(judge(withNotJudged(20, 2), 0)).toEqual({ exitCode: 2, incomplete: true });
  // …the merged run of 60 with the same 2 (3.3 %) is not, and its failure decides.
  expect(judge(withNotJudged(60, 2, true), 1)).toEqual({ exitCode: 1, incomplete: false });
  expect(judge(withNotJudged(60, 3), 0)).toEqual({ exitCode: 0, incomplete: false });
  expect(judge(withNotJudged(60, 4, true), 1)).toEqual({ exitCode: 2, incomplete: true });
});

test('a merge needs every shard of one run, once', () => {
  const s = (current: number, total: number) => ({ file: `report-${current}.zip`, shard: { current, total } });
  expect(shardProblem([s(1, 2), s(2, 2)])).toBeUndefined();
  expect(shardProblem([{ file: 'report.zip', shard: undefined }])).toBeUndefined();
  expect(shardProblem([s(1, 3), s(3, 3)])).toMatch(/no blob report of shard 2 of 3/);
  expect(shardProblem([s(1, 2), s(1, 2), s(2, 2)])).toMatch(/shard 1 of 2 given more than once/);
  expect(shardProblem([s(1, 2), s(2, 3)])).toMatch(/cut into 2 and 3 shards/);
  expect(shardProblem([s(1, 1), { file: 'report.zip', shard: undefined }])).toMatch(/sharded and unsharded/);
});

test('job-summary.md links only the reports that exist, by relative paths', () => {
  const s = fixtureSummary([{ title: 'a', status: 'passed' }]) as unknown as Summary;
  const none = jobSummaryMarkdown(s, { html: false, allure: false });
  expect(none).toContain('[requirements.md](requirements.md), [summary.json](summary.json).');
  expect(none).not.toMatch(/\]\((html|allure-single-file)\//);
  expect(none).toContain('The Allure report is built by `payment-transfer-conformance report`');
  const both = jobSummaryMarkdown(s, { html: true, allure: true });
  expect(both).toContain("[Playwright's report](html/index.html)");
  expect(both).toContain('[the Allure report](allure-single-file/index.html)');
  expect(both).not.toContain('npm run report');
});
