// The hostile-input generators: each wrong signature differs from the documented digest and from the others,
// and the right digest is inside each wrong-typed one; the X-Signs made other ways do not verify as the
// profile's; the amounts past the storage widths are out of range, two of them wrapping to min; the other
// literals are JSON exactly when they say so and equal min; the page payloads leave the traces the probe reads.
import { test, expect } from '@playwright/test';
import { constants, verify } from 'node:crypto';
import {
  AMOUNT_LIMITS,
  amountLiteralBodies,
  digestAsSent,
  generateRsaKeyPair,
  notAnAddressVariants,
  otherSchemeSignatures,
  otherTypeSignatures,
  otherXSignSchemes,
  storageWidthVariants,
  unsafeReturnUrlVariants,
} from '../../generators/index.js';
import { buildAccount2CardRequest, buildInvoiceRequest, buildStatusRequest } from '../../generators/builders.js';
import { INJECTED_ATTRIBUTE, markupInjections, RAN_MARKER, returnUrlInjection, templateDelimiter } from '../../generators/hostile-text.js';
import type { SignedOperation } from '../../contracts/operations.js';

const creds = { apiKey: 'merchant-key-9', cryptoKey: 'crypto-key-9' };
const BODIES: Record<SignedOperation, () => Record<string, unknown>> = {
  invoice: () => ({ ...buildInvoiceRequest(creds) }),
  account2card: () => ({ ...buildAccount2CardRequest(creds) }),
  status: () => ({ ...buildStatusRequest(creds, '3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f') }),
};

test.describe('hostile input generators @generators', () => {
  for (const op of ['invoice', 'account2card', 'status'] as const)
    test(`${op}: signatures of other schemes and types are wrong, distinct, and change nothing else`, () => {
      const valid = BODIES[op]();
      const correct = digestAsSent(op, valid, creds.cryptoKey);
      const schemes = otherSchemeSignatures(op, creds, valid);
      const seen = new Set<string>();
      for (const t of schemes) {
        const sig = t.body.signature as string;
        expect(sig.toLowerCase(), t.label).not.toBe(correct);
        expect({ ...t.body, signature: correct }, t.label).toEqual(valid);
        seen.add(sig);
      }
      expect(seen.size).toBe(schemes.length);
      expect(
        schemes.some((t) => (t.body.signature as string).startsWith(correct)),
        'a prefix compare takes one',
      ).toBe(true);
      const typed = otherTypeSignatures(op, creds, valid);
      expect(typed.find((t) => Array.isArray(t.body.signature))?.body.signature).toEqual([correct]);
      expect(typed.filter((t) => typeof t.body.signature !== 'string').every((t) => t.keysRule === 'PRO-VAL-TYPES')).toBe(true);
      expect(typed.some((t) => typeof t.body.signature === 'string' && (t.body.signature as string).length === 100_000)).toBe(true);
    });

  test('X-Signs made other ways do not verify as PKCS#1 v1.5 SHA-256 over the bytes sent; the PSS one verifies as PSS', () => {
    const pair = generateRsaKeyPair(2048);
    const bodyText = JSON.stringify(buildAccount2CardRequest(creds));
    const others = otherXSignSchemes(bodyText, pair.privateKeyPem);
    expect(others.map((t) => t.label).join(' | ')).toMatch(/PSS.*SHA-1.*SHA-512.*re-serialisation/);
    for (const t of others) expect(verify('sha256', Buffer.from(t.bodyText), pair.publicKeyPem, Buffer.from(t.header!, 'base64')), t.label).toBe(false);
    const pss = others[0]!;
    expect(
      verify('sha256', Buffer.from(pss.bodyText), { key: pair.publicKeyPem, padding: constants.RSA_PKCS1_PSS_PADDING }, Buffer.from(pss.header!, 'base64')),
    ).toBe(true);
  });

  for (const op of ['invoice', 'account2card'] as const)
    test(`${op}: amounts past the storage widths are out of range, and 2^32 + min and 2^64 + min wrap to min`, () => {
      const { min, max } = AMOUNT_LIMITS[op];
      const variants = storageWidthVariants(op, creds);
      const texts = variants.map((v) => (v.rawBody ?? JSON.stringify(v.body)).match(/"amount":(-?\d+)/)![1]!);
      for (const t of texts) expect(BigInt(t) < BigInt(min) || BigInt(t) > BigInt(max) || t === '-0', t).toBe(true);
      expect(texts.filter((t) => BigInt.asIntN(32, BigInt(t)) === BigInt(min) || BigInt.asUintN(64, BigInt(t)) === BigInt(min))).toHaveLength(2);
      for (const v of variants)
        expect(v.body && (v.body as Record<string, unknown>).signature, v.label).toBe(
          digestAsSent(op, v.body as Record<string, unknown>, creds.cryptoKey, v.rawBody?.match(/"amount":(-?\d+)/)?.[1]),
        );
    });

  for (const op of ['invoice', 'account2card'] as const)
    test(`${op}: other amount literals are JSON exactly when marked, and then equal min`, () => {
      for (const l of amountLiteralBodies(op, creds)) {
        let parsed: { amount?: unknown } | undefined;
        try {
          parsed = JSON.parse(l.rawBody) as { amount?: unknown };
        } catch {
          parsed = undefined;
        }
        expect(parsed !== undefined, l.label).toBe(l.json);
        if (parsed) expect(parsed.amount, l.label).toBe(AMOUNT_LIMITS[op].min);
        expect(l.rawBody, l.label).not.toContain(`"amount":${AMOUNT_LIMITS[op].min},`);
      }
    });

  test('unsafe return_urls are no http(s) URL; non-addresses are no IP address', () => {
    for (const v of unsafeReturnUrlVariants(creds)) {
      const url = (v.body as { return_url: string }).return_url;
      expect(/^https?:\/\//i.test(url) && URL.canParse(url), url).toBe(false);
    }
    expect(notAnAddressVariants(creds).length).toBeGreaterThanOrEqual(5);
  });

  test('every page payload carries its id where the probe looks: the marker attribute, the script marker or the template delimiters', () => {
    const all = [...markupInjections('d'), ...returnUrlInjection().injections];
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    for (const i of all) {
      const traced =
        i.text.includes(`${INJECTED_ATTRIBUTE}=${i.id}`) || i.text.includes(`${INJECTED_ATTRIBUTE}="${i.id}"`) || i.text.includes(`push(\`${i.id}\`)`);
      const template = i.text.includes(`${templateDelimiter(i.id)}`) && i.text.includes('1337*7331');
      expect(traced || template, i.id).toBe(true);
      if (traced && !template) expect(i.text.includes(RAN_MARKER) || i.text.includes(INJECTED_ATTRIBUTE), i.id).toBe(true);
    }
    expect(/[\s]/.test(returnUrlInjection().url)).toBe(false);
  });
});
