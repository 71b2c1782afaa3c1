import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { classed, selectClasses, valueClass, type ValueClass } from './classed.js';

/** Options of {@link uuid}. */
export interface UuidConstraints {
  /** Names of the classes to draw from (see {@link uuidClasses}). Default all. */
  classes?: readonly string[];
}

const HEX = '[0-9a-fA-F]';
const SHAPE = new RegExp(`^${HEX}{8}-${HEX}{4}-${HEX}{4}-[89abAB]${HEX}{3}-${HEX}{12}$`);
const VARIANT_AT = 19;
const VERSION_AT = 14;

/** Upper-case `u` with its variant digit set to the letter `v` (a or b), so that upper case always shows. */
const withVariantLetter = (u: string, v: string): string => u.slice(0, VARIANT_AT) + v + u.slice(VARIANT_AT + 1);

/**
 * The value classes of a merchant's `transaction`. The document says "string, UUID" and the
 * profile refuses "a transaction that is not a UUID"; RFC 9562 reads UUIDs in either letter
 * case and has versions 1 to 8. So: `v4-lower-case` (the canonical form), `v4-upper-case`,
 * `mixed-case` and `other-versions` (1, 2, 3, 5, 6, 7, 8). No nil or max UUID class: the
 * profile refuses a transaction used before, and UUIDs compare without regard to case. fast-check
 * biases some UUIDs toward repeated digits, so a sender that must not reuse one replaces it with
 * {@link renewUuid}, which keeps the class.
 */
export function uuidClasses(constraints: UuidConstraints = {}): ValueClass<string>[] {
  const all = [
    valueClass(
      'v4-lower-case',
      fc.uuid({ version: 4 }).map((u) => u.toLowerCase()),
      (u) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u),
      3,
    ),
    valueClass(
      'v4-upper-case',
      fc.tuple(fc.uuid({ version: 4 }), fc.constantFrom('a', 'b')).map(([u, v]) => withVariantLetter(u.toLowerCase(), v).toUpperCase()),
      (u) => /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/.test(u) && /[A-F]/.test(u),
    ),
    valueClass(
      'mixed-case',
      fc
        .tuple(
          fc.uuid({ version: [1, 4, 7] }),
          fc.array(fc.boolean(), { minLength: 36, maxLength: 36 }),
          fc.constantFrom('A', 'B'),
          fc.constantFrom(...'abcdef'),
        )
        .map(([u, upper, v, last]) => {
          // The variant letter upper, the last digit a lower-case letter: both cases always show.
          const chars = [...u.toLowerCase()].map((c, i) => (upper[i] ? c.toUpperCase() : c));
          chars[VARIANT_AT] = v;
          chars[35] = last;
          return chars.join('');
        }),
      (u) => SHAPE.test(u) && /[a-f]/.test(u) && /[A-F]/.test(u),
    ),
    valueClass(
      'other-versions',
      fc.uuid({ version: [1, 2, 3, 5, 6, 7, 8] }).map((u) => u.toLowerCase()),
      (u) => SHAPE.test(u) && u === u.toLowerCase() && /^[1-35-8]$/.test(u[VERSION_AT]!),
    ),
  ];
  return selectClasses('uuid', all, constraints.classes);
}

/**
 * A merchant's `transaction` identifier: drawn from {@link uuidClasses}, class i at run i of a
 * property's first runs, then by weight (canonical lower-case v4 most often).
 */
export function uuid(constraints: UuidConstraints = {}): fc.Arbitrary<string> {
  return classed('uuid', uuidClasses(constraints));
}

/**
 * A fresh random UUID of the same class as `previous`: same version and variant digit, same
 * letter case (lower, upper, or mixed). For senders that must replace a generated transaction
 * by an unused one without losing its class.
 */
export function renewUuid(previous: string): string {
  if (!SHAPE.test(previous)) throw new Error(`renewUuid: not a UUID: '${previous}'`);
  const chars = [...randomUUID()];
  chars[VERSION_AT] = previous[VERSION_AT]!;
  chars[VARIANT_AT] = previous[VARIANT_AT]!;
  const hasUpper = /[A-F]/.test(previous);
  const hasLower = /[a-f]/.test(previous);
  if (hasUpper && !hasLower) return withVariantLetter(chars.join('').toLowerCase(), 'b').toUpperCase();
  if (!hasUpper) return chars.join('').toLowerCase();
  const mixed = chars.map((c, i) => (/[A-F]/.test(previous[i]!) ? c.toUpperCase() : c.toLowerCase()));
  mixed[VARIANT_AT] = 'B';
  mixed[35] = 'f';
  return mixed.join('');
}
