// Every field of every signed request has one role (contracts/field-roles.ts), and the table names no field the
// requests lack: the request schemas' properties (the invoice's payload members too) and the status request the
// suite builds.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { FIELD_ROLES } from '../../contracts/field-roles.js';
import { SCHEMA_FILES, SCHEMAS_DIR } from '../../contracts/schema-files.js';
import { buildStatusRequest } from '../../generators/builders.js';

type Json = { properties?: Record<string, Json> };

/** The schema's property paths, an object's members after it (`payload`, `payload.client_id`). */
function paths(schema: Json, prefix = ''): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, sub]) => [`${prefix}${name}`, ...paths(sub, `${prefix}${name}.`)]);
}

test.describe('contracts: field roles', () => {
  for (const op of ['invoice', 'account2card'] as const)
    test(`${op}: every property of the request schema has a role, and the table names no other field`, () => {
      const schema = JSON.parse(readFileSync(new URL(SCHEMA_FILES[`${op}-request`], SCHEMAS_DIR), 'utf8')) as Json;
      expect(Object.keys(FIELD_ROLES[op]).sort()).toEqual(paths(schema).sort());
    });

  test('status: every field of the status request the suite builds has a role, and the table names no other field', () => {
    const body = buildStatusRequest({ apiKey: 'k', cryptoKey: 'c' }, '00000000-0000-4000-8000-000000000000');
    expect(Object.keys(FIELD_ROLES.status).sort()).toEqual(Object.keys(body).sort());
  });
});
