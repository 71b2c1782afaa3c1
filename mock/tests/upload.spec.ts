import { expect, test } from './fixtures.js';
import { PATHS } from './client.js';

const MiB = 1024 * 1024;

test.describe('vehicle file upload', () => {
  test('multipart api_key + file: 200 {message}', async ({ api }) => {
    const r = await api.upload({ api_key: api.merchant.apiKey, file: 'plate;model\nA123BC77;Lada\n' });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['message']);
    expect(r.json.message.length).toBeGreaterThan(0);
  });

  test('missing api_key, missing file, empty api_key: 422 keyed by the field', async ({ api }) => {
    const both = await api.upload({});
    expect(both.status).toBe(422);
    expect(Object.keys(both.json).sort()).toEqual(['api_key', 'file']);
    for (const msgs of Object.values(both.json) as string[][]) expect(msgs.join(' ')).toMatch(/required/i);
    const noFile = await api.upload({ api_key: api.merchant.apiKey });
    expect(Object.keys(noFile.json)).toEqual(['file']);
    const emptyKey = await api.upload({ api_key: '', file: 'x' });
    expect(Object.keys(emptyKey.json)).toEqual(['api_key']);
  });

  test('unknown api_key: 422 keyed api_key', async ({ api }) => {
    const r = await api.upload({ api_key: 'nobody', file: 'x' });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json)).toEqual(['api_key']);
  });

  test('a file of exactly 10 MiB is accepted; one byte more is 422 keyed file', async ({ api }) => {
    const ok = await api.upload({ api_key: api.merchant.apiKey, file: new Blob([new Uint8Array(10 * MiB)]) });
    expect(ok.status).toBe(200);
    const big = await api.upload({ api_key: api.merchant.apiKey, file: new Blob([new Uint8Array(10 * MiB + 1)]) });
    expect(big.status).toBe(422);
    expect(Object.keys(big.json)).toEqual(['file']);
  });

  test('a 12 MiB file gets the profile answer, 422 keyed file, not a 413', async ({ api }) => {
    const r = await api.upload({ api_key: api.merchant.apiKey, file: new Blob([new Uint8Array(12 * MiB)]) });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json)).toEqual(['file']);
  });

  test('the safety cap: a file of 40 MiB is still 422 keyed file; a request over 4 x 10 MiB + 1 MiB in all gets 413 {message}', async ({ api }) => {
    const under = await api.upload({ api_key: api.merchant.apiKey, file: new Blob([new Uint8Array(40 * MiB)]) });
    expect(under.status).toBe(422);
    expect(Object.keys(under.json)).toEqual(['file']);
    const over = await api.upload({ api_key: api.merchant.apiKey, file: new Blob([new Uint8Array(41 * MiB + 1)]) });
    expect(over.status).toBe(413);
    expect(Object.keys(over.json)).toEqual(['message']);
  });

  test('a body that is not multipart/form-data gets 415; a broken multipart body gets 400', async ({ api }) => {
    const json = await api.post(PATHS.upload, { api_key: api.merchant.apiKey });
    expect(json.status).toBe(415);
    expect(Object.keys(json.json)).toEqual(['message']);
    const broken = await api.send(PATHS.upload, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      body: '--zz\r\nContent-Disposition: form-data; name="api_key"\r\n\r\nabc',
    });
    expect(broken.status).toBe(400);
    const noBoundary = await api.send(PATHS.upload, { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' });
    expect(noBoundary.status).toBe(400);
  });

  test('no signature is needed and the client file name is ignored', async ({ api }) => {
    const r = await api.upload({ api_key: api.merchant.apiKey, file: 'x', fileName: '../../etc/passwd' });
    expect(r.status).toBe(200);
  });
});
