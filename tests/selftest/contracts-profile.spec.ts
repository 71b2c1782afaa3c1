import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { defaultProfile, loadProfile, profileDigest, ProfileError, type Profile } from '../../contracts/index.js';

/** Writes `text` to a fresh file under this test's output folder and returns its path. */
function file(name: string, text: string): string {
  const path = test.info().outputPath(name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** Runs `fn`, expects a ProfileError, returns it. */
function profileError(fn: () => unknown): ProfileError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ProfileError);
    return e as ProfileError;
  }
  throw new Error('expected a ProfileError');
}

const DEFAULT = JSON.parse(readFileSync(new URL('../../contracts/profile.default.json', import.meta.url), 'utf8')) as Profile;

test.describe('contracts: profile loading', () => {
  test('the default profile loads, unchanged, with no override', () => {
    expect(loadProfile()).toEqual(DEFAULT);
    expect(loadProfile('')).toEqual(DEFAULT);
    expect(defaultProfile()).toEqual(DEFAULT);
    expect(loadProfile().http.validation).toBe(422);
  });

  test('an override changes one status code and keeps every other value', () => {
    const p = loadProfile(file('p.json', JSON.stringify({ http: { validation: 400 } })));
    expect(p.http.validation).toBe(400);
    expect({ ...p, http: { ...p.http, validation: 422 } }).toEqual(DEFAULT);
  });

  test('objects merge, scalars and null replace', () => {
    const p = loadProfile(
      file('p.json', JSON.stringify({ antifraud: { invoiceClientIp: null }, callbacks: { enabled: false }, paths: { status: '/v1/status' } })),
    );
    expect(p.antifraud.invoiceClientIp).toBeNull();
    expect(p.callbacks).toEqual({ ...DEFAULT.callbacks, enabled: false });
    expect(p.paths).toEqual({ ...DEFAULT.paths, status: '/v1/status' });
  });

  test('an unknown key throws ProfileError naming the file and the key path', () => {
    const path = file('unknown.json', JSON.stringify({ colour: 'blue', http: { teapot: 418 } }));
    const e = profileError(() => loadProfile(path));
    expect(e.message).toBe(`PROFILE ${path}: /colour is not a known key; /http/teapot is not a known key`);
    expect(e.file).toBe(path);
  });

  test('a wrong type throws ProfileError naming the key path and the expected type', () => {
    const path = file('wrong.json', JSON.stringify({ http: { validation: '422' }, antifraud: { invoiceClientIp: 1 } }));
    const e = profileError(() => loadProfile(path));
    expect(e.message).toBe(`PROFILE ${path}: /http/validation must be integer; /antifraud/invoiceClientIp must be string or null`);
    expect(e.diagnostics.map((d) => d.path)).toEqual(['/http/validation', '/antifraud/invoiceClientIp']);
  });

  test('a status code out of range and a path without a leading slash are named', () => {
    const path = file('range.json', JSON.stringify({ http: { success: 600 }, paths: { invoice: 'api/v1/x' } }));
    const e = profileError(() => loadProfile(path));
    expect(e.message).toContain('/http/success must be <= 599');
    expect(e.message).toContain('/paths/invoice must match pattern "^/"');
  });

  test('invalid JSON throws ProfileError naming the file', () => {
    const path = file('bad.json', '{ "http": { "validation": 400, } }');
    const e = profileError(() => loadProfile(path));
    expect(e.message).toMatch(new RegExp(`^PROFILE ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON \\(.+\\)$`));
  });

  test('JSON that is not an object throws ProfileError', () => {
    const path = file('array.json', '[]');
    expect(profileError(() => loadProfile(path)).message).toBe(`PROFILE ${path}: / must be object`);
  });

  test('a missing file throws ProfileError naming the file', () => {
    const path = test.info().outputPath('does-not-exist.json');
    expect(profileError(() => loadProfile(path)).message).toBe(`PROFILE ${path}: file not found`);
  });

  test('profileDigest is sha256 hex of sorted-key JSON: key order and $comment do not matter, values do', () => {
    const d = profileDigest(DEFAULT);
    expect(d).toMatch(/^[0-9a-f]{64}$/);
    const reordered = Object.fromEntries(Object.entries(DEFAULT).reverse()) as Profile;
    expect(profileDigest(reordered)).toBe(d);
    expect(profileDigest({ ...DEFAULT, $comment: 'other words' })).toBe(d);
    expect(profileDigest({ ...DEFAULT, http: { ...DEFAULT.http, validation: 400 } })).not.toBe(d);
  });
});
