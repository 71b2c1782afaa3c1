// Flow coverage, offline: every value class of every field of the flow table (suite/checks/flow.ts) reaches
// every place the field travels to in a default run, computed from what the checks of those places draw:
// the property checks' values at their default depth (class i at run i, the transaction renewed in its class
// as the checks send it), and the covering examples of the page and callback checks. The run itself reports
// what its checks judged (summary.json, requirements.md: tests/reporting/rule-verdicts.spec.ts reads it).
import { test, expect } from '@playwright/test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  account2cardRequest,
  amountClasses,
  coveringValues,
  DEFAULT_ANTIFRAUD_IP,
  invoiceRequest,
  payloadExtrasCovering,
  RESERVED_PAYLOAD_KEYS,
  renewUuid,
  rubleFormClasses,
  type ValueClass,
} from '../../generators/index.js';
import { assertClassesDrawOnlyMembers, valuesOfSuiteRun } from '../../generators/testing/class-coverage.js';
import { DEFAULT_RUNS } from '../../suite/harness/property.js';
import { FAIL_FIRST_PARAMETER } from '../../suite/harness/callback-receiver.js';
import { cardNumberRuns } from '../../contracts/redaction.js';
import {
  callbackRows,
  callbackValues,
  extrasOfClass,
  FLOW,
  pageAmounts,
  returnUrls,
  STATUS_OF_NEW_INVOICE_SHARE,
  type CallbackRow,
  type FlowField,
  type Place,
} from '../../suite/checks/flow.js';

const creds = { apiKey: 'merchant-ключ-1', cryptoKey: 'crypto-секрет-1' };
const BASE_SEED = Number.isSafeInteger(Number(process.env.FC_SEED)) && process.env.FC_SEED ? Number(process.env.FC_SEED) : (Math.random() * 2 ** 31) | 0;
/** Seeds for the covering examples (cheap); the property places draw hundreds of requests a seed. */
const PLAN_SEEDS = 40;
const PROPERTY_SEEDS = 2;

/** What a callback place judges of each row of a batch (flow.ts callbackValues), by field. */
function callbackField(rows: readonly CallbackRow[], field: FlowField): unknown[] {
  const values = rows.map((r) => callbackValues(r, renewUuid(r.transaction)));
  if (field === 'invoice.transaction') return values.map((v) => v.transaction);
  if (field === 'invoice.payload.client_id') return values.map((v) => v.client_id);
  if (field === 'invoice.payload.client_ip') return values.map((v) => v.client_ip);
  return values.flatMap((v) => v.extras);
}

/** The runs of a property check at the default depth. */
const runsOf = (share = 1) => Math.max(1, Math.round(DEFAULT_RUNS * share));

type Reach = (seed: number, runs?: number) => unknown[];
const invoices = (seed: number, runs: number) => valuesOfSuiteRun(invoiceRequest(creds, { excludeClientIps: [DEFAULT_ANTIFRAUD_IP] }), seed, runs);
/** The callback batch of a seed, drawn once for the eight callback places. */
const batches = new Map<number, CallbackRow[]>();
const rowsOf = (seed: number): CallbackRow[] => {
  let rows = batches.get(seed);
  if (!rows) batches.set(seed, (rows = callbackRows(seed, DEFAULT_ANTIFRAUD_IP, [FAIL_FIRST_PARAMETER])));
  return rows;
};

/** For every place of the table, the values its check judges in a default run (a seed, and for a property its runs). */
const REACH: { [F in FlowField]: Record<(typeof FLOW)[F]['places'][number], Reach> } = {
  'invoice.transaction': {
    'answer echo': (seed, runs = runsOf()) => invoices(seed, runs).map((b) => renewUuid(b.transaction)),
    'status answer': (seed, runs = runsOf(STATUS_OF_NEW_INVOICE_SHARE)) => invoices(seed, runs).map((b) => renewUuid(b.transaction)),
    callback: (seed) => callbackField(rowsOf(seed), 'invoice.transaction'),
    'callback re-delivery': (seed) => callbackField(rowsOf(seed), 'invoice.transaction'),
  },
  'invoice.amount': { 'payment page': (seed) => pageAmounts(seed) },
  'invoice.return_url': { 'return destination': (seed) => returnUrls(seed) },
  'invoice.payload.client_id': {
    callback: (seed) => callbackField(rowsOf(seed), 'invoice.payload.client_id'),
    'callback re-delivery': (seed) => callbackField(rowsOf(seed), 'invoice.payload.client_id'),
  },
  'invoice.payload.client_ip': {
    callback: (seed) => callbackField(rowsOf(seed), 'invoice.payload.client_ip'),
    'callback re-delivery': (seed) => callbackField(rowsOf(seed), 'invoice.payload.client_ip'),
  },
  'invoice.payload.*': {
    callback: (seed) => callbackField(rowsOf(seed), 'invoice.payload.*'),
    'callback re-delivery': (seed) => callbackField(rowsOf(seed), 'invoice.payload.*'),
  },
  'account2card.transaction': {
    'answer echo': (seed, runs = runsOf()) => valuesOfSuiteRun(account2cardRequest(creds), seed, runs).map((b) => renewUuid(b.transaction)),
  },
  'account2card.recipient_pan': {
    'answer echo': (seed, runs = runsOf()) => valuesOfSuiteRun(account2cardRequest(creds), seed, runs).map((b) => b.recipient_pan),
  },
};

/** The classes of `classes` no value meets. */
function missed(classes: readonly ValueClass<unknown>[], values: readonly unknown[]): string[] {
  return classes.filter((c) => !values.some((v) => c.test(v))).map((c) => c.name);
}

const classesOf = (field: FlowField) => FLOW[field].classes() as readonly ValueClass<unknown>[];
const PROPERTY_PLACES = new Set<Place>(['answer echo', 'status answer']);
const places = Object.entries(FLOW).flatMap(([field, row]) => row.places.map((place) => ({ field: field as FlowField, place: place as Place })));

test.describe('flow coverage: every class at every place it travels to @generators', () => {
  test('every place of the table has a way to reach it here', () => {
    for (const { field, place } of places) expect(typeof (REACH[field] as Record<string, Reach | undefined>)[place], `${field} × ${place}`).toBe('function');
  });

  for (const { field, place } of places) {
    const property = PROPERTY_PLACES.has(place);
    const seeds = property ? PROPERTY_SEEDS : PLAN_SEEDS;

    test(`${field} × ${place}: a default run judges every class, for ${seeds} seeds`, () => {
      test.info().annotations.push({ type: 'seeds', description: `FC_SEED=${BASE_SEED} and the ${seeds - 1} after it` });
      const reach = (REACH[field] as Record<string, Reach>)[place]!;
      for (let i = 0; i < seeds; i++)
        assert.deepEqual(missed(classesOf(field), reach(BASE_SEED + i)), [], `seed ${BASE_SEED + i}: classes no judged value meets`);
    });
  }

  test('so that it cannot pass by itself: fewer runs, classes or covering values leave classes out, and this test says which', () => {
    // A status check of fewer runs than the transaction has classes.
    expect(missed(classesOf('invoice.transaction'), REACH['invoice.transaction']['status answer'](BASE_SEED, 3))).toHaveLength(1);
    // Page amounts covering only the bounds: no kopecks, no 4 or 5 digits of rubles.
    const bounds = coveringValues(amountClasses('invoice', { classes: ['minimum', 'maximum'] }), BASE_SEED);
    expect(missed(classesOf('invoice.amount'), bounds)).toEqual(
      expect.arrayContaining(['kopecks-below-ten', 'kopecks-round-ten', 'kopecks-two-digits', 'rubles-4-digits', 'rubles-5-digits']),
    );
    // Callback rows without the covering payload: only `none` among the payload.* classes.
    const plain = rowsOf(BASE_SEED).map((r) => ({ ...r, covering: { extras: {}, classOf: {} } }));
    expect(missed(classesOf('invoice.payload.*'), callbackField(plain, 'invoice.payload.*'))).toEqual(
      classesOf('invoice.payload.*')
        .map((c) => c.name)
        .filter((n) => n !== 'none'),
    );
  });

  test('the covering payload carries every class under keys of its own, sends as JSON unchanged, avoids the keys asked', () => {
    const classes = FLOW['invoice.payload.*'].classes().filter((c) => c.name !== 'none');
    const avoid = ['order_id', FAIL_FIRST_PARAMETER];
    for (const [i, c] of fc.sample(payloadExtrasCovering({ avoidKeys: avoid }), { seed: BASE_SEED, numRuns: PLAN_SEEDS }).entries()) {
      // The language's special names come only from their own class, under their own names (never renamed away).
      for (const k of Object.keys(c.extras))
        assert.ok(
          ![...avoid, 'client_id', 'client_ip'].includes(k) && (!RESERVED_PAYLOAD_KEYS.includes(k) || c.classOf[k] === 'language-special-keys'),
          `sample ${i}: key ${k}`,
        );
      assert.ok(Object.hasOwn(c.extras, '__proto__'), `sample ${i}: __proto__ is a key of its own`);
      assert.deepEqual(Object.keys(c.classOf).sort(), Object.keys(c.extras).sort(), `sample ${i}: every key has its class`);
      for (const cls of classes) assert.ok(cls.test(extrasOfClass(c, cls.name)), `sample ${i}: the keys of ${cls.name} are a member of it`);
      assert.deepEqual(JSON.parse(JSON.stringify(c.extras)), c.extras, `sample ${i}`);
    }
  });

  test('no value of a callback batch reads as a card number (joined client_id texts included)', () => {
    for (let i = 0; i < PLAN_SEEDS; i++)
      for (const r of rowsOf(BASE_SEED + i)) assert.deepEqual(cardNumberRuns(JSON.stringify(r)), [], `seed ${BASE_SEED + i}`);
  });

  test('the covering payload shrinks to the key that fails', () => {
    const out = fc.check(
      fc.property(payloadExtrasCovering(), (c) => !Object.hasOwn(c.extras, 'a.b')),
      { seed: BASE_SEED, numRuns: 1 },
    );
    expect(out.failed).toBe(true);
    const [shrunk] = out.counterexample!;
    expect(Object.keys(shrunk.extras)).toEqual(['a.b']);
    expect(shrunk.classOf).toEqual({ 'a.b': 'awkward-keys' });
  });

  test('the classes of how an amount reads in rubles draw only their members, one of each kind per amount', () => {
    for (const op of ['invoice', 'account2card'] as const) {
      const classes = rubleFormClasses(op);
      assertClassesDrawOnlyMembers(`rubleFormClasses(${op})`, classes, { numRuns: 30, seed: BASE_SEED });
      for (const a of [
        ...amountClasses(op)
          .map((c) => fc.sample(c.arbitrary, { seed: BASE_SEED, numRuns: 20 }))
          .flat(),
      ]) {
        const kinds = classes.filter((c) => c.test(a)).map((c) => (c.name.startsWith('rubles-') ? 'digits' : 'kopecks'));
        assert.deepEqual(kinds.sort(), ['digits', 'kopecks'], `${op} ${a}`);
      }
    }
    expect(rubleFormClasses('invoice').map((c) => c.name)).toEqual([
      'whole-rubles',
      'kopecks-below-ten',
      'kopecks-round-ten',
      'kopecks-two-digits',
      'rubles-3-digits',
      'rubles-4-digits',
      'rubles-5-digits',
      'rubles-6-digits',
    ]);
  });
});
