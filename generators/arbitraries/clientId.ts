import fc from 'fast-check';
import { classed, selectClasses, valueClass, type ValueClass } from './classed.js';
import { freeTextClasses, WHITESPACE_ONLY } from './freeText.js';

/** Options of {@link clientId}. */
export interface ClientIdConstraints {
  /** Most code points; the `very-long` class is left out below 10 000, longer values are cut. Default none (no limit is stated). */
  maxLength?: number;
  /** Names of the classes to draw from (see {@link clientIdClasses}). Default all. */
  classes?: readonly string[];
}

// Built once: fc.stringMatching is costly to build.
const EMAIL_LOCAL = fc.stringMatching(/^[a-z][a-z0-9._+-]{0,11}$/);
const UUID_ANY_CASE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The value classes of `payload.client_id`, a string the document does not constrain further:
 * the identifier shapes merchants use (`numeric-id` of at most 12 digits, so never card-like;
 * `prefixed-id` such as `user-42`; `uuid-id`; `email-id`), then the same hard free text as a
 * description (freeText.ts).
 */
export function clientIdClasses(constraints: ClientIdConstraints = {}): ValueClass<string>[] {
  const maxLength = constraints.maxLength;
  if (maxLength !== undefined && (!Number.isInteger(maxLength) || maxLength < 1)) {
    throw new Error(`clientId: maxLength must be an integer >= 1, got ${maxLength}`);
  }
  const max = maxLength ?? Infinity;
  const cut = (s: string): string => (max === Infinity ? s : [...s].slice(0, max).join(''));
  const idClasses: ValueClass<string>[] = [
    valueClass(
      'prefixed-id',
      fc.tuple(fc.constantFrom('u', 'cust', 'user', 'client'), fc.integer({ min: 1, max: 9_999_999 })).map(([p, n]) => `${p}-${n}`),
      (s) => /^[a-z]+-[0-9]+$/.test(s),
      4,
    ),
    valueClass('numeric-id', fc.integer({ min: 1, max: 999_999_999_999 }).map(String), (s) => /^[1-9][0-9]{0,11}$/.test(s), 2),
    valueClass('uuid-id', fc.uuid({ version: 4 }), (s) => UUID_ANY_CASE.test(s), 2),
    valueClass(
      'email-id',
      fc.tuple(EMAIL_LOCAL, fc.constantFrom('example.com', 'почта.example', 'mail.example.org')).map(([l, d]) => `${l}@${d}`),
      (s) => /^[^@\s]+@[^@\s]+$/u.test(s),
    ),
  ].map((c) => ({ ...c, arbitrary: c.arbitrary.map(cut) }));
  // Never whitespace only: a required text field (see description.ts).
  const all = [...idClasses, ...freeTextClasses(maxLength === undefined ? {} : { maxLength }).filter((c) => c.name !== WHITESPACE_ONLY)];
  return selectClasses('clientId', all, constraints.classes);
}

/**
 * A user identifier in the merchant's system, never empty: drawn from {@link clientIdClasses},
 * class i at run i of a property's first runs, then by weight (identifier shapes most often).
 */
export function clientId(constraints: ClientIdConstraints = {}): fc.Arbitrary<string> {
  return classed('clientId', clientIdClasses(constraints));
}
