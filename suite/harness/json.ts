// Comparing JSON values as JSON: what a provider sent back against what the suite sent or saw before.

/** JSON type name, telling arrays, null and objects apart. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** Deep equality of JSON values: types kept (1 is not "1"), object key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (jsonType(a) !== jsonType(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameJson(x, (b as unknown[])[i]));
  if (a !== null && typeof a === 'object') {
    const ka = Object.keys(a);
    const ob = b as Record<string, unknown>;
    return ka.length === Object.keys(ob).length && ka.every((k) => Object.hasOwn(ob, k) && sameJson((a as Record<string, unknown>)[k], ob[k]));
  }
  return a === b;
}
