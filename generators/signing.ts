/**
 * Request signing for the Payment Transfer Service.
 *
 * - The sha256 digests of the invoice, account-to-card and (profile) status requests
 *   (payment-transfer-service.md, Authentication 2-3; defaults.md, Payment status method).
 * - The X-Sign header of the account-to-card request (defaults.md: base64 RSASSA-PKCS1-v1_5
 *   with SHA-256 over the exact body bytes).
 *
 * X-Sign is made with node:crypto (native, about 1 ms a signature, where node-forge's pure
 * JavaScript RSA takes about 100 ms, which made account-to-card properties and the kill matrix
 * slow). node-forge stays as an independent second implementation, `xSignWithForge` in
 * signing-forge.ts: PKCS#1 v1.5 signatures are deterministic, so the self-tests require both to agree
 * byte for byte.
 */
import { constants, createHash, createPrivateKey, generateKeyPair, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';

/** What a merchant is issued by the manager, plus its RSA key for X-Sign. */
export type MerchantCredentials = {
  /** The object key, sent as `api_key`. */
  apiKey: string;
  /** The secret key used in the sha256 digests; never sent. */
  cryptoKey: string;
  /** PEM of the RSA private key (PKCS#1 or PKCS#8) used for the X-Sign header. */
  privateKeyPem?: string;
};

/**
 * The text a digest is taken over: the plain concatenation, without separators, of the
 * parts in order. A part is written as `String(part)` (so the integer amount 10000 is
 * written `10000`, a string is written as is); a missing part (`undefined`) or `null`
 * is written as the empty string. This is the rule the invalid variants follow for a
 * body whose digest inputs are themselves broken: the digest is taken over the body as sent.
 */
export function digestInput(parts: readonly unknown[]): string {
  return parts.map(digestPart).join('');
}

function digestPart(part: unknown): string {
  if (part === undefined || part === null) return '';
  return String(part);
}

/** sha256 of a UTF-8 string, lower-case hex (64 characters). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Fields of the invoice request that enter its digest. */
interface InvoiceDigestFields {
  api_key: unknown;
  transaction: unknown;
  amount: unknown;
}

/** Fields of the account-to-card request that enter its digest. */
interface Account2CardDigestFields extends InvoiceDigestFields {
  recipient_pan: unknown;
}

/** Fields of the (profile) status request that enter its digest. */
interface StatusDigestFields {
  api_key: unknown;
  transaction: unknown;
}

/** Invoice signature: sha256(api_key + transaction + amount + crypto_key), lower-case hex. */
export function invoiceDigest(fields: InvoiceDigestFields, cryptoKey: string): string {
  return sha256Hex(digestInput([fields.api_key, fields.transaction, fields.amount, cryptoKey]));
}

/** Account-to-card signature: sha256(api_key + transaction + amount + recipient_pan + crypto_key). */
export function account2cardDigest(fields: Account2CardDigestFields, cryptoKey: string): string {
  return sha256Hex(digestInput([fields.api_key, fields.transaction, fields.amount, fields.recipient_pan, cryptoKey]));
}

/** Status signature (default profile): sha256(api_key + transaction + crypto_key). */
export function statusDigest(fields: StatusDigestFields, cryptoKey: string): string {
  return sha256Hex(digestInput([fields.api_key, fields.transaction, cryptoKey]));
}

/** The exact bytes of a body: UTF-8 when a string, as is when bytes. */
export function bodyBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? new Uint8Array(Buffer.from(body, 'utf8')) : body;
}

/**
 * X-Sign header value: base64 (standard alphabet, padded) of the RSASSA-PKCS1-v1_5 SHA-256
 * signature over the exact body bytes. `privateKeyPem` may be PKCS#1 (`RSA PRIVATE KEY`)
 * or PKCS#8 (`PRIVATE KEY`, unencrypted).
 */
export function xSign(body: string | Uint8Array, privateKeyPem: string): string {
  return sign('sha256', bodyBytes(body), privateKeyObject(privateKeyPem)).toString('base64');
}

/**
 * {@link xSign} computed on libuv's thread pool: a property signs thousands of bodies (about a millisecond of RSA each),
 * and its worker's own thread meanwhile draws, sends and judges the other streams' examples. The same value as xSign.
 */
export async function xSignAsync(body: string | Uint8Array, privateKeyPem: string): Promise<string> {
  const key = privateKeyObject(privateKeyPem);
  return new Promise((resolve, reject) => sign('sha256', bodyBytes(body), key, (e, signature) => (e ? reject(e) : resolve(signature.toString('base64')))));
}

/**
 * An RSA signature of the body made another way than X-Sign's, base64: PSS padding instead of PKCS#1
 * v1.5, or another hash. Only for the probes that send signatures a provider must refuse.
 */
export function rsaSignOtherWay(body: string | Uint8Array, privateKeyPem: string, way: { hash: 'sha1' | 'sha256' | 'sha512'; pss?: boolean }): string {
  const key = privateKeyObject(privateKeyPem);
  const options = way.pss ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST } : key;
  return sign(way.hash, bodyBytes(body), options).toString('base64');
}

const keyObjects = new Map<string, KeyObject>();

function privateKeyObject(pem: string): KeyObject {
  const cached = keyObjects.get(pem);
  if (cached) return cached;
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (cause) {
    throw new Error('xSign: privateKeyPem is not an unencrypted RSA private key in PKCS#1 or PKCS#8 PEM', { cause });
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error('xSign: privateKeyPem is not an RSA private key');
  if (keyObjects.size > 16) keyObjects.clear();
  keyObjects.set(pem, key);
  return key;
}

/** A freshly generated RSA key pair, PEM: private key PKCS#8, public key SPKI. */
export interface RsaKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

/** The encodings of a generated key pair: PKCS#8 and SPKI, PEM. */
const rsaOptions = (bits: number) =>
  ({ modulusLength: bits, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } }) as const;

/** Generates an RSA key pair for tests (node:crypto; nothing is written to disk). */
export function generateRsaKeyPair(bits = 2048): RsaKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', rsaOptions(bits));
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** The same, off the main thread: several pairs are made at once (the embedded provider's two merchants). */
export async function generateRsaKeyPairAsync(bits = 2048): Promise<RsaKeyPair> {
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', rsaOptions(bits));
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}
