/**
 * Wrong `signature` values over an otherwise valid body (each must be rejected keyed
 * `signature`), and the one accepted deviation: the digest in upper case.
 */
import { createHash, createHmac } from 'node:crypto';
import type { MerchantCredentials } from '../signing.js';
import { digestInput, sha256Hex } from '../signing.js';
import { cloneBody, DIGEST_FIELDS, digestAsSent, type Body } from './body.js';
import type { RuleId } from '../../contracts/index.js';
import { kindOf, type AcceptedSignatureVariant, type SignatureTampering } from './types.js';
import type { SignedOperation } from '../../contracts/operations.js';

const DIGEST_RULE: Record<SignedOperation, RuleId> = {
  invoice: 'DOC-AUTH-INV-DIGEST',
  account2card: 'DOC-AUTH-A2C-DIGEST',
  status: 'PRO-STATUS-REQUEST',
};

/** Options of {@link signatureTamperings}. */
export interface SignatureTamperingOptions {
  /** Positions (0..63) at which one hex digit of the correct digest is changed. Default `[0, 31, 63]`. */
  flipPositions?: readonly number[];
  /** Status request: the amount of the invoice asked about, for the tampering "the invoice's formula, amount included". */
  invoiceAmount?: number;
}

/** The hex digest with the digit at `position` replaced by another (`delta` 1..15 steps further, mod 16). */
export function flipHexDigit(hex: string, position: number, delta = 1): string {
  if (!Number.isInteger(position) || position < 0 || position >= hex.length) {
    throw new Error(`flipHexDigit: position must be an integer in 0..${hex.length - 1}, got ${position}`);
  }
  if (!Number.isInteger(delta) || delta < 1 || delta > 15) throw new Error(`flipHexDigit: delta must be in 1..15, got ${delta}`);
  const digit = parseInt(hex[position], 16);
  if (Number.isNaN(digit)) throw new Error(`flipHexDigit: '${hex[position]}' at ${position} is not a hex digit`);
  return hex.slice(0, position) + ((digit + delta) % 16).toString(16) + hex.slice(position + 1);
}

function checkOperation(api: string, operation: SignedOperation): void {
  if (DIGEST_RULE[operation] === undefined) throw new Error(`${api}: unknown operation '${String(operation)}'`);
}

/** A copy of `validBody` with `signature` replaced. */
function withSignature(validBody: unknown, signature: unknown): Body {
  const body = cloneBody(validBody);
  body.signature = signature;
  return body;
}

/** An obviously different v4 UUID: the hex digits of the given one reversed in each group. */
function otherTransaction(tx: string): string {
  const other = tx
    .split('-')
    .map((g) => [...g].reverse().join(''))
    .join('-');
  return other === tx ? '00000000-0000-4000-8000-000000000001' : other;
}

/**
 * The tampered signatures of a valid, correctly signed body: one hex digit changed, wrong
 * field order, no crypto_key (the same digest as an empty crypto_key), separators between
 * the fields, another amount / transaction / (account2card) recipient_pan, the invoice
 * formula on account2card, truncated digests (63 and 32 characters), another crypto_key,
 * sha1 and md5 instead of sha256, base64 instead of hex. Each differs from the correct
 * digest in every letter case.
 */
export function signatureTamperings(
  operation: SignedOperation,
  creds: MerchantCredentials,
  validBody: unknown,
  options: SignatureTamperingOptions = {},
): SignatureTampering[] {
  checkOperation('signatureTamperings', operation);
  const body = cloneBody(validBody);
  const rule = DIGEST_RULE[operation];
  const key = creds.cryptoKey;
  const correct = digestAsSent(operation, body, key);
  const fields = DIGEST_FIELDS[operation].map((f) => body[f]);
  const digestOf = (parts: unknown[]): string => sha256Hex(digestInput(parts));
  const as = (label: string, signature: string): SignatureTampering => ({
    label: `signature ${label}`,
    body: withSignature(body, signature),
    rule,
    kind: 'documented',
  });
  const out: SignatureTampering[] = [];
  for (const p of options.flipPositions ?? [0, 31, 63]) out.push(as(`with hex digit ${p} changed`, flipHexDigit(correct, p)));
  const [apiKey, transaction, amount, pan] = fields;
  out.push(as('over the fields in another order (transaction first)', digestOf([transaction, apiKey, ...fields.slice(2), key])));
  out.push(as('with crypto_key first', digestOf([key, ...fields])));
  out.push(as('without crypto_key (same as an empty crypto_key)', digestOf(fields)));
  out.push(as("with '|' separators", sha256Hex([...fields, key].map((p) => digestInput([p])).join('|'))));
  if (operation !== 'status') out.push(as('over another amount (amount+1)', digestOf([apiKey, transaction, Number(amount) + 1, ...fields.slice(3), key])));
  out.push(as('over another transaction', digestOf([apiKey, otherTransaction(String(transaction)), ...fields.slice(2), key])));
  if (operation === 'status' && options.invoiceAmount !== undefined)
    out.push(as("by the invoice's formula (the invoice amount included)", digestOf([apiKey, transaction, options.invoiceAmount, key])));
  if (operation === 'account2card') {
    const otherPan = String(pan).slice(0, -2) + String(pan).slice(-2).split('').reverse().join('');
    const changedPan = otherPan === String(pan) ? '5555555555554444' : otherPan;
    out.push(as('over another recipient_pan', digestOf([apiKey, transaction, amount, changedPan, key])));
    out.push(as('by the invoice formula (without recipient_pan)', digestOf([apiKey, transaction, amount, key])));
  }
  out.push(as('truncated to 63 characters', correct.slice(0, 63)));
  out.push(as('truncated to 32 characters', correct.slice(0, 32)));
  out.push(as('made with another crypto_key', digestOf([...fields, key + 'x'])));
  out.push(
    as(
      'as sha1 instead of sha256',
      createHash('sha1')
        .update(digestInput([...fields, key]), 'utf8')
        .digest('hex'),
    ),
  );
  out.push(
    as(
      'as md5 instead of sha256',
      createHash('md5')
        .update(digestInput([...fields, key]), 'utf8')
        .digest('hex'),
    ),
  );
  out.push(
    as(
      'as base64 instead of hex',
      createHash('sha256')
        .update(digestInput([...fields, key]), 'utf8')
        .digest('base64'),
    ),
  );
  return out;
}

/**
 * Digests over the digest fields with one of them left out (crypto_key kept). A provider whose own
 * digest skips that field accepts exactly this signature, so every one must be refused.
 */
export function leaveOneOutTamperings(operation: SignedOperation, creds: MerchantCredentials, validBody: unknown): SignatureTampering[] {
  checkOperation('leaveOneOutTamperings', operation);
  const body = cloneBody(validBody);
  const fields = DIGEST_FIELDS[operation];
  return fields.map((left) => ({
    label: `signature over the fields without ${left}`,
    body: withSignature(body, sha256Hex(digestInput([...fields.filter((f) => f !== left).map((f) => body[f]), creds.cryptoKey]))),
    rule: DIGEST_RULE[operation],
    kind: 'documented' as const,
  }));
}

/**
 * Signatures made other ways than the documented sha256 of the plain concatenation, each a scheme a
 * provider could accept beside the documented one (ASVS 5.0 11.2 and 11.6.1: only the one stated; API2:2023
 * Broken Authentication): an HMAC-SHA256 keyed with crypto_key (over the fields, over the fields and
 * crypto_key), sha256 of a query string or of JSON, sha256 of the hex digest, and the right digest with
 * more after it (two more hex digits; a NUL and more), which a prefix or C-string comparison takes.
 * Signature tamperings, signatureTamperings() and leaveOneOutTamperings() hold the rest.
 */
export function otherSchemeSignatures(operation: SignedOperation, creds: MerchantCredentials, validBody: unknown): SignatureTampering[] {
  checkOperation('otherSchemeSignatures', operation);
  const body = cloneBody(validBody);
  const key = creds.cryptoKey;
  const names = DIGEST_FIELDS[operation];
  const fields = names.map((f) => body[f]);
  const correct = digestAsSent(operation, body, key);
  const hmac = (text: string) => createHmac('sha256', key).update(text, 'utf8').digest('hex');
  const query = names.map((n, i) => `${n}=${digestInput([fields[i]])}`).join('&');
  const unsigned = cloneBody(body);
  delete unsigned.signature;
  const as = (label: string, signature: string): SignatureTampering => ({
    label: `signature ${label}`,
    body: withSignature(body, signature),
    rule: DIGEST_RULE[operation],
    kind: kindOf(DIGEST_RULE[operation]),
  });
  return [
    as('as HMAC-SHA256 of the fields keyed with crypto_key', hmac(digestInput(fields))),
    as('as HMAC-SHA256 of the fields and crypto_key keyed with crypto_key', hmac(digestInput([...fields, key]))),
    as(`as sha256 of a query string (${names.join('=…&')}=…) and crypto_key`, sha256Hex(query + key)),
    as('as sha256 of the body as JSON (signature left out) and crypto_key', sha256Hex(JSON.stringify(unsigned) + key)),
    as(
      'as sha256 of the fields and crypto_key as a JSON object',
      sha256Hex(JSON.stringify({ ...Object.fromEntries(names.map((n, i) => [n, fields[i]])), crypto_key: key })),
    ),
    as('as sha256 of the hex digest (hashed twice)', sha256Hex(correct)),
    as('as the digest followed by two more hex digits', `${correct}00`),
    as('as the digest followed by a NUL character and more', `${correct}\u0000${'0'.repeat(8)}`),
  ];
}

/** "signature is a required string": another type accepted breaks it. */
const STRING_RULE: Record<SignedOperation, RuleId> = {
  invoice: 'DOC-INV-REQ-SIGNATURE',
  account2card: 'DOC-A2C-REQ-SIGNATURE',
  status: 'PRO-STATUS-REQUEST',
};

/**
 * The right digest inside a value of another type, and a very long string: a provider that reads the
 * signature with String(value) takes ["<digest>"]; one that hashes or compares without a length bound
 * chokes on 100 000 characters. Each is refused keyed signature: another type names PRO-VAL-TYPES when
 * keyed otherwise.
 */
export function otherTypeSignatures(operation: SignedOperation, creds: MerchantCredentials, validBody: unknown): SignatureTampering[] {
  checkOperation('otherTypeSignatures', operation);
  const body = cloneBody(validBody);
  const correct = digestAsSent(operation, body, creds.cryptoKey);
  const typed = (label: string, signature: unknown): SignatureTampering => ({
    label: `signature as ${label}`,
    body: withSignature(body, signature),
    rule: STRING_RULE[operation],
    keysRule: 'PRO-VAL-TYPES',
    kind: kindOf(STRING_RULE[operation]),
  });
  return [
    typed('an array holding the digest', [correct]),
    typed('an object holding the digest', { signature: correct }),
    typed('a number', Number.parseInt(correct.slice(0, 12), 16)),
    typed('a boolean', true),
    {
      label: 'signature as a 100 000-character string starting with the digest',
      body: withSignature(body, correct.padEnd(100_000, correct)),
      rule: DIGEST_RULE[operation],
      kind: kindOf(DIGEST_RULE[operation]),
    },
  ];
}

/**
 * Signatures that differ from the computed lower-case digest but are correct under the
 * default profile (hex compared without regard to letter case, PRO-VAL-SIGNATURE).
 */
export function acceptedSignatureVariants(operation: SignedOperation, creds: MerchantCredentials, validBody: unknown): AcceptedSignatureVariant[] {
  checkOperation('acceptedSignatureVariants', operation);
  const body = cloneBody(validBody);
  const correct = digestAsSent(operation, body, creds.cryptoKey);
  return [{ label: 'signature in upper-case hex', body: withSignature(body, correct.toUpperCase()), rule: 'PRO-VAL-SIGNATURE', kind: 'profile' }];
}
