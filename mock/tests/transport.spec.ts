import { connect } from 'node:net';
import { CREATED_AT, expect, test } from './fixtures.js';
import { PATHS } from './client.js';

const JSON_CT = /^application\/json(;\s*charset=utf-8)?$/i;
const DOCUMENTED = Object.values(PATHS);

test.describe('transport', () => {
  test('every JSON answer carries Content-Type application/json (success, validation, message error)', async ({ api }) => {
    const ok = await api.invoice();
    expect(ok.status).toBe(200);
    expect(ok.json.payment.created_at).toMatch(CREATED_AT);
    const invalid = await api.post(PATHS.invoice, {});
    const refused = await api.post(PATHS.invoice, 'nope');
    for (const r of [ok, invalid, refused]) expect(r.headers.get('content-type')).toMatch(JSON_CT);
  });

  for (const path of DOCUMENTED) {
    test(`a method other than POST on ${path} gets 405 with Allow: POST and a message body`, async ({ api }) => {
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
        const r = await api.send(path, { method });
        expect(r.status, method).toBe(405);
        expect(r.headers.get('allow')).toBe('POST');
        expect(r.json).toEqual({ message: expect.any(String) });
      }
    });
  }

  test('an unknown path gets 404 with a JSON message, never an HTML page', async ({ api }) => {
    for (const path of ['/', '/api/v2/payments/status', '/api/v1/payments/status/', '/favicon.ico']) {
      const r = await api.send(path, { method: 'POST' });
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type')).toMatch(JSON_CT);
      expect(Object.keys(r.json)).toEqual(['message']);
    }
  });

  test('a body that is not JSON, or JSON that is not an object, gets 400 {message}', async ({ api }) => {
    for (const body of ['', '{', 'nope', '[]', '[1,2]', 'null', '"text"', '42', 'true', '{"a":1}x']) {
      const r = await api.post(PATHS.invoice, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.json)).toEqual(['message']);
      expect(r.json.message.length).toBeGreaterThan(0);
    }
    const bad = await api.send(PATHS.status, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.from([0x7b, 0xff, 0x7d]) });
    expect(bad.status).toBe(400);
  });

  test('a JSON body over 1 MiB gets 413 {message}', async ({ api }) => {
    const r = await api.post(PATHS.invoice, JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }));
    expect(r.status).toBe(413);
    expect(Object.keys(r.json)).toEqual(['message']);
  });

  test('a media type other than application/json gets 415; a missing one is tolerated', async ({ api }) => {
    const body = JSON.stringify(api.invoiceBody());
    const text = await api.send(PATHS.invoice, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    expect(text.status).toBe(415);
    expect(Object.keys(text.json)).toEqual(['message']);
    const charset = await api.send(PATHS.invoice, {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset=UTF-8' },
      body: JSON.stringify(api.invoiceBody()),
    });
    expect(charset.status).toBe(200);
    const none = await api.send(PATHS.invoice, { method: 'POST', body: new TextEncoder().encode(JSON.stringify(api.invoiceBody())) });
    expect(none.status).toBe(200);
  });

  test('malformed HTTP gets a JSON 400 and the server stays up', async ({ api, provider }) => {
    const { port } = new URL(provider.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const s = connect(Number(port), '127.0.0.1', () => s.write('POST /api/v1/payments/status HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'));
      let out = '';
      s.on('data', (d) => (out += d.toString()));
      s.on('end', () => resolve(out));
      s.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toMatch(/content-type: application\/json/i);
    expect((await api.invoice()).status).toBe(200);
  });

  // Content negotiation and content coding (RFC 9110 8.4, 12.5.1): the default profile's choices
  test('a content coding gets 415 naming the codings taken, nothing created; Accept is not judged', async ({ api }) => {
    for (const coding of ['gzip', 'x-pts-unknown']) {
      const body = api.invoiceBody();
      const coded = await api.post(PATHS.invoice, body, { 'content-encoding': coding });
      expect(coded.status).toBe(415);
      expect(coded.headers.get('accept-encoding')).toBe('identity');
      expect(Object.keys(coded.json)).toEqual(['message']);
      expect((await api.status(String(body.transaction))).status).toBe(404);
    }
    expect((await api.post(PATHS.invoice, api.invoiceBody(), { 'content-encoding': 'identity' })).status).toBe(200);
    for (const accept of ['application/xml', 'text/html', 'application/json;q=0']) {
      const answer = await api.post(PATHS.invoice, api.invoiceBody(), { accept });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(JSON_CT);
    }
  });
});
