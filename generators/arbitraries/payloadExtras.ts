import fc from 'fast-check';
import { breakDigitRuns, hasCardLikeDigits } from './cardSafe.js';
import { classed, selectClasses, valueClass, type ValueClass } from './classed.js';
import { codePoints, freeTextClasses, VERY_LONG_MIN } from './freeText.js';

/**
 * Keys a drawn extra merchant parameter never takes: the documented payload fields, and the names the
 * provider's language treats specially, which only the `language-special-keys` class sends (on purpose).
 */
export const RESERVED_PAYLOAD_KEYS: readonly string[] = ['client_id', 'client_ip', '__proto__', 'constructor', 'prototype'];

/** The documented payload fields: no extra parameter takes them. */
const DOCUMENTED_PAYLOAD_KEYS: readonly string[] = ['client_id', 'client_ip'];

/**
 * Names a provider's language treats specially, all of them plain JSON keys the document lets a merchant
 * use: JavaScript's prototype chain (`__proto__` sets an object's prototype when assigned, `constructor`
 * and `prototype` reach it) and Object.prototype's methods (an assignment shadows them, a lookup finds
 * them on any object), `toJSON` (JSON.stringify calls it) and `then` (await calls it); Python's dunder
 * attributes and PHP's magic methods, which are only names there unless code maps keys onto attributes.
 */
export const LANGUAGE_SPECIAL_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  '__lookupGetter__',
  'toJSON',
  'then',
  '__class__',
  '__dict__',
  '__init__',
  '__construct',
  '__toString',
];

/** A JSON value as it travels through a JSON body unchanged. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Options of {@link payloadExtras}. */
export interface PayloadExtrasConstraints {
  /** Most extra keys at the top level of `payload`. Default 200. */
  maxKeys?: number;
  /**
   * Deepest nesting of arrays/objects inside a value (0: only scalars). Default 32: deep enough
   * for recursive code to show, far below common parsers' limits (System.Text.Json 64 for the
   * whole body, PHP 512), since the document states none.
   */
  maxDepth?: number;
  /** Most elements of a nested array or keys of a nested object. Default 1 000. */
  maxNested?: number;
  /** Names of the classes to draw from (see {@link payloadExtrasClasses}). Default all the other constraints allow. */
  classes?: readonly string[];
}

const RESERVED = new Set(RESERVED_PAYLOAD_KEYS);
type Extras = Record<string, JsonValue>;

/** Nesting depth of a JSON value: 0 for a scalar, 1 for `[]` or `{}`. */
export function jsonDepth(v: JsonValue): number {
  if (v === null || typeof v !== 'object') return 0;
  const children: JsonValue[] = Array.isArray(v) ? v : Object.values(v);
  return 1 + children.reduce<number>((m, c) => Math.max(m, jsonDepth(c)), 0);
}

/** Every JSON value inside `v`, `v` included. */
export function jsonValuesIn(v: JsonValue): JsonValue[] {
  const out: JsonValue[] = [];
  const stack: JsonValue[] = [v];
  while (stack.length > 0) {
    const x = stack.pop()!;
    out.push(x);
    if (x !== null && typeof x === 'object') stack.push(...(Array.isArray(x) ? x : Object.values(x)));
  }
  return out;
}

/** A safe integer whose digits never read as a card number (moved toward zero until they do not). */
const notCardLike = (n: number): number => {
  let m = n === 0 ? 0 : n; // no -0: JSON cannot carry it
  while (hasCardLikeDigits(String(m))) m -= Math.sign(m);
  return m;
};
const number = (arb: fc.Arbitrary<number>): fc.Arbitrary<number> =>
  arb.map((x) => (Object.is(x, -0) ? 0 : x)).filter((x) => Number.isFinite(x) && !hasCardLikeDigits(JSON.stringify(x)));

const safeInteger = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).map(notCardLike);
const fraction = number(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }).filter((x) => !Number.isInteger(x)));
const shortString = (maxLength = 20): fc.Arbitrary<string> => fc.string({ unit: 'grapheme', maxLength }).map(breakDigitRuns);

/** A key: identifier-like or arbitrary Unicode, never reserved; no run of 13+ digits. Built once: `stringMatching` is costly to build. */
const EXTRA_KEY: fc.Arbitrary<string> = fc
  .oneof(
    { arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/), weight: 3 },
    // Shortest first: constantFrom shrinks toward its first value.
    { arbitrary: fc.constantFrom('a b', 'promo', 'meta.ref', 'order_id', 'utm_source', 'номер_заказа'), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), weight: 1 },
  )
  .map(breakDigitRuns)
  .filter((k) => !RESERVED.has(k));
const extraKey = (): fc.Arbitrary<string> => EXTRA_KEY;

/** A scalar JSON value: Unicode string, safe integer, non-integer number, boolean or null. */
const SCALAR: fc.Arbitrary<JsonValue> = fc.oneof(shortString(), safeInteger, fraction, fc.boolean(), fc.constant(null));
const scalar = (): fc.Arbitrary<JsonValue> => SCALAR;

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

/** A chain of `depth` arrays and objects (each level one or the other) around a scalar. */
const chain = (minDepth: number, maxDepth: number): fc.Arbitrary<JsonValue> =>
  fc
    .tuple(fc.array(fc.tuple(fc.boolean(), extraKey()), { minLength: minDepth, maxLength: maxDepth }), scalar())
    .map(([levels, bottom]) => levels.reduceRight<JsonValue>((inner, [asArray, key]) => (asArray ? [inner] : { [key]: inner }), bottom));

/** Whether a JSON value holds an own `__proto__` key below its top level. */
function hasNestedProto(v: JsonValue): boolean {
  return jsonValuesIn(v).some((x) => x !== null && typeof x === 'object' && !Array.isArray(x) && Object.hasOwn(x, '__proto__'));
}

/**
 * The language-special keys as own keys (built from entries: an assignment `o['__proto__'] = v` would set the
 * prototype instead): `__proto__` and `constructor.prototype` holding objects, some of the others with scalars,
 * and the same names again inside a nested object and an array.
 */
function languageSpecialKeys(): fc.Arbitrary<Extras> {
  const others = LANGUAGE_SPECIAL_KEYS.filter((k) => k !== '__proto__' && k !== 'constructor');
  return fc
    .tuple(fc.subarray(others, { minLength: 1 }), fc.array(scalar(), { minLength: others.length, maxLength: others.length }), extraKey())
    .map(([keys, values, nestedKey]) => {
      const own = (entries: [string, JsonValue][]): { [key: string]: JsonValue } => Object.fromEntries(entries);
      const nested = own([
        ['__proto__', own([['polluted_nested', true]])],
        ['constructor', own([['prototype', own([['polluted_nested', 1]])]])],
        ['toString', 'not a function'],
        ['list', [own([['__proto__', own([['polluted_in_array', 'yes']])]])]],
      ]);
      return own([
        [
          '__proto__',
          own([
            ['polluted', 'yes'],
            ['isAdmin', true],
          ]),
        ],
        ['constructor', own([['prototype', own([['polluted', 1]])]])],
        ...keys.map((k, i): [string, JsonValue] => [k, values[i]!]),
        [`${nestedKey}_special`, nested],
      ]);
    });
}

/** Numbers across the double range; every key present, so one value shows each kind. */
const NUMBER_KINDS = {
  huge: number(fc.double({ min: 1e300, max: Number.MAX_VALUE, noNaN: true })),
  huge_negative: number(fc.double({ min: -Number.MAX_VALUE, max: -1e300, noNaN: true })),
  subnormal: number(fc.double({ min: Number.MIN_VALUE, max: 2.225073858507201e-308, noNaN: true })),
  subnormal_negative: number(fc.double({ min: -2.225073858507201e-308, max: -Number.MIN_VALUE, noNaN: true })),
  tiny: number(fc.double({ min: 1e-300, max: 1e-7, noNaN: true })),
  // 2^52 .. 2^53 - 1 (16 digits, made to fail the Luhn check): the largest integers a double holds exactly,
  // which 32-bit, float32 or string-to-number shortcuts on the way mangle.
  // The bounds keep room for notCardLike's few steps toward zero.
  large_safe_integer: fc.integer({ min: 2 ** 52 + 100, max: Number.MAX_SAFE_INTEGER }).map(notCardLike),
  large_safe_integer_negative: fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -(2 ** 52) - 100 }).map(notCardLike),
  int32_edge: fc.constantFrom(2_147_483_647, -2_147_483_648, 4_294_967_295, 2_147_483_648),
  fraction,
  // A double that needs 16 or 17 significant digits to read back the same: what writing it with fewer
  // (PHP's json_encode before 7.1, a DOUBLE column printed with %.15g) changes.
  precise: number(fc.double({ min: 1, max: 2, noNaN: true }).filter((x) => significantDigits(x) >= 16)),
  zero: fc.constant(0),
} satisfies Record<string, fc.Arbitrary<number>>;

/** Significant digits of a number's shortest JSON text (1.5e-7: 2; 3.141592653589793: 16). */
function significantDigits(n: number): number {
  const mantissa = String(Math.abs(n)).split('e')[0]!.replace('.', '');
  return mantissa.replace(/^0+/, '').replace(/0+$/, '').length;
}

const KIND_TESTS: Readonly<Record<string, (n: number) => boolean>> = {
  huge: (n) => n >= 1e300,
  negative_huge: (n) => n <= -1e300,
  subnormal: (n) => n !== 0 && Math.abs(n) < 2.2250738585072014e-308,
  large_safe_integer: (n) => Number.isSafeInteger(n) && Math.abs(n) >= 2 ** 52,
  negative: (n) => n < 0,
  fraction: (n) => !Number.isInteger(n),
  precise: (n) => significantDigits(n) >= 16,
};

/** The twelve kinds of JSON value `every-json-type` holds, by key. */
const EVERY_TYPE = (maxNested: number) =>
  fc.record(
    {
      t_string: shortString().filter((s) => s !== ''),
      t_empty_string: fc.constant(''),
      t_integer: fc.integer({ min: 1, max: 1_000_000 }),
      t_negative: fc.integer({ min: -1_000_000, max: -1 }),
      t_fraction: fraction,
      t_true: fc.constant(true),
      t_false: fc.constant(false),
      t_null: fc.constant(null),
      t_array: fc.array(scalar(), { minLength: 1, maxLength: Math.max(1, Math.min(3, maxNested)) }),
      t_empty_array: fc.constant([]),
      t_object: fc.dictionary(extraKey(), scalar(), { minKeys: 1, maxKeys: Math.max(1, Math.min(3, maxNested)), noNullPrototype: true }),
      t_empty_object: fc.constant({}),
    },
    { noNullPrototype: true },
  );

const kindOf = (v: JsonValue): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? v.length === 0
        ? 'empty array'
        : 'array'
      : typeof v === 'object'
        ? Object.keys(v).length === 0
          ? 'empty object'
          : 'object'
        : typeof v === 'number'
          ? Number.isInteger(v)
            ? v < 0
              ? 'negative integer'
              : 'integer'
            : 'fraction'
          : typeof v === 'string'
            ? v === ''
              ? 'empty string'
              : 'string'
            : String(v);
const ALL_KINDS = [
  'string',
  'empty string',
  'integer',
  'negative integer',
  'fraction',
  'true',
  'false',
  'null',
  'array',
  'empty array',
  'object',
  'empty object',
];

// Keys that a provider confusing names (letter case, blanks, camelCase, flattening payload into the body)
// would take for a documented field. Valid: JSON keys are case-sensitive and payload.* takes any name.
const CONFUSABLE_KEYS = [
  'Client_Id',
  'CLIENT_IP',
  'client_ip ',
  ' client_id',
  'clientId',
  'client-ip',
  'payload',
  'api_key',
  'signature',
  'amount',
  'transaction',
  'return_url',
  'description',
];
// Keys that stores mangle: empty, dotted (a path in MongoDB, a nested name in the profile's messages),
// numeric (PHP turns {"0":..,"1":..} into a list), a $-operator, non-ASCII and astral.
const AWKWARD_KEYS = ['', '0', 'a.b', '🔑', '1', 'meta.ref.id', '$where', 'ключ', 'ключ с пробелом', '𠮷', 'Schlüssel', 'キー'];

/**
 * The value classes of the extra `payload.*` merchant parameters, which the document lets be
 * "any": `flat-scalars`, `none` (no extras at all), `every-json-type` (string, empty string,
 * integer, negative, fraction, true, false, null, array, empty array, object, empty object),
 * `deep-nesting` (arrays and objects 16 to `maxDepth` levels deep), `long-array` (100 to
 * `maxNested` elements), `number-range` (numbers across the whole double range: ±1e300 up to
 * ±MAX_VALUE, subnormals down to 5e-324, integers from about 2^52 to 2^53 - 1 and their negatives,
 * 32-bit edges, fractions, one that needs 16 or 17 significant digits, zero), `awkward-keys` (empty, dotted, numeric, `$where`, Unicode
 * and astral keys), `confusable-keys` (documented field names in another case or spacing, with
 * values those fields would refuse), `long-strings` (10 000+ code points), `text-values` (the
 * hard free text: astral, JSON escapes, whitespace only, empty), `language-special-keys`
 * (`__proto__`, `constructor.prototype`, Object.prototype's method names, `toJSON`, `then`, Python's and
 * PHP's special names: {@link LANGUAGE_SPECIAL_KEYS}, at the top level and nested), `many-keys` (100 to `maxKeys`)
 * and `nested-mixed` (any JSON, a few levels). Classes the constraints cannot hold are left out.
 *
 * Never produced: the documented keys; the keys of {@link RESERVED_PAYLOAD_KEYS} outside
 * `language-special-keys`; -0, NaN and infinities (JSON
 * cannot carry them); lone surrogates; a string with a run of 13+ digits, or a number whose
 * JSON text holds a Luhn-valid run of 13 to 19 digits (integers of 13 to 16 digits are
 * generated, but never Luhn-valid ones), so that nothing reads as a card number.
 */
export function payloadExtrasClasses(constraints: PayloadExtrasConstraints = {}): ValueClass<Extras>[] {
  const maxKeys = constraints.maxKeys ?? 200;
  const maxDepth = constraints.maxDepth ?? 32;
  const maxNested = constraints.maxNested ?? 1000;
  for (const [name, v] of [
    ['maxKeys', maxKeys],
    ['maxDepth', maxDepth],
    ['maxNested', maxNested],
  ] as const) {
    if (!Number.isInteger(v) || v < 0) throw new Error(`payloadExtras: ${name} must be an integer >= 0, got ${v}`);
  }
  const dict = <T extends JsonValue>(value: fc.Arbitrary<T>, minKeys: number, most: number) =>
    fc.dictionary(extraKey(), value, { minKeys, maxKeys: most, noNullPrototype: true }) as fc.Arbitrary<Extras>;
  const one = (key: fc.Arbitrary<string>, value: fc.Arbitrary<JsonValue>) => fc.tuple(key, value).map(([k, v]) => ({ [k]: v }) as Extras);
  const values = (x: Extras): JsonValue[] => Object.values(x).flatMap(jsonValuesIn);
  const deepFrom = Math.min(16, maxDepth);
  const longFrom = Math.min(100, maxNested);
  const manyFrom = Math.min(100, maxKeys);
  const text = new Map(freeTextClasses().map((c) => [c.name, c.arbitrary]));
  const textOf = (name: string): fc.Arbitrary<string> => text.get(name)!;

  const classes: (ValueClass<Extras> | false)[] = [
    // First: the plain class a property's first run draws and other classes cross-shrink to.
    // Every class comes once in a property's first runs; afterwards mostly flat scalars: the heavy classes
    // (hundreds of keys, thousand-element arrays) cost tens of times more a request.
    maxKeys >= 1 &&
      valueClass('flat-scalars', dict(scalar(), 1, Math.min(maxKeys, 8)), (x) => Object.keys(x).length >= 1 && values(x).every((v) => jsonDepth(v) === 0), 40),
    valueClass('none', fc.constant({}), (x) => Object.keys(x).length === 0, 10),
    maxKeys >= 12 &&
      maxDepth >= 1 &&
      maxNested >= 1 &&
      valueClass('every-json-type', EVERY_TYPE(maxNested) as unknown as fc.Arbitrary<Extras>, (x) => {
        const kinds = new Set(Object.values(x).map(kindOf));
        return ALL_KINDS.every((k) => kinds.has(k));
      }),
    maxKeys >= 1 &&
      maxDepth >= 2 &&
      valueClass('deep-nesting', one(extraKey(), chain(deepFrom, maxDepth)), (x) => Object.values(x).some((v) => jsonDepth(v) >= deepFrom)),
    maxKeys >= 1 &&
      maxDepth >= 1 &&
      maxNested >= 2 &&
      valueClass('long-array', one(extraKey(), fc.array(scalar(), { minLength: longFrom, maxLength: maxNested })), (x) =>
        values(x).some((v) => Array.isArray(v) && v.length >= longFrom),
      ),
    maxKeys >= Object.keys(NUMBER_KINDS).length &&
      valueClass('number-range', fc.record(NUMBER_KINDS, { noNullPrototype: true }) as unknown as fc.Arbitrary<Extras>, (x) => {
        const ns = values(x).filter((v): v is number => typeof v === 'number');
        return Object.values(KIND_TESTS).every((t) => ns.some(t));
      }),
    maxKeys >= AWKWARD_KEYS.length &&
      valueClass<Extras>(
        'awkward-keys',
        // The empty, a numeric, a dotted and an astral key always; some of the others.
        fc
          .tuple(fc.subarray(AWKWARD_KEYS.slice(4)), fc.array(scalar(), { minLength: AWKWARD_KEYS.length, maxLength: AWKWARD_KEYS.length }))
          .map(([more, vs]) => Object.fromEntries([...AWKWARD_KEYS.slice(0, 4), ...more].map((k, i) => [k, vs[i]!]))),
        (x) => {
          const keys = Object.keys(x);
          return keys.includes('') && keys.some((k) => /^[0-9]+$/.test(k)) && keys.some((k) => k.includes('.')) && keys.some((k) => /[^\x00-\x7f]/.test(k));
        },
      ),
    maxKeys >= 1 &&
      valueClass<Extras>(
        'confusable-keys',
        fc
          .tuple(
            fc.subarray(CONFUSABLE_KEYS, { minLength: 1, maxLength: Math.min(maxKeys, CONFUSABLE_KEYS.length) }),
            fc.constantFrom('not an ip', 'free', '', 'x'),
          )
          .map(([keys, v]) => Object.fromEntries(keys.map((k) => [k, v]))),
        (x) => Object.keys(x).some((k) => CONFUSABLE_KEYS.includes(k)),
      ),
    maxKeys >= 1 &&
      valueClass('long-strings', dict(textOf('very-long'), 1, Math.min(maxKeys, 2)), (x) =>
        values(x).some((v) => typeof v === 'string' && codePoints(v) >= VERY_LONG_MIN),
      ),
    maxKeys >= 5 &&
      valueClass(
        'text-values',
        fc.record(
          {
            t_astral: textOf('astral-plane'),
            t_escapes: textOf('json-escapes'),
            t_whitespace: textOf('whitespace-only'),
            t_rtl: textOf('right-to-left'),
            t_empty: fc.constant(''),
          },
          { noNullPrototype: true },
        ) as unknown as fc.Arbitrary<Extras>,
        (x) => {
          const ss = values(x).filter((v): v is string => typeof v === 'string');
          return (
            ss.includes('') &&
            ss.some((s) => /[\u{10000}-\u{10ffff}]/u.test(s)) &&
            ss.some((s) => /[\u0000-\u001f\u007f\u2028\u2029]/u.test(s)) &&
            ss.some((s) => /^\s+$/u.test(s))
          );
        },
      ),
    maxKeys >= LANGUAGE_SPECIAL_KEYS.length + 1 &&
      maxDepth >= 3 &&
      valueClass<Extras>('language-special-keys', languageSpecialKeys(), (x) => {
        const specials = Object.keys(x).filter((k) => LANGUAGE_SPECIAL_KEYS.includes(k));
        return Object.hasOwn(x, '__proto__') && specials.length >= 3 && Object.values(x).some((v) => hasNestedProto(v));
      }),
    maxKeys >= 2 && valueClass('many-keys', dict(scalar(), manyFrom, maxKeys), (x) => Object.keys(x).length >= manyFrom),
    maxKeys >= 1 &&
      maxDepth >= 1 &&
      valueClass(
        'nested-mixed',
        dict(jsonValueOfDepth(Math.min(3, maxDepth), Math.min(3, maxNested)), 1, Math.min(maxKeys, 5)).filter((x) =>
          Object.values(x).some((v) => jsonDepth(v) >= 1),
        ),
        (x) => Object.values(x).some((v) => jsonDepth(v) >= 1),
      ),
  ];
  const present = classes.filter((c): c is ValueClass<Extras> => c !== false);
  return selectClasses('payloadExtras', present, constraints.classes);
}

/**
 * Extra `payload.*` merchant parameters: drawn from {@link payloadExtrasClasses}, class i at run
 * i of a property's first runs, then by weight (flat scalars most often). Values survive
 * `JSON.parse(JSON.stringify(v))` unchanged.
 */
export function payloadExtras(constraints: PayloadExtrasConstraints = {}): fc.Arbitrary<Extras> {
  return classed('payloadExtras', payloadExtrasClasses(constraints));
}

/** Extras that carry several classes at once, and which class each key belongs to. */
export interface CoveringExtras {
  extras: Extras;
  /** The class of each key of `extras`. */
  classOf: Record<string, string>;
}

/** Options of {@link payloadExtrasCovering}. */
export interface PayloadExtrasCoveringConstraints extends Omit<PayloadExtrasConstraints, 'classes'> {
  /** Keys the extras may not take (parameters the caller adds itself). Default none. */
  avoidKeys?: readonly string[];
}

/** The extras of each class, merged: no key taken twice (a key drawn again gets a suffix), none of `avoid`. */
function mergeClasses(classes: readonly ValueClass<Extras>[], values: readonly Extras[], avoid: ReadonlySet<string>): CoveringExtras {
  // Entries, made own keys at the end: `extras['__proto__'] = v` would set the prototype, not a key.
  const extras: [string, JsonValue][] = [];
  const classOf: [string, string][] = [];
  const taken = new Set<string>();
  // Classes whose keys are the point (empty, dotted, confusable names) are placed before those of drawn keys.
  const order = classes.map((_, i) => i).sort((a, b) => Number(KEYED.has(classes[b]!.name)) - Number(KEYED.has(classes[a]!.name)));
  for (const i of order) {
    for (const [key, value] of Object.entries(values[i]!)) {
      let k = key;
      for (let n = 2; taken.has(k) || avoid.has(k); n++) k = `${key}~${n}`;
      taken.add(k);
      extras.push([k, value]);
      classOf.push([k, classes[i]!.name]);
    }
  }
  return { extras: Object.fromEntries(extras), classOf: Object.fromEntries(classOf) };
}

/** Classes whose membership depends on the key names themselves. */
const KEYED = new Set(['awkward-keys', 'confusable-keys', 'language-special-keys']);

/** The keys of one class in a covering value. */
const keysOf = (v: CoveringExtras, name: string): string[] => Object.keys(v.extras).filter((k) => v.classOf[k] === name);

/** The covering value without some keys. */
function without(v: CoveringExtras, drop: ReadonlySet<string>): CoveringExtras {
  const keep = Object.keys(v.extras).filter((k) => !drop.has(k));
  return { extras: Object.fromEntries(keep.map((k) => [k, v.extras[k]!])), classOf: Object.fromEntries(keep.map((k) => [k, v.classOf[k]!])) };
}

/**
 * Draws every class at once; shrinks toward the key that fails: first without a whole class, then without
 * half, then one, of a class's keys (the values themselves stay as drawn: the key and its class are what a
 * failure needs to name).
 */
class CoveringArbitrary extends fc.Arbitrary<CoveringExtras> {
  constructor(
    private readonly classes: readonly ValueClass<Extras>[],
    private readonly avoid: ReadonlySet<string>,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<CoveringExtras> {
    const values = this.classes.map((c) => c.arbitrary.generate(mrng, biasFactor).value);
    return new fc.Value(mergeClasses(this.classes, values, this.avoid), undefined);
  }

  canShrinkWithoutContext(value: unknown): value is CoveringExtras {
    const v = value as CoveringExtras | null;
    return typeof v === 'object' && v !== null && typeof v.extras === 'object' && typeof v.classOf === 'object';
  }

  shrink(value: CoveringExtras): fc.Stream<fc.Value<CoveringExtras>> {
    const names = [...new Set(Object.values(value.classOf))];
    function* candidates(): Generator<CoveringExtras> {
      if (names.length > 1) for (const name of names) yield without(value, new Set(keysOf(value, name)));
      for (const name of names) {
        const keys = keysOf(value, name);
        if (keys.length < 2) continue;
        yield without(value, new Set(keys.slice(0, keys.length >> 1)));
        yield without(value, new Set(keys.slice(keys.length >> 1)));
        if (keys.length > 2) for (const k of keys) yield without(value, new Set([k]));
      }
    }
    return new fc.Stream(candidates()).map((v) => new fc.Value(v, undefined));
  }
}

/**
 * Extras that carry every class of {@link payloadExtrasClasses} at once, each class under keys of its own
 * (`classOf` names the class of each key), for a place where one payload has to show them all (a callback).
 * A class of no keys (`none`) adds nothing here. Shrinks toward the key that fails.
 */
export function payloadExtrasCovering(constraints: PayloadExtrasCoveringConstraints = {}): fc.Arbitrary<CoveringExtras> {
  const { avoidKeys = [], ...rest } = constraints;
  return new CoveringArbitrary(payloadExtrasClasses(rest), new Set([...avoidKeys, ...DOCUMENTED_PAYLOAD_KEYS]));
}
