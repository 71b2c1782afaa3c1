/**
 * The merchant's payload as a callback writes it: unchanged (the profile), or as a fault of the catalog
 * changes it on its way through a store, or as an allowed variation writes the same JSON values otherwise.
 */
import type { FaultSet } from './faults/catalog.js';
import type { VariationSet } from './variations/catalog.js';

type Json = unknown;

/** The documented payload fields, which a store keeps in columns of their own. */
const DOCUMENTED = new Set(['client_id', 'client_ip']);
/** Fault callback-max-50-parameters: merchant parameters kept besides the documented ones. */
const MAX_STORED_PARAMETERS = 50;
/** Fault callback-long-strings-cut: characters a stored parameter keeps. */
const STORED_TEXT_LENGTH = 4096;

/** The value with every number, array and object mapped, depth first. */
function mapJson(v: Json, f: { number?: (n: number) => Json; array?: (a: Json[]) => Json; object?: (o: Record<string, Json>) => Json }): Json {
  if (typeof v === 'number') return f.number ? f.number(v) : v;
  if (Array.isArray(v)) {
    const a = v.map((x) => mapJson(x, f));
    return f.array ? f.array(a) : a;
  }
  if (v !== null && typeof v === 'object') {
    const o = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapJson(x, f)]));
    return f.object ? f.object(o) : o;
  }
  return v;
}

/** A number a JSON decoder that tells integers from floats (PHP's) reads as a float: written with a point or an exponent. */
const isFloatText = (n: number) => /[.e]/.test(String(n));

/** The payload with its numbers rounded to `digits` significant digits (`all`: integers too, as a DOUBLE column holds them). */
export function roundNumbers(payload: Record<string, Json>, digits: number, all: boolean): Record<string, Json> {
  return mapJson(payload, { number: (n) => (all || isFloatText(n) ? Number(n.toPrecision(digits)) : n) }) as Record<string, Json>;
}

/** A parameter named with dots as the nested objects its path names (`a.b` → `{a: {b: …}}`); other names as they are. */
function nestDottedKeys(payload: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(payload)) {
    const path = key.split('.');
    if (path.length < 2 || path.some((s) => s === '')) {
      out[key] = value;
      continue;
    }
    let node = out;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      node = (node[segment] = next !== null && typeof next === 'object' && !Array.isArray(next) ? next : {}) as Record<string, Json>;
    }
    node[path[path.length - 1]!] = value;
  }
  return out;
}

/** A deep copy made key by key (`out[k] = v`): a `__proto__` key sets the copy's prototype and is lost, at every level. */
function copiedByKey(v: Json): Json {
  if (Array.isArray(v)) return v.map(copiedByKey);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, Json> = {};
  for (const k of Object.keys(v)) out[k] = copiedByKey((v as Record<string, Json>)[k]);
  return out;
}

/** The payload of the first delivery of a callback. */
export function callbackPayload(payload: Record<string, Json>, faults: FaultSet, variations: VariationSet): Record<string, Json> {
  if (faults.has('callback-payload-copied-by-key')) return copiedByKey(payload) as Record<string, Json>;
  if (faults.has('callback-drops-payload')) return { client_id: payload.client_id, client_ip: payload.client_ip };
  if (faults.has('callback-payload-drops-falsy'))
    return Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== null && v !== false && v !== 0 && v !== ''));
  if (faults.has('callback-stringifies-numbers'))
    return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v]));
  // A PHP provider before 7.1: json_encode wrote floats with `precision` (14) digits.
  if (faults.has('callback-floats-14-digits')) return roundNumbers(payload, 14, false);
  // Stored parameters in a VARCHAR(4096) column.
  if (faults.has('callback-long-strings-cut'))
    return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? [...v].slice(0, STORED_TEXT_LENGTH).join('') : v]));
  if (faults.has('callback-max-50-parameters')) {
    const extras = Object.keys(payload).filter((k) => !DOCUMENTED.has(k));
    const kept = new Set([...DOCUMENTED, ...extras.slice(0, MAX_STORED_PARAMETERS)]);
    return Object.fromEntries(Object.entries(payload).filter(([k]) => kept.has(k)));
  }
  // The payload rebuilt from dotted paths (lodash's set), as a store of flattened parameters gives it back.
  if (faults.has('callback-dotted-keys-nested')) return nestDottedKeys(payload);
  // A round trip through XML: an element that occurs once is no longer a list.
  if (faults.has('callback-single-element-arrays-unwrapped')) return mapJson(payload, { array: (a) => (a.length === 1 ? a[0] : a) }) as Record<string, Json>;
  if (variations.has('callback-payload-jsonb')) return mapJson(payload, { object: jsonbOrder }) as Record<string, Json>;
  return payload;
}

/** Keys in PostgreSQL jsonb's order: shorter first (in UTF-8 bytes), then byte by byte. */
function jsonbOrder(o: Record<string, Json>): Record<string, Json> {
  const bytes = (k: string) => Buffer.from(k, 'utf8');
  return Object.fromEntries(
    Object.entries(o).sort(([a], [b]) => {
      const x = bytes(a);
      const y = bytes(b);
      return x.length - y.length || Buffer.compare(x, y);
    }),
  );
}

/** A number in plain decimal notation, as PostgreSQL's numeric writes it: 1e+300 as 1 and 300 zeros, 5e-324 as 0.000…5. */
export function plainDecimal(n: number): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(n));
  if (!m) return String(n);
  const [, sign, int, frac = '', exp = '0'] = m;
  const digits = int! + frac;
  const point = int!.length + Number(exp);
  const text =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${sign}${text.replace(/^0+(?=\d)/, '')}`;
}

/** JSON text with every character outside ASCII written as a \u escape (surrogate pairs as two). */
export function asciiJson(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
