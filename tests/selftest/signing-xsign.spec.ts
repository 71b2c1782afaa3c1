// X-Sign (defaults.md): base64 RSASSA-PKCS1-v1_5 SHA-256 over the exact body bytes, verified with node:crypto.
import { test, expect } from '@playwright/test';
import { createPrivateKey, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { generateRsaKeyPair, xSign, xSignAsync } from '../../generators/signing.js';
import { xSignWithForge } from '../../generators/signing-forge.js';

const BODY = '{"api_key":"key","transaction":"0f8fad5b-d9cb-469f-a165-70867728950e","amount":100000,"payer_fio":"Иванов Иван Иванович"}';

test.describe('X-Sign @signing', () => {
  const pair = generateRsaKeyPair(2048);
  const pkcs1 = createPrivateKey(pair.privateKeyPem).export({ type: 'pkcs1', format: 'pem' }) as string;

  test('generateRsaKeyPair gives PKCS#8 private and SPKI public PEM', () => {
    expect(pair.privateKeyPem).toContain('-----BEGIN PRIVATE KEY-----');
    expect(pair.publicKeyPem).toContain('-----BEGIN PUBLIC KEY-----');
    expect(createPublicKey(pair.publicKeyPem).asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  for (const [name, pem] of [
    ['PKCS#8', () => pair.privateKeyPem],
    ['PKCS#1', () => pkcs1],
  ] as const) {
    test(`signature from a ${name} key verifies over the UTF-8 body bytes`, () => {
      const sig = xSign(BODY, pem());
      expect(sig).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(sig.length % 4).toBe(0);
      expect(Buffer.from(sig, 'base64')).toHaveLength(256);
      expect(verify('sha256', Buffer.from(BODY, 'utf8'), pair.publicKeyPem, Buffer.from(sig, 'base64'))).toBe(true);
    });
  }

  test('PKCS#1 and PKCS#8 forms of one key give the same (deterministic) signature', () => {
    expect(xSign(BODY, pkcs1)).toBe(xSign(BODY, pair.privateKeyPem));
  });

  test('xSignAsync, on the thread pool, gives what xSign gives, and refuses what xSign refuses', async () => {
    for (const body of [BODY, '', new Uint8Array([0xff, 0x00, 0x7b])]) expect(await xSignAsync(body, pkcs1)).toBe(xSignWithForge(body, pair.privateKeyPem));
    await expect(xSignAsync(BODY, 'not a key')).rejects.toThrow(/not an unencrypted RSA private key/);
  });

  test('node:crypto and node-forge, two independent implementations, give the same signature', () => {
    for (const body of [BODY, '', '{"ж": "\u2028"}', JSON.stringify(JSON.parse(BODY), null, 2)]) {
      expect(xSign(body, pair.privateKeyPem)).toBe(xSignWithForge(body, pair.privateKeyPem));
      expect(xSign(body, pkcs1)).toBe(xSignWithForge(body, pkcs1));
    }
  });

  test('bytes and the equal string sign alike', () => {
    expect(xSign(new Uint8Array(Buffer.from(BODY, 'utf8')), pair.privateKeyPem)).toBe(xSign(BODY, pair.privateKeyPem));
  });

  test('the signature does not verify over other bytes', () => {
    const sig = Buffer.from(xSign(BODY, pair.privateKeyPem), 'base64');
    const others = [BODY + '\n', JSON.stringify(JSON.parse(BODY), null, 2), BODY.replace('100000', '100001')];
    for (const other of others) {
      expect(verify('sha256', Buffer.from(other, 'utf8'), pair.publicKeyPem, sig)).toBe(false);
    }
  });

  test('a signature made with another key does not verify', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = other.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
    const sig = Buffer.from(xSign(BODY, pem), 'base64');
    expect(verify('sha256', Buffer.from(BODY), pair.publicKeyPem, sig)).toBe(false);
  });

  test('a key that is not an RSA private key PEM is refused with a message naming xSign', () => {
    expect(() => xSign(BODY, pair.publicKeyPem)).toThrow(/xSign/);
    expect(() => xSign(BODY, 'garbage')).toThrow(/xSign/);
  });
});
