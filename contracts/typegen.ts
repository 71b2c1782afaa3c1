/**
 * Derives the generated artifacts from the schema files (one source of truth):
 *  - schemas/profile/profile-override.schema.json, from profile.schema.json;
 *  - types.gen.ts, TypeScript types of every schema, via json-schema-to-typescript;
 *  - rule-ids.gen.ts, the RuleId union of requirements.json.
 * gen-types.ts writes them; the self-test contracts-types-in-sync regenerates them in
 * memory and compares with the committed files.
 */
import { readFileSync } from 'node:fs';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import {
  deriveProfileOverrideSchema,
  readAllSchemas,
  SCHEMA_BASE_URI,
  SCHEMA_FILES,
  SCHEMA_NAMES,
  schemaId,
  type JsonObject,
  type SchemaName,
} from './schema-files.js';

export const TYPES_BANNER =
  '/* eslint-disable */\n' +
  '/**\n' +
  ' * GENERATED FILE, DO NOT EDIT.\n' +
  ' * Generated from contracts/schemas/**.schema.json by contracts/gen-types.ts\n' +
  ' * (npm run contracts:types). Edit the schemas, then regenerate.\n' +
  ' */';

/** JSON text of a schema as written to disk. */
function schemaJsonText(schema: JsonObject): string {
  return JSON.stringify(schema, null, 2) + '\n';
}

/** Source text of profile-override.schema.json. */
function generateProfileOverrideSchemaText(): string {
  return schemaJsonText(deriveProfileOverrideSchema(readAllSchemas().profile));
}

/**
 * One self-contained schema holding every contract schema under `$defs/<name>`, with each
 * relative `$ref` (resolved against the schema's `$id`) rewritten to an internal pointer.
 * Its root maps every SchemaName to its schema, which becomes the SchemaTypeMap interface.
 */
function bundle(): JsonObject {
  const schemas = readAllSchemas();
  schemas['profile-override'] = deriveProfileOverrideSchema(schemas.profile);
  const byId = new Map<string, SchemaName>(SCHEMA_NAMES.map((n) => [schemaId(n), n]));

  // `node` is a schema; `properties`/`$defs` values are maps of names to schemas.
  const rewrite = (node: unknown, base: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => rewrite(n, base));
    if (node === null || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node as JsonObject)) {
      if (key === '$id' || key === '$schema') continue;
      if ((key === 'properties' || key === '$defs') && value !== null && typeof value === 'object') {
        const map: JsonObject = {};
        for (const [k, v] of Object.entries(value as JsonObject)) map[k] = rewrite(v, base);
        out[key] = map;
        continue;
      }
      if (key === '$ref' && typeof value === 'string') {
        const url = new URL(value, base);
        const pointer = url.hash ? decodeURIComponent(url.hash.slice(1)) : '';
        url.hash = '';
        const target = byId.get(url.href);
        if (!target) throw new Error(`typegen: $ref '${value}' in ${base} leaves ${SCHEMA_BASE_URI}`);
        out[key] = `#/$defs/${target}${pointer}`;
        continue;
      }
      out[key] = rewrite(value, base);
    }
    return out;
  };

  const defs: JsonObject = {};
  const properties: JsonObject = {};
  for (const name of SCHEMA_NAMES) {
    defs[name] = rewrite(schemas[name], schemaId(name));
    properties[name] = { $ref: `#/$defs/${name}` };
  }
  return {
    title: 'SchemaTypeMap',
    description: 'Each contract schema name and the type of a document valid against it.',
    type: 'object',
    properties,
    required: [...SCHEMA_NAMES],
    additionalProperties: false,
    $defs: defs,
  };
}

/** Source text of types.gen.ts. */
async function generateTypesSource(): Promise<string> {
  const ts = await compile(bundle() as JSONSchema, 'SchemaTypeMap', {
    bannerComment: TYPES_BANNER,
    additionalProperties: false,
    unknownAny: true,
    ignoreMinAndMaxItems: true,
    strictIndexSignatures: false,
    declareExternallyReferenced: true,
    unreachableDefinitions: false,
    format: true,
    style: { singleQuote: true, printWidth: 100 },
    $refOptions: { resolve: { external: false } },
  });
  return ts;
}

/**
 * Source text of rule-ids.gen.ts: every requirement ID of requirements.json as a string union, so that a
 * misspelt ID in a check, a fault or a variant is a compile error rather than a failure at collection.
 */
function generateRuleIdsSource(): string {
  const raw = JSON.parse(readFileSync(new URL('./requirements.json', import.meta.url), 'utf8')) as { requirements: { id: string; operation: string }[] };
  const ids = raw.requirements.map((r) => r.id);
  const operations = [...new Set(raw.requirements.map((r) => r.operation))];
  return [
    TYPES_BANNER.replace('contracts/schemas/**.schema.json', 'contracts/requirements.json').replace('Edit the schemas', 'Edit requirements.json'),
    '',
    '/** Every requirement ID, in the order of requirements.json. */',
    'export const RULE_IDS = [',
    ...ids.map((id) => `  '${id}',`),
    '] as const;',
    '',
    '/** A requirement ID of contracts/requirements.json. */',
    'export type RuleId = (typeof RULE_IDS)[number];',
    '',
    "/** Every value of the requirements' `operation` field, in order of first use: the operations and areas rules are stated for. */",
    'export const REQUIREMENT_OPERATIONS = [',
    ...operations.map((op) => `  '${op}',`),
    '] as const;',
    '',
    'export type RequirementOperation = (typeof REQUIREMENT_OPERATIONS)[number];',
    '',
  ].join('\n');
}

/** Files under contracts/ that the generator owns, with their expected contents. */
export async function generateAll(): Promise<Record<string, string>> {
  return {
    [`schemas/${SCHEMA_FILES['profile-override']}`]: generateProfileOverrideSchemaText(),
    'types.gen.ts': await generateTypesSource(),
    'rule-ids.gen.ts': generateRuleIdsSource(),
  };
}
