/** X-Sign headers the provider must refuse, for a valid, correctly signed account-to-card body. */
import { generateRsaKeyPair, xSign } from '../signing.js';
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
