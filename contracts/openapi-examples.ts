/**
 * Puts the examples of examples.ts (their single source) into the OpenAPI document, and lists
 * the document's request and response bodies. Pure functions over JSON: the script
 * sync-openapi-examples.ts writes the file, the self-tests compare and validate.
 */
import { createVerify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openapiExamples, type BodyExamples, type NamedExample } from './examples.js';
import { SCHEMA_FILES, SCHEMA_NAMES, type JsonObject, type SchemaName } from './schema-files.js';

export const OPENAPI_URL = new URL('./openapi.json', import.meta.url);

export type ExampleCatalog = typeof openapiExamples;

/** One request or response body of the document. */
interface BodySite {
  /** JSON Pointer of the media type object, e.g. /paths/~1api~1v1~1payments~1status/post/responses/200/content/application~1json. */
  pointer: string;
  section: 'paths' | 'webhooks';
  /** The path, or the webhook name. */
  key: string;
  /** Undefined for the request body. */
  status?: string;
  mediaType: string;
  /** The contract schema its `schema.$ref` names. */
  schema: SchemaName;
  media: JsonObject;
}

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The contract schema a `$ref` of openapi.json names (./schemas/<file>), or undefined. */
function schemaNameOfRef(ref: string): SchemaName | undefined {
  const file = ref.replace(/^\.\/schemas\//, '');
  return SCHEMA_NAMES.find((n) => SCHEMA_FILES[n] === file);
}

function post(doc: JsonObject, section: 'paths' | 'webhooks', key: string): JsonObject {
  const item = (doc[section] as Record<string, JsonObject>)[key];
  return item.post as JsonObject;
}

/** Every request and response body (content media type) of every POST in paths and webhooks. */
export function bodySites(doc: JsonObject): BodySite[] {
  const sites: BodySite[] = [];
  for (const section of ['paths', 'webhooks'] as const) {
    for (const key of Object.keys((doc[section] ?? {}) as JsonObject)) {
      const op = post(doc, section, key);
      const base = `/${section}/${esc(key)}/post`;
      const add = (at: string, content: JsonObject | undefined, status?: string) => {
        for (const [mediaType, media] of Object.entries(content ?? {}) as Array<[string, JsonObject]>) {
          const ref = String((media.schema as JsonObject | undefined)?.$ref ?? '');
          const schema = schemaNameOfRef(ref);
          if (!schema) throw new Error(`openapi.json ${at}: schema $ref '${ref}' names no contract schema`);
          sites.push({ pointer: `${at}/content/${esc(mediaType)}`, section, key, status, mediaType, schema, media });
        }
      };
      add(`${base}/requestBody`, (op.requestBody as JsonObject | undefined)?.content as JsonObject | undefined);
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, JsonObject>)) {
        add(`${base}/responses/${status}`, response.content as JsonObject | undefined, status);
      }
    }
  }
  return sites;
}

const asExampleObjects = (examples: Readonly<Record<string, NamedExample<unknown>>>) =>
  Object.fromEntries(
    Object.entries(examples).map(([name, e]) => [name, { summary: e.summary, ...(e.description ? { description: e.description } : {}), value: e.value }]),
  );

/**
 * A copy of `doc` whose every body and header parameter carries exactly the catalog's examples.
 * Throws when the two disagree: a body or required header without examples, examples for a body
 * the document does not have, or examples written for another schema than the body's $ref.
 */
export function withExamples(source: JsonObject, catalog: ExampleCatalog = openapiExamples): JsonObject {
  const doc = structuredClone(source);
  const unused = new Set<string>();
  for (const [key, op] of Object.entries(catalog.paths)) {
    unused.add(`paths ${key} request`);
    for (const status of Object.keys(op.responses)) unused.add(`paths ${key} ${status}`);
  }
  for (const key of Object.keys(catalog.webhooks)) unused.add(`webhooks ${key} request`);

  for (const site of bodySites(doc)) {
    const op = site.section === 'paths' ? catalog.paths[site.key] : catalog.webhooks[site.key];
    const entry: BodyExamples | undefined =
      site.status === undefined ? op?.request : (op as { responses?: Record<string, BodyExamples> } | undefined)?.responses?.[site.status];
    if (!entry) throw new Error(`examples.ts has no examples for openapi.json ${site.pointer}`);
    if (entry.schema !== site.schema) {
      throw new Error(`examples.ts: examples for ${site.pointer} are written for '${entry.schema}', the body is '${site.schema}'`);
    }
    site.media.examples = asExampleObjects(entry.examples);
    unused.delete(`${site.section} ${site.key} ${site.status ?? 'request'}`);
  }
  if (unused.size) throw new Error(`examples.ts has examples for bodies openapi.json does not have: ${[...unused].join(', ')}`);

  for (const key of Object.keys((doc.paths ?? {}) as JsonObject)) {
    for (const param of (post(doc, 'paths', key).parameters ?? []) as JsonObject[]) {
      const examples = catalog.headers[key]?.[String(param.name)];
      if (!examples) {
        if (param.required) throw new Error(`examples.ts has no example for the required ${String(param.in)} ${String(param.name)} of ${key}`);
        continue;
      }
      param.examples = asExampleObjects(examples);
    }
  }
  return doc;
}

/** The text openapi.json is written as. */
export function serializeOpenApi(doc: JsonObject): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function readOpenApi(): JsonObject {
  return JSON.parse(readFileSync(OPENAPI_URL, 'utf8')) as JsonObject;
}

/**
 * Whether `xSign` is a base64 RSA SHA-256 signature of the compact JSON of `body` under
 * `publicKeyPem`; false, not an exception, for a key that is no key (e.g. an empty file).
 */
export function xSignVerifies(body: unknown, xSign: string, publicKeyPem: string): boolean {
  try {
    return createVerify('sha256').update(JSON.stringify(body), 'utf8').verify(publicKeyPem, xSign, 'base64');
  } catch {
    return false;
  }
}
