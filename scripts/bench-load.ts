/**
 * npm run bench:load — the reference provider under sustained mixed load.
 * LOAD_REQUESTS (default 100 000) requests over LOAD_CONNECTIONS (default 16) keep-alive connections
 * with autocannon against `mock/cli.ts --port 0` in a child process. Half the requests are
 * valid signed invoices, each with its own transaction (pre-generated, so the client measures the
 * provider, not its own hashing); the rest are invalid: missing fields, a wrong signature, a wrong
 * type (422) and malformed JSON (400). Every status is counted and must be the one expected for its
 * request; no errors, no timeouts, and the provider must still answer and exit cleanly afterwards.
 * Prints req/s, latency and the provider's resident memory (VmRSS of its node process, before and
 * after; VmHWM = peak). Exit code 1 when any expectation fails.
 */
import autocannon, { type Request } from 'autocannon';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { scriptArgs, startChild, type ChildProcess } from './child-run.js';
import { OPERATION_PATHS } from '../contracts/operation-facts.js';

declare module 'autocannon' {
  interface Options {
    /** Total requests to send (instead of a duration). */
    amount?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
  }
}

const TOTAL = Number(process.env.LOAD_REQUESTS ?? 100_000);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 16);
const INVOICE = OPERATION_PATHS.invoice;

type Kind = 'valid' | 'missing-fields' | 'bad-signature' | 'wrong-type' | 'malformed-json';
const EXPECTED_STATUS: Record<Kind, number> = { valid: 200, 'missing-fields': 422, 'bad-signature': 422, 'wrong-type': 422, 'malformed-json': 400 };
/** Out of every 20 requests. */
const MIX: [Kind, number][] = [
  ['valid', 10],
  ['missing-fields', 3],
  ['bad-signature', 3],
  ['wrong-type', 2],
  ['malformed-json', 2],
];
const PATTERN: Kind[] = MIX.flatMap(([k, n]) => Array<Kind>(n).fill(k));

function body(kind: Kind, apiKey: string, cryptoKey: string, i: number): string {
  const transaction = randomUUID();
  const amount = 10_000 + (i % 1_000_000);
  const signature = createHash('sha256')
    .update(apiKey + transaction + amount + cryptoKey)
    .digest('hex');
  const full = {
    api_key: apiKey,
    transaction,
    signature,
    amount,
    description: `Load order ${i}`,
    return_url: 'https://merchant.example/return',
    payload: { client_id: `client-${i % 97}`, client_ip: '198.51.100.7' },
  };
  switch (kind) {
    case 'valid':
      return JSON.stringify(full);
    case 'missing-fields':
      return JSON.stringify({ api_key: apiKey, transaction, amount });
    case 'bad-signature':
      return JSON.stringify({ ...full, signature: createHash('sha256').update(`wrong${i}`).digest('hex') });
    case 'wrong-type':
      return JSON.stringify({ ...full, amount: String(amount), payload: { client_id: 1, client_ip: 'not-an-ip' } });
    case 'malformed-json':
      return `{"api_key": "${apiKey}", "transaction": "${transaction}", "amount": ${amount},`;
  }
}

function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function startProviderChild(apiKey: string, cryptoKey: string): Promise<{ child: ChildProcess; url: string; pid: number }> {
  // The provider's own node process (no npx, no tsx launcher in between): its memory is the child's.
  const child = startChild(process.execPath, scriptArgs('mock/cli.ts', ['--port', '0', '--api-key', apiKey, '--crypto-key', cryptoKey]), {
    stdio: ['ignore', 'pipe', 'inherit'],
    group: true, // its own process group, so that it can be stopped as a whole
    env: process.env,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^listening (\S+)/m.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`provider exited with ${code} before listening`)));
  });
  child.stdout!.resume();
  return { child, url, pid: child.pid! };
}

async function stillAnswers(url: string): Promise<number> {
  const res = await fetch(`${url}${INVOICE}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  await res.arrayBuffer();
  return res.status;
}

async function main(): Promise<void> {
  const apiKey = `ak_load_${randomBytes(4).toString('hex')}`;
  const cryptoKey = randomBytes(24).toString('hex');

  const prepStarted = performance.now();
  const kinds: Kind[] = Array.from({ length: TOTAL }, (_, i) => PATTERN[i % PATTERN.length]);
  const bodies = kinds.map((k, i) => body(k, apiKey, cryptoKey, i));
  const prepMs = performance.now() - prepStarted;

  const provider = await startProviderChild(apiKey, cryptoKey);
  const problems: string[] = [];
  try {
    await new Promise((r) => setTimeout(r, 500)); // let start-up settle before measuring memory
    const before = memory(provider.pid);

    let next = 0;
    const handedOut: Partial<Record<Kind, number>> = {};
    const request: Request = {
      method: 'POST',
      path: INVOICE,
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => {
        const i = next++;
        const kind = i < TOTAL ? kinds[i] : 'malformed-json';
        handedOut[kind] = (handedOut[kind] ?? 0) + 1;
        req.body = i < TOTAL ? bodies[i] : '{';
        return req;
      },
    };
    const started = performance.now();
    const result = await autocannon({ url: provider.url, connections: CONNECTIONS, amount: TOTAL, pipelining: 1, timeout: 10, requests: [request] });
    const seconds = (performance.now() - started) / 1000;
    const after = memory(provider.pid);
    const answered = await stillAnswers(provider.url).catch((e: Error) => `no answer (${e.message})`);

    const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([s, v]) => [s, v.count]));
    const expected: Record<string, number> = {};
    for (const [kind, n] of Object.entries(handedOut)) expected[EXPECTED_STATUS[kind as Kind]] = (expected[EXPECTED_STATUS[kind as Kind]] ?? 0) + n;
    const completed = Object.values(statuses).reduce((a, b) => a + b, 0);

    console.log(`\nprovider under mixed load: ${TOTAL} requests, ${CONNECTIONS} connections, keep-alive, node ${process.version}`);
    console.log(`bodies pre-generated in ${(prepMs / 1000).toFixed(1)} s: ${MIX.map(([k, n]) => `${k} ${(n / 20) * 100}%`).join(', ')}`);
    console.log(`requests handed out:  ${JSON.stringify(handedOut)}`);
    console.log(`statuses received:    ${JSON.stringify(statuses)}`);
    console.log(`statuses expected:    ${JSON.stringify(expected)}`);
    console.log(`errors ${result.errors}, timeouts ${result.timeouts}`);
    console.log(
      `throughput: ${(completed / seconds).toFixed(0)} req/s overall (${completed} in ${seconds.toFixed(1)} s); autocannon mean ${result.requests.average.toFixed(0)} req/s`,
    );
    console.log(`latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    console.log(`provider RSS (pid ${provider.pid}): before ${mib(before.rss)}, after ${mib(after.rss)}, peak ${mib(after.hwm)}`);
    console.log(`after the load the provider answers: ${answered}`);

    if (completed !== TOTAL) problems.push(`${completed} responses for ${TOTAL} requests`);
    for (const s of Object.keys(statuses)) if (!['200', '400', '422'].includes(s)) problems.push(`unexpected status ${s} ×${statuses[s]}`);
    for (const s of new Set([...Object.keys(statuses), ...Object.keys(expected)]))
      if ((statuses[s] ?? 0) !== (expected[s] ?? 0)) problems.push(`status ${s}: ${statuses[s] ?? 0} received, ${expected[s] ?? 0} expected`);
    if (result.errors > 0 || result.timeouts > 0) problems.push(`${result.errors} errors, ${result.timeouts} timeouts`);
    if (answered !== 422) problems.push(`after the load: ${answered}`);
  } finally {
    const exited = new Promise<number | null>((resolve) => provider.child.once('exit', (code) => resolve(code)));
    process.kill(provider.pid, 'SIGTERM'); // the provider itself: it closes and exits 0
    const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 10_000))]);
    if (code === 'hung') {
      problems.push('the provider did not stop within 10 s of SIGTERM');
      try {
        process.kill(-provider.child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    } else if (code !== 0) problems.push(`the provider exited with ${code} on SIGTERM`);
  }

  if (problems.length > 0) {
    console.log(`\nFAILED:\n- ${problems.join('\n- ')}`);
    process.exitCode = 1;
  } else console.log('\nOK: only the expected statuses, no errors or timeouts, the provider still answered and stopped cleanly.');
}

await main();
