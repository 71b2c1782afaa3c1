// Reading a payment page's text as a person would: the amount in rubles however it is written, the
// recipient however the card or the phone is shown.
import type { Credentials } from '../../contracts/index.js';

const GROUP_SEPARATORS = " \u00a0\u202f\u2009'";

/** How a page may name the currency beside an amount. */
const CURRENCY = '(?:₽|RUB|RUR|руб|р\\.)';
const SPACE = `[${GROUP_SEPARATORS}]?`;

/**
 * The amount `kopecks / 100` as a page may write it: "1 234,56", "1234.56", "1 234.56", "1,234.56",
 * "1.234,56" (any common thousands separator, or none; decimal comma or point), not glued to other digits.
 * Beside its currency, without the trailing zeros of its kopecks too, as a locale's currency format may write
 * it: "100 ₽" for 100.00, "10,5 ₽" for 10.50 (never "10,5" for 10.05).
 */
export function rublesPattern(kopecks: number): RegExp {
  const whole = String(Math.trunc(kopecks / 100));
  const cents = String(kopecks % 100).padStart(2, '0');
  const groups: string[] = [];
  for (let end = whole.length; end > 0; end -= 3) groups.unshift(whole.slice(Math.max(0, end - 3), end));
  const sep = (decimal: string) => `[${GROUP_SEPARATORS}${decimal === ',' ? '.' : ','}]?`;
  const withDecimal = (decimal: string, digits = cents) => `${groups.join(sep(decimal))}\\${decimal}${digits}`;
  const full = `(?<![\\d.,])(?:${withDecimal(',')}|${withDecimal('.')})(?!\\d)`;
  const shorter =
    cents === '00' ? [groups.join(`[${GROUP_SEPARATORS}.,]?`)] : cents.endsWith('0') ? [withDecimal(',', cents[0]), withDecimal('.', cents[0])] : [];
  if (shorter.length === 0) return new RegExp(full);
  const amount = `(?<![\\d.,])(?:${shorter.join('|')})(?!\\d|[.,]\\d)`;
  return new RegExp(`${full}|${amount}${SPACE}${CURRENCY}|${CURRENCY}${SPACE}${amount}`);
}

/** Characters a page may print in place of a hidden card digit. */
const MASK = '*•·●xX#';
/** Separators a page may print between the groups of a card or phone number. */
const NUMBER_SEPARATORS = ' \u00a0\u202f\u2009-';

/**
 * Whether the text shows the card: in full ("2200701234569573"), masked ("220070******9573"), grouped
 * ("2200 70** **** 9573"), or its last four digits only ("•••• 9573", "*9573", "card 9573"). Each run of
 * digits and mask characters (separators between them dropped) that ends the card's last four digits
 * must agree with the card, digit by digit, from the right; a longer run, or a digit that differs, is
 * another number.
 */
export function cardShown(text: string, pan: string): boolean {
  const agrees = (run: string) => {
    if (run.length > pan.length || !run.endsWith(pan.slice(-4))) return false;
    const offset = pan.length - run.length;
    return [...run].every((c, i) => MASK.includes(c) || c === pan[offset + i]);
  };
  const runs = text.match(new RegExp(`[\\d${MASK}](?:[${NUMBER_SEPARATORS}]?[\\d${MASK}])*`, 'g')) ?? [];
  // A separator may also stand between the card and another number ("15661 2200…", "9573 x"): any run of whole groups counts.
  return runs.some((raw) => {
    const groups = raw.split(new RegExp(`[${NUMBER_SEPARATORS}]`));
    return groups.some((_, from) => groups.some((__, to) => to >= from && agrees(groups.slice(from, to + 1).join(''))));
  });
}

/** Whether the text shows the fast-payment-system recipient: the phone's last ten digits in any grouping, or the holder. */
export function phoneRecipientShown(text: string, phone: string, holder: string): boolean {
  const digits = phone.replace(/\D/g, '').slice(-10);
  const grouped = new RegExp(digits.split('').join('\\D{0,3}'));
  return grouped.test(text) || (holder.trim().length > 0 && text.includes(holder.trim()));
}

/** Something of the recipient a page must show, and how the failure describes it. */
export function recipientShown(text: string, c: Credentials): { shown: boolean; what: string } {
  if ('card_pan' in c)
    return { shown: cardShown(text, c.card_pan), what: `the card ${c.card_pan}, in full, masked, grouped or by its last four digits ${c.card_pan.slice(-4)}` };
  return { shown: phoneRecipientShown(text, c.phone, c.holder), what: `the phone ${c.phone} (any grouping) or the holder "${c.holder}"` };
}
