// Valid request arbitraries and builders: schema-valid over >= 1000 runs, signatures equal the recomputed digest.
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { formatDiagnostics, validate } from '../../contracts/index.js';
import {
  account2cardDigest,
  account2cardRequest,
  buildAccount2CardRequest,
  buildInvoiceRequest,
  buildStatusRequest,
  invoiceDigest,
  invoiceRequest,
  isLuhnValid,
  statusDigest,
  statusRequest,
} from '../../generators/index.js';
import { assertArbitraryContract } from '../../generators/testing/arbitrary-assertions.js';

const creds = { apiKey: 'merchant-ключ-1', cryptoKey: 'crypto-секрет-1' };
const RUNS = 1000;
const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

// Inside properties: node:assert (Playwright's expect records a step per call, too slow for 1000 runs).
function expectValid(name: Parameters<typeof validate>[0], body: unknown): void {
  const r = validate(name, body);
  if (!r.valid) assert.fail(`${name}: ${formatDiagnostics(r.errors)}\n${JSON.stringify(body)}`);
}

test.describe('valid request arbitraries @generators', () => {
  test(`invoiceRequest validates against invoice-request and is correctly signed (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(invoiceRequest(creds), (body) => {
        expectValid('invoice-request', body);
        assert.equal(body.api_key, creds.apiKey);
        assert.equal(body.signature, sha256(body.api_key + body.transaction + String(body.amount) + creds.cryptoKey));
        assert.equal(body.signature, invoiceDigest(body, creds.cryptoKey));
        assert.notEqual(isIP(body.payload.client_ip), 0);
        assert.notEqual(body.payload.client_ip, '203.0.113.66');
        assert.deepEqual(JSON.parse(JSON.stringify(body)), body);
      }),
      { seed: 20261122, numRuns: RUNS },
    );
  });

  test(`account2cardRequest validates against account2card-request and is correctly signed (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(account2cardRequest(creds), (body) => {
        expectValid('account2card-request', body);
        assert.equal(body.signature, sha256(body.api_key + body.transaction + String(body.amount) + body.recipient_pan + creds.cryptoKey));
        assert.equal(body.signature, account2cardDigest(body, creds.cryptoKey));
        assert.ok(isLuhnValid(body.recipient_pan), body.recipient_pan);
        assert.match(body.payer_phone, /^\+?[0-9]{10,15}$/);
      }),
      { seed: 20261123, numRuns: RUNS },
    );
  });

  test(`statusRequest validates against status-request and is correctly signed (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(statusRequest(creds), (body) => {
        expectValid('status-request', body);
        assert.equal(body.signature, sha256(body.api_key + body.transaction + creds.cryptoKey));
      }),
      { seed: 20261124, numRuns: RUNS },
    );
    const tx = '0f8fad5b-d9cb-469f-a165-70867728950e';
    for (const body of fc.sample(statusRequest(creds, tx), 5)) {
      expect(body).toEqual({ api_key: creds.apiKey, transaction: tx, signature: statusDigest({ api_key: creds.apiKey, transaction: tx }, creds.cryptoKey) });
    }
  });

  test('request arbitraries satisfy the shared contract (same seed, shrinking)', () => {
    const size = (b: object): number => JSON.stringify(b).length;
    assertArbitraryContract(invoiceRequest(creds), (b) => validate('invoice-request', b).valid, { size, numRuns: 50 });
    assertArbitraryContract(account2cardRequest(creds), (b) => validate('account2card-request', b).valid, { size, numRuns: 50 });
    assertArbitraryContract(statusRequest(creds), (b) => validate('status-request', b).valid, {
      size: (b) => [...b.transaction].filter((c) => /[1-9a-f]/.test(c)).length,
      numRuns: 50,
    });
  });

  test('shrinking a failing invoice keeps it valid and correctly signed, and finds the smallest failing amount', () => {
    const details = fc.check(
      fc.property(invoiceRequest(creds), (b) => b.amount <= 20_000_000),
      { seed: 99, numRuns: 200 },
    );
    expect(details.failed).toBe(true);
    const [shrunk] = details.counterexample!;
    expect(shrunk.amount).toBe(20_000_001);
    expectValid('invoice-request', shrunk);
    expect(shrunk.signature).toBe(invoiceDigest(shrunk, creds.cryptoKey));
  });
});

test.describe('request builders @generators', () => {
  test('buildInvoiceRequest: valid, signed, fresh transaction each call', () => {
    const a = buildInvoiceRequest(creds);
    const b = buildInvoiceRequest(creds);
    expectValid('invoice-request', a);
    expect(a.transaction).not.toBe(b.transaction);
    expect(a.signature).toBe(invoiceDigest(a, creds.cryptoKey));
    expect(Object.keys(a)).toEqual(['api_key', 'transaction', 'signature', 'amount', 'description', 'return_url', 'payload']);
  });

  test('buildInvoiceRequest re-signs after overrides and merges payload', () => {
    const body = buildInvoiceRequest(creds, { amount: 40_000_000, payload: { order: 7 } });
    expect(body.amount).toBe(40_000_000);
    expect(body.payload).toEqual({ client_id: 'user-1001', client_ip: '198.51.100.7', order: 7 });
    expect(body.signature).toBe(invoiceDigest(body, creds.cryptoKey));
    expectValid('invoice-request', body);
  });

  test('buildInvoiceRequest keeps an explicit signature', () => {
    expect(buildInvoiceRequest(creds, { signature: 'f'.repeat(64) }).signature).toBe('f'.repeat(64));
    expect('signature' in buildInvoiceRequest(creds, { signature: undefined })).toBe(true);
  });

  test('buildAccount2CardRequest: valid, re-signed after overrides, explicit signature kept', () => {
    const body = buildAccount2CardRequest(creds, { recipient_pan: '5555555555554444', amount: 1_500_000 });
    expectValid('account2card-request', body);
    expect(body.signature).toBe(account2cardDigest(body, creds.cryptoKey));
    expect(buildAccount2CardRequest(creds, { signature: 'abc' }).signature).toBe('abc');
  });

  test('buildStatusRequest: valid and signed', () => {
    const body = buildStatusRequest(creds, '0f8fad5b-d9cb-469f-a165-70867728950e');
    expectValid('status-request', body);
    expect(body.signature).toBe(statusDigest(body, creds.cryptoKey));
  });
});
