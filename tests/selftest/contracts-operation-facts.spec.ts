// The operation facts (contracts/operation-facts.ts) are read from the contracts; these tests check that what
// was read means what its users take it to mean: each required field is one the request schema refuses to go
// without and its rule a documented rule of that operation about it; each amount limit is where the schema
// stops accepting, its rule the operation's Limits rule; each path is an operation of the OpenAPI document.
import { test, expect } from '@playwright/test';
import { requirement, validate, type SchemaName } from '../../contracts/index.js';
import { validExamples } from '../../contracts/examples.js';
import { AMOUNT_LIMITS, OPERATION_PATHS, REQUIRED_FIELDS, requiredRule } from '../../contracts/operation-facts.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { readOpenApi } from '../../contracts/openapi-examples.js';

const OPS: readonly PaymentOperation[] = ['invoice', 'account2card'];
const schemaOf = (op: PaymentOperation): SchemaName => `${op}-request`;
const example = (op: PaymentOperation) => structuredClone(validExamples[schemaOf(op)][0]) as unknown as Record<string, Record<string, unknown>>;

test.describe('contracts: operation facts', () => {
  for (const op of OPS)
    test(`${op}: each required field, removed from a valid request, makes the schema refuse it; its rule is the operation's documented rule for it`, () => {
      expect(REQUIRED_FIELDS[op].length).toBeGreaterThan(5);
      for (const { field, rule } of REQUIRED_FIELDS[op]) {
        const body = example(op);
        const [head, leaf] = field.split('.');
        if (leaf === undefined) delete body[head!];
        else delete body[head!]![leaf];
        const { valid, errors } = validate(schemaOf(op), body);
        expect(valid, field).toBe(false);
        expect(
          errors.some((e) => e.keyword === 'required'),
          field,
        ).toBe(true);
        const r = requirement(rule);
        expect([r.kind, r.operation], rule).toEqual(['documented', op]);
        expect(r.title.startsWith(`${field} is a required `), `${rule}: ${r.title}`).toBe(true);
      }
      expect(() => requiredRule(op, 'nope')).toThrow(/nope is not a required field/);
    });

  for (const op of OPS)
    test(`${op}: the amount limits are where the schema stops accepting, and their rule is the operation's Limits rule`, () => {
      const { min, max, rule } = AMOUNT_LIMITS[op];
      const withAmount = (amount: number) => validate(schemaOf(op), { ...example(op), amount }).valid;
      expect([withAmount(min - 1), withAmount(min), withAmount(max), withAmount(max + 1)]).toEqual([false, true, true, false]);
      expect([requirement(rule).section, requirement(rule).operation]).toEqual(['Limits', op]);
    });

  test('each path of the default profile is an operation of the OpenAPI document', () => {
    const paths = Object.keys(readOpenApi().paths as Record<string, unknown>);
    for (const [op, path] of Object.entries(OPERATION_PATHS)) expect(paths, op).toContain(path);
  });
});
