// Invalid variants fail where they say (schema and, for profile-only rules, a small profile oracle),
// break nothing else, and are signed over the body as sent; tampered signatures differ from the digest.
import { test, expect } from '@playwright/test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { verify } from 'node:crypto';
import { isIP } from 'node:net';
import { isRequirementId, requirement, validate, type Diagnostic } from '../../contracts/index.js';
import {
  account2cardRequest,
  acceptedSignatureVariants,
  amountEdges,
  amountVariants,
  AMOUNT_LIMITS,
  digestAsSent,
  formatVariants,
  generateRsaKeyPair,
  getField,
  invoiceRequest,
  isLuhnValid,
  missingFieldVariants,
  REQUIRED_FIELDS,
  setField,
  digitFlips,
  applyDigitFlip,
  signatureTamperings,
  xSign,
  xSignTamperings,
  type InvalidVariant,
} from '../../generators/index.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { buildAccount2CardRequest, buildInvoiceRequest } from '../../generators/builders.js';

const creds = { apiKey: 'merchant-key-7', cryptoKey: 'crypto-key-7' };
const OPS: readonly PaymentOperation[] = ['invoice', 'account2card'];
const SCHEMA = { invoice: 'invoice-request', account2card: 'account2card-request' } as const;

/** Validation-body keys (dotted) named by schema diagnostics; a `required` error names the missing property. */
function schemaKeys(errors: readonly Diagnostic[]): Set<string> {
  const keys = new Set<string>();
  for (const e of errors) {
    const parts = e.path.split('/').slice(1);
    if (e.keyword === 'required') parts.push(String(e.params.missingProperty));
    if (e.keyword === 'additionalProperties') parts.push(String(e.params.additionalProperty));
    keys.add(parts.join('.'));
  }
  return keys;
}

/**
 * The default profile's rules that no contract schema encodes (defaults.md, Validation failures):
 * null or "" counts as missing; return_url absolute http(s); client_ip IPv4/IPv6;
 * recipient_pan 13..19 Luhn digits; payer_phone 10..15 digits with an optional plus.
 */
function profileKeys(op: PaymentOperation, body: Record<string, unknown>): Set<string> {
  const keys = new Set<string>();
  const payloadIsObject = body.payload !== null && typeof body.payload === 'object' && !Array.isArray(body.payload);
  for (const { field } of REQUIRED_FIELDS[op]) {
    if (field.startsWith('payload.') && !payloadIsObject) continue;
    const v = getField(body, field);
    if (v === null || v === '') keys.add(field);
  }
  const str = (f: string): string | undefined => {
    const v = getField(body, f);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  if (op === 'invoice') {
    const url = str('return_url');
    if (url !== undefined) {
      let ok: boolean;
      try {
        ok = ['http:', 'https:'].includes(new URL(url).protocol);
      } catch {
        ok = false;
      }
      if (!ok) keys.add('return_url');
    }
    const ip = payloadIsObject ? str('payload.client_ip') : undefined;
    if (ip !== undefined && isIP(ip) === 0) keys.add('payload.client_ip');
  } else {
    const pan = str('recipient_pan');
    if (pan !== undefined && !(/^[0-9]{13,19}$/.test(pan) && isLuhnValid(pan))) keys.add('recipient_pan');
    const phone = str('payer_phone');
    if (phone !== undefined && !/^\+?[0-9]{10,15}$/.test(phone)) keys.add('payer_phone');
  }
  return keys;
}

/** The body with every broken key restored from a fresh valid body and re-signed as sent. */
function repaired(op: PaymentOperation, v: InvalidVariant): Record<string, unknown> {
  const valid = (op === 'invoice' ? buildInvoiceRequest(creds) : buildAccount2CardRequest(creds)) as unknown as Record<string, unknown>;
  const body = structuredClone(v.body) as Record<string, unknown>;
  for (const key of [...v.breaks].sort((a, b) => a.length - b.length)) {
    const top = key.split('.')[0];
    const parent = body[top];
    if (key.includes('.') && (parent === null || typeof parent !== 'object' || Array.isArray(parent))) body[top] = valid[top];
    else setField(body, key, getField(valid, key));
  }
  body.signature = digestAsSent(op, body, creds.cryptoKey);
  return body;
}

function allVariants(op: PaymentOperation): { family: string; v: InvalidVariant }[] {
  return [
    ...missingFieldVariants(op, creds).map((v) => ({ family: 'missing', v })),
    ...formatVariants(op, creds).map((v) => ({ family: 'format', v })),
    ...amountVariants(op, creds).map((v) => ({ family: 'amount', v })),
  ];
}

for (const op of OPS) {
  test.describe(`${op} invalid variants @generators`, () => {
    test('every variant fails at its intended keys and nowhere else', () => {
      const variants = allVariants(op);
      expect(variants.length).toBeGreaterThan(40);
      const profileOnly: string[] = [];
      for (const { family, v } of variants) {
        const where = `${family}: ${v.label}`;
        const body = v.body as Record<string, unknown>;
        // The rule exists, and its kind matches.
        assert.ok(isRequirementId(v.rule), `${where}: unknown rule ${v.rule}`);
        assert.equal(requirement(v.rule as Parameters<typeof requirement>[0]).kind, v.kind, `${where}: kind`);
        assert.ok(v.breaks.length > 0, where);
        for (const k of v.mayAlsoReport) assert.ok(!v.breaks.includes(k), `${where}: ${k} in both lists`);
        // Signed over the body as sent, unless the signature itself is broken.
        if (!v.breaks.includes('signature')) {
          const raw = v.rawBody === undefined ? undefined : /"amount":(-?[0-9]+)/.exec(v.rawBody)?.[1];
          assert.equal(body.signature, digestAsSent(op, body, creds.cryptoKey, raw), `${where}: signature not over the body as sent`);
        }
        // Where it fails: the schema, plus the profile rules no schema encodes.
        const schema = validate(SCHEMA[op], body);
        const fromSchema = schemaKeys(schema.errors);
        const detected = new Set([...fromSchema, ...profileKeys(op, body)]);
        for (const k of v.breaks) assert.ok(detected.has(k), `${where}: ${k} not detected (schema: ${[...fromSchema].join(', ') || 'valid'})`);
        for (const k of detected) assert.ok(v.breaks.includes(k) || v.mayAlsoReport.includes(k), `${where}: ${k} detected but not listed`);
        // A documented rule is encoded in the contract schema itself.
        if (v.kind === 'documented') {
          for (const k of v.breaks) assert.ok(fromSchema.has(k), `${where}: documented, but the schema does not flag ${k}`);
        }
        if (!v.breaks.every((k) => fromSchema.has(k))) profileOnly.push(v.label);
        // A "required" expectation only for missing values.
        if (v.expectRequired) {
          for (const k of v.breaks) {
            const value = getField(body, k);
            assert.ok(value === undefined || value === null || value === '', `${where}: ${k} expects "required" but is ${JSON.stringify(value)}`);
          }
        }
        // Restoring the broken keys gives a valid request: the variant breaks nothing else.
        const fixed = repaired(op, v);
        const after = validate(SCHEMA[op], fixed);
        assert.ok(after.valid && profileKeys(op, fixed).size === 0, `${where}: still invalid after repair: ${JSON.stringify(after.errors)}`);
        // The raw body encodes the same object, with the literal written as digits.
        if (v.rawBody !== undefined) {
          assert.deepEqual(JSON.parse(v.rawBody), body);
          assert.match(v.rawBody, /"amount":9007199254740993[,}]/);
        }
      }
      test.info().annotations.push({
        type: 'profile-only',
        description: `${profileOnly.length} variant(s) break profile rules no contract schema encodes (checked by the profile oracle): ${profileOnly.join('; ')}`,
      });
    });

    test('variants cover every required field absent, null, empty and of a wrong type, and several at once', () => {
      const variants = missingFieldVariants(op, creds);
      for (const { field, rule } of REQUIRED_FIELDS[op]) {
        const mine = variants.filter((v) => v.breaks.length === 1 && v.breaks[0] === field);
        expect(
          mine.find((v) => v.rule === rule && v.missing === 'absent' && v.expectRequired && getField(v.body as Record<string, unknown>, field) === undefined),
        ).toBeTruthy();
        expect(
          mine
            .filter((v) => v.rule === 'PRO-VAL-MISSING' && v.expectRequired)
            .map((v) => v.missing)
            .sort(),
        ).toEqual(['empty', 'null']);
        // A wrong type accepted breaks the document's field rule; refused but keyed otherwise, PRO-VAL-TYPES.
        expect(mine.some((v) => v.rule === rule && v.keysRule === 'PRO-VAL-TYPES' && !v.expectRequired)).toBe(true);
      }
      const several = variants.filter((v) => v.rule === 'PRO-VAL-ALL-FIELDS' && v.missing === 'several');
      expect(several.some((v) => v.breaks.length === 2)).toBe(true);
      expect(several.some((v) => v.breaks.length === 3)).toBe(true);
    });

    test('each variant carries a fresh transaction (no duplicate-transaction side effect)', () => {
      const txs = allVariants(op)
        .map(({ v }) => (v.body as Record<string, unknown>).transaction)
        .filter((t): t is string => typeof t === 'string' && /^[0-9a-f-]{36}$/.test(t));
      expect(new Set(txs).size).toBe(txs.length);
    });
  });
}

test.describe('amount edges @generators', () => {
  for (const op of OPS) {
    test(`${op}: valid exactly when an integer within the inclusive limits`, () => {
      const { min, max } = AMOUNT_LIMITS[op];
      const edges = amountEdges(op);
      const labels = edges.map((e) => e.label.split(' (')[0]);
      for (const l of ['min-1', 'min', 'min+1', 'max-1', 'max', 'max+1', 'zero', 'negative', 'numeric string']) expect(labels).toContain(l);
      for (const e of edges) {
        const isValid = typeof e.value === 'number' && Number.isInteger(e.value) && e.value >= min && e.value <= max && e.rawJsonAmount === undefined;
        expect(e.valid, e.label).toBe(isValid);
      }
      expect(edges.filter((e) => e.valid).map((e) => e.value)).toEqual([min, min + 1, max - 1, max]);
      const big = edges.find((e) => e.rawJsonAmount !== undefined)!;
      expect(BigInt(big.rawJsonAmount!)).toBe(2n ** 53n + 1n);
      expect(edges.some((e) => e.value === 2 ** 53 + 2)).toBe(true);
    });
  }
});

test.describe('signature tamperings @generators', () => {
  for (const op of OPS) {
    const bodies = (): Record<string, unknown>[] =>
      (op === 'invoice'
        ? fc.sample(invoiceRequest(creds), { seed: 17, numRuns: 30 })
        : fc.sample(account2cardRequest(creds), { seed: 17, numRuns: 30 })) as unknown as Record<string, unknown>[];

    test(`${op}: every tampered signature differs from the digest in any letter case; nothing else changes`, () => {
      for (const valid of bodies()) {
        const correct = digestAsSent(op, valid, creds.cryptoKey);
        const tamperings = signatureTamperings(op, creds, valid);
        expect(tamperings.length).toBeGreaterThanOrEqual(op === 'invoice' ? 15 : 17);
        const seen = new Set<string>();
        for (const t of tamperings) {
          const sig = t.body.signature as string;
          assert.notEqual(sig.toLowerCase(), correct, t.label);
          assert.ok(isRequirementId(t.rule), t.label);
          assert.equal(t.kind, 'documented', t.label);
          assert.deepEqual({ ...t.body, signature: correct }, valid, `${t.label}: other fields changed`);
          // The schema can only see the signature's shape; anything it flags is the signature.
          for (const k of schemaKeys(validate(SCHEMA[op], t.body).errors)) assert.equal(k, 'signature', t.label);
          seen.add(sig);
        }
        // Distinct, except the documented coincidence noted in the label (no crypto_key = empty crypto_key).
        expect(seen.size).toBe(tamperings.length);
      }
    });

    test(`${op}: the upper-case digest is a different string that the profile accepts`, () => {
      for (const valid of bodies()) {
        const correct = digestAsSent(op, valid, creds.cryptoKey);
        const [upper] = acceptedSignatureVariants(op, creds, valid);
        expect(upper.rule).toBe('PRO-VAL-SIGNATURE');
        expect(upper.kind).toBe('profile');
        expect((upper.body.signature as string).toLowerCase()).toBe(correct);
        if (/[a-f]/.test(correct)) expect(upper.body.signature).not.toBe(correct);
        expect(validate(SCHEMA[op], upper.body).valid).toBe(true);
      }
    });

    test(`${op}: one changed hex digit, over all 64 positions and 15 other values`, () => {
      const valid = bodies()[0];
      const correct = digestAsSent(op, valid, creds.cryptoKey);
      const positions = new Set<number>();
      fc.assert(
        fc.property(digitFlips(), (flip) => {
          const t = applyDigitFlip(op, creds, valid, flip);
          const sig = t.body.signature as string;
          assert.match(sig, /^[0-9a-f]{64}$/);
          const diff = [...sig].map((c, i) => (c !== correct[i] ? i : -1)).filter((i) => i >= 0);
          assert.equal(diff.length, 1);
          positions.add(diff[0]);
        }),
        { seed: 5, numRuns: 2000 },
      );
      expect(positions.size).toBe(64);
    });
  }
});

test.describe('X-Sign tamperings @generators', () => {
  test('no tampered X-Sign verifies over the body bytes sent', () => {
    const pair = generateRsaKeyPair(2048);
    const other = generateRsaKeyPair(2048);
    const bodyText = JSON.stringify(buildAccount2CardRequest(creds));
    const good = xSign(bodyText, pair.privateKeyPem);
    expect(verify('sha256', Buffer.from(bodyText), pair.publicKeyPem, Buffer.from(good, 'base64'))).toBe(true);
    const tamperings = xSignTamperings(bodyText, pair.privateKeyPem, other.privateKeyPem);
    const labels = tamperings.map((t) => t.label).join(' | ');
    for (const word of ['no X-Sign', 'another key', 'pretty-printed', 'reverse order', 'truncated', 'base64url', 'garbage']) expect(labels).toContain(word);
    for (const t of tamperings) {
      expect(t.bodyText, t.label).toBe(bodyText);
      expect(isRequirementId(t.rule), t.label).toBe(true);
      if (t.header === undefined) continue;
      expect(t.header, t.label).not.toBe(good);
      // Decode strictly as the profile's standard base64; a header that does not decode cannot verify.
      const strict = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(t.header);
      if (strict) expect(verify('sha256', Buffer.from(bodyText), pair.publicKeyPem, Buffer.from(t.header, 'base64')), t.label).toBe(false);
    }
  });
});
