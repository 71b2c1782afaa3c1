// The spellings of a request (generators/variants/spellings.ts, multipart.ts) are what they say: a `same`
// spelling of a JSON body parses to the same object, of a form to the same fields and file; an `address`
// changes only the path; a field given twice reads as one value or the other depending on the parser.
import { test, expect } from '@playwright/test';
import busboy from 'busboy';
import { Readable } from 'node:stream';
import { MULTIPART_SPELLINGS, multipartBody, type FormPart } from '../../generators/variants/multipart.js';
import { SPELLINGS, spellingsOf, TRANSACTION_NEAR_MISSES, withFieldTwice, type WireRequest } from '../../generators/variants/spellings.js';

const BODY = { api_key: 'k', transaction: '0b0e3c52-6a43-4b0c-8d0e-5b1d4f0b1e2a', amount: 10000, payload: { client_id: 'c', nested: [1, { a: 'б' }] } };
const REQUEST: WireRequest = {
  method: 'POST',
  path: '/api/v1/payments/card2account/invoice',
  headers: { 'Content-Type': 'application/json' },
  body: Buffer.from(JSON.stringify(BODY)),
};

/** The fields and files of a form, as a server's parser reads them. */
function readForm(body: Buffer, contentType: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const out: Record<string, string> = {};
    const bb = busboy({ headers: { 'content-type': contentType } });
    bb.on('field', (name, value) => (out[name] = value));
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => (out[name] = `${info.filename} ${info.mimeType} ${Buffer.concat(chunks).toString('utf8')}`));
    });
    bb.on('close', () => resolve(out));
    bb.on('error', reject);
    Readable.from([body]).pipe(bb);
  });
}

test.describe('spellings of a request @generators', () => {
  test('every same spelling of a JSON request carries the same JSON value; an address changes the path alone', () => {
    const spelled = spellingsOf(REQUEST, 'json');
    expect(spelled.map((s) => s.spelling.name)).toEqual(SPELLINGS.filter((s) => s.body !== 'multipart').map((s) => s.name));
    for (const { spelling, request } of spelled) {
      expect(JSON.parse(request.body.toString('utf8')), spelling.name).toEqual(BODY);
      const type = Object.entries(request.headers).find(([k]) => /^content-type$/i.test(k))?.[1];
      expect(type?.split(';')[0]!.trim().toLowerCase(), spelling.name).toBe('application/json');
      if (spelling.kind === 'address') expect(request.path, spelling.name).not.toBe(REQUEST.path);
      else expect(request.path, spelling.name).toBe(REQUEST.path);
      const wire = (r: WireRequest) => JSON.stringify({ ...r, body: r.body.toString('utf8') });
      expect(wire(request), `${spelling.name} changes something`).not.toBe(wire(REQUEST));
    }
    expect(spelled.find((s) => s.spelling.name === 'an unreserved letter percent-encoded')!.request.path).toBe('/api/v1/payments/card2account/%69nvoice');
  });

  test('every same spelling of a form carries the same fields and file', async () => {
    const parts: FormPart[] = [
      { name: 'api_key', value: 'k' },
      { name: 'file', file: { filename: 'v.csv', contentType: 'text/csv', bytes: new Uint8Array(Buffer.from('plate;vin\r\nА123ВС77;X\r\n')) } },
    ];
    const canonical = multipartBody(parts);
    const expected = await readForm(canonical.body, canonical.contentType);
    expect(expected).toEqual({ api_key: 'k', file: 'v.csv text/csv plate;vin\r\nА123ВС77;X\r\n' });
    for (const s of MULTIPART_SPELLINGS) {
      const spelled = multipartBody(parts, s);
      expect(spelled.body.equals(canonical.body), s.name).toBe(false);
      expect(await readForm(spelled.body, spelled.contentType), s.name).toEqual(expected);
    }
    const request = { ...REQUEST, headers: { 'Content-Type': canonical.contentType }, body: canonical.body };
    for (const { spelling } of spellingsOf(request, 'multipart')) expect(spelling.body, spelling.name).not.toBe('json');
    expect(spellingsOf(request, 'multipart').find((s) => s.spelling.name === 'multipart media type in upper case')!.request.headers['Content-Type']).toMatch(
      /^Multipart\/Form-Data; boundary=/,
    );
  });

  test('a field given twice: JSON.parse keeps the last, the text holds both', () => {
    const text = withFieldTwice(BODY, 'transaction', 'first', 'last');
    expect(JSON.parse(text)).toEqual({ ...BODY, transaction: 'last' });
    expect(text.match(/"transaction"/g)).toHaveLength(2);
    expect(text.indexOf('"first"')).toBeLessThan(text.indexOf('"last"'));
  });

  test('near-miss transactions are other strings than the UUID, each still holding it', () => {
    for (const { name, spell } of TRANSACTION_NEAR_MISSES) {
      const spelled = spell(BODY.transaction);
      expect(spelled, name).not.toBe(BODY.transaction);
      expect(spelled, name).toContain(BODY.transaction);
    }
  });
});
