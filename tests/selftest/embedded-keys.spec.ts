import { test, expect } from '@playwright/test';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { embeddedKeyPair } from '../../suite/runner/embedded-keys.js';

test.describe('the embedded provider keeps its merchants key pairs per machine user', () => {
  let base: string;

  test.beforeEach(() => void (base = mkdtempSync(join(tmpdir(), 'pts-keys-test-'))));

  test.afterEach(() => rmSync(base, { recursive: true, force: true }));

  test('a pair is generated once and read back: the same pair for the same slot, another for another slot; the file only its user can read', async () => {
    const folder = join(base, 'kept');
    const first = await embeddedKeyPair(1, folder);
    expect(await embeddedKeyPair(1, folder)).toEqual(first);
    const other = await embeddedKeyPair(2, folder);
    expect(other.privateKeyPem).not.toBe(first.privateKeyPem);
    expect(createPublicKey(createPrivateKey(first.privateKeyPem)).export({ type: 'spki', format: 'pem' })).toBe(first.publicKeyPem);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, 'merchant-1.json')).mode & 0o777).toBe(0o600);
  });

  test('a kept pair that is broken or whose halves do not match is generated again', async () => {
    const folder = join(base, 'kept');
    const first = await embeddedKeyPair(1, folder);
    const second = await embeddedKeyPair(2, folder);
    const file = join(folder, 'merchant-1.json');
    writeFileSync(file, JSON.stringify({ privateKeyPem: first.privateKeyPem, publicKeyPem: second.publicKeyPem }));
    const again = await embeddedKeyPair(1, folder);
    expect(again.privateKeyPem).not.toBe(first.privateKeyPem);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(again);
    writeFileSync(file, '{not json');
    expect((await embeddedKeyPair(1, folder)).privateKeyPem).not.toBe(again.privateKeyPem);
  });

  test('a folder others can read is neither read nor written: the pair is generated each time', async () => {
    const folder = join(base, 'open');
    const kept = await embeddedKeyPair(1, folder);
    chmodSync(folder, 0o755);
    const one = await embeddedKeyPair(1, folder);
    expect(one.privateKeyPem, 'the pair kept there is not read').not.toBe(kept.privateKeyPem);
    rmSync(join(folder, 'merchant-1.json'), { force: true });
    const two = await embeddedKeyPair(1, folder);
    expect(two.privateKeyPem).not.toBe(one.privateKeyPem);
    expect(existsSync(join(folder, 'merchant-1.json')), 'nothing written').toBe(false);
  });
});
