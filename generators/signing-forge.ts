// The X-Sign of signing.ts made a second, independent way, by node-forge's pure JavaScript RSA: the self-tests
// require both to agree byte for byte. A module of its own, so that the suite's workers do not load node-forge.
import forge from 'node-forge';
import { bodyBytes } from './signing.js';

/** The same X-Sign made by node-forge: the independent implementation the self-tests compare with. */
export function xSignWithForge(body: string | Uint8Array, privateKeyPem: string): string {
  const key = parsePrivateKey(privateKeyPem);
  const md = forge.md.sha256.create();
  md.update(Buffer.from(bodyBytes(body)).toString('binary'));
  return forge.util.encode64(key.sign(md));
}

// Parsed keys by PEM text: parsing is a large share of a forge signature's cost.
const parsedKeys = new Map<string, forge.pki.rsa.PrivateKey>();

function parsePrivateKey(pem: string): forge.pki.rsa.PrivateKey {
  const cached = parsedKeys.get(pem);
  if (cached) return cached;
  let key: forge.pki.rsa.PrivateKey;
  try {
    key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  } catch (cause) {
    throw new Error('xSign: privateKeyPem is not an unencrypted RSA private key in PKCS#1 or PKCS#8 PEM', { cause });
  }
  if (typeof (key as { sign?: unknown }).sign !== 'function') {
    throw new Error('xSign: privateKeyPem is not an RSA private key');
  }
  if (parsedKeys.size > 16) parsedKeys.clear();
  parsedKeys.set(pem, key);
  return key;
}
