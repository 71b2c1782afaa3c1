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

/** A character of printable ASCII as its fullwidth form (U+FF01..U+FF5E), which NFKC folds back into it. */
const fullwidth = (c: string): string => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c);

/**
 * The merchant's own api_key `own` spelled so that a lookup which trims, normalises (NFKC) or strips invisible
 * characters finds it: other strings, none issued. Label, key.
 */
export function apiKeySpellings(own: string): [string, string][] {
  const spelled: [string, string][] = [
    ['with a space before it', ` ${own}`],
    ['with a space after it', `${own} `],
    ['with a line break after it', `${own}\r\n`],
    ['with a tab before it', `\t${own}`],
    ['in fullwidth characters (NFKC folds them into it)', [...own].map(fullwidth).join('')],
    ['with a zero-width space after its first character', `${own.slice(0, 1)}\u200b${own.slice(1)}`],
    ['after a byte order mark', `\ufeff${own}`],
  ];
  return spelled.filter(([, key]) => key !== own);
}
