// The client across a real network: transport trouble is told from an answer. A connection dropped, a body cut
// short, a gateway answer or a 503 with Retry-After is sent again (at once, or after the wait it asks for), and
// the exchange carries the tries; when it persists the exchange says the provider was unavailable (no verdict).
// No answer within the timeout is sent again once, then it is the provider's: a timeout, not unavailability.
// A burst's requests (retry none) are never sent again.
import { test, expect } from '@playwright/test';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpClient } from '../../suite/harness/client.js';
import { fetchPage } from '../../suite/harness/page-client.js';
import { MAX_TIMEOUT_RETRIES, MAX_UNAVAILABLE_RETRIES } from '../../suite/harness/retry-policy.js';
import { isTransportTrouble } from '../../suite/harness/page-load.js';

type Behaviour = 'answer' | 'drop' | 'cut' | 'gateway' | 'unavailable-retry-after' | 'silent';

/** A server that behaves, request by request, as `plan(n)` says (n from 1); it counts what reached it. */
async function serve(plan: (n: number) => Behaviour) {
  let hits = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const behaviour = plan(++hits);
    if (behaviour === 'drop') return void req.socket.destroy();
    if (behaviour === 'silent') return; // never answers
    if (behaviour === 'cut') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"transaction":');
      setImmediate(() => req.socket.destroy());
      return;
    }
    const [status, headers] =
      behaviour === 'gateway'
        ? [502, {}]
        : behaviour === 'unavailable-retry-after'
          ? [503, { 'retry-after': '0' }]
          : [200, { 'content-type': 'application/json' }];
    res.writeHead(status, headers).end('{"message":"x"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new HttpClient({ baseUrl: url, timeoutSeconds: 1, breakerStateFile: null });
  return {
    client,
    url,
    hits: () => hits,
    close: async () => {
      await client.close();
      server.closeAllConnections();
      server.close();
    },
  };
}

for (const [behaviour, kind, cause] of [
  ['drop', 'connection', /connection closed before a complete response/],
  ['cut', 'connection', /response length differs from its Content-Length \(it declared 100 bytes/],
  ['gateway', 'gateway', /HTTP 502/],
  ['unavailable-retry-after', 'retry-after', /HTTP 503 \(Retry-After 0\)/],
] as const) {
  test(`${behaviour} once: sent again, answered, the try in the evidence`, async () => {
    const s = await serve((n) => (n === 1 ? behaviour : 'answer'));
    try {
      const exchange = await s.client.send({ path: '/x', body: '{}' });
      expect(exchange.response?.status).toBe(200);
      expect(exchange.unavailable).toBeUndefined();
      expect(exchange.retries).toEqual([{ kind, cause: expect.stringMatching(cause), waitedMs: 0 }]);
      expect(s.hits()).toBe(2);
    } finally {
      await s.close();
    }
  });
}

test('dropped every time: unavailable after the tries allowed, no verdict', async () => {
  const s = await serve(() => 'drop');
  try {
    const exchange = await s.client.send({ path: '/x', body: '{}' });
    expect(exchange.unavailable).toBe(true);
    expect(exchange.transportError).toMatch(/connection closed before a complete response/);
    expect(exchange.retries).toHaveLength(MAX_UNAVAILABLE_RETRIES);
    expect(s.hits()).toBe(1 + MAX_UNAVAILABLE_RETRIES);
  } finally {
    await s.close();
  }
});

test('a gateway answer every time: unavailable, the last answer kept for the evidence', async () => {
  const s = await serve(() => 'gateway');
  try {
    const exchange = await s.client.send({ path: '/x', body: '{}' });
    expect(exchange.unavailable).toBe(true);
    expect(exchange.response?.status).toBe(502);
    expect(s.hits()).toBe(1 + MAX_UNAVAILABLE_RETRIES);
  } finally {
    await s.close();
  }
});

test('no answer in time, twice: a timeout (the provider did not answer), not unavailability', async () => {
  const s = await serve(() => 'silent');
  try {
    const exchange = await s.client.send({ path: '/x', body: '{}' });
    expect(exchange.transportError).toBe('no response in 1 s');
    expect(exchange.unavailable).toBeUndefined();
    expect(exchange.retries).toEqual(Array.from({ length: MAX_TIMEOUT_RETRIES }, () => ({ kind: 'timeout', cause: 'no response in 1 s', waitedMs: 0 })));
  } finally {
    await s.close();
  }
});

test('no answer in time once, then an answer: judged on the answer', async () => {
  const s = await serve((n) => (n === 1 ? 'silent' : 'answer'));
  try {
    const exchange = await s.client.send({ path: '/x', body: '{}' });
    expect(exchange.response?.status).toBe(200);
    expect(exchange.retries).toEqual([{ kind: 'timeout', cause: 'no response in 1 s', waitedMs: 0 }]);
  } finally {
    await s.close();
  }
});

test('a request of a burst (retry none) is never sent again', async () => {
  const s = await serve(() => 'drop');
  try {
    const exchange = await s.client.send({ path: '/x', body: '{}', retry: 'none' });
    expect(exchange.unavailable).toBe(true);
    expect(exchange.retries).toBeUndefined();
    expect(s.hits()).toBe(1);
  } finally {
    await s.close();
  }
});

test.describe('a page fetched outside the browser', () => {
  test('dropped once, then a gateway answer: fetched again, answered, the tries named', async () => {
    const s = await serve((n) => (n === 1 ? 'drop' : n === 2 ? 'gateway' : 'answer'));
    try {
      const answer = await fetchPage(`${s.url}/pay/1`, 1);
      expect(answer).toMatchObject({
        status: 200,
        tries: [
          { kind: 'connection', cause: expect.stringMatching(/connection closed/) },
          { kind: 'gateway', cause: 'HTTP 502' },
        ],
      });
    } finally {
      await s.close();
    }
  });

  test('dropped every time: unavailable after the tries allowed', async () => {
    const s = await serve(() => 'drop');
    try {
      const answer = await fetchPage(`${s.url}/pay/1`, 1);
      expect(answer).toMatchObject({ kind: 'unavailable', transportError: expect.stringMatching(/connection closed/) });
      expect(s.hits()).toBe(1 + MAX_UNAVAILABLE_RETRIES);
    } finally {
      await s.close();
    }
  });

  test("no answer in time, twice: a timeout, the provider's", async () => {
    const s = await serve(() => 'silent');
    try {
      const answer = await fetchPage(`${s.url}/pay/1`, 0.3);
      expect(answer).toMatchObject({ kind: 'timeout' });
      expect(s.hits()).toBe(1 + MAX_TIMEOUT_RETRIES);
    } finally {
      await s.close();
    }
  });
});

test.describe('a page load that fails', () => {
  const url = 'http://127.0.0.1:4010/pay/5461e3e4';
  const trouble = [
    `page.goto: net::ERR_EMPTY_RESPONSE at ${url}`,
    `page.goto: net::ERR_CONNECTION_RESET at ${url}`,
    `page.goto: Navigation to "${url}" is interrupted by another navigation to "chrome-error://chromewebdata/"`,
    `page.goto: Navigation to "${url}" is interrupted by another navigation to "${url}"`,
  ];
  for (const message of trouble) test(`met transport trouble: ${message}`, () => expect(isTransportTrouble(message, [url])).toBe(true));

  // Chromium's new try of an address the load was redirected to (a 302 from redirect_url to the page).
  const redirected = 'http://127.0.0.1:4010/go/5461e3e4';
  const retriedHop = `page.goto: Navigation to "${redirected}" is interrupted by another navigation to "${url}"`;

  test(`met transport trouble: ${retriedHop}, after a redirect there`, () => expect(isTransportTrouble(retriedHop, [redirected, url])).toBe(true));

  test(`is the provider's: ${retriedHop}, without a redirect there`, () => expect(isTransportTrouble(retriedHop, [redirected])).toBe(false));

  // A page that sends the browser elsewhere before it loads, or never loads, is the provider's doing.
  const provider = [
    `page.goto: Navigation to "${url}" is interrupted by another navigation to "http://127.0.0.1:4010/elsewhere"`,
    `page.goto: Timeout 10000ms exceeded.`,
    `page.goto: net::ERR_TOO_MANY_REDIRECTS at ${url}`,
    `page.goto: net::ERR_INVALID_RESPONSE at ${url}`,
  ];
  for (const message of provider) test(`is the provider's: ${message}`, () => expect(isTransportTrouble(message, [url])).toBe(false));
});
