// The client's manners towards a real sandbox: RATE_LIMIT is a ceiling, and a 429 is waited out as
// Retry-After says and counted as rate limiting, not answered as the provider's verdict.
import { test, expect } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpClient } from '../../suite/harness/client.js';

function serve(handler: (count: number) => { status: number; headers?: Record<string, string> }): Promise<{ server: Server; url: string; hits: number[] }> {
  const hits: number[] = [];
  const server = createServer((req, res) => {
    req.resume();
    hits.push(Date.now());
    const { status, headers } = handler(hits.length);
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end('{"message":"x"}');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits })),
  );
}

test('a client limited to 10 requests per second sends the 21st request no sooner than 2 s after it started', async () => {
  const { server, url, hits } = await serve(() => ({ status: 200 }));
  const started = Date.now();
  const client = new HttpClient({ baseUrl: url, timeoutSeconds: 5, ratePerSecond: 10 });
  try {
    await Promise.all(Array.from({ length: 21 }, () => client.send({ path: '/x', body: '{}' })));
    // Lower bounds only (a busy machine makes the limiter slower, never faster), taken from the client's start: a
    // late first arrival (its connection) would shorten a span measured from it. 20 gaps of 100 ms, less clock jitter.
    expect(hits[hits.length - 1] - started).toBeGreaterThanOrEqual(1950);
  } finally {
    await client.close();
    server.close();
  }
});

test('a 429 with Retry-After: 1 is waited out and retried; the exchange counts the rate limiting', async () => {
  const { server, url, hits } = await serve((n) => (n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 }));
  const client = new HttpClient({ baseUrl: url, timeoutSeconds: 5 });
  try {
    const exchange = await client.send({ path: '/x', body: '{}' });
    expect(exchange.response?.status).toBe(200);
    expect(exchange.rateLimitedRetries).toBe(1);
    expect(hits).toHaveLength(2);
    expect(hits[1] - hits[0]).toBeGreaterThanOrEqual(950);
  } finally {
    await client.close();
    server.close();
  }
});

test('a provider that answers 429 forever is unavailable (no verdict) after a bounded number of waits', async () => {
  const { server, url, hits } = await serve(() => ({ status: 429, headers: { 'retry-after': '0' } }));
  const client = new HttpClient({ baseUrl: url, timeoutSeconds: 5 });
  try {
    const exchange = await client.send({ path: '/x', body: '{}' });
    expect(exchange.response?.status).toBe(429);
    expect(exchange.unavailable).toBe(true);
    expect(exchange.rateLimitedRetries).toBe(5);
    expect(hits).toHaveLength(6);
  } finally {
    await client.close();
    server.close();
  }
});
