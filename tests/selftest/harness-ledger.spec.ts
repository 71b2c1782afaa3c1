// The run's ledger (suite/harness/ledger.ts): what it takes note of, and that every worker's notes reach every
// reader of the same provider, apart from other providers', a line still being written only once it is whole.
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { defaultProfile } from '../../contracts/index.js';
import type { Exchange } from '../../suite/harness/exchange.js';
import { RunLedger } from '../../suite/harness/ledger.js';

const BASE = 'http://127.0.0.1:9';
const paths = defaultProfile().paths;
const main = { name: 'main', baseUrl: BASE };

function exchange(path: string, sent: object, status: number, answer: unknown, ms = 40): Exchange {
  const bodyText = JSON.stringify(answer);
  return {
    request: { method: 'POST', url: BASE + path, headers: {}, body: JSON.stringify(sent) },
    response: { status, headers: {}, bodyText, json: answer, truncated: false },
    ms,
    rateLimitedRetries: 0,
  };
}

const payment = (id: number, state = 'processing') => ({
  id,
  state,
  error_code: null,
  error_description: null,
  credentials: { card_pan: '2202201234569573' },
  created_at: '20260101T000000.000000Z',
});
const invoice = (transaction: string, id: number) =>
  exchange(paths.invoice, { transaction, amount: 10000 }, 200, { transaction, redirect_url: `${BASE}/pay/t${id}`, payment: payment(id), deeplink: {} });

let dir: string;

test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pts-ledger-test-'));
});

test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('takes note of accepted payments and status answers, with the suite clock around each; nothing else', () => {
  const ledger = new RunLedger(dir, main, paths);
  const before = Date.now();
  ledger.record(invoice('t-1', 1), 'check A');
  ledger.record(exchange(paths.account2card, { transaction: 't-2' }, 200, { transaction: 't-2', payment: payment(2) }), 'check B');
  ledger.record(exchange(paths.status, { transaction: 't-1' }, 200, { transaction: 't-1', payment: payment(1, 'deposited') }), 'check C');
  ledger.record(exchange(paths.invoice, { transaction: 't-3' }, 422, { transaction: ['taken'] }), 'refused');
  ledger.record(exchange(paths.account2card, { transaction: 't-4' }, 200, { message: 'Payment accepted' }), 'no body');
  ledger.record(exchange(paths.upload, { transaction: 't-5' }, 200, { payment: payment(5) }), 'other path');
  const { payments, statuses, lostCreates } = ledger.read();
  expect(lostCreates).toEqual([]);
  expect(payments.map((p) => [p.op, p.transaction, p.id, p.by, p.redirectUrl])).toEqual([
    ['invoice', 't-1', 1, 'check A', `${BASE}/pay/t1`],
    ['account2card', 't-2', 2, 'check B', undefined],
  ]);
  expect(statuses.map((s) => [s.transaction, s.state])).toEqual([['t-1', 'deposited']]);
  for (const p of payments) {
    expect(p.sentAt).toBeGreaterThanOrEqual(before - 40);
    expect(p.answeredAt - p.sentAt).toBe(40);
  }
});

test('takes note of creates whose answer the network lost: the provider may hold a payment of their transaction', () => {
  const ledger = new RunLedger(dir, main, paths);
  const lost: Exchange = { ...invoice('t-1', 1), response: undefined, transportError: 'connection closed before a complete response', unavailable: true };
  const refusedOnRetry: Exchange = {
    ...exchange(paths.account2card, { transaction: 't-2' }, 422, { transaction: ['taken'] }),
    retries: [{ kind: 'connection', cause: 'connection closed before a complete response', waitedMs: 100 }],
  };
  const acceptedOnRetry: Exchange = { ...invoice('t-3', 3), retries: [{ kind: 'retry-after', cause: 'HTTP 503 (Retry-After 1)', waitedMs: 1000 }] };
  const statusLost: Exchange = { ...exchange(paths.status, { transaction: 't-1' }, 200, {}), response: undefined, unavailable: true };
  for (const e of [lost, refusedOnRetry, acceptedOnRetry, statusLost]) ledger.record(e, 'check L');
  ledger.record(exchange(paths.invoice, { transaction: 't-4' }, 422, { amount: ['too small'] }), 'refused without trouble');
  const { payments, lostCreates } = ledger.read();
  expect(lostCreates.map((u) => [u.op, u.transaction, u.by])).toEqual([
    ['invoice', 't-1', 'check L'],
    ['account2card', 't-2', 'check L'],
    ['invoice', 't-3', 'check L'],
  ]);
  expect(payments.map((p) => [p.transaction, p.id])).toEqual([['t-3', 3]]);
});

test("every worker's notes reach every reader of the provider, incrementally; a line still being written waits", () => {
  const writer = new RunLedger(dir, main, paths);
  const reader = new RunLedger(dir, main, paths);
  writer.record(invoice('t-1', 1), 'a');
  expect(reader.read().payments.map((p) => p.id)).toEqual([1]);
  writer.record(invoice('t-2', 2), 'a');
  const [providerDir] = readdirSync(dir);
  appendFileSync(join(dir, providerDir!, 'other-worker.jsonl'), '{"k":"p","op":"invoice","transaction":"t-3"');
  expect(reader.read().payments.map((p) => p.id)).toEqual([1, 2]);
  appendFileSync(join(dir, providerDir!, 'other-worker.jsonl'), ',"id":3,"sentAt":1,"answeredAt":2,"by":"b","pid":1}\n');
  expect(reader.read().payments.map((p) => p.id)).toEqual([3, 1, 2]); // in the order answered
});

test('providers are kept apart; without a run directory the ledger keeps its own notes in memory', () => {
  new RunLedger(dir, main, paths).record(invoice('t-1', 1), 'a');
  new RunLedger(dir, { name: 'fault x', baseUrl: BASE }, paths).record(invoice('t-2', 2), 'a');
  expect(new RunLedger(dir, main, paths).read().payments.map((p) => p.id)).toEqual([1]);
  const memory = new RunLedger(undefined, main, paths);
  memory.record(invoice('t-3', 3), 'a');
  expect(memory.read().payments.map((p) => p.id)).toEqual([3]);
  expect(new RunLedger(undefined, main, paths).read().payments).toEqual([]);
});
