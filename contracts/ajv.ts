/**
 * The one module that owns Ajv. It creates the instance (draft 2020-12, strict, all errors),
 * adds the formats (ajv-formats and the custom `pts-created-at`), adds every contract schema,
 * caches compiled validators by name, and turns Ajv errors into the project's Diagnostic.
 * Validation failures are data; exceptions only for misuse (an unknown schema name).
 */
import { Ajv2020, type ErrorObject, type Logger, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isCreatedAt } from './created-at.js';
import { readAllSchemas, SCHEMA_NAMES, schemaId, type JsonObject, type SchemaName } from './schema-files.js';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** One validation failure, as data. */
export interface Diagnostic {
  /** JSON Pointer of the failing value in the instance (Ajv instancePath); '' is the root. */
  path: string;
  /** The schema keyword that failed (type, required, pattern, additionalProperties, ...). */
  keyword: string;
  /** Human-readable message. */
  message: string;
  /** Keyword parameters (e.g. missingProperty, additionalProperty, limit). */
  params: Record<string, unknown>;
}

export interface ValidationResult {
  valid: boolean;
  errors: Diagnostic[];
}

/** Name of the custom format checking created_at (shape and real calendar date/time). */
export const CREATED_AT_FORMAT = 'pts-created-at';

interface CreateAjvOptions {
  /** Where Ajv logs warnings; the default is the console. Tests pass a recording logger. */
  logger?: Logger | false;
  /** Schemas to add instead of the files (self-tests use this to try mutated schemas). */
  schemas?: Readonly<Record<SchemaName, JsonObject>>;
  /**
   * Only for the mutation self-test: compile with strictTypes off, to see whether the
   * counter-examples notice a deleted `type` that strict mode would refuse anyway.
   */
  strictTypes?: false;
  /** Validate each schema against the draft 2020-12 meta-schema as it is added (the self-tests do; a run need not). */
  validateSchemas?: true;
}

/** A fresh, fully configured Ajv instance with every contract schema added (not yet compiled). */
export function createAjv(options: CreateAjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    ...(options.strictTypes === false ? { strictTypes: false } : {}),
    allErrors: true,
    // The schema files are checked against the 2020-12 meta-schema by the self-tests; compiling the meta-schema in
    // every process (the runner and each worker) cost about 60 ms each.
    validateSchema: options.validateSchemas === true,
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
  });
  addFormats(ajv);
  ajv.addFormat(CREATED_AT_FORMAT, { type: 'string', validate: isCreatedAt });
  const schemas = options.schemas ?? readAllSchemas();
  for (const name of SCHEMA_NAMES) ajv.addSchema(structuredClone(schemas[name]));
  return ajv;
}

let shared: Ajv2020 | undefined;
const cache = new Map<SchemaName, ValidateFunction>();

/** The compiled validator of a schema, compiled once and cached. Throws on an unknown name. */
export function getValidator(name: SchemaName): ValidateFunction {
  const cached = cache.get(name);
  if (cached) return cached;
  if (!SCHEMA_NAMES.includes(name)) {
    throw new Error(`contracts: unknown schema name '${String(name)}' (known: ${SCHEMA_NAMES.join(', ')})`);
  }
  shared ??= createAjv();
  const fn = shared.getSchema(schemaId(name));
  if (!fn) throw new Error(`contracts: schema '${name}' was not added to Ajv (id ${schemaId(name)})`);
  cache.set(name, fn);
  return fn;
}

/** Ajv errors as Diagnostics. */
export function toDiagnostics(errors: readonly ErrorObject[] | null | undefined): Diagnostic[] {
  return (errors ?? []).map((e) => ({
    path: e.instancePath,
    keyword: e.keyword,
    message: e.message ?? e.keyword,
    params: { ...(e.params as Record<string, unknown>) },
  }));
}

/** Validates `data` against the named schema; failures are returned, never thrown. */
export function validateWith(name: SchemaName, data: unknown): ValidationResult {
  const fn = getValidator(name);
  const valid = fn(data) as boolean;
  return { valid, errors: valid ? [] : toDiagnostics(fn.errors) };
}

/** Compiles every schema of an instance from createAjv() and returns the validators by name. */
export function compileAll(ajv: Ajv2020): Record<SchemaName, ValidateFunction> {
  const out = {} as Record<SchemaName, ValidateFunction>;
  for (const name of SCHEMA_NAMES) {
    const fn = ajv.getSchema(schemaId(name));
    if (!fn) throw new Error(`contracts: schema '${name}' did not compile`);
    out[name] = fn;
  }
  return out;
}

/**
 * One clause per diagnostic, the project's one wording of a schema failure:
 * "/payment/state must be one of [...]", "/colour is not a known key", "/payment/id is missing".
 */
export function describeDiagnostic(d: Diagnostic): string {
  if (d.keyword === 'additionalProperties') return `${d.path}/${String(d.params.additionalProperty)} is not a known key`;
  if (d.keyword === 'required') return `${d.path}/${String(d.params.missingProperty)} is missing`;
  if (d.keyword === 'type') return `${d.path || '/'} must be ${String(d.params.type).split(',').join(' or ')}`;
  if (d.keyword === 'enum') return `${d.path || '/'} must be one of ${JSON.stringify(d.params.allowedValues)}`;
  return `${d.path || '/'} ${d.message}`;
}

/** The diagnostics as one line, each distinct clause once; oneOf/anyOf wrappers left out when leaves say more. */
export function formatDiagnostics(errors: readonly Diagnostic[]): string {
  const leaves = errors.filter((d) => d.keyword !== 'oneOf' && d.keyword !== 'anyOf');
  return [...new Set((leaves.length ? leaves : errors).map(describeDiagnostic))].join('; ');
}
