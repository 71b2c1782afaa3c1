/**
 * The profile (defaults.md): profile.default.json, optionally overridden by a PROFILE file
 * that is deep-merged over it. Both the override and the merged result are validated.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatDiagnostics, validateWith, type Diagnostic } from './ajv.js';
import { isRequirementId } from './requirements.js';
import type { Profile } from './types.gen.js';

export const DEFAULT_PROFILE_URL = new URL('./profile.default.json', import.meta.url);

/** A profile file that cannot be used; the message names the file and every offending key path. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';
  constructor(
    message: string,
    /** The file at fault. */
    readonly file: string,
    /** The schema failures, when the problem is the content. */
    readonly diagnostics: readonly Diagnostic[] = [],
  ) {
    super(message);
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(v: unknown): v is { [key: string]: Json } {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Deep merge: objects merge key by key, arrays and scalars (and null) replace. */
function deepMerge(base: Json, over: Json): Json {
  if (!isPlainObject(base) || !isPlainObject(over)) return structuredClone(over);
  const out: { [key: string]: Json } = structuredClone(base);
  for (const [k, v] of Object.entries(over)) out[k] = k in out ? deepMerge(out[k], v) : structuredClone(v);
  return out;
}

function readJson(file: string, label: string): Json {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why = err.code === 'ENOENT' ? 'file not found' : `cannot read the file (${err.code ?? err.message})`;
    throw new ProfileError(`${label} ${file}: ${why}`, file);
  }
  try {
    return JSON.parse(text) as Json;
  } catch (e) {
    throw new ProfileError(`${label} ${file}: not valid JSON (${(e as Error).message})`, file);
  }
}

function check(name: 'profile' | 'profile-override', data: unknown, file: string, label: string): void {
  const { valid, errors } = validateWith(name, data);
  if (valid) return;
  throw new ProfileError(`${label} ${file}: ${formatDiagnostics(errors)}`, file, errors);
}

/** The default profile, validated. */
export function defaultProfile(): Profile {
  const file = fileURLToPath(DEFAULT_PROFILE_URL);
  const data = readJson(file, 'default profile');
  check('profile', data, file, 'default profile');
  return data as unknown as Profile;
}

/**
 * The profile in use: the default profile, with the JSON file at `overridePath` (the
 * PROFILE environment variable, read by the caller) deep-merged over it. Throws
 * ProfileError when the file is missing, not JSON, or has unknown keys or wrong values.
 */
export function loadProfile(overridePath?: string): Profile {
  const base = defaultProfile();
  if (overridePath === undefined || overridePath === '') return base;
  const override = readJson(overridePath, 'PROFILE');
  check('profile-override', override, overridePath, 'PROFILE');
  const merged = deepMerge(base as unknown as Json, override);
  check('profile', merged, overridePath, 'PROFILE (merged over the default profile)');
  const unknown = Object.keys((merged as unknown as Profile).gate.rules).filter((id) => !isRequirementId(id));
  if (unknown.length > 0)
    throw new ProfileError(`PROFILE ${overridePath}: gate.rules names no rule of contracts/requirements.json: ${unknown.join(', ')}`, overridePath);
  return merged as unknown as Profile;
}

/** Canonical JSON: object keys sorted at every level, no whitespace. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * sha256 hex of the profile's canonical JSON (sorted keys). The top-level `$comment` and
 * `$schema` are left out: they do not change behaviour, so they do not change the digest.
 */
export function profileDigest(profile: Profile): string {
  const { $comment: _c, $schema: _s, ...rest } = profile;
  return createHash('sha256').update(canonicalJson(rest)).digest('hex');
}
