import fc from 'fast-check';

/** Country calling codes used for realistic numbers, Russia first (shrinking target). */
export const COUNTRY_CODES: readonly string[] = ['7', '375', '380', '998', '996', '374', '1', '44', '49'];

/** Usual total digit count of numbers under each country code (E.164, country code included). */
const NATURAL_DIGITS: Readonly<Record<string, number>> = {
  '7': 11, '375': 12, '380': 12, '998': 12, '996': 12, '374': 11, '1': 11, '44': 12, '49': 12,
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
}

/**
 * A phone number of 10 to 15 digits starting with a country calling code, optionally
 * with a leading `+`. Russian numbers are 7 + 10 digits.
 */
export function phone(constraints: PhoneConstraints = {}): fc.Arbitrary<string> {
  const minDigits = constraints.minDigits ?? 10;
  const maxDigits = constraints.maxDigits ?? 15;
  const plus = constraints.plus ?? 'never';
  if (!Number.isInteger(minDigits) || !Number.isInteger(maxDigits) || minDigits < 10 || maxDigits > 15 || minDigits > maxDigits) {
    throw new Error(`phone: minDigits/maxDigits must be integers with 10 <= minDigits <= maxDigits <= 15, got ${minDigits}..${maxDigits}`);
  }
  const plusArb =
    plus === 'never' ? fc.constant(false) : plus === 'always' ? fc.constant(true) : fc.boolean();
  return fc
    .record({
      country: fc.constantFrom(...COUNTRY_CODES),
      // Mostly the country's usual length; sometimes any length in range (the shrink target).
      natural: fc.oneof({ arbitrary: fc.constant(false), weight: 1 }, { arbitrary: fc.constant(true), weight: 3 }),
      extra: fc.nat({ max: maxDigits - minDigits }),
      // The first subscriber digit is non-zero, as in real numbering plans.
      lead: fc.integer({ min: 1, max: 9 }),
      rest: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }),
      plus: plusArb,
    })
    .map(({ country, natural, extra, lead, rest, plus: withPlus }) => {
      const usual = NATURAL_DIGITS[country];
      const total = natural && usual >= minDigits && usual <= maxDigits ? usual : minDigits + extra;
      const subscriber = String(lead) + rest.join('');
      const digits = (country + subscriber).slice(0, total);
      return (withPlus ? '+' : '') + digits;
    });
}
