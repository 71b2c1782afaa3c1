import fc from 'fast-check';
import { classed, selectClasses, valueClass, type ValueClass } from './classed.js';
import { isLuhnValid, luhnCheckDigit } from '../../contracts/luhn.js';

/** A card scheme: the IIN prefixes it is issued under and the PAN lengths it uses. */
export interface CardScheme {
  /** Name for reports, e.g. `mir`. */
  name: string;
  /** Issuer identification number prefixes, one is picked per PAN. */
  prefixes: readonly string[];
  /** PAN lengths (digits, check digit included) the scheme issues. */
  lengths: readonly number[];
}

/** Realistic schemes, most common first; lengths shortest first (shrinking moves toward the first ones). */
export const CARD_SCHEMES: readonly CardScheme[] = [
  { name: 'visa', prefixes: ['4'], lengths: [13, 16, 19] },
  { name: 'mastercard', prefixes: ['51', '52', '53', '54', '55', '2221', '2720'], lengths: [16] },
  { name: 'mir', prefixes: ['2200', '2201', '2202', '2203', '2204'], lengths: [16, 17, 18, 19] },
  { name: 'maestro', prefixes: ['5018', '5020', '6304', '6759', '6761'], lengths: [13, 16, 19] },
  { name: 'amex', prefixes: ['34', '37'], lengths: [15] },
  { name: 'unionpay', prefixes: ['62'], lengths: [16, 17, 18, 19] },
  { name: 'jcb', prefixes: ['3528', '3589'], lengths: [16, 19] },
  { name: 'diners', prefixes: ['36', '300', '305', '38'], lengths: [14, 16, 19] },
];

/** Options of {@link luhnPan}. */
export interface LuhnPanConstraints {
  /** Fewest digits of the PAN, at least 13. Default 13. */
  minLength?: number;
  /** Most digits of the PAN, at most 19. Default 19. */
  maxLength?: number;
  /** Schemes to draw from. Default {@link CARD_SCHEMES} (and the `leading-zero` class). */
  schemes?: readonly CardScheme[];
  /** Names of the classes to draw from (see {@link luhnPanClasses}). Default all. */
  classes?: readonly string[];
}

export { isLuhnValid, luhnCheckDigit };

/** Completes a digit payload with its Luhn check digit. */
export function withLuhnDigit(payload: string): string {
  return payload + String(luhnCheckDigit(payload));
}

const digits18 = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 18, maxLength: 18 });

/** A Luhn-valid PAN of `length` digits starting with `prefix`, the body from `body` (shrinks toward zeros). */
const build = (prefix: string, length: number, body: readonly number[]): string => withLuhnDigit(prefix + body.slice(0, length - 1 - prefix.length).join(''));

const isPan = (p: string): boolean => /^[0-9]{13,19}$/.test(p) && isLuhnValid(p);

/**
 * The value classes of a recipient card number. The profile's rule is "13 to 19 digits that
 * pass the Luhn check", so: one class per card scheme (`scheme-visa`, ... drawn from its IIN
 * prefixes and lengths), one per length (`length-13` ... `length-19`, from the schemes that issue
 * it), and `leading-zero` (an unassigned IIN: a provider that reads the PAN as a number loses the
 * zero). Classes no constrained scheme or length allows are left out.
 */
export function luhnPanClasses(constraints: LuhnPanConstraints = {}): ValueClass<string>[] {
  const minLength = constraints.minLength ?? 13;
  const maxLength = constraints.maxLength ?? 19;
  if (!Number.isInteger(minLength) || !Number.isInteger(maxLength) || minLength < 13 || maxLength > 19 || minLength > maxLength) {
    throw new Error(`luhnPan: minLength/maxLength must be integers with 13 <= minLength <= maxLength <= 19, got ${minLength}..${maxLength}`);
  }
  const schemes = (constraints.schemes ?? CARD_SCHEMES)
    .map((s) => ({ ...s, lengths: s.lengths.filter((l) => l >= minLength && l <= maxLength) }))
    .filter((s) => s.lengths.length > 0);
  if (schemes.length === 0) {
    throw new Error(`luhnPan: no card scheme issues PANs of ${minLength}..${maxLength} digits`);
  }
  const schemeClass = (s: CardScheme): ValueClass<string> =>
    valueClass(
      `scheme-${s.name}`,
      fc.tuple(fc.constantFrom(...s.prefixes), fc.constantFrom(...s.lengths), digits18).map(([prefix, length, body]) => build(prefix, length, body)),
      (p) => isPan(p) && s.lengths.includes(p.length) && s.prefixes.some((x) => p.startsWith(x)),
      s.name === 'visa' ? 4 : 2,
    );
  const lengthClass = (length: number): ValueClass<string> | undefined => {
    const prefixes = schemes.filter((s) => s.lengths.includes(length)).flatMap((s) => s.prefixes);
    if (prefixes.length === 0) return undefined;
    return valueClass(
      `length-${length}`,
      fc.tuple(fc.constantFrom(...prefixes), digits18).map(([prefix, body]) => build(prefix, length, body)),
      (p) => isPan(p) && p.length === length,
    );
  };
  const byName = new Map<string, ValueClass<string>>();
  for (const s of schemes) byName.set(`scheme-${s.name}`, schemeClass(s));
  for (let l = minLength; l <= maxLength; l++) {
    const c = lengthClass(l);
    if (c) byName.set(c.name, c);
  }
  if (constraints.schemes === undefined) {
    byName.set(
      'leading-zero',
      valueClass(
        'leading-zero',
        fc.tuple(fc.integer({ min: minLength, max: maxLength }), digits18).map(([length, body]) => build('0', length, body)),
        (p) => isPan(p) && p.startsWith('0'),
      ),
    );
  }
  // First runs alternate schemes and lengths, the most common first; the rest keep their order.
  const order = [
    'scheme-visa',
    'scheme-mastercard',
    'scheme-mir',
    'length-13',
    'length-19',
    'scheme-amex',
    'length-14',
    'scheme-maestro',
    'length-17',
    'scheme-unionpay',
    'length-18',
    'leading-zero',
    'scheme-jcb',
    'scheme-diners',
    'length-15',
    'length-16',
  ];
  const ordered = [...order.filter((n) => byName.has(n)), ...[...byName.keys()].filter((n) => !order.includes(n))].map((n) => byName.get(n)!);
  return selectClasses('luhnPan', ordered, constraints.classes);
}

/**
 * A card number of 13 to 19 digits that passes the Luhn check: drawn from
 * {@link luhnPanClasses}, class i at run i of a property's first runs, then by weight (Visa most
 * often). Shrinks toward a short Visa number of zeros.
 */
export function luhnPan(constraints: LuhnPanConstraints = {}): fc.Arbitrary<string> {
  return classed('luhnPan', luhnPanClasses(constraints));
}
