/**
 * The registry of contract schemas: every SchemaName, the file that holds it, and how the
 * profile override schema is derived from the full profile schema. Pure data and file
 * reading; Ajv lives in ajv.ts only.
 */
import { readFileSync } from 'node:fs';

/** Base of every schema `$id`; relative `$ref`s resolve against it and against the file path alike. */
export const SCHEMA_BASE_URI = 'https://pts-conformance.test/schemas/';

/** Folder holding the schema files. */
export const SCHEMAS_DIR = new URL('./schemas/', import.meta.url);

/**
 * Each schema name and its file under contracts/schemas/. Names under `profile/` follow
 * defaults.md (the default profile), the others the interface document.
 */
export const SCHEMA_FILES = {
  // documented: payment-transfer-service.md
  common: 'common.schema.json',
  'invoice-request': 'invoice-request.schema.json',
  'invoice-response': 'invoice-response.schema.json',
  payment: 'payment.schema.json',
  credentials: 'credentials.schema.json',
  deeplink: 'deeplink.schema.json',
  'validation-error': 'validation-error.schema.json',
  'message-error': 'message-error.schema.json',
  'account2card-request': 'account2card-request.schema.json',
  'upload-request': 'upload-request.schema.json',
  // profile: defaults.md
  'account2card-response': 'profile/account2card-response.schema.json',
  'status-request': 'profile/status-request.schema.json',
  'status-response': 'profile/status-response.schema.json',
  callback: 'profile/callback.schema.json',
  'upload-response': 'profile/upload-response.schema.json',
  profile: 'profile/profile.schema.json',
  'profile-override': 'profile/profile-override.schema.json',
} as const;

/** Name of a contract schema. */
export type SchemaName = keyof typeof SCHEMA_FILES;

export const SCHEMA_NAMES = Object.keys(SCHEMA_FILES) as SchemaName[];

/** Names whose schema follows defaults.md rather than the interface document. */
export const PROFILE_SCHEMA_NAMES: readonly SchemaName[] = SCHEMA_NAMES.filter((n) => SCHEMA_FILES[n].startsWith('profile/'));

export type JsonObject = { [key: string]: unknown };

/** URL of the file holding a schema. */
export function schemaFileUrl(name: SchemaName): URL {
  return new URL(SCHEMA_FILES[name], SCHEMAS_DIR);
}

/** The `$id` a schema must carry. */
export function schemaId(name: SchemaName): string {
  return SCHEMA_BASE_URI + SCHEMA_FILES[name];
}

/** Reads one schema file (a fresh copy each call). */
export function readSchema(name: SchemaName): JsonObject {
  return JSON.parse(readFileSync(schemaFileUrl(name), 'utf8')) as JsonObject;
}

/** Reads every schema file, keyed by name. */
export function readAllSchemas(): Record<SchemaName, JsonObject> {
  const out = {} as Record<SchemaName, JsonObject>;
  for (const name of SCHEMA_NAMES) out[name] = readSchema(name);
  return out;
}

/**
 * The schema of a PROFILE override file, derived from the full profile schema: the same
 * structure and rules, unknown keys still rejected, but no key required and no nested
 * titles (so the generated types do not clash). gen-types.ts writes it to
 * profile/profile-override.schema.json; a self-test checks the file is current.
 */
export function deriveProfileOverrideSchema(profileSchema: JsonObject): JsonObject {
  const strip = (node: unknown, root: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => strip(n, false));
    if (node === null || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node as JsonObject)) {
      if (key === 'required') continue;
      if (key === 'title' && !root) continue;
      // `properties` maps names to schemas: strip inside each, never the names themselves.
      if (key === 'properties' || key === '$defs') {
        const props: JsonObject = {};
        for (const [p, s] of Object.entries(value as JsonObject)) props[p] = strip(s, false);
        out[key] = props;
        continue;
      }
      out[key] = strip(value, false);
    }
    return out;
  };
  const derived = strip(profileSchema, true) as JsonObject;
  return {
    ...derived,
    $id: schemaId('profile-override'),
    title: 'ProfileOverride',
    description:
      'PROFILE (defaults.md, not the interface document): a PROFILE override file, deep-merged over profile.default.json. ' +
      'GENERATED from profile.schema.json by contracts/gen-types.ts, do not edit: the same keys and rules, none required, unknown keys rejected.',
  };
}
