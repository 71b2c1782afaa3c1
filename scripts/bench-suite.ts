// `npm run bench:suite`: requests per second of the suite's property phase (generate a valid invoice with
// fast-check, give it a fresh transaction, sign, send through the pooled client, validate the answer
// against the schema) against autocannon's single-connection rate on the same endpoint of the same
// provider, in the same run. Goal: at least 0.5 of autocannon. BENCH_SECONDS (default 5) per phase.
import autocannon, { type Request } from 'autocannon';
import fc from 'fast-check';
import { validate } from '../contracts/index.js';
import { invoiceRequest } from '../generators/arbitraries/index.js';
import { HttpClient } from '../suite/harness/client.js';
import { freshInvoice } from '../suite/harness/fresh.js';
import { startTarget, type Target } from './bench/start-target.js';
import { OPERATION_PATHS } from '../contracts/operation-facts.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const INVOICE = OPERATION_PATHS.invoice;

/** The property phase as the checks run it, one request at a time, for `seconds`. */
async function propertyPhase(t: Target, seconds: number): Promise<{ rps: number; requests: number; invalid: number }> {
  const client = new HttpClient({ baseUrl: t.url, timeoutSeconds: 10 });
  const merchant = { apiKey: t.apiKey, cryptoKey: t.cryptoKey };
  const arbitrary = invoiceRequest(merchant);
  const deadline = performance.now() + seconds * 1000;
  let requests = 0;
  let invalid = 0;
  const started = performance.now();
  while (performance.now() < deadline) {
    // fc.check, as forAll does: generation, the async predicate, and fast-check's own bookkeeping.
    await fc.check(
      fc.asyncProperty(arbitrary, async (generated) => {
        const exchange = await client.send({
          path: INVOICE,
          body: JSON.stringify(freshInvoice(generated, merchant)),
          headers: { 'content-type': 'application/json' },
        });
        requests++;
        if (exchange.response?.status !== 200 || !validate('invoice-response', exchange.response.json).valid) invalid++;
      }),
      { numRuns: 25 },
    );
  }
  const rps = requests / ((performance.now() - started) / 1000);
  await client.close();
  return { rps, requests, invalid };
}

/** autocannon replays bodies from the same arbitrary (fresh transaction and signature each), so both send alike. */
function sameBodies(t: Target): Request {
  const merchant = { apiKey: t.apiKey, cryptoKey: t.cryptoKey };
  const bodies = fc.sample(invoiceRequest(merchant), 5000);
  let next = 0;
  return {
    method: 'POST',
    path: INVOICE,
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => {
      req.body = JSON.stringify(freshInvoice(bodies[next++ % bodies.length], merchant));
      return req;
    },
  };
}

async function main(): Promise<void> {
  const t = await startTarget('provider');
  try {
    await propertyPhase(t, 1); // warm-up: JIT, connections
    const replay = sameBodies(t);
    await autocannon({ url: t.url, connections: 1, duration: 1, requests: [replay] });
    const suite = await propertyPhase(t, SECONDS);
    const ac = await autocannon({ url: t.url, connections: 1, duration: SECONDS, requests: [replay] });
    console.log(`\nproperty phase vs autocannon, invoice endpoint, 1 connection, ${SECONDS} s each, node ${process.version}\n`);
    console.log('| client | req/s | requests | unexpected answers |');
    console.log('|---|---|---|---|');
    console.log(`| suite property phase | ${suite.rps.toFixed(0)} | ${suite.requests} | ${suite.invalid} |`);
    console.log(`| autocannon | ${ac.requests.average.toFixed(0)} | ${ac.requests.total} | ${ac.non2xx + ac.errors + ac.timeouts} |`);
    const ratio = suite.rps / ac.requests.average;
    console.log(`\nratio suite/autocannon: ${ratio.toFixed(2)} (goal >= 0.5)`);
    if (suite.invalid > 0) process.exitCode = 1;
  } finally {
    t.child.kill('SIGTERM');
  }
}

await main();
