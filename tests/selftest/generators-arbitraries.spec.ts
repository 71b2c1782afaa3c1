// Shared contract assertions (same seed, correct values, shrinking) applied to every arbitrary.
import { test, expect } from '@playwright/test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isUtf8 } from 'node:buffer';
import { isIP } from 'node:net';
import { validate } from '../../contracts/index.js';
import {
  account2cardAmount,
  addressMatcher,
  AMOUNT_LIMITS,
  buildInvoiceRequest,
  CARD_SCHEMES,
  clientId,
  clientIp,
  codePoints,
  DEFAULT_MAX_FILE_BYTES,
  description,
  invoiceAmount,
  isLuhnValid,
  isWellFormed,
  jsonDepth,
  longestDigitRun,
  luhnPan,
  MAX_FREE_TEXT_DIGIT_RUN,
  payloadExtras,
  personName,
  phone,
  renewUuid,
  RESERVED_PAYLOAD_KEYS,
  payloadExtrasClasses,
  returnUrl,
  uploadRequest,
  hostileFileNameClasses,
  HOSTILE_FILE_NAMES,
  uuid,
  uuidClasses,
  vinCheckDigit,
  type JsonValue,
  type UploadRequestValue,
} from '../../generators/index.js';
import { assertArbitraryContract, assertProduceCorrectValues } from '../../generators/testing/arbitrary-assertions.js';

const creds = { apiKey: 'test-api-key', cryptoKey: 'test-crypto-key' };
const nonZero = (s: string): number => [...s].filter((c) => /[1-9a-f]/i.test(c)).length;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Free text as the suite needs it: non-empty, well-formed UTF-16, no card-length digit run. */
const isFreeText = (s: string): boolean => typeof s === 'string' && s.length > 0 && isWellFormed(s) && longestDigitRun(s) <= MAX_FREE_TEXT_DIGIT_RUN;

test.describe('arbitraries satisfy the shared contract @generators', () => {
  test('uuid: a UUID of version 1..8, RFC variant, any letter case', () => {
    assertArbitraryContract(uuid(), (u) => UUID.test(u), { size: nonZero });
    assertArbitraryContract(uuid({ classes: ['v4-lower-case'] }), (u) => UUID.test(u) && u === u.toLowerCase() && u[14] === '4', { size: nonZero });
    expect(() => uuid({ classes: ['v9'] })).toThrow(/uuid: unknown value class 'v9'/);
  });

  test('renewUuid keeps version, variant and letter case, with fresh random bits', () => {
    for (const c of uuidClasses()) {
      for (const u of fc.sample(c.arbitrary, { seed: 4, numRuns: 50 })) {
        const renewed = renewUuid(u);
        expect(renewed).not.toBe(u);
        expect(c.test(renewed), `${c.name}: ${u} -> ${renewed}`).toBe(true);
        expect(renewed[14]).toBe(u[14]);
      }
    }
  });

  test('luhnPan: 13..19 digits, Luhn-valid, a known IIN prefix or a leading zero', () => {
    const prefixes = [...CARD_SCHEMES.flatMap((s) => s.prefixes), '0'];
    const digitSum = (p: string): number => [...p.slice(0, -1)].reduce((a, c) => a + Number(c), 0);
    const size = (p: string): number => p.length * 1000 + digitSum(p);
    assertArbitraryContract(luhnPan(), (p) => /^[0-9]{13,19}$/.test(p) && isLuhnValid(p) && prefixes.some((x) => p.startsWith(x)), { size });
    assertArbitraryContract(luhnPan({ minLength: 16, maxLength: 16 }), (p) => p.length === 16 && isLuhnValid(p), { size });
    expect(() => luhnPan({ minLength: 12 })).toThrow(/luhnPan/);
  });

  test('luhnPan covers every length 13..19', () => {
    const lengths = new Set(fc.sample(luhnPan(), { seed: 1, numRuns: 2000 }).map((p) => p.length));
    expect([...lengths].sort((a, b) => a - b)).toEqual([13, 14, 15, 16, 17, 18, 19]);
  });

  test('phone: 10..15 digits; plus sign only as constrained; never Luhn-valid from 13 digits', () => {
    const noCardLike = (p: string): boolean => p.replace('+', '').length < 13 || !isLuhnValid(p.replace('+', ''));
    const size = (p: string): number => p.length * 1000 + [...p].reduce((a, c) => a + (Number(c) || 0), 0);
    assertArbitraryContract(phone(), (p) => /^[0-9]{10,15}$/.test(p) && noCardLike(p), { size });
    assertArbitraryContract(phone({ plus: 'always' }), (p) => /^\+[0-9]{10,15}$/.test(p) && noCardLike(p), { size });
    assertArbitraryContract(phone({ plus: 'sometimes' }), (p) => /^\+?[0-9]{10,15}$/.test(p) && noCardLike(p), { size });
    assertArbitraryContract(phone({ minDigits: 11, maxDigits: 11 }), (p) => /^[0-9]{11}$/.test(p), { size });
    const both = fc.sample(phone({ plus: 'sometimes' }), { seed: 3, numRuns: 200 });
    expect(both.some((p) => p.startsWith('+'))).toBe(true);
    expect(both.some((p) => !p.startsWith('+'))).toBe(true);
    expect(() => phone({ minDigits: 9 })).toThrow(/phone/);
  });

  test('personName: never blank, well-formed, Cyrillic and Latin names among them', () => {
    const cyr = /^[А-ЯЁ][а-яё]+(?: [А-ЯЁ][а-яё]+){2}$/u;
    assertArbitraryContract(personName(), (n) => n.trim() !== '' && isWellFormed(n) && !/[0-9]/.test(n), { size: (n) => n.length });
    const sample = fc.sample(personName(), { seed: 5, numRuns: 200 });
    expect(sample.some((n) => cyr.test(n))).toBe(true);
    expect(sample.some((n) => /^[\p{Script=Latin}' .-]+$/u.test(n))).toBe(true);
    assertArbitraryContract(personName({ classes: ['cyrillic-full'] }), (n) => cyr.test(n));
  });

  test('description: non-empty free text, no digit run of card length', () => {
    assertArbitraryContract(description(), isFreeText, { size: (d) => d.length });
    assertArbitraryContract(description({ maxWords: 1, classes: ['plain-words'] }), (d) => !d.includes(' ') && d.trim() === d);
    assertArbitraryContract(description({ maxLength: 20 }), (d) => isFreeText(d) && codePoints(d) <= 20);
    expect(() => description({ maxLength: 0 })).toThrow(/description/);
  });

  test('returnUrl: absolute http(s) URLs that the invoice schema accepts, without credentials', () => {
    assertArbitraryContract(
      returnUrl(),
      (u) => {
        const parsed = new URL(u);
        return (
          /^https?:\/\//i.test(u) &&
          ['http:', 'https:'].includes(parsed.protocol) &&
          parsed.hostname !== '' &&
          parsed.username === '' &&
          longestDigitRun(u) <= MAX_FREE_TEXT_DIGIT_RUN &&
          validate('invoice-request', buildInvoiceRequest(creds, { return_url: u })).valid
        );
      },
      { size: (u) => u.length },
    );
  });

  test('clientIp: IPv4 and IPv6 that node:net isIP accepts; exclusions respected in every textual form', () => {
    assertArbitraryContract(clientIp(), (ip) => isIP(ip) !== 0, { size: (ip) => ip.length });
    assertArbitraryContract(clientIp({ v6: false }), (ip) => isIP(ip) === 4);
    assertArbitraryContract(clientIp({ v4: false }), (ip) => isIP(ip) === 6);
    const excluded = clientIp({ exclude: ['0.0.0.0', '::'] });
    expect(fc.sample(excluded, { seed: 1, numRuns: 2000 }).some((ip) => ip === '0.0.0.0' || ip === '::')).toBe(false);
    const isTrigger = addressMatcher(['203.0.113.66']);
    for (const form of ['203.0.113.66', '::ffff:203.0.113.66', '::FFFF:CB00:7142', '0:0:0:0:0:ffff:203.0.113.66', '64:ff9b::203.0.113.66', '::203.0.113.66']) {
      expect(isTrigger(form), form).toBe(true);
    }
    for (const other of ['203.0.113.67', '::ffff:203.0.113.67', '2001:db8::66']) expect(isTrigger(other), other).toBe(false);
    expect(() => clientIp({ exclude: ['not-an-ip'] })).toThrow(/clientIp/);
  });

  test('clientId: non-empty free text, no digit run of card length', () => {
    assertArbitraryContract(clientId(), isFreeText, { size: (id) => id.length });
    assertArbitraryContract(clientId({ maxLength: 36 }), (id) => isFreeText(id) && codePoints(id) <= 36);
  });

  test('payloadExtras: safe keys, every JSON type, bounded, unchanged by a JSON round trip', () => {
    // The language's special names (__proto__, constructor, ...) only in the class that sends them on purpose.
    const special = payloadExtrasClasses().find((c) => c.name === 'language-special-keys')!;
    const roundTrips = (x: JsonValue): boolean => {
      try {
        // Node's strict equality: own keys and prototypes (an own `constructor` key defeats expect's type check).
        assert.deepStrictEqual(JSON.parse(JSON.stringify(x)), x);
        return true;
      } catch {
        return false;
      }
    };
    const keysOk = (v: JsonValue): boolean =>
      v === null || typeof v !== 'object'
        ? true
        : Array.isArray(v)
          ? v.every(keysOk)
          : Object.keys(v).every((k) => !['__proto__', 'constructor', 'prototype'].includes(k)) && Object.values(v).every(keysOk);
    assertArbitraryContract(
      payloadExtras(),
      (x) =>
        Object.keys(x).length <= 200 &&
        Object.keys(x).every((k) => !['client_id', 'client_ip'].includes(k)) &&
        (special.test(x) || (Object.keys(x).every((k) => !RESERVED_PAYLOAD_KEYS.includes(k)) && keysOk(x))) &&
        jsonDepth(x) <= 33 &&
        JSON.stringify(JSON.parse(JSON.stringify(x))) === JSON.stringify(x) &&
        roundTrips(x),
      { numRuns: 60 },
    );
    assertArbitraryContract(payloadExtras({ maxKeys: 5, maxDepth: 2, maxNested: 3 }), (x) => Object.keys(x).length <= 5 && jsonDepth(x) <= 3);
    // Every JSON type shows up.
    const kinds = new Set<string>();
    const visit = (v: JsonValue): void => {
      if (v === null) kinds.add('null');
      else if (Array.isArray(v)) {
        kinds.add('array');
        v.forEach(visit);
      } else if (typeof v === 'object') {
        kinds.add('object');
        Object.values(v).forEach(visit);
      } else if (typeof v === 'number') kinds.add(Number.isInteger(v) ? 'integer' : 'fraction');
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

  test('hostile upload file names: every member belongs to its class and to no class it does not stand for', () => {
    const classes = hostileFileNameClasses();
    for (const c of classes)
      expect(
        HOSTILE_FILE_NAMES.some((h) => h.class === c.name),
        c.name,
      ).toBe(true);
    for (const h of HOSTILE_FILE_NAMES) expect(classes.find((c) => c.name === h.class)!.test(h.name), `${h.class}: ${JSON.stringify(h.name)}`).toBe(true);
    // Tables of constants: drawn members are correct (shrinking toward the shortest is fast-check's own).
    for (const c of classes) assertProduceCorrectValues(c.arbitrary, c.test, { numRuns: 20 });
  });

  test('uploadRequest: api_key and a non-empty file of at most 10 MiB; vehicle files hold plates and valid VINs', () => {
    const crlfCount = (bytes: Uint8Array): number => bytes.reduce((n, b, i) => n + (b === 10 && bytes[i - 1] === 13 ? 1 : 0), 0);
    const plate = /^[АВЕКМНОРСТУХ][0-9]{3}[АВЕКМНОРСТУХ]{2}[0-9]{2,3}$/u;
    const vinOk = (v: string): boolean => /^[A-HJ-NPR-Z0-9]{17}$/.test(v) && vinCheckDigit(v.slice(0, 8) + '0' + v.slice(9)) === v[8];
    /** Rows of a UTF-8 CSV or JSON vehicle file; undefined for other content. */
    const rows = (u: UploadRequestValue): { plate: string; vin: string }[] | undefined => {
      if (!isUtf8(u.file.bytes)) return undefined;
      const text = Buffer.from(u.file.bytes)
        .toString('utf8')
        .replace(/^\ufeff/, '');
      if (text.startsWith('[')) {
        try {
          return JSON.parse(text) as { plate: string; vin: string }[];
        } catch {
          return undefined; // a tiny or binary file that happens to start with '['
        }
      }
      const lines = text.split(/\r?\n/).filter((l) => l !== '');
      if (lines[0] !== 'plate,vin,brand,model,year') return undefined;
      return lines.slice(1).map((l) => ({ plate: l.split(',')[0]!, vin: l.split(',')[1]! }));
    };
    assertArbitraryContract(
      uploadRequest(creds),
      (u) =>
        u.api_key === creds.apiKey &&
        u.file.filename.length > 0 &&
        u.file.contentType === u.file.contentType.toLowerCase() &&
        u.file.bytes instanceof Uint8Array &&
        u.file.bytes.length >= 1 &&
        u.file.bytes.length <= DEFAULT_MAX_FILE_BYTES &&
        (rows(u) ?? []).every((r) => plate.test(r.plate) && vinOk(r.vin)),
      // A line end's style (CRLF or LF) is a class of its own, not size: shrinking toward the first class may trade one for the other.
      { size: (u) => u.file.bytes.length - crlfCount(u.file.bytes) + Buffer.byteLength(u.file.filename), numRuns: 30 },
    );
    const small = uploadRequest(creds, { maxFileBytes: 4096 });
    const largest = fc.sample(small, { seed: 2, numRuns: 1 });
    expect(largest[0]!.file.bytes.length).toBeLessThanOrEqual(4096);
  });
});
