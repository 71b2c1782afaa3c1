import { test, expect } from '@playwright/test';
import { createdAtTime, isCreatedAt, validate, CREATED_AT_PATTERN } from '../../contracts/index.js';
import { validExamples } from '../../contracts/examples.js';

/** [value, valid, what it shows]. Shape errors fail both the schema pattern and the format. */
const TABLE: Array<[string, boolean, string]> = [
  ['20240229T235959.123456Z', true, '29 February of a leap year, last second of the day'],
  ['20230101T000000.000000Z', true, 'first instant of a year'],
  ['20000229T120000.000000Z', true, '29 February 2000 (divisible by 400)'],
  ['20231231T235959.999999Z', true, 'last microsecond of a year'],
  ['20240229T235959.123Z', false, 'three fractional digits'],
  ['20240229T235959Z', false, 'no fraction'],
  ['2024-02-29T23:59:59.123456Z', false, 'ISO with dashes and colons'],
  ['20240229T235959.123456+00:00', false, '+00:00 offset instead of Z'],
  ['20240229T235959.123456z', false, 'lower-case z'],
  ['20240229t235959.123456Z', false, 'lower-case t'],
  ['20241301T000000.000000Z', false, 'month 13'],
  ['20240001T000000.000000Z', false, 'month 00'],
  ['20240100T000000.000000Z', false, 'day 00'],
  ['20230230T000000.000000Z', false, '30 February'],
  ['20230229T000000.000000Z', false, '29 February of a non-leap year'],
  ['19000229T000000.000000Z', false, '29 February 1900 (divisible by 100, not 400)'],
  ['20230431T000000.000000Z', false, '31 April'],
  ['20230101T240000.000000Z', false, 'hour 24'],
  ['20230101T006000.000000Z', false, 'minute 60'],
  ['20230101T000060.000000Z', false, 'second 60'],
  ['20230101T000000.000000Z ', false, 'trailing space'],
  [' 20230101T000000.000000Z', false, 'leading space'],
  ['20230101T000000.000000', false, 'missing Z'],
  ['', false, 'empty string'],
];

const payment = validExamples.payment[0];

test.describe('contracts: created_at (YYYYMMDDTHHMMSS.ffffffZ, real date and time)', () => {
  for (const [value, valid, why] of TABLE) {
    test(`${JSON.stringify(value)} is ${valid ? 'valid' : 'invalid'}: ${why}`, () => {
      expect(isCreatedAt(value)).toBe(valid);
      const result = validate('payment', { ...payment, created_at: value });
      expect(result.valid).toBe(valid);
      if (valid) return;
      const keywords = result.errors.filter((d) => d.path === '/created_at').map((d) => d.keyword);
      expect(keywords).toContain('format');
      // The schema pattern (for non-Ajv tools) catches every shape error on its own.
      const shapeOk = CREATED_AT_PATTERN.test(value);
      expect(keywords.includes('pattern')).toBe(!shapeOk);
    });
  }

  test('createdAtTime is the UTC instant with its microseconds, for a created_at only', () => {
    expect(createdAtTime('20240229T235959.123456Z')).toBe(Date.UTC(2024, 1, 29, 23, 59, 59) + 123.456);
    expect(createdAtTime('20230101T000000.000001Z')).toBe(Date.UTC(2023, 0, 1) + 0.001);
    for (const [value, valid] of TABLE) expect(createdAtTime(value) === undefined, value).toBe(!valid);
  });

  test('the schema pattern and CREATED_AT_PATTERN agree', async () => {
    const { readSchema } = await import('../../contracts/schema-files.js');
    const defs = readSchema('common').$defs as Record<string, { pattern: string; format: string }>;
    expect(defs['created-at'].format).toBe('pts-created-at');
    const schemaPattern = new RegExp(defs['created-at'].pattern);
    for (const [value] of TABLE) expect(schemaPattern.test(value), value).toBe(CREATED_AT_PATTERN.test(value));
  });
});
