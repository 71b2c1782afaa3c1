import { test, expect } from '@playwright/test';
import { compileErrors, validate as validateOpenApi } from '@readme/openapi-parser';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SCHEMA_BASE_URI, SCHEMA_NAMES, schemaFileUrl } from '../../contracts/index.js';

const OPENAPI_URL = new URL('../../contracts/openapi.json', import.meta.url);
const openapiPath = fileURLToPath(OPENAPI_URL);

const SCHEMAS_DIR = new URL('../../contracts/schemas/', import.meta.url);

/**
 * The bundled ref parser honours `$id`, so `common.schema.json` inside a schema resolves to
 * https://pts-conformance.test/schemas/common.schema.json. This resolver serves that base
 * from contracts/schemas/ (and plain file paths as usual), so the check never goes online.
 * ParserOptions types `resolve.file` as boolean, but a resolver object is passed through.
 */
const offlineResolver = {
  order: 1,
  canRead: (file: { url: string }) => file.url.startsWith(SCHEMA_BASE_URI) || !/^https?:/i.test(file.url),
  read: (file: { url: string }) => {
    const url = file.url.startsWith(SCHEMA_BASE_URI)
      ? new URL(file.url.slice(SCHEMA_BASE_URI.length), SCHEMAS_DIR)
      : file.url.startsWith('file:')
        ? new URL(file.url)
        : file.url;
    return readFileSync(url, 'utf8');
  },
};

/** Every `$ref` string in a JSON document, with the JSON Pointer where it sits. */
function refsOf(node: unknown, at = ''): Array<{ at: string; ref: string }> {
  if (Array.isArray(node)) return node.flatMap((n, i) => refsOf(n, `${at}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [{ at, ref: v }] : refsOf(v, `${at}/${k}`),
  );
}

test.describe('contracts: openapi.json', () => {
  test('is a valid OpenAPI 3.1 document (@readme/openapi-parser) with 2020-12 dialect', async () => {
    const doc = JSON.parse(readFileSync(OPENAPI_URL, 'utf8'));
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    const result = await validateOpenApi(openapiPath, {
      resolve: { external: true, file: offlineResolver as unknown as boolean, http: { timeout: 1 } },
    });
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  test('describes the three documented operations and the profile status operation, all POST', () => {
    const doc = JSON.parse(readFileSync(OPENAPI_URL, 'utf8'));
    const profile = JSON.parse(readFileSync(new URL('../../contracts/profile.default.json', import.meta.url), 'utf8'));
    expect(Object.keys(doc.paths).sort()).toEqual(Object.values(profile.paths as Record<string, string>).sort());
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      expect(Object.keys(item), path).toEqual(['post']);
    }
    const xSign = doc.paths['/api/v1/payments/account2card'].post.parameters[0];
    expect(xSign).toMatchObject({ name: 'X-Sign', in: 'header', required: true });
  });

  test('every $ref points to an existing schema file (relative path), for openapi.json and every schema', () => {
    const doc = JSON.parse(readFileSync(OPENAPI_URL, 'utf8'));
    const files: Array<{ url: URL; json: unknown }> = [{ url: OPENAPI_URL, json: doc }];
    for (const name of SCHEMA_NAMES) files.push({ url: schemaFileUrl(name), json: JSON.parse(readFileSync(schemaFileUrl(name), 'utf8')) });
    let external = 0;
    for (const { url, json } of files) {
      for (const { at, ref } of refsOf(json)) {
        expect(ref, `${url.pathname}${at}: $ref must be relative`).not.toMatch(/^[a-z]+:/i);
        const [file] = ref.split('#');
        if (!file) continue;
        external++;
        const target = new URL(file, url);
        expect(existsSync(target), `${url.pathname}${at}: ${ref} -> ${target.pathname}`).toBe(true);
      }
    }
    expect(external).toBeGreaterThan(20);
  });
});
