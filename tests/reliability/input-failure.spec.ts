// Unavailability judged by what it follows (suite/harness/unavailability.ts): an invoice lost to transport
// trouble after its tries is sent again after a control. A provider that fails on the input every time, whatever
// its front answers (502, a reset), fails PRO-ERR-SERVER; trouble that also hits the control, or that does not
// come back for the same input, stays not judged. The tries of one lost request open no breaker for the others.
import { test, expect } from '@playwright/test';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultProfile } from '../../contracts/index.js';
import { buildInvoiceRequest } from '../../generators/builders.js';
import { HttpClient } from '../../suite/harness/client.js';
import { CheckFailure, ProviderUnavailable } from '../../suite/harness/failure.js';
import { ProviderApi } from '../../suite/harness/provider-api.js';
import { lossJudge } from '../../suite/harness/unavailability.js';

type Behaviour = 'answer' | 'gateway' | 'reset';

const merchant = { apiKey: 'ak_test', cryptoKey: 'ck_test' };

/** A provider whose every request goes as `plan(body, n)` says (n counts requests from 1); it keeps the bodies it saw. */
async function serve(plan: (body: string, n: number) => Behaviour) {
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push(body);
      const behaviour = plan(body, seen.length);
      if (behaviour === 'reset') return void req.socket.destroy();
      if (behaviour === 'gateway') return void res.writeHead(502, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"transaction":"x","payment":{}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const http = new HttpClient({ baseUrl: url, timeoutSeconds: 2, breakerStateFile: null });
  const api = new ProviderApi(http, defaultProfile(), merchant, () => undefined);
  return {
    api,
    seen,
    close: async () => {
      await http.close();
      server.closeAllConnections();
      server.close();
    },
  };
}

/** An invoice whose description carries `marker`, sent once; the exchange must have been lost. */
async function lostInvoice(api: ProviderApi, marker: string): Promise<ProviderUnavailable> {
  const exchange = await api.invoice(buildInvoiceRequest(merchant, { description: `order ${marker}` }));
  expect(exchange.unavailable).toBe(true);
  return new ProviderUnavailable(exchange);
}

for (const behaviour of ['gateway', 'reset'] as const) {
  test(`an input answered ${behaviour === 'gateway' ? '502' : 'with a reset'} every time, a control answered: PRO-ERR-SERVER with the tries and the control`, async () => {
    const s = await serve((body) => (body.includes('<') ? behaviour : 'answer'));
    try {
      const lost = await lostInvoice(s.api, '<b>');
      const judged = await lossJudge(s.api)(lost).catch((e: unknown) => e);
      expect(judged).toBeInstanceOf(CheckFailure);
      const failure = judged as CheckFailure;
      expect(failure.details.rule).toBe('PRO-ERR-SERVER');
      expect(failure.details.received).toMatch(/the control, a plain valid invoice, at \d\d:\d\d:\d\d\.\d{3}: HTTP 200/);
      expect(failure.details.received).toMatch(/the same input again at \d\d:\d\d:\d\d\.\d{3}: .* after 3 tries/);
      // Three tries, the control, three tries of the same bytes.
      expect(s.seen.map((b) => (b.includes('<') ? 'input' : 'control'))).toEqual(['input', 'input', 'input', 'control', 'input', 'input', 'input']);
      expect(new Set(s.seen.filter((b) => b.includes('<'))).size).toBe(1);
    } finally {
      await s.close();
    }
  });
}

test('an input lost in a burst that is over when it is sent again: not judged, with why', async () => {
  const s = await serve((_body, n) => (n <= 3 ? 'gateway' : 'answer'));
  try {
    const judged = await lossJudge(s.api)(await lostInvoice(s.api, 'plain'));
    expect(judged).toBeInstanceOf(ProviderUnavailable);
    expect(judged.judged).toBe(true);
    expect(judged.message).toMatch(/sent again after a control it was answered \(HTTP 200 after 1 try/);
  } finally {
    await s.close();
  }
});

test('a provider down for every request, the control included: not judged, never failed', async () => {
  const s = await serve(() => 'reset');
  try {
    const judged = await lossJudge(s.api)(await lostInvoice(s.api, 'plain'));
    expect(judged).toBeInstanceOf(ProviderUnavailable);
    expect(judged.message).toMatch(/a control \(a plain valid invoice\) met trouble too: connection closed before a complete response after 3 tries/);
    expect(s.seen).toHaveLength(6); // the control was sent: no request after it
  } finally {
    await s.close();
  }
});

test('the tries of one lost request count once: the breaker lets the next requests through', async () => {
  const s = await serve((body) => (body.includes('<') ? 'reset' : 'answer'));
  try {
    await lostInvoice(s.api, '<b>');
    await lostInvoice(s.api, '<i>');
    const next = await s.api.invoice(buildInvoiceRequest(merchant));
    expect(next.response?.status).toBe(200);
    expect(s.seen).toHaveLength(7);
  } finally {
    await s.close();
  }
});
