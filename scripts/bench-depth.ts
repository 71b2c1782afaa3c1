// `npm run bench:depth`: depth per second, in one run on one machine.
//  1. A default `npm run conformance` against the reference provider in its own process (`npm run mock`),
//     behind a counting proxy: the API requests it sends, its wall time, requests per second.
//  2. autocannon's single-connection rate on the same provider's invoice endpoint (fresh signed bodies).
//  3. The kill matrix's wall time (`npm run mutation`) over the conformance run's.
// Prints a table and writes reports/bench-depth.json. BENCH_SECONDS (default 5) for autocannon;
// --no-mutation leaves step 3 out.
import autocannon from 'autocannon';
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { invoiceRequest } from '../generators/arbitraries/index.js';
import { freshInvoice } from '../suite/harness/fresh.js';
import { startBenchTarget, type ProviderProcess } from './bench/provider-process.js';
import { runScript } from './child-run.js';
import { OPERATION_PATHS } from '../contracts/operation-facts.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const INVOICE = OPERATION_PATHS.invoice;
/** The reference the ratios are taken against: issue 11's measure of the suite's depth (2 cores, embedded provider behind the same kind of proxy). */
const BEFORE = { requests: 671, seconds: 30, perSecond: 22 };

/** A script of the repository timed from its start to its end; its error output shown when it fails. */
async function timed(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; seconds: number }> {
  const run = await runScript(script, args, { env });
  if (run.code !== 0) process.stderr.write(run.stderr);
  return { code: run.code, seconds: run.ms / 1000 };
}

async function autocannonRate(p: ProviderProcess): Promise<number> {
  const merchant = { apiKey: p.apiKey, cryptoKey: p.cryptoKey };
  const bodies = fc.sample(invoiceRequest(merchant), 2000);
  let next = 0;
  const replay = {
    method: 'POST',
    path: INVOICE,
    headers: { 'content-type': 'application/json' },
    setupRequest: (req: { body?: string }) => ((req.body = JSON.stringify(freshInvoice(bodies[next++ % bodies.length], merchant))), req),
  };
  await autocannon({ url: p.url, connections: 1, duration: 1, requests: [replay] });
  const result = await autocannon({ url: p.url, connections: 1, duration: SECONDS, requests: [replay] });
  return result.requests.average;
}

async function main(): Promise<void> {
  const target = await startBenchTarget();
  const { provider, proxy, env, reports } = target;
  try {
    const conformance = await timed('scripts/conformance.ts', ['--reporter=dot'], env);
    const requests = proxy.count();
    const ac = await autocannonRate(provider);
    const mutation = process.argv.includes('--no-mutation') ? undefined : await timed('scripts/mutation.ts', [], { ...process.env, PTS_REPORTS_DIR: reports });
    const perSecond = requests / conformance.seconds;
    const result = {
      node: process.version,
      conformance: { exitCode: conformance.code, requests, seconds: conformance.seconds, perSecond },
      autocannonPerSecond: ac,
      suiteOverAutocannon: perSecond / ac,
      depthPerSecondOverBefore: perSecond / BEFORE.perSecond,
      mutation: mutation && { exitCode: mutation.code, seconds: mutation.seconds, overConformance: mutation.seconds / conformance.seconds },
      before: BEFORE,
    };
    mkdirSync('reports', { recursive: true });
    writeFileSync('reports/bench-depth.json', JSON.stringify(result, null, 2));
    console.log(`\ndepth per second, one run, node ${process.version}\n`);
    console.log('| measure | value |');
    console.log('|---|---|');
    console.log(`| default conformance run: API requests | ${requests} (before: ${BEFORE.requests}) |`);
    console.log(`| default conformance run: wall time | ${conformance.seconds.toFixed(1)} s (before: ${BEFORE.seconds} s), exit ${conformance.code} |`);
    console.log(`| requests per second of the run | ${perSecond.toFixed(0)} (before: ${BEFORE.perSecond}; ${result.depthPerSecondOverBefore.toFixed(1)}x) |`);
    console.log(`| autocannon, 1 connection, invoice | ${ac.toFixed(0)} req/s (the run reaches ${(100 * result.suiteOverAutocannon).toFixed(0)} % of it) |`);
    if (mutation)
      console.log(
        `| kill matrix wall time | ${mutation.seconds.toFixed(1)} s = ${(mutation.seconds / conformance.seconds).toFixed(2)} conformance runs, exit ${mutation.code} |`,
      );
  } finally {
    target.close();
  }
}

await main();
