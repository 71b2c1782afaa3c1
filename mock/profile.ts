/**
 * The profile the provider follows (ProviderOptions.profile): a complete profile object, the shape of
 * contracts/profile.default.json. The default is that file (read, not written again here); the provider does
 * not validate it with the suite's schemas, and refuses only what it cannot follow (checkProfile).
 */
import { defaultProfileAsWritten } from '../contracts/operation-facts.js';
import type { Profile } from '../contracts/types.gen.js';

export type { Profile };

export const DEFAULT_PROFILE: Profile = deepFreeze(defaultProfileAsWritten());

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}

/**
 * The few checks a misuse would otherwise turn into odd behaviour (the suite validates profiles with
 * their schema; the provider only refuses what it cannot follow).
 */
export function checkProfile(p: Profile): Profile {
  const fail = (what: string) => {
    throw new Error(`startProvider: profile ${what}`);
  };
  for (const [k, v] of Object.entries(p.paths)) if (typeof v !== 'string' || !v.startsWith('/')) fail(`paths.${k} must start with "/"`);
  const isStatus = (v: unknown) => Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599;
  for (const [k, v] of Object.entries(p.http))
    if (k === 'retryAfter' ? !(Array.isArray(v) && v.every(isStatus)) : k !== 'jsonContentType' && !isStatus(v))
      fail(`http.${k} must be ${k === 'retryAfter' ? 'a list of status codes' : 'a status code'}`);
  if (!Number.isInteger(p.invoice.deeplinkCount) || p.invoice.deeplinkCount < 1) fail('invoice.deeplinkCount must be a positive integer');
  if (!Number.isInteger(p.upload.maxFileBytes) || p.upload.maxFileBytes < 1) fail('upload.maxFileBytes must be a positive integer');
  if (!Number.isInteger(p.callbacks.minDeliveries)) fail('callbacks.minDeliveries must be an integer');
  if (!p.validation.nestedSeparator) fail('validation.nestedSeparator must not be empty');
  try {
    new RegExp(p.validation.requiredPattern, 'i');
  } catch {
    fail(`validation.requiredPattern is not a regular expression: ${p.validation.requiredPattern}`);
  }
  return p;
}
