import { test, expect } from '@playwright/test';
import { is, SCHEMA_NAMES, validate } from '../../contracts/index.js';
import { validExamples } from '../../contracts/examples.js';

test.describe('contracts: valid sample documents pass their schema', () => {
  for (const name of SCHEMA_NAMES) {
    test(`${name}: every sample is valid`, () => {
      const samples = validExamples[name];
      // `common` has only $defs; every other schema needs at least one sample.
      expect(samples.length, `no sample document for ${name}`).toBeGreaterThan(0);
      samples.forEach((sample, i) => {
        const result = validate(name, sample);
        expect(result.errors, `${name} sample #${i}`).toEqual([]);
        expect(result.valid).toBe(true);
        expect(is(name, sample)).toBe(true);
      });
    });
  }

  test('is() narrows the type', () => {
    const data: unknown = validExamples['invoice-response'][0];
    if (!is('invoice-response', data)) throw new Error('expected valid');
    // Compiles only because `data` is now InvoiceResponse.
    expect(data.payment.state).toBe('processing');
  });

  test('validate() throws on an unknown schema name (misuse), never on invalid data', () => {
    expect(() => validate('nope' as never, {})).toThrow(/unknown schema name 'nope'/);
    expect(validate('payment', undefined).valid).toBe(false);
  });
});
