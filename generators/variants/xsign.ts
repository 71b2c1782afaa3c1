/** X-Sign headers the provider must refuse, for a valid, correctly signed account-to-card body. */
import { generateRsaKeyPair, rsaSignOtherWay, xSign } from '../signing.js';
import type { XSignTampering } from './types.js';

/** Re-serialised forms of a JSON body: other whitespace, other key order. */
function otherSerialisations(bodyText: string): { label: string; text: string }[] {
  const parsed = JSON.parse(bodyText) as Record<string, unknown>;
  const reordered = Object.fromEntries(Object.entries(parsed).reverse());
  return [
    { label: 'pretty-printed', text: JSON.stringify(parsed, null, 2) },
    { label: 'with keys in reverse order', text: JSON.stringify(reordered) },
    { label: 'with a trailing newline', text: bodyText + '\n' },
  ].filter((o) => o.text !== bodyText);
}

/**
 * Wrong X-Sign headers for `bodyText` (sent as is): no header, signed with another key,
 * signed over other bytes (the same JSON re-serialised), truncated base64, base64url
 * instead of base64, garbage. `otherPrivateKeyPem` avoids generating a key for "another key".
 */
export function xSignTamperings(bodyText: string, privateKeyPem: string, otherPrivateKeyPem?: string): XSignTampering[] {
  const good = xSign(bodyText, privateKeyPem);
  const other = otherPrivateKeyPem ?? generateRsaKeyPair(2048).privateKeyPem;
  const out: XSignTampering[] = [
    { label: 'no X-Sign header', bodyText, header: undefined, rule: 'DOC-AUTH-A2C-XSIGN', kind: 'documented' },
    { label: 'X-Sign empty', bodyText, header: '', rule: 'DOC-AUTH-A2C-XSIGN', kind: 'documented' },
    { label: 'X-Sign made with another key', bodyText, header: xSign(bodyText, other), rule: 'DOC-AUTH-A2C-XSIGN', kind: 'documented' },
  ];
  for (const o of otherSerialisations(bodyText)) {
    out.push({ label: `X-Sign over the body ${o.label}`, bodyText, header: xSign(o.text, privateKeyPem), rule: 'PRO-A2C-XSIGN-FORMAT', kind: 'profile' });
  }
  out.push({ label: 'X-Sign truncated by 4 base64 characters', bodyText, header: good.slice(0, -4), rule: 'PRO-A2C-XSIGN-FORMAT', kind: 'profile' });
  out.push({ label: 'X-Sign truncated to half', bodyText, header: good.slice(0, Math.floor(good.length / 2)), rule: 'PRO-A2C-XSIGN-FORMAT', kind: 'profile' });
  out.push({
    label: 'X-Sign in base64url (no padding) instead of base64',
    bodyText,
    header: good.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    rule: 'PRO-A2C-XSIGN-FORMAT',
    kind: 'profile',
  });
  out.push({
    label: 'X-Sign in hex instead of base64',
    bodyText,
    header: Buffer.from(good, 'base64').toString('hex'),
    rule: 'PRO-A2C-XSIGN-FORMAT',
    kind: 'profile',
  });
  out.push({ label: 'X-Sign garbage', bodyText, header: 'not-a-signature!', rule: 'DOC-AUTH-A2C-XSIGN', kind: 'documented' });
  out.push({ label: 'X-Sign of random bytes', bodyText, header: Buffer.alloc(256, 0xab).toString('base64'), rule: 'DOC-AUTH-A2C-XSIGN', kind: 'documented' });
  return out;
}

/**
 * X-Sign headers made other ways than the profile's PKCS#1 v1.5 SHA-256 over the exact bytes (ASVS 5.0
 * 11.6.1: one approved algorithm and mode, verified as stated; 1.5.3: one reading of the bytes): RSA-PSS
 * (still "RSA with SHA-256": only the profile's format is broken), SHA-1 and SHA-512 (the document's
 * SHA-256 is not), and a pretty-printed body signed over its compact re-serialisation (a verifier that
 * re-serialises the parsed body). Each carries the body text it goes with.
 */
export function otherXSignSchemes(bodyText: string, privateKeyPem: string): XSignTampering[] {
  const pretty = JSON.stringify(JSON.parse(bodyText), null, 2);
  return [
    {
      label: 'X-Sign made with RSA-PSS instead of PKCS#1 v1.5',
      bodyText,
      header: rsaSignOtherWay(bodyText, privateKeyPem, { hash: 'sha256', pss: true }),
      rule: 'PRO-A2C-XSIGN-FORMAT',
      kind: 'profile',
    },
    {
      label: 'X-Sign over SHA-1 instead of SHA-256',
      bodyText,
      header: rsaSignOtherWay(bodyText, privateKeyPem, { hash: 'sha1' }),
      rule: 'DOC-AUTH-A2C-XSIGN',
      kind: 'documented',
    },
    {
      label: 'X-Sign over SHA-512 instead of SHA-256',
      bodyText,
      header: rsaSignOtherWay(bodyText, privateKeyPem, { hash: 'sha512' }),
      rule: 'DOC-AUTH-A2C-XSIGN',
      kind: 'documented',
    },
    {
      label: 'X-Sign over the compact re-serialisation of a pretty-printed body',
      bodyText: pretty,
      header: xSign(JSON.stringify(JSON.parse(pretty)), privateKeyPem),
      rule: 'PRO-A2C-XSIGN-FORMAT',
      kind: 'profile',
    },
  ];
}
