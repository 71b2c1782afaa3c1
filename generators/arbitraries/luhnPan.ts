import fc from 'fast-check';

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
];

/** Options of {@link luhnPan}. */
export interface LuhnPanConstraints {
  /** Fewest digits of the PAN, at least 13. Default 13. */
  minLength?: number;
  /** Most digits of the PAN, at most 19. Default 19. */
  maxLength?: number;
  /** Schemes to draw from. Default {@link CARD_SCHEMES}. */
  schemes?: readonly CardScheme[];
}

/** The Luhn check digit for the digits before it. */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    // Doubling starts with the rightmost payload digit (next to the check digit).
    let d = payload.charCodeAt(payload.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a digit string passes the Luhn check. */
export function isLuhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits[digits.length - 1]);
}

/** Completes a digit payload with its Luhn check digit. */
export function withLuhnDigit(payload: string): string {
  return payload + String(luhnCheckDigit(payload));
}

/**
 * A card number of 13 to 19 digits that passes the Luhn check and starts with a
 * realistic IIN prefix (Visa, Mastercard, Mir, Maestro, Amex, UnionPay, JCB).
 * Built as `tuple(scheme, prefix pick, length pick, body digits).map(...)` so it shrinks
 * toward a short Visa number of zeros.
 */
export function luhnPan(constraints: LuhnPanConstraints = {}): fc.Arbitrary<string> {
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
  return fc
    .tuple(
      fc.constantFrom(...schemes),
      fc.nat(),
      fc.nat(),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 18, maxLength: 18 }),
    )
    .map(([scheme, prefixPick, lengthPick, body]) => {
      const prefix = scheme.prefixes[prefixPick % scheme.prefixes.length];
      const length = scheme.lengths[lengthPick % scheme.lengths.length];
      const payload = prefix + body.slice(0, length - 1 - prefix.length).join('');
      return withLuhnDigit(payload);
    });
}
