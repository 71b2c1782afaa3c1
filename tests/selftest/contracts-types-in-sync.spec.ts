import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { generateAll, TYPES_BANNER } from '../../contracts/typegen.js';

test.describe('contracts: generated files are in sync with the schemas', () => {
  test('types.gen.ts and profile-override.schema.json equal a fresh generation (run: npx tsx contracts/gen-types.ts)', async () => {
    test.setTimeout(60_000);
    const expected = await generateAll();
    for (const [rel, text] of Object.entries(expected)) {
      const committed = readFileSync(new URL(`../../contracts/${rel}`, import.meta.url), 'utf8');
      expect(committed, `contracts/${rel} is stale: run npx tsx contracts/gen-types.ts`).toBe(text);
    }
    expect(expected['types.gen.ts'].startsWith(TYPES_BANNER)).toBe(true);
    expect(expected['types.gen.ts']).toContain('GENERATED FILE, DO NOT EDIT');
  });

  test('the generated file declares every public type name', () => {
    const text = readFileSync(new URL('../../contracts/types.gen.ts', import.meta.url), 'utf8');
    const names = [
      'InvoiceRequest',
      'InvoiceResponse',
      'Payment',
      'Credentials',
      'CardCredentials',
      'FpsCredentials',
      'Deeplink',
      'ValidationErrorBody',
      'MessageErrorBody',
      'Account2CardRequest',
      'Account2CardResponse',
      'StatusRequest',
      'StatusResponse',
      'CallbackBody',
      'UploadResponse',
      'Profile',
      'ProfileOverride',
      'SchemaTypeMap',
    ];
    for (const n of names) expect(text, n).toMatch(new RegExp(`export (interface|type) ${n}\\b`));
    // No accidental duplicates such as Payment1.
    expect(text).not.toMatch(/export (interface|type) \w+?\d+\s/);
  });
});
