/**
 * npm run bench:provider — requests per second of the invoice operation of the reference
 * provider against a bare node:http server answering a fixed JSON, in the same run.
 * autocannon, keep-alive, 1 and 8 connections, BENCH_ROUNDS (default 3) rounds that alternate the
 * two servers, BENCH_SECONDS (default 5) each; the ratio is the median over rounds. Every request
 * carries a DISTINCT, correctly signed invoice (new transaction UUID per request, made in
 * setupRequest), so the provider is measured on its 200 path; the bare server gets the same
 * requests. Each server runs in a child process of its own, autocannon in this one.
 */
import autocannon, { type Request, type Result } from 'autocannon';
import { availableParallelism } from 'node:os';
import { createHash, randomUUID } from 'node:crypto';
import { startTarget, type Target } from './bench/start-target.js';
import { runChildSync } from './child-run.js';
import { OPERATION_PATHS } from '../contracts/operation-facts.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = [1, 8];
const INVOICE = OPERATION_PATHS.invoice;

function invoiceRequest(apiKey: string, cryptoKey: string): Request {
  return {
    method: 'POST',
    path: INVOICE,
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => {
      const transaction = randomUUID();
      const amount = 123456;
      const signature = createHash('sha256')
        .update(apiKey + transaction + amount + cryptoKey)
        .digest('hex');
      req.body = JSON.stringify({
        api_key: apiKey,
        transaction,
        signature,
        amount,
        description: 'Bench order',
        return_url: 'https://merchant.example/return',
        payload: { client_id: 'bench-client', client_ip: '198.51.100.7', order: 1 },
      });
      return req;
    },
  };
}

async function measure(t: Target, connections: number, seconds: number): Promise<Result> {
  return autocannon({ url: t.url, connections, duration: seconds, pipelining: 1, requests: [invoiceRequest(t.apiKey, t.cryptoKey)] });
}

/**
 * On a 2-core machine the load generator and the server otherwise fight for the same core and the
 * 1-connection figure swings with the scheduler: autocannon gets the first CPU, the servers the last.
 * Without taskset (or with one CPU) nothing is pinned and the table says so.
 */
function pin(pid: number, cpu: number): boolean {
  return runChildSync('taskset', ['-cp', String(cpu), String(pid)], { env: process.env }).code === 0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Row = { target: string; connections: number; rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function main(): Promise<void> {
  const targets = { bare: await startTarget('bare'), provider: await startTarget('provider') };
  const cpus = availableParallelism();
  const pinned = cpus >= 2 && pin(process.pid, 0) && pin(targets.bare.child.pid!, cpus - 1) && pin(targets.provider.child.pid!, cpus - 1);
  const rows: Row[] = [];
  const ratios = new Map<number, number[]>(CONNECTIONS.map((c) => [c, []]));
  try {
    for (const t of Object.values(targets)) await measure(t, 8, 1); // warm-up
    // Rounds alternate bare and provider, so a slow spell of the machine hits both.
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of CONNECTIONS) {
        const rps: Record<string, number> = {};
        for (const mode of ['bare', 'provider'] as const) {
          const r = await measure(targets[mode], c, SECONDS);
          rps[mode] = r.requests.average;
          rows.push({
            target: mode,
            connections: c,
            rps: r.requests.average,
            p50: r.latency.p50,
            p99: r.latency.p99,
            non2xx: r.non2xx,
            errors: r.errors + r.timeouts,
          });
        }
        ratios.get(c)!.push(rps.provider! / rps.bare!);
      }
    }
  } finally {
    for (const t of Object.values(targets)) t.child.kill('SIGTERM');
  }
  console.log(
    `\ninvoice throughput, ${ROUNDS} round(s) of ${SECONDS} s per target, keep-alive, node ${process.version}, ${pinned ? `load generator on CPU 0, servers on CPU ${cpus - 1}` : 'not pinned to CPUs'}\n`,
  );
  console.log('| target   | connections | req/s (median) | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|----------|-------------|----------------|--------|--------|---------|--------|');
  for (const mode of ['bare', 'provider'])
    for (const c of CONNECTIONS) {
      const rs = rows.filter((r) => r.target === mode && r.connections === c);
      const mid = median(rs.map((x) => x.rps));
      const m = rs.find((r) => r.rps === mid)!;
      const sum = (k: 'non2xx' | 'errors') => rs.reduce((a, r) => a + r[k], 0);
      console.log(
        `| ${mode.padEnd(8)} | ${String(c).padEnd(11)} | ${m.rps.toFixed(0).padStart(14)} | ${String(m.p50).padStart(6)} | ${String(m.p99).padStart(6)} | ${String(sum('non2xx')).padStart(7)} | ${String(sum('errors')).padStart(6)} |`,
      );
    }
  console.log('');
  for (const c of CONNECTIONS) {
    const rs = ratios.get(c)!;
    console.log(`ratio provider/bare, ${c} connection(s): ${median(rs).toFixed(2)} (median of rounds: ${rs.map((r) => r.toFixed(2)).join(', ')})`);
  }
  if (rows.some((r) => r.target === 'provider' && (r.non2xx > 0 || r.errors > 0))) {
    console.log('WARNING: the provider answered some requests with non-2xx or errors; figures include them.');
    process.exitCode = 1;
  }
}

await main();
