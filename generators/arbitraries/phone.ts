import fc from 'fast-check';
import { failLuhn } from './cardSafe.js';
import { classed, selectClasses, valueClass, type ValueClass } from './classed.js';

/** Country calling codes used for realistic numbers, Russia first (shrinking target). */
export const COUNTRY_CODES: readonly string[] = ['7', '375', '380', '998', '996', '374', '1', '44', '49'];

/** Usual total digit count of numbers under each country code (E.164, country code included). */
const NATURAL_DIGITS: Readonly<Record<string, number>> = {
  '7': 11,
  '375': 12,
  '380': 12,
  '998': 12,
  '996': 12,
  '374': 11,
  '1': 11,
  '44': 12,
  '49': 12,
};

/** Options of {@link phone}. */
export interface PhoneConstraints {
  /**
   * Leading plus sign: `'never'` (digits only, as the fast payment system credentials
   * `phone`), `'always'`, or `'sometimes'` (the profile's `payer_phone` allows one).
   * Default `'never'`.
   */
  plus?: 'never' | 'always' | 'sometimes';
  /** Fewest digits, country code included, at least 10. Default 10. */
  minDigits?: number;
  /** Most digits, country code included, at most 15. Default 15. */
  maxDigits?: number;
  /** Names of the classes to draw from (see {@link phoneClasses}). Default all that the other constraints allow. */
  classes?: readonly string[];
}

const subscriber = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }));

/**
 * Digits of exactly `total` length after `head`; a number of 13 digits or more is made to fail
 * the Luhn check, so that the suite's evidence never masks it as a card number.
 */
const digitsOf = (head: string, total: number, [lead, rest]: [number, number[]]): string => failLuhn((head + String(lead) + rest.join('')).slice(0, total));

/**
 * The value classes of a phone number. The profile's rule for `payer_phone` is "10 to 15 digits,
 * an optional leading plus sign", nothing about country codes, so: `international` (a country
 * code and the country's usual length), `min-digits` and `max-digits` (exactly the bounds),
 * `national-format` (a trunk prefix 8 or 0 instead of a country code, as people type them), each
 * without a plus, and `plus-international`, `plus-min-digits`, `plus-max-digits` with one. The
 * `plus` constraint leaves out the classes it forbids.
 */
export function phoneClasses(constraints: PhoneConstraints = {}): ValueClass<string>[] {
  const minDigits = constraints.minDigits ?? 10;
  const maxDigits = constraints.maxDigits ?? 15;
  const plus = constraints.plus ?? 'never';
  if (!Number.isInteger(minDigits) || !Number.isInteger(maxDigits) || minDigits < 10 || maxDigits > 15 || minDigits > maxDigits) {
    throw new Error(`phone: minDigits/maxDigits must be integers with 10 <= minDigits <= maxDigits <= 15, got ${minDigits}..${maxDigits}`);
  }
  const clamp = (n: number): number => Math.min(maxDigits, Math.max(minDigits, n));
  const international = fc
    .tuple(fc.constantFrom(...COUNTRY_CODES), subscriber)
    .map(([country, sub]) => digitsOf(country, clamp(NATURAL_DIGITS[country]!), sub));
  const isInternational = (d: string): boolean => COUNTRY_CODES.some((c) => d.startsWith(c)) && d[0] !== '0';
  const ofLength = (n: number): fc.Arbitrary<string> => fc.tuple(fc.constantFrom(...COUNTRY_CODES), subscriber).map(([c, sub]) => digitsOf(c, n, sub));
  const digits = (d: string): boolean => new RegExp(`^[0-9]{${minDigits},${maxDigits}}$`).test(d);
  const bare: ValueClass<string>[] = [
    valueClass('international', international, (p) => digits(p) && isInternational(p), 4),
    valueClass('min-digits', ofLength(minDigits), (p) => digits(p) && p.length === minDigits),
    valueClass('max-digits', ofLength(maxDigits), (p) => digits(p) && p.length === maxDigits),
    valueClass(
      'national-format',
      // 8 and ten digits (Russia), or 0 and nine digits or more (most other countries).
      fc.tuple(fc.constantFrom('8', '0'), subscriber).map(([trunk, sub]) => digitsOf(trunk, clamp(trunk === '8' ? 11 : 10), sub)),
      (p) => digits(p) && /^[08]/.test(p),
    ),
  ];
  const withPlus = bare
    .filter((c) => c.name !== 'national-format')
    .map((c) =>
      valueClass(
        `plus-${c.name}`,
        c.arbitrary.map((d) => `+${d}`),
        (p) => p.startsWith('+') && c.test(p.slice(1)),
        c.weight,
      ),
    );
  // Interleaved so that a short property meets both signs early.
  const all = plus === 'never' ? bare : plus === 'always' ? withPlus : bare.flatMap((c, i) => (withPlus[i] ? [c, withPlus[i]!] : [c]));
  return selectClasses('phone', all, constraints.classes);
}

/**
 * A phone number of 10 to 15 digits (country code included, or a national trunk prefix),
 * optionally with a leading `+`: drawn from {@link phoneClasses}, class i at run i of a
 * property's first runs, then by weight.
 */
export function phone(constraints: PhoneConstraints = {}): fc.Arbitrary<string> {
  return classed('phone', phoneClasses(constraints));
}
