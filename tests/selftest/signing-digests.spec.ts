// Known-answer vectors for the sha256 request signatures (Authentication 2-3; status: defaults.md).
// The expected digests are computed with node:crypto from the concatenated text written out by hand.
import { test, expect } from '@playwright/test';
import { createHash } from 'node:crypto';
import { account2cardDigest, digestInput, invoiceDigest, statusDigest } from '../../generators/signing.js';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

test.describe('sha256 signatures @signing', () => {
  test('invoice digest is sha256(api_key + transaction + amount + crypto_key)', () => {
    const fields = { api_key: 'key', transaction: '0f8fad5b-d9cb-469f-a165-70867728950e', amount: 10000 };
    const expected = sha256('key' + '0f8fad5b-d9cb-469f-a165-70867728950e' + '10000' + 'secret');
    expect(expected).toBe(sha256('key0f8fad5b-d9cb-469f-a165-70867728950e10000secret'));
    expect(invoiceDigest(fields, 'secret')).toBe(expected);
    expect(invoiceDigest(fields, 'secret')).toMatch(/^[0-9a-f]{64}$/);
  });

  test('invoice digest of a non-ASCII key and the upper bound amount', () => {
    const fields = { api_key: 'ключ-42', transaction: '7c9e6679-7425-40de-944b-e07fc1f90ae7', amount: 40000000 };
    expect(invoiceDigest(fields, 'секрет')).toBe(sha256('ключ-427c9e6679-7425-40de-944b-e07fc1f90ae740000000секрет'));
  });

  test('account2card digest puts recipient_pan before crypto_key', () => {
    const fields = {
      api_key: 'key',
      transaction: '0f8fad5b-d9cb-469f-a165-70867728950e',
      amount: 100000,
      recipient_pan: '4111111111111111',
    };
    const expected = sha256('key' + '0f8fad5b-d9cb-469f-a165-70867728950e' + '100000' + '4111111111111111' + 'secret');
    expect(account2cardDigest(fields, 'secret')).toBe(expected);
    expect(account2cardDigest(fields, 'secret')).not.toBe(sha256('key0f8fad5b-d9cb-469f-a165-70867728950e100000secret4111111111111111'));
  });

  test('status digest (profile) is sha256(api_key + transaction + crypto_key)', () => {
    const fields = { api_key: 'key', transaction: '0f8fad5b-d9cb-469f-a165-70867728950e' };
    expect(statusDigest(fields, 'secret')).toBe(sha256('key0f8fad5b-d9cb-469f-a165-70867728950esecret'));
  });

  test('digestInput concatenates without separators, String() of each part, missing and null as empty', () => {
    expect(digestInput(['a', 'b', 10000, 'c'])).toBe('ab10000c');
    expect(digestInput(['a', undefined, null, 'c'])).toBe('ac');
    expect(digestInput(['a', 10000.5, '10000', true])).toBe('a10000.510000true');
  });

  test('a string amount signs like the integer it spells (the type, not the digest, is wrong)', () => {
    const base = { api_key: 'key', transaction: '0f8fad5b-d9cb-469f-a165-70867728950e' };
    expect(invoiceDigest({ ...base, amount: '10000' }, 'secret')).toBe(invoiceDigest({ ...base, amount: 10000 }, 'secret'));
  });
});
