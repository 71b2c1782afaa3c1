// The matrices' targets: the profile variants (scripts/matrix/profile-variants.ts) between them change every
// profile key that changes what a check expects, each a valid PROFILE file; every variation of the reference
// provider names conformance areas that exist (the variation matrix runs it on those).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { defaultProfile, loadProfile } from '../../contracts/index.js';
import { variationCatalog } from '../../mock/index.js';
import { KEYS_NO_CHECK_EXPECTS, PROFILE_VARIANTS, profileFile } from '../../scripts/matrix/profile-variants.js';
import { CONFORMANCE_PROJECTS } from '../../suite/runner/projects.js';

test('every variation of the reference provider is seen by conformance areas that exist', () => {
  const areas = new Set<string>(CONFORMANCE_PROJECTS);
  for (const v of variationCatalog) if (v.sees !== 'all') for (const area of v.sees) expect(areas.has(area), `${v.name}: ${area}`).toBe(true);
});

type Json = Record<string, unknown>;

/** Dotted paths of the leaves of a JSON object (arrays and null are leaves). */
function leaves(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Json).flatMap(([k, v]) => (k.startsWith('$') ? [] : leaves(v, prefix ? `${prefix}.${k}` : k)));
}

function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v as Json | undefined)?.[k], value);
}

test("the kill matrix's strict profile is the matrices' timing with the stricter gate, and nothing else", () => {
  const read = (name: string) => {
    const { $comment: _, ...rest } = JSON.parse(readFileSync(profileFile(name), 'utf8')) as Json;
    return rest;
  };
  expect(read('matrix-strict')).toEqual({ ...read('matrix-timing'), ...read('strict') });
});

test.describe('profile variants @profiles', () => {
  for (const v of PROFILE_VARIANTS)
    test(`${v.name} is a valid PROFILE that differs from the default`, () => {
      const merged = loadProfile(v.file);
      const changed = leaves(merged).filter((p) => JSON.stringify(at(merged, p)) !== JSON.stringify(at(defaultProfile(), p)));
      expect(changed.length, `${v.file} changes nothing`).toBeGreaterThan(0);
    });

  test('every profile key that changes what a check expects is changed by some variant', () => {
    const changedBy = new Map<string, string[]>();
    for (const v of PROFILE_VARIANTS) {
      const override = JSON.parse(readFileSync(v.file, 'utf8')) as Json;
      for (const p of leaves(override))
        if (JSON.stringify(at(override, p)) !== JSON.stringify(at(defaultProfile(), p))) changedBy.set(p, [...(changedBy.get(p) ?? []), v.name]);
    }
    const keys = leaves(defaultProfile());
    const uncovered = keys.filter((k) => !changedBy.has(k) && !(k in KEYS_NO_CHECK_EXPECTS));
    expect(uncovered, 'profile keys no variant changes (add one, or say in KEYS_NO_CHECK_EXPECTS why no check depends on it)').toEqual([]);
    expect(
      Object.keys(KEYS_NO_CHECK_EXPECTS).filter((k) => !keys.includes(k)),
      'excluded keys the profile no longer has',
    ).toEqual([]);
  });
});
