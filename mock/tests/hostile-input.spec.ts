// Hostile input against the reference provider (in this process): random bytes, oversized headers,
// 10 000-level JSON, invalid UTF-8, duplicate keys, __proto__/constructor keys. Every answer is JSON
// ({message}, a validation body or a success body), never HTML, never a 5xx; the provider keeps
// answering; and Object.prototype is untouched.
import { connect } from 'node:net';
import fc from 'fast-check';
import { expect, test } from './fixtures.js';
import { PATHS, type Client, type Reply } from './client.js';

const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 200);
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const JSON_PATHS = [PATHS.invoice, PATHS.account2card, PATHS.status];
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

/** A JSON answer of one of the provider's three shapes, with a non-5xx status. */
function expectJsonAnswer(r: Reply, what: string): void {
  expect(r.status, `${what}: status`).toBeLessThan(500);
  expect(r.headers.get('content-type'), `${what}: content type`).toMatch(/^application\/json; charset=utf-8$/);
  expect(r.json, `${what}: a JSON body: ${r.text.slice(0, 200)}`).toBeInstanceOf(Object);
  if (r.status === 200) return; // a success body (the documented shapes are checked elsewhere)
  const keys = Object.keys(r.json);
  if (r.status === 422) {
    expect(keys.length, `${what}: a validation body names fields`).toBeGreaterThan(0);
    for (const k of keys) {
      expect(Array.isArray(r.json[k]) && r.json[k].length > 0, `${what}: ${k} has messages`).toBe(true);
      for (const m of r.json[k]) expect(typeof m, `${what}: ${k} messages are strings`).toBe('string');
    }
  } else {
    expect(keys, `${what}: a {message} body`).toEqual(['message']);
    expect(typeof r.json.message === 'string' && r.json.message.length > 0, `${what}: non-empty message`).toBe(true);
  }
}

async function expectStillServing(api: Client): Promise<void> {
  const r = await api.invoice();
  expect(r.status, 'the provider still accepts a valid invoice').toBe(200);
}

function expectNoPollution(): void {
  expect(({} as Record<string, unknown>).polluted, '({}).polluted').toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), 'Object.prototype keys').toEqual(PROTOTYPE_KEYS);
  expect(Object.prototype.toString.call({}), 'Object.prototype.toString').toBe('[object Object]');
  expect(({} as Record<string, unknown>).api_key).toBeUndefined();
}

/** Sends raw bytes over one connection and reads until the server closes or `ms` pass. */
function rawExchange(url: string, bytes: Buffer, ms = 5000): Promise<{ text: string; closed: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let closed = false;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed });
    };
    const timer = setTimeout(done, ms);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined); // a reset after the answer is fine
    socket.on('close', () => {
      closed = true;
      done();
    });
    socket.write(bytes);
  });
}

function nestedObject(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

test.describe('hostile input', () => {
  test.afterEach(() => expectNoPollution());

  test(`random bytes as the body of every JSON endpoint (${NUM_RUNS} runs) get a JSON error`, async ({ api }) => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_PATHS), fc.uint8Array({ maxLength: 2048 }), fc.boolean(), async (path, bytes, xSign) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (xSign) headers['x-sign'] = Buffer.from(bytes.slice(0, 32)).toString('base64');
        const r = await api.send(path, { method: 'POST', headers, body: Buffer.from(bytes) });
        expectJsonAnswer(r, `${path} with ${bytes.length} random bytes`);
        expect(r.status).not.toBe(200);
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    await expectStillServing(api);
  });

  test(`random bytes as a multipart upload body (${NUM_RUNS} runs) get a JSON error`, async ({ api, merchant }) => {
    const boundary = 'b0undary';
    const part = (name: string, content: Buffer | string, filename?: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n`),
        Buffer.from(content),
        Buffer.from('\r\n'),
      ]);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), fc.constantFrom('raw', 'inside', 'unterminated'), async (bytes, shape) => {
        const noise = Buffer.from(bytes);
        const body =
          shape === 'raw'
            ? noise
            : shape === 'inside'
              ? Buffer.concat([part('api_key', merchant.apiKey), part('file', noise, '\u0000../../etc/passwd'), Buffer.from(`--${boundary}--\r\n`)])
              : Buffer.concat([
                  part('api_key', noise),
                  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\n`),
                  noise,
                ]);
        const r = await api.send(PATHS.upload, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
        expectJsonAnswer(r, `upload, ${shape}, ${bytes.length} random bytes`);
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    await expectStillServing(api);
  });

  test('a 64 KB header gets 431 as JSON and the provider stays up', async ({ api, provider }) => {
    const { host } = new URL(provider.url);
    const request = Buffer.from(
      `POST ${PATHS.invoice} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nX-Huge: ${'a'.repeat(64 * 1024)}\r\nContent-Length: 2\r\n\r\n{}`,
    );
    const r = await rawExchange(provider.url, request);
    expect(r.text).toMatch(/^HTTP\/1\.1 431 /);
    expect(r.text).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    expect(JSON.parse(r.text.slice(r.text.indexOf('\r\n\r\n') + 4))).toEqual({ message: expect.any(String) });
    await expectStillServing(api);
  });

  test('3 000 small headers (over the header size limit) and a 1 MB request line get 431/400 as JSON; the provider stays up', async ({ api, provider }) => {
    const { host } = new URL(provider.url);
    const many = Array.from({ length: 3000 }, (_, i) => `X-H${i}: ${i}\r\n`).join('');
    for (const request of [
      `POST ${PATHS.invoice} HTTP/1.1\r\nHost: ${host}\r\n${many}Content-Length: 2\r\n\r\n{}`,
      `POST ${PATHS.invoice}?${'q'.repeat(1024 * 1024)} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\n\r\n{}`,
    ]) {
      const r = await rawExchange(provider.url, Buffer.from(request));
      expect(r.text).toMatch(/^HTTP\/1\.1 (431|400) /);
      expect(JSON.parse(r.text.slice(r.text.indexOf('\r\n\r\n') + 4))).toEqual({ message: expect.any(String) });
    }
    // Many connections each sending a huge header at once.
    const results = await Promise.all(
      Array.from({ length: 50 }, () => rawExchange(provider.url, Buffer.from(`GET / HTTP/1.1\r\nHost: ${host}\r\nX-Huge: ${'b'.repeat(64 * 1024)}\r\n\r\n`))),
    );
    for (const r of results) expect(r.text).toMatch(/^HTTP\/1\.1 431 /);
    await expectStillServing(api);
  });

  test('JSON nested 10 000 and 100 000 levels: as the body, inside payload, as a field, through a callback', async ({ api, receiver }) => {
    for (const depth of [10_000, 100_000]) {
      const deepObject = nestedObject(depth);
      const deepArray = '['.repeat(depth) + ']'.repeat(depth);
      for (const path of JSON_PATHS) {
        expectJsonAnswer(await api.post(path, deepObject), `${path}: an object nested ${depth} levels as the body`);
        const arr = await api.post(path, deepArray);
        expectJsonAnswer(arr, `${path}: an array nested ${depth} levels as the body`);
        expect(arr.status).toBe(400);
      }
      const asField = JSON.stringify(api.invoiceBody()).replace(/"description":"[^"]*"/, `"description":${deepObject}`);
      const field = await api.post(PATHS.invoice, asField);
      expectJsonAnswer(field, `description nested ${depth} levels`);
      expect(field.status).toBe(422);
      expect(Object.keys(field.json)).toEqual(['description']);

      // Accepted inside payload (extra merchant parameters may be any JSON) and echoed in the callback.
      const body = api.invoiceBody();
      const raw = JSON.stringify(body).replace(/"payload":\{/, `"payload":{"deep":${deepObject},`);
      const ok = await api.post(PATHS.invoice, raw);
      expectJsonAnswer(ok, `payload.deep nested ${depth} levels`);
      expect(ok.status).toBe(200);
      const press = await api.press(ok.json.redirect_url, 'pay');
      expect(press.status).toBe(200);
      const cb = await receiver.waitFor((c) => c.text.includes(body.transaction as string), 10_000);
      expect(cb.text.length).toBeGreaterThan(depth * 5);
      expect(cb.text.includes('"deep":' + deepObject)).toBe(true);
    }
    await expectStillServing(api);
  });

  test('invalid UTF-8 in a JSON body gets 400 {message}; escaped lone surrogates are answered as JSON', async ({ api }) => {
    const valid = Buffer.from(JSON.stringify(api.invoiceBody({ description: 'XXXX' })));
    const at = valid.indexOf('XXXX');
    const sequences = [
      [0xff],
      [0xfe, 0xff],
      [0xc0, 0xaf],
      [0xe0, 0x80, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
      [0xe2, 0x82],
      [0x80],
      [0xf4, 0x90, 0x80, 0x80],
    ];
    for (const seq of sequences) {
      for (const path of JSON_PATHS) {
        const body = Buffer.concat([valid.subarray(0, at), Buffer.from(seq), valid.subarray(at + 4)]);
        const r = await api.send(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        expectJsonAnswer(r, `${path}: bytes ${seq.map((b) => b.toString(16)).join(' ')} in a string`);
        expect(r.status).toBe(400);
      }
    }
    for (const escaped of ['\\ud800', '\\udfff', '\\ud800\\ud800', '\\u0000', '\\uffff']) {
      const raw = JSON.stringify(api.invoiceBody({ description: 'XXXX' })).replace('XXXX', escaped);
      expectJsonAnswer(await api.post(PATHS.invoice, raw), `description ${escaped}`);
      const payload = JSON.stringify(api.invoiceBody()).replace('"client_id":"client-1"', `"client_id":"${escaped}"`);
      expectJsonAnswer(await api.post(PATHS.invoice, payload), `payload.client_id ${escaped}`);
    }
    await expectStillServing(api);
  });

  test('duplicate keys: the answer is JSON and follows the last value, as JSON.parse does', async ({ api }) => {
    const body = api.invoiceBody();
    const json = JSON.stringify(body);
    const cases: [string, string, number][] = [
      ['amount valid then a string', json.replace('"amount":123456', '"amount":123456,"amount":"123456"'), 422],
      ['amount a string then valid', json.replace('"amount":123456', '"amount":"x","amount":123456'), 200],
      ['api_key unknown then known', json.replace('"api_key":', '"api_key":"nobody","api_key":'), 200],
      [
        'payload duplicated, the last lacking client_ip',
        json.replace('"payload":', '"payload":{"client_ip":"bad"},"payload":').replace(/,"client_ip":"[^"]*"\}/, '}'),
        422,
      ],
      ['signature wrong then right', json.replace('"signature":', '"signature":"00","signature":'), 200],
    ];
    for (const [what, raw, status] of cases) {
      const fresh = raw.replace(body.transaction as string, crypto.randomUUID());
      // The digest covers the transaction: re-sign for the fresh one where the case expects success.
      const parsed = JSON.parse(fresh) as Record<string, unknown>;
      const resigned = fresh.replace(/"signature":"[0-9a-f]{64}"/, `"signature":"${api.invoiceSignature(parsed.transaction as string, 123456)}"`);
      const r = await api.post(PATHS.invoice, resigned);
      expectJsonAnswer(r, what);
      expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBe(status);
    }
    await expectStillServing(api);
  });

  test('__proto__, constructor and Object.prototype method names as keys, in the body and in payload', async ({ api, receiver }) => {
    const protoKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', 'toJSON'];
    for (const key of protoKeys) {
      for (const value of ['{"polluted":true,"api_key":"x"}', '{"prototype":{"polluted":true}}', 'null', '1', '"x"', '[]']) {
        // at the top level, next to valid fields: the extra key is ignored or refused, never obeyed
        const top = await api.post(PATHS.invoice, JSON.stringify(api.invoiceBody()).replace(/^\{/, `{"${key}":${value},`));
        expectJsonAnswer(top, `top-level ${key}: ${value}`);
        // inside payload: extra merchant parameters are accepted as data
        const inPayload = await api.post(PATHS.invoice, JSON.stringify(api.invoiceBody()).replace('"payload":{', `"payload":{"${key}":${value},`));
        expectJsonAnswer(inPayload, `payload.${key}: ${value}`);
        expect(inPayload.status, `payload.${key}: ${value}: ${inPayload.text}`).toBe(200);
        // as the value of a required field's container
        for (const path of JSON_PATHS) expectJsonAnswer(await api.post(path, `{"${key}":${value}}`), `${path}: only ${key}`);
      }
    }
    // A complete invoice hidden under __proto__ must not count as the body's own fields.
    const hidden = await api.post(PATHS.invoice, `{"__proto__":${JSON.stringify(api.invoiceBody())}}`);
    expectJsonAnswer(hidden, 'a valid invoice under __proto__');
    expect(hidden.status).toBe(422);
    expect(Object.keys(hidden.json)).toEqual(expect.arrayContaining(['api_key', 'transaction', 'signature', 'amount']));
    const hiddenPayload = JSON.stringify(api.invoiceBody()).replace(
      /"payload":\{[^}]*\}/,
      '"payload":{"__proto__":{"client_id":"c","client_ip":"198.51.100.7"}}',
    );
    const hp = await api.post(PATHS.invoice, hiddenPayload);
    expect(hp.status).toBe(422);
    expect(Object.keys(hp.json).sort()).toEqual(['payload.client_id', 'payload.client_ip']);

    // __proto__ inside payload survives to the callback as an own key, unchanged.
    const body = api.invoiceBody();
    const raw = JSON.stringify(body).replace('"payload":{', '"payload":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":1}},');
    const ok = await api.post(PATHS.invoice, raw);
    expect(ok.status).toBe(200);
    expect((await api.press(ok.json.redirect_url, 'decline')).status).toBe(200);
    const cb = await receiver.waitFor((c) => c.text.includes(body.transaction as string), 10_000);
    expect(cb.text).toContain('"__proto__":{"polluted":"yes"}');
    expect(cb.text).toContain('"constructor":{"prototype":{"polluted":1}}');
    await expectStillServing(api);
  });

  test('account to card and status with prototype keys and duplicate X-Sign headers answer JSON', async ({ api }) => {
    const a2c = JSON.stringify(api.a2cBody()).replace(/^\{/, '{"__proto__":{"recipient_pan":"4111111111111111"},');
    expectJsonAnswer(await api.a2c(a2c), 'a2c with __proto__');
    const stripped = JSON.stringify(api.a2cBody({ recipient_pan: undefined })).replace(/^\{/, '{"__proto__":{"recipient_pan":"4111111111111111"},');
    const r = await api.a2c(stripped);
    expect(r.status).toBe(422);
    expect(Object.keys(r.json)).toContain('recipient_pan');
    const raw = JSON.stringify(api.a2cBody());
    const twice = await api.send(PATHS.account2card, {
      method: 'POST',
      headers: [
        ['content-type', 'application/json'],
        ['x-sign', api.xSign(raw)],
        ['x-sign', api.xSign(raw)],
      ],
      body: raw,
    });
    expectJsonAnswer(twice, 'two X-Sign headers');
    const status = await api.post(PATHS.status, `{"__proto__":${JSON.stringify(api.statusBody(crypto.randomUUID()))}}`);
    expectJsonAnswer(status, 'status under __proto__');
    expect(status.status).toBe(422);
    await expectStillServing(api);
  });
});
