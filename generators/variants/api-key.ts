import { randomUUID } from 'node:crypto';

/**
 * api_key values no merchant was issued: one nobody has, and the near misses of the merchant's own `own` that are
 * other strings (its letter case turned, its last character left out, one character more). A lookup that ignores
 * case (a *_ci collation) or matches a prefix names a merchant for a key it never issued. Label, key.
 */
export function unknownApiKeys(own: string): [string, string][] {
  const turned = [...own].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
  const misses: [string, string][] = [
    ['nobody has', `unknown-${randomUUID()}`],
    ['with its letter case turned', turned],
    ['without its last character', own.slice(0, -1)],
    ['with one character more', `${own}0`],
  ];
  return misses.filter(([, key]) => key !== own && key !== '');
}
