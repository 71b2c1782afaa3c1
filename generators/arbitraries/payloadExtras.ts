import fc from 'fast-check';

/** Keys an extra merchant parameter never takes: the documented payload fields and prototype-polluting names. */
export const RESERVED_PAYLOAD_KEYS: readonly string[] = ['client_id', 'client_ip', '__proto__', 'constructor', 'prototype'];

/** A JSON value as it travels through a JSON body unchanged. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Options of {@link payloadExtras}. */
export interface PayloadExtrasConstraints {
  /** Most extra keys at the top level of `payload`. Default 5. */
  maxKeys?: number;
  /** Deepest nesting of arrays/objects inside a value (0: only scalars). Default 2. */
  maxDepth?: number;
  /** Most elements of a nested array or keys of a nested object. Default 3. */
  maxNested?: number;
}

const RESERVED = new Set(RESERVED_PAYLOAD_KEYS);

/** A key of a merchant parameter: identifier-like or arbitrary unicode, never reserved or empty. */
function extraKey(): fc.Arbitrary<string> {
  return fc
    .oneof(
      { arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/), weight: 3 },
      { arbitrary: fc.constantFrom('order_id', 'utm_source', 'номер_заказа', 'promo', 'meta.ref', 'a b'), weight: 1 },
      { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), weight: 1 },
    )
    .filter((k) => !RESERVED.has(k));
}

/** A scalar JSON value: unicode string, safe integer, finite non-integer number, boolean or null. */
function scalar(): fc.Arbitrary<JsonValue> {
  return fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).map((n) => (Object.is(n, -0) ? 0 : n)),
    fc
      .double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 })
      .filter((x) => !Number.isInteger(x)),
    fc.boolean(),
    fc.constant(null),
  );
}

/** A JSON value nested at most `depth` levels. */
function jsonValueOfDepth(depth: number, maxNested: number): fc.Arbitrary<JsonValue> {
  if (depth <= 0) return scalar();
  const inner = jsonValueOfDepth(depth - 1, maxNested);
  return fc.oneof(
    { arbitrary: scalar(), weight: 3 },
    { arbitrary: fc.array(inner, { maxLength: maxNested }), weight: 1 },
    { arbitrary: fc.dictionary(extraKey(), inner, { maxKeys: maxNested, noNullPrototype: true }), weight: 1 },
  );
}

/**
 * Extra `payload.*` merchant parameters: an object whose keys are never `client_id`,
 * `client_ip`, `__proto__`, `constructor` or `prototype`, and whose values are every JSON
 * type (unicode strings, integers, non-integer numbers, booleans, null, nested arrays and
 * objects) with bounded depth and size. Values survive `JSON.parse(JSON.stringify(v))`
 * unchanged (no `-0`, no NaN or infinities, no lone surrogates).
 */
export function payloadExtras(constraints: PayloadExtrasConstraints = {}): fc.Arbitrary<Record<string, JsonValue>> {
  const maxKeys = constraints.maxKeys ?? 5;
  const maxDepth = constraints.maxDepth ?? 2;
  const maxNested = constraints.maxNested ?? 3;
  for (const [name, v] of [['maxKeys', maxKeys], ['maxDepth', maxDepth], ['maxNested', maxNested]] as const) {
    if (!Number.isInteger(v) || v < 0) throw new Error(`payloadExtras: ${name} must be an integer >= 0, got ${v}`);
  }
  return fc.dictionary(extraKey(), jsonValueOfDepth(maxDepth, maxNested), { maxKeys, noNullPrototype: true });
}
