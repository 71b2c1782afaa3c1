// The Luhn check (ISO/IEC 7812) of card numbers: the profile's rule for recipient_pan, the generators' valid
// and invalid card numbers, and the redaction that masks whatever reads as a card number all use this one.

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
