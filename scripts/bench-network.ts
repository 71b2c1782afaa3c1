// `npm run bench:network`: depth and verdicts of a default conformance run against the reference provider in its
// own process, behind networks a real provider sits across (mock/network.ts), measured back to back in one run:
//   loopback   nothing in between
//   50 ms      every answer 50 ms late          100 ms   every answer 100 ms late
//   flaky      one request in 400 dropped, one in 700 answered 503 (Retry-After: 1)
// For each: exit code, wall time, API requests (a counting proxy), checks passed / failed / not judged, checks that
// sent requests again, properties cut short by their time bound. Writes reports/bench-network.json.
// Options: --rounds N (runs per condition, default 1), --only loopback,50ms,100ms,flaky,
// --suite DIR (the suite to run, e.g. a checkout of an earlier commit; default this one: the provider is always this one's).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Summary } from '../reporting/summary-file.js';
import { countValue, listValue, scriptArgsOrExit } from './args.js';
import { REPO_ROOT, runChild } from './child-run.js';
import { startBenchTarget } from './bench/provider-process.js';

const CONDITIONS = {
  loopback: undefined,
  '50ms': 'latency=50',
  '100ms': 'latency=100',
  flaky: 'drop=400,unavailable=700,burst=1',
} as const;
type Condition = keyof typeof CONDITIONS;

interface Round {
  condition: Condition;
  exitCode: number | null;
  seconds: number;
  requests: number;
  perSecond: number;
  passed: number;
  failed: number;
  notJudged: number;
  retried: number;
  cutShort: number;
  failures: string[];
}

const { values } = scriptArgsOrExit('bench:network', process.argv.slice(2), {
  rounds: { type: 'string' },
  only: { type: 'string' },
  suite: { type: 'string' },
});
const rounds = countValue('bench:network', '--rounds', values.rounds) ?? 1;
const only = (listValue(values.only) ?? Object.keys(CONDITIONS)) as Condition[];
const suiteDir = resolve(values.suite ?? REPO_ROOT);

async function round(condition: Condition): Promise<Round> {
  const target = await startBenchTarget(CONDITIONS[condition]);
  const { proxy, env, reports } = target;
  try {
    const run = await runChild(process.execPath, ['--import', 'tsx', 'scripts/conformance.ts'], { env, cwd: suiteDir });
    const seconds = run.ms / 1000;
    const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary & { checks: { cutShort?: string; retried?: string }[] };
    const checks = summary.checks;
    return {
      condition,
      exitCode: run.code,
      seconds,
      requests: proxy.count(),
      perSecond: proxy.count() / seconds,
      passed: checks.filter((c) => c.status === 'passed' || c.status === 'flaky').length,
      failed: checks.filter((c) => c.status === 'failed').length,
      notJudged: checks.filter((c) => (c.status as string) === 'not judged').length,
      retried: checks.filter((c) => c.retried !== undefined).length,
      cutShort: checks.filter((c) => c.cutShort !== undefined).length,
      failures: checks.filter((c) => c.status === 'failed').map((c) => `${c.id}: ${c.failure ?? ''}`),
    };
  } finally {
    target.close();
  }
}

const results: Round[] = [];
for (const condition of only)
  for (let i = 1; i <= rounds; i++) {
    const r = await round(condition);
    results.push(r);
    console.log(
      `${condition} round ${i}/${rounds}: exit ${r.exitCode}, ${r.requests} requests in ${r.seconds.toFixed(1)} s (${r.perSecond.toFixed(0)}/s), ` +
        `${r.passed} passed, ${r.failed} failed, ${r.notJudged} not judged, ${r.retried} with requests sent again, ${r.cutShort} cut short`,
    );
    for (const f of r.failures) console.log(`  FAILED ${f}`);
  }
mkdirSync(join(REPO_ROOT, 'reports'), { recursive: true });
writeFileSync(join(REPO_ROOT, 'reports', 'bench-network.json'), JSON.stringify({ node: process.version, suite: suiteDir, results }, null, 2));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nnetwork depth, node ${process.version}, suite ${suiteDir}\n`);
console.log('| network | rounds | exit 0 | requests (median) | seconds (median) | requests/s | not judged (max) | failed (max) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const condition of only) {
  const mine = results.filter((r) => r.condition === condition);
  console.log(
    `| ${condition} | ${mine.length} | ${mine.filter((r) => r.exitCode === 0).length} | ${median(mine.map((r) => r.requests))} | ${median(mine.map((r) => r.seconds)).toFixed(1)} | ${median(mine.map((r) => r.perSecond)).toFixed(0)} | ${Math.max(...mine.map((r) => r.notJudged))} | ${Math.max(...mine.map((r) => r.failed))} |`,
  );
}
