import { test, expect } from '@playwright/test';
import { compileAll, createAjv } from '../../contracts/ajv.js';
import { PROFILE_SCHEMA_NAMES, readAllSchemas, SCHEMA_NAMES, schemaId, type JsonObject } from '../../contracts/schema-files.js';
import { validate } from '../../contracts/index.js';

test.describe('contracts: the Ajv module and the schema files', () => {
  test('every schema compiles under strict mode with nothing logged', () => {
    const logged: unknown[][] = [];
    const logger = {
      log: (...a: unknown[]) => logged.push(['log', ...a]),
      warn: (...a: unknown[]) => logged.push(['warn', ...a]),
      error: (...a: unknown[]) => logged.push(['error', ...a]),
    };
    const validators = compileAll(createAjv({ logger, validateSchemas: true }));
    expect(Object.keys(validators).sort()).toEqual([...SCHEMA_NAMES].sort());
    expect(logged).toEqual([]);
  });

  test('every schema file is valid against the draft 2020-12 meta-schema (a run adds them without that check)', () => {
    const ajv = createAjv({ logger: false });
    const schemas = readAllSchemas();
    const invalid = SCHEMA_NAMES.filter((name) => ajv.validateSchema(schemas[name]) !== true).map((name) => `${name}: ${ajv.errorsText(ajv.errors)}`);
    expect(invalid).toEqual([]);
    // The check sees a broken schema: a type that is no type.
    const broken = { ...schemas[SCHEMA_NAMES[0]!], type: 5 };
    expect(ajv.validateSchema(broken)).toBe(false);
    expect(() => createAjv({ logger: false, validateSchemas: true, schemas: { ...schemas, [SCHEMA_NAMES[0]!]: broken } })).toThrow(/schema is invalid/);
  });

  test('each schema is draft 2020-12 with the absolute $id of its file', () => {
    const schemas = readAllSchemas();
    for (const name of SCHEMA_NAMES) {
      expect(schemas[name].$schema, name).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schemas[name].$id, name).toBe(schemaId(name));
      expect(schemaId(name)).toMatch(/^https:\/\/pts-conformance\.test\/schemas\/.+\.schema\.json$/);
    }
  });

  test('profile schemas say in their description that they follow defaults.md', () => {
    const schemas = readAllSchemas();
    expect(PROFILE_SCHEMA_NAMES).toHaveLength(7);
    for (const name of SCHEMA_NAMES) {
      const description = String(schemas[name].description);
      if (PROFILE_SCHEMA_NAMES.includes(name)) expect(description, name).toMatch(/^PROFILE \(defaults\.md, not the interface document/);
      else expect(description, name).not.toMatch(/PROFILE/);
    }
  });

  test('every object schema states additionalProperties; only the open payloads allow extra keys', () => {
    const open: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const schema = node as JsonObject;
      if (schema.type === 'object') {
        // A node that only narrows a $ref'd closed object (allOf) inherits its closure.
        const narrows = Array.isArray(schema.allOf);
        if (!narrows) expect(schema, `${at}: additionalProperties must be explicit`).toHaveProperty('additionalProperties');
        if (schema.additionalProperties === true) open.push(at);
      }
      for (const [k, v] of Object.entries(schema)) walk(v, `${at}/${k}`);
    };
    const schemas = readAllSchemas();
    for (const name of SCHEMA_NAMES) walk(schemas[name], name);
    expect(open.sort()).toEqual(['callback/properties/payload', 'invoice-request/properties/payload']);
  });

  test('validators are cached: the same function answers twice', () => {
    const a = validate('payment', {});
    const b = validate('payment', {});
    expect(a).toEqual(b);
    expect(a.errors[0]).toEqual({ path: '', keyword: 'required', message: expect.any(String), params: { missingProperty: 'id' } });
  });
});
