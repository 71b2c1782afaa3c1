// `npm run bench:certify`: certification depth within a sandbox's rate limit (issue 28). Runs `certify` against the
// reference provider in its own process behind a network (default 50 ms late answers) and the counting proxy, once per
// provider (clean, or one fault each), and prints per run: exit code, verdict, the requests the proxy counted against
// the budget (TIME_BUDGET × RATE_LIMIT), the requests the suite's client counted, wall time, the failed rules.
// Options: --faults none,a,b (the runs: none = the clean provider; default none), --budget S (TIME_BUDGET),
// --fc-num-runs N (today's fixed depth instead of a budget), --rate R (RATE_LIMIT, default 5), --network k=v (default
// latency=50), and Playwright's --project/-g after `--`. Writes reports/bench-certify.json, and each run's
// certificate.md and summary.json as reports/bench-certify-<run>.{md,json}.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from '../reporting/summary-file.js';
import { countValue, listValue, scriptArgsOrExit } from './args.js';
import { REPO_ROOT, runScript } from './child-run.js';
import { startBenchTarget } from './bench/provider-process.js';
import { requestsSent } from './certificate/depth.js';

const { values, positionals } = scriptArgsOrExit('bench:certify', process.argv.slice(2), {
  faults: { type: 'string' },
  budget: { type: 'string' },
  'fc-num-runs': { type: 'string' },
  rate: { type: 'string' },
  network: { type: 'string' },
});
const runs = listValue(values.faults) ?? ['none'];
const rate = countValue('bench:certify', '--rate', values.rate) ?? 5;
const fcNumRuns = countValue('bench:certify', '--fc-num-runs', values['fc-num-runs']);
const budget = countValue('bench:certify', '--budget', values.budget);
const network = values.network ?? 'latency=50';

interface Result {
  faults: string;
  exitCode: number | null;
  verdict: string;
  proxyRequests: number;
  suiteRequests: number;
  planned: number | null;
  seconds: number;
  /** The property checks, and the requests the other checks sent (the fixed cost). */
  properties: number;
  otherRequests: number;
  failedRules: string[];
}

const results: Result[] = [];
for (const run of runs) {
  const target = await startBenchTarget(network, run === 'none' ? [] : [run]);
  const out = join(target.reports, 'certification');
  try {
    const depth = fcNumRuns !== undefined ? { FC_NUM_RUNS: String(fcNumRuns) } : budget !== undefined ? { TIME_BUDGET: String(budget) } : {};
    const r = await runScript('scripts/certify.ts', ['--out', out, ...positionals], {
      env: { ...target.env, RATE_LIMIT: String(rate), ...depth },
      cwd: REPO_ROOT,
    });
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
    const env = JSON.parse(readFileSync(join(out, 'environment.json'), 'utf8')) as { verdict: string; plannedRequests: number | null };
    const result: Result = {
      faults: run,
      exitCode: r.code,
      verdict: env.verdict,
      proxyRequests: target.proxy.count(),
      suiteRequests: requestsSent(summary),
      planned: env.plannedRequests,
      seconds: r.ms / 1000,
      properties: summary.checks.filter((c) => c.examples !== undefined).length,
      otherRequests: summary.checks.filter((c) => c.examples === undefined).reduce((n, c) => n + (c.requests ?? 0), 0),
      failedRules: [...new Set(summary.checks.filter((c) => c.status === 'failed').map((c) => c.failedRule ?? 'none'))],
    };
    results.push(result);
    console.log(
      `${run}: exit ${result.exitCode}, ${result.verdict}, proxy ${result.proxyRequests} requests` +
        (result.planned ? ` of ${result.planned} planned (${((100 * result.proxyRequests) / result.planned).toFixed(0)} %)` : '') +
        `, suite ${result.suiteRequests} (${result.otherRequests} by the ${summary.checks.length - result.properties} other checks), ${result.properties} properties, ${result.seconds.toFixed(1)} s; failed rules: ${result.failedRules.join(', ') || 'none'}`,
    );
    // The certification's own account of its depth, kept: reports/bench-certify-<run>.md and .json (its summary).
    mkdirSync(join(REPO_ROOT, 'reports'), { recursive: true });
    copyFileSync(join(out, 'certificate.md'), join(REPO_ROOT, 'reports', `bench-certify-${run}.md`));
    copyFileSync(join(out, 'summary.json'), join(REPO_ROOT, 'reports', `bench-certify-${run}.json`));
    for (const line of r.stdout.split('\n').filter((l) => /^certify: depth|^ {2}\S+: \d+ requests/.test(l))) console.log(`  ${line}`);
  } finally {
    target.close();
    rmSync(out, { recursive: true, force: true });
  }
}
mkdirSync(join(REPO_ROOT, 'reports'), { recursive: true });
writeFileSync(join(REPO_ROOT, 'reports', 'bench-certify.json'), JSON.stringify({ node: process.version, network, rate, budget, fcNumRuns, results }, null, 2));
