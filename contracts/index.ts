/**
 * Public API of the contracts: schema names, validation (failures as data), type guards,
 * the generated types, the profile and the requirement catalogue.
 *
 *   import { validate, is, type InvoiceResponse } from '../contracts/index.js';
 */
import { getValidator, validateWith, type ValidationResult } from './ajv.js';
import type { SchemaName } from './schema-files.js';
import type { SchemaTypeMap } from './types.gen.js';

export type { Diagnostic, ValidationResult } from './ajv.js';
export { CREATED_AT_FORMAT, describeDiagnostic, formatDiagnostics } from './ajv.js';
export { isCreatedAt, createdAtTime, CREATED_AT_PATTERN } from './created-at.js';
export { SCHEMA_BASE_URI, SCHEMA_NAMES, PROFILE_SCHEMA_NAMES, SCHEMA_FILES, schemaId, schemaFileUrl } from './schema-files.js';
export type { SchemaName } from './schema-files.js';
export { loadProfile, defaultProfile, profileDigest, ProfileError, DEFAULT_PROFILE_URL } from './profile.js';
export { requirements, requirement, requirementOf, isRequirementId, RULE_IDS } from './requirements.js';
export type { Requirement, RequirementId, RequirementKind, RequirementOperation, RuleId } from './requirements.js';
export type { Operation, PaymentOperation, SignedOperation } from './operations.js';

// Generated from the schemas (types.gen.ts); these names are the stable public ones.
export type {
  InvoiceRequest,
  InvoicePayload,
  InvoiceResponse,
  Payment,
  PaymentState,
  Credentials,
  CardCredentials,
  FpsCredentials,
  Deeplink,
  ValidationErrorBody,
  MessageErrorBody,
  Account2CardRequest,
  UploadRequest,
  Account2CardResponse,
  CardPayment,
  StatusRequest,
  StatusResponse,
  CallbackBody,
  UploadResponse,
  Profile,
  ProfileOverride,
} from './types.gen.js';

/** Each schema name and the type of a document valid against it. */
type SchemaTypes = SchemaTypeMap;

/**
 * Validates `data` against the named schema. Never throws for invalid data: the result
 * lists every failure (Ajv allErrors) as a Diagnostic. Throws only for an unknown name.
 */
export function validate(name: SchemaName, data: unknown): ValidationResult {
  return validateWith(name, data);
}

/** Type guard: true when `data` is valid against the named schema. */
export function is<N extends SchemaName>(name: N, data: unknown): data is SchemaTypes[N] {
  return getValidator(name)(data) as boolean;
}
