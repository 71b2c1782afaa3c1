/**
 * npm run bench:provider — requests per second of the invoice operation of the reference
 * provider against a bare node:http server answering a fixed JSON, in the same run.
 * autocannon, keep-alive, 1 and 8 connections, BENCH_SECONDS (default 5) each. Every request
 * carries a DISTINCT, correctly signed invoice (new transaction UUID per request, made in
 * setupRequest), so the provider is measured on its 200 path; the bare server gets the same
 * requests. Servers run in a child process, autocannon in this one.
 */
import autocannon, { type Request, type Result } from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [1, 8];
const INVOICE = '/api/v1/payments/card2account/invoice';

interface Target {
  child: ChildProcess;
  url: string;
  apiKey: string;
  cryptoKey: string;
}

function startTarget(mode: 'bare' | 'provider'): Promise<Target> {
  const child = fork(fileURLToPath(new URL('./target.ts', import.meta.url)), [mode], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, ...(m as { url: string; apiKey: string; cryptoKey: string }) }));
    child.once('exit', (code) => reject(new Error(`${mode} target exited with ${code}`)));
  });
}

function invoiceRequest(apiKey: string, cryptoKey: string): Request {
  return {
    method: 'POST',
    path: INVOICE,
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => {
      const transaction = randomUUID();
      const amount = 123456;
      const signature = createHash('sha256').update(apiKey + transaction + amount + cryptoKey).digest('hex');
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

async function main(): Promise<void> {
  const rows: Array<{ target: string; connections: number; rps: number; p50: number; p99: number; non2xx: number; errors: number }> = [];
  for (const mode of ['bare', 'provider'] as const) {
    const t = await startTarget(mode);
    try {
      await measure(t, 8, 1); // warm-up
      for (const c of CONNECTIONS) {
        const r = await measure(t, c, SECONDS);
        rows.push({ target: mode, connections: c, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts });
      }
    } finally {
      t.child.kill('SIGTERM');
    }
  }
  console.log(`\ninvoice throughput, ${SECONDS} s per run, keep-alive, node ${process.version}\n`);
  console.log('| target   | connections | req/s    | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|----------|-------------|----------|--------|--------|---------|--------|');
  for (const r of rows) {
    console.log(`| ${r.target.padEnd(8)} | ${String(r.connections).padEnd(11)} | ${r.rps.toFixed(0).padStart(8)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${String(r.non2xx).padStart(7)} | ${String(r.errors).padStart(6)} |`);
  }
  console.log('');
  for (const c of CONNECTIONS) {
    const bare = rows.find((r) => r.target === 'bare' && r.connections === c)!;
    const prov = rows.find((r) => r.target === 'provider' && r.connections === c)!;
    console.log(`ratio provider/bare, ${c} connection(s): ${(prov.rps / bare.rps).toFixed(2)}`);
  }
  if (rows.some((r) => r.target === 'provider' && (r.non2xx > 0 || r.errors > 0))) {
    console.log('WARNING: the provider answered some requests with non-2xx or errors; figures include them.');
    process.exitCode = 1;
  }
}

await main();
