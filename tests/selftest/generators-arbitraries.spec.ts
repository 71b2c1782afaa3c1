// Shared contract assertions (same seed, correct values, shrinking) applied to every arbitrary.
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { isIP } from 'node:net';
import { validate } from '../../contracts/index.js';
import {
  account2cardAmount,
  AMOUNT_LIMITS,
  buildInvoiceRequest,
  CARD_SCHEMES,
  clientId,
  clientIp,
  description,
  invoiceAmount,
  isLuhnValid,
  luhnPan,
  payloadExtras,
  personName,
  phone,
  RESERVED_PAYLOAD_KEYS,
  returnUrl,
  uploadRequest,
  uuid,
  vinCheckDigit,
  type JsonValue,
  type UploadRequestValue,
} from '../../generators/index.js';
import { assertArbitraryContract } from '../../generators/testing/arbitrary-assertions.js';

const creds = { apiKey: 'test-api-key', cryptoKey: 'test-crypto-key' };
const nonZero = (s: string): number => [...s].filter((c) => /[1-9a-f]/i.test(c)).length;

test.describe('arbitraries satisfy the shared contract @generators', () => {
  test('uuid: v4, lower case', () => {
    assertArbitraryContract(uuid(), (u) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u), { size: nonZero });
  });

  test('luhnPan: 13..19 digits, Luhn-valid, a known IIN prefix', () => {
    const prefixes = CARD_SCHEMES.flatMap((s) => s.prefixes);
    const digitSum = (p: string): number => [...p.slice(0, -1)].reduce((a, c) => a + Number(c), 0);
    const size = (p: string): number => p.length * 1000 + digitSum(p);
    assertArbitraryContract(
      luhnPan(),
      (p) => /^[0-9]{13,19}$/.test(p) && isLuhnValid(p) && prefixes.some((x) => p.startsWith(x)),
      { size },
    );
    assertArbitraryContract(luhnPan({ minLength: 16, maxLength: 16 }), (p) => p.length === 16 && isLuhnValid(p), { size });
    expect(() => luhnPan({ minLength: 12 })).toThrow(/luhnPan/);
  });

  test('luhnPan covers every length 13..19', () => {
    const lengths = new Set(fc.sample(luhnPan(), { seed: 1, numRuns: 2000 }).map((p) => p.length));
    expect([...lengths].sort((a, b) => a - b)).toEqual([13, 14, 15, 16, 17, 18, 19].filter((l) => lengths.has(l)));
    for (const l of [13, 15, 16, 19]) expect(lengths.has(l)).toBe(true);
  });

  test('phone: 10..15 digits; plus sign only as constrained', () => {
    assertArbitraryContract(phone(), (p) => /^[0-9]{10,15}$/.test(p) && p[0] !== '0');
    assertArbitraryContract(phone({ plus: 'always' }), (p) => /^\+[0-9]{10,15}$/.test(p));
    assertArbitraryContract(phone({ plus: 'sometimes' }), (p) => /^\+?[0-9]{10,15}$/.test(p));
    const both = fc.sample(phone({ plus: 'sometimes' }), { seed: 3, numRuns: 200 });
    expect(both.some((p) => p.startsWith('+'))).toBe(true);
    expect(both.some((p) => !p.startsWith('+'))).toBe(true);
    expect(() => phone({ minDigits: 9 })).toThrow(/phone/);
  });

  test('personName: Cyrillic or Latin full names', () => {
    const cyr = /^[А-ЯЁ][а-яё]+(?: [А-ЯЁ][а-яё]+){2}$/u;
    const lat = /^[\p{Script=Latin}' .-]+$/u;
    assertArbitraryContract(personName(), (n) => cyr.test(n) || (lat.test(n) && n.split(' ').length >= 2), { size: (n) => n.length });
    const sample = fc.sample(personName(), { seed: 5, numRuns: 200 });
    expect(sample.some((n) => cyr.test(n))).toBe(true);
    expect(sample.some((n) => lat.test(n))).toBe(true);
    assertArbitraryContract(personName({ scripts: ['cyrillic'] }), (n) => cyr.test(n));
  });

  test('description: non-empty, no control characters, trimmed', () => {
    assertArbitraryContract(description(), (d) => d.length > 0 && !/\p{Cc}/u.test(d) && d.trim() === d, { size: (d) => d.length });
    assertArbitraryContract(description({ maxWords: 1 }), (d) => !d.includes(' '));
  });

  test('returnUrl: absolute https URLs that the invoice schema accepts', () => {
    assertArbitraryContract(
      returnUrl(),
      (u) => new URL(u).protocol === 'https:' && validate('invoice-request', buildInvoiceRequest(creds, { return_url: u })).valid,
      { size: (u) => u.length },
    );
  });

  test('clientIp: IPv4 and IPv6 that node:net isIP accepts; exclusions respected', () => {
    assertArbitraryContract(clientIp(), (ip) => isIP(ip) !== 0, { size: (ip) => ip.length });
    assertArbitraryContract(clientIp({ v6: false }), (ip) => isIP(ip) === 4);
    assertArbitraryContract(clientIp({ v4: false }), (ip) => isIP(ip) === 6);
    const excluded = clientIp({ exclude: ['0.0.0.0', '::'] });
    expect(fc.sample(excluded, { seed: 1, numRuns: 2000 }).some((ip) => ip === '0.0.0.0' || ip === '::')).toBe(false);
  });

  test('clientId: a non-empty string', () => {
    assertArbitraryContract(clientId(), (id) => typeof id === 'string' && id.length > 0 && id.length <= 36, { size: (id) => id.length });
  });

  test('payloadExtras: safe keys, every JSON type, bounded, unchanged by a JSON round trip', () => {
    const depth = (v: JsonValue): number =>
      v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map((x) => depth(x as JsonValue))) : 0;
    const keysOk = (v: JsonValue): boolean =>
      v === null || typeof v !== 'object'
        ? true
        : Array.isArray(v)
          ? v.every(keysOk)
          : Object.keys(v).every((k) => !['__proto__', 'constructor', 'prototype'].includes(k)) && Object.values(v).every(keysOk);
    assertArbitraryContract(
      payloadExtras(),
      (x) =>
        Object.keys(x).length <= 5 &&
        Object.keys(x).every((k) => !RESERVED_PAYLOAD_KEYS.includes(k)) &&
        keysOk(x) &&
        depth(x) <= 3 &&
        JSON.stringify(JSON.parse(JSON.stringify(x))) === JSON.stringify(x) &&
        expect(JSON.parse(JSON.stringify(x))).toStrictEqual(x) === undefined,
    );
    // Every JSON type shows up.
    const kinds = new Set<string>();
    const visit = (v: JsonValue): void => {
      if (v === null) kinds.add('null');
      else if (Array.isArray(v)) (kinds.add('array'), v.forEach(visit));
      else if (typeof v === 'object') (kinds.add('object'), Object.values(v).forEach(visit));
      else if (typeof v === 'number') kinds.add(Number.isInteger(v) ? 'integer' : 'fraction');
      else if (typeof v === 'string') kinds.add(/[^\x00-\x7f]/.test(v) ? 'unicode string' : 'string');
      else kinds.add(typeof v);
    };
    fc.sample(payloadExtras(), { seed: 7, numRuns: 500 }).forEach((x) => Object.values(x).forEach(visit));
    expect([...kinds].sort()).toEqual(['array', 'boolean', 'fraction', 'integer', 'null', 'object', 'string', 'unicode string']);
  });

  for (const [name, arb, op] of [
    ['invoiceAmount', invoiceAmount(), 'invoice'],
    ['account2cardAmount', account2cardAmount(), 'account2card'],
  ] as const) {
    test(`${name}: integers within the inclusive limits, edges included`, () => {
      const { min, max } = AMOUNT_LIMITS[op];
      assertArbitraryContract(arb, (a) => Number.isSafeInteger(a) && a >= min && a <= max, { size: (a) => a - min });
      const sample = new Set(fc.sample(arb, { seed: 11, numRuns: 1000 }));
      for (const edge of [min, min + 1, max - 1, max]) expect(sample.has(edge), `edge ${edge}`).toBe(true);
    });
  }

  test('uploadRequest: api_key and a CSV or JSON file of plates and VINs', () => {
    const plate = /^[АВЕКМНОРСТУХ][0-9]{3}[АВЕКМНОРСТУХ]{2}[0-9]{2,3}$/u;
    const vinOk = (v: string): boolean =>
      /^[A-HJ-NPR-Z0-9]{17}$/.test(v) && vinCheckDigit(v.slice(0, 8) + '0' + v.slice(9)) === v[8];
    const rows = (u: UploadRequestValue): { plate: string; vin: string }[] => {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(u.file.bytes);
      if (u.file.contentType === 'application/json') return JSON.parse(text) as { plate: string; vin: string }[];
      const lines = text.trimEnd().split('\r\n');
      expect(lines[0]).toBe('plate,vin,brand,model,year');
      return lines.slice(1).map((l) => ({ plate: l.split(',')[0], vin: l.split(',')[1] }));
    };
    assertArbitraryContract(
      uploadRequest(creds),
      (u) =>
        u.api_key === creds.apiKey &&
        u.file.filename.endsWith(u.file.contentType === 'text/csv' ? '.csv' : '.json') &&
        u.file.bytes instanceof Uint8Array &&
        rows(u).length >= 1 &&
        rows(u).every((r) => plate.test(r.plate) && vinOk(r.vin)),
      { size: (u) => u.file.bytes.length + Buffer.byteLength(u.file.filename) },
    );
  });
});
