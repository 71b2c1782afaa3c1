// Every valid request arbitrary names the value classes of each field, and a default property run meets all of them.
//
// Failure probability. A classed arbitrary draws class i at run i of a property while i is below its
// number of classes k (the run index comes from a fast-check plugin, generators/arbitraries/runIndex.ts),
// so a run of n >= k values meets every class with probability 1, whatever the seed, provided each class
// draws only its members (checked below by each class's own test). The largest k is 18 (client_id), below
// the 25 runs a default property draws, so for 25 runs the probability that a class is missed is 0, not
// merely small; the seeds below vary per CI run only to exercise the values within each class. Weights
// alone could not do it: the union bound on missing some class in 25 independent draws is above 1 for most
// fields (5.2 for client_id; 3e-2 for the four transaction classes), and even a field of two equally
// weighted classes misses one in 2 * 2^-25 = 6e-8 of runs ('weights alone would miss classes' below).
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import assert from 'node:assert/strict';
import type { Account2CardRequest, InvoiceRequest, StatusRequest } from '../../contracts/index.js';
import {
  account2cardRequest,
  amountClasses,
  clientIdClasses,
  clientIpClasses,
  description,
  descriptionClasses,
  invoiceRequest,
  luhnPanClasses,
  payloadExtrasClasses,
  personNameClasses,
  phoneClasses,
  returnUrlClasses,
  statusRequest,
  uploadContentClasses,
  uploadContentTypeClasses,
  uploadFileNameClasses,
  uploadRequest,
  uuidClasses,
  type JsonValue,
  type UploadRequestValue,
} from '../../generators/index.js';
import {
  assertClassesDrawOnlyMembers,
  field,
  missedClasses,
  missProbabilityByWeight,
  unclassifiedValues,
  valuesOfSuiteRun,
  type FieldClasses,
} from '../../generators/testing/class-coverage.js';
import { DEFAULT_RUNS } from '../../suite/harness/property.js';
import { cardNumberRuns, redactJson } from '../../contracts/redaction.js';

const creds = { apiKey: 'merchant-ключ-1', cryptoKey: 'crypto-секрет-1' };
/** The worst case the coverage is designed for: the suite's default runs per property today. */
const RUNS = 25;
/** Seeds per request arbitrary: a different base each CI run (FC_SEED replays one), the probability of a miss being 0. */
const SEEDS = 40;
const BASE_SEED = Number.isSafeInteger(Number(process.env.FC_SEED)) && process.env.FC_SEED ? Number(process.env.FC_SEED) : (Math.random() * 2 ** 31) | 0;

const extrasOf = (b: InvoiceRequest): Record<string, JsonValue> => {
  const { client_id: _id, client_ip: _ip, ...extras } = b.payload as Record<string, JsonValue>;
  return extras;
};

const INVOICE_FIELDS: FieldClasses<InvoiceRequest>[] = [
  field('transaction', uuidClasses(), (b: InvoiceRequest) => b.transaction),
  field('amount', amountClasses('invoice'), (b: InvoiceRequest) => b.amount),
  field('description', descriptionClasses(), (b: InvoiceRequest) => b.description),
  field('return_url', returnUrlClasses(), (b: InvoiceRequest) => b.return_url),
  field('payload.client_id', clientIdClasses(), (b: InvoiceRequest) => b.payload.client_id),
  field('payload.client_ip', clientIpClasses(), (b: InvoiceRequest) => b.payload.client_ip),
  field('payload extras', payloadExtrasClasses(), extrasOf),
];
const ACCOUNT2CARD_FIELDS: FieldClasses<Account2CardRequest>[] = [
  field('transaction', uuidClasses(), (b: Account2CardRequest) => b.transaction),
  field('amount', amountClasses('account2card'), (b: Account2CardRequest) => b.amount),
  field('payer_fio', personNameClasses(), (b: Account2CardRequest) => b.payer_fio),
  field('payer_phone', phoneClasses({ plus: 'sometimes' }), (b: Account2CardRequest) => b.payer_phone),
  field('recipient_pan', luhnPanClasses(), (b: Account2CardRequest) => b.recipient_pan),
];
const STATUS_FIELDS: FieldClasses<StatusRequest>[] = [field('transaction', uuidClasses(), (b: StatusRequest) => b.transaction)];
const UPLOAD_FIELDS: FieldClasses<UploadRequestValue>[] = [
  field('file name', uploadFileNameClasses(), (u: UploadRequestValue) => u.file.filename),
  field('file content type', uploadContentTypeClasses(), (u: UploadRequestValue) => u.file.contentType),
  field('file bytes', uploadContentClasses(), (u: UploadRequestValue) => u.file.bytes),
];

const REQUESTS = [
  { name: 'invoiceRequest', arb: invoiceRequest(creds), fields: INVOICE_FIELDS, seeds: SEEDS },
  { name: 'account2cardRequest', arb: account2cardRequest(creds), fields: ACCOUNT2CARD_FIELDS, seeds: SEEDS },
  { name: 'statusRequest', arb: statusRequest(creds), fields: STATUS_FIELDS, seeds: SEEDS },
  // Each upload run sends one file of exactly 10 MiB (the `largest` class): fewer seeds.
  { name: 'uploadRequest', arb: uploadRequest(creds), fields: UPLOAD_FIELDS, seeds: 10 },
] as { name: string; arb: fc.Arbitrary<unknown>; fields: FieldClasses<unknown>[]; seeds: number }[];

test.describe('value classes of the valid request arbitraries @generators', () => {
  test('the suite runs at least as many values per property as the coverage is designed for', () => {
    expect(DEFAULT_RUNS).toBeGreaterThanOrEqual(RUNS);
  });

  for (const { name, fields } of REQUESTS) {
    test(`${name}: no field declares more classes than a property's ${RUNS} runs`, () => {
      for (const f of fields) expect(f.classes.length, f.name).toBeLessThanOrEqual(RUNS);
    });

    test(`${name}: every class of every field draws only its own members`, () => {
      for (const f of fields) {
        const heavy = f.classes.some((c) => c.name === 'largest');
        assertClassesDrawOnlyMembers(`${name} ${f.name}`, f.classes, { numRuns: heavy ? 5 : 200, seed: BASE_SEED });
      }
    });
  }

  for (const { name, arb, fields, seeds } of REQUESTS) {
    test(`${name}: a default run of ${RUNS} values meets every class of every field, for ${seeds} seeds`, () => {
      test.info().annotations.push({ type: 'seeds', description: `FC_SEED=${BASE_SEED} and the ${seeds - 1} after it` });
      for (let i = 0; i < seeds; i++) {
        const seed = BASE_SEED + i;
        const values = valuesOfSuiteRun(arb, seed, RUNS);
        assert.equal(values.length, RUNS);
        assert.deepEqual(missedClasses(fields, values), [], `seed ${seed}: classes no value met (replay with FC_SEED=${seed})`);
        assert.deepEqual(unclassifiedValues(fields, values), [], `seed ${seed}: values of no declared class (replay with FC_SEED=${seed})`);
      }
    });
  }

  test('run i of a property draws class i while classes last, then by weight', () => {
    const classes = descriptionClasses();
    const values = valuesOfSuiteRun(description(), BASE_SEED, classes.length + 10);
    classes.forEach((c, i) => expect(c.test(values[i]!), `run ${i}: class ${c.name}, value ${fc.stringify(values[i]).slice(0, 80)}`).toBe(true));
  });

  test('weights alone would miss classes in 25 runs: the reason for the first-runs schedule', () => {
    // Union bounds over the classes of two fields; far above any acceptable failure rate.
    expect(missProbabilityByWeight(clientIdClasses(), RUNS)).toBeGreaterThan(0.5);
    expect(missProbabilityByWeight(uuidClasses(), RUNS)).toBeGreaterThan(1e-3);
  });

  test('nothing generated reads as a card number, except recipient_pan', () => {
    // node:assert in the loops: Playwright's expect records a step per call, too slow here.
    for (let i = 0; i < SEEDS; i++) {
      const seed = BASE_SEED + i;
      for (const body of valuesOfSuiteRun(invoiceRequest(creds), seed, RUNS)) {
        assert.deepEqual(cardNumberRuns(JSON.stringify(body)), [], `seed ${seed}`);
        // The redaction leaves the whole body as it was: no evidence of a valid invoice is garbled.
        assert.deepEqual(redactJson(body), body, `seed ${seed}`);
      }
      for (const body of valuesOfSuiteRun(account2cardRequest(creds), seed, RUNS)) {
        assert.deepEqual(
          cardNumberRuns(JSON.stringify(body)).map((r) => r.run),
          [body.recipient_pan],
          `seed ${seed}`,
        );
      }
    }
  });
});
