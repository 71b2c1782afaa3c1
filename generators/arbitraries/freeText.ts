/**
 * Value classes of free text (description, payload.client_id, string payload parameters).
 * The document types these fields as plain strings with no stated length or alphabet, and the
 * default profile counts only a missing field, null and the empty string as missing; so any
 * non-empty, well-formed Unicode string is valid. Every class here draws such strings, never
 * '', never a lone surrogate (it cannot travel as UTF-8), and never a run of more than 12 ASCII
 * digits (see cardSafe.ts).
 */
import fc from 'fast-check';
import { breakDigitRuns } from './cardSafe.js';
import { valueClass, type ValueClass } from './classed.js';

// Shortest first: fc.constantFrom shrinks toward its first value.
const byLength = (xs: string[]): readonly string[] => [...xs].sort((a, b) => a.length - b.length || a.localeCompare(b));

const CYRILLIC_WORDS = byLength([
  'Оплата',
  'заказа',
  'по',
  'счёту',
  'услуги',
  'доставка',
  'товара',
  'подписка',
  'на',
  'месяц',
  'пополнение',
  'баланса',
  'штраф',
  'ГИБДД',
  'аренда',
  'автомобиля',
  'ёлка',
]);
const LATIN_WORDS = byLength([
  'Payment',
  'for',
  'order',
  'invoice',
  'subscription',
  'delivery',
  'of',
  'goods',
  'top-up',
  'balance',
  'rent',
  'car',
  'service',
  'fee',
]);

/** Whether a string is well-formed UTF-16: no lone surrogate, which UTF-8 cannot carry. */
export const isWellFormed = (s: string): boolean => !/\p{Cs}/u.test(s);

/** Code points of a string (an astral character counts once). */
export const codePoints = (s: string): number => [...s].length;

const plainWord = (): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...CYRILLIC_WORDS), weight: 3 },
    { arbitrary: fc.constantFrom(...LATIN_WORDS), weight: 3 },
    { arbitrary: fc.tuple(fc.constantFrom('№', '#'), fc.integer({ min: 1, max: 9_999_999 })).map(([s, n]) => `${s}${n}`), weight: 1 },
  );

const words = (min: number, max: number): fc.Arbitrary<string> => fc.array(plainWord(), { minLength: min, maxLength: max }).map((ws) => ws.join(' '));

/** Up to three filler pieces, a `forced` piece, then up to three more of either, joined by `sep`. */
const around = (forced: fc.Arbitrary<string>, filler: fc.Arbitrary<string> = plainWord(), sep = ' '): fc.Arbitrary<string> =>
  fc
    .tuple(fc.array(filler, { maxLength: 3 }), forced, fc.array(fc.oneof(filler, forced), { maxLength: 3 }))
    .map(([before, f, after]) => [...before, f, ...after].join(sep));

const PLAIN = /^[A-Za-zА-Яа-яЁё0-9№#-]+(?: [A-Za-zА-Яа-яЁё0-9№#-]+)*$/u;
const PRINTABLE_ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const ASCII_PUNCTUATION = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
// Letters whose case mapping changes the length or is not reversible (ß→SS, İ→i̇, final ς, the ǅ title-case digraph, the ﬁ ligature).
const SPECIAL_CASE_WORDS = byLength(['Straße', 'ẞ', 'İstanbul', 'ıspanak', 'σοφός', 'ǅemal', 'ﬁnance']);
const SPECIAL_CASE = /[ßẞıİςǅﬁ]/u;
const ASTRAL = byLength(['😀', '👍🏽', '👩🏽‍💻', '🇷🇺', '🏳️‍🌈', '𠮷', '𝔸𝕓𝕔', '𐍈', '🀄', '🧾', '\u{1F4B3}']);
const COMBINING = byLength(['и\u0306', 'е\u0308', 'e\u0301', 'a\u030a', 'Заказ\u0301', 'न\u094dन', 'क\u093f', 'o\u0323\u0302']);
const RTL = byLength(['תשלום', 'הזמנה', 'دفع', 'طلب', 'الفاتورة', '\u200fעסקה\u200f', '\u200eدفع\u200e']);
const OTHER_SCRIPTS = byLength(['支付订单', 'お支払い', '결제', 'ชำระเงิน', 'Πληρωμή', 'გადახდა', 'Վճարում', 'ტრანზაქცია']);
const OTHER_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Greek}\p{Script=Georgian}\p{Script=Armenian}]/u;
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00a0', '\u202f', '\u00ad'];
const INVISIBLE_CHAR = /[\u200b-\u200d\u2060\ufeff\u00a0\u202f\u00ad]/u;
const VISIBLE_CHAR = /[^\s\u200b-\u200d\u2060\u00ad]/u;
// U+E000/U+F8FF private use, U+FFFD replacement, U+FFFE/U+FFFF and U+10FFFF noncharacters (valid
// scalar values: UTF-8 and JSON carry them), U+F0000 plane-15 private use, U+E0041 a tag character.
const UNUSUAL = ['\ue000', '\uf8ff', '\ufffd', '\ufffe', '\uffff', '\u{f0000}', '\u{10ffff}', '\u{e0041}'];
const UNUSUAL_CHAR = /[\ue000-\uf8ff\ufffd\ufffe\uffff\u{f0000}-\u{10ffff}\u{e0000}-\u{e007f}]/u;
/**
 * The class of text of only whitespace. A required text field never draws it as a valid value: the profile leaves
 * open whether " " is given or missing (contracts/operation-facts.ts REQUIRED_TEXT_FIELDS; blankTextTakenEitherWay).
 */
export const WHITESPACE_ONLY = 'whitespace-only';
const WHITESPACE = [' ', '\t', '\n', '\r\n', '\u00a0', '\u2003', '\u3000', '\u2028'];
// JSON must escape the quote, the backslash and U+0000..U+001F; U+2028/U+2029 break JavaScript
// string literals that embed JSON; U+007F is a control character too.
const CONTROLS = ['\u0000', '\u0001', '\b', '\t', '\n', '\f', '\r', '\u001b', '\u001f', '\u007f', '\u2028', '\u2029'];
const CONTROL_CHAR = /[\u0000-\u001f\u007f\u2028\u2029]/u;
// Text that templating, HTML, SQL, spreadsheet or loosely typed code on the way may interpret.
const MARKUP = byLength([
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "'; DROP TABLE payments; --",
  '{{7*7}}',
  '${7*7}',
  '%s%n%x',
  '&amp;&lt;&#0;',
  '<!-- -->',
  ']]>',
  '../../etc/passwd',
  '=HYPERLINK("http://x.example")',
  'null',
  'undefined',
  'true',
  'NaN',
  '[object Object]',
]);
const SINGLE = byLength(['a', 'Z', 'ж', 'Ё', '7', '€', '😀', '𠮷', 'ß', '#']);

/** Options of {@link freeTextClasses}. */
export interface FreeTextOptions {
  /** Most code points; classes that cannot fit are left out, longer values are cut (and may leave their class). Default none. */
  maxLength?: number;
}

/** Fewest code points of the `very-long` class: no length limit is stated, so well past any common column size. */
export const VERY_LONG_MIN = 10_000;
/** Most code points of the `very-long` class. */
export const VERY_LONG_MAX = 16_384;

/** The plain class: 1 to `maxWords` Cyrillic/Latin words and order numbers, single spaces. */
export function plainWordsClass(maxWords: number, options: FreeTextOptions = {}): ValueClass<string> {
  const max = options.maxLength ?? Infinity;
  // Every class comes once in a property's first runs; afterwards mostly plain words, since a run's depth is
  // paid per request and the hard classes (a 16 384-character text) cost tens of times more to build and send.
  return valueClass(
    'plain-words',
    words(1, maxWords).map((s) => cut(s, max).trimEnd()),
    (s) => PLAIN.test(s),
    40,
  );
}

/** The classes of hard free text, in the order a property's first runs draw them. */
export function freeTextClasses(options: FreeTextOptions = {}): ValueClass<string>[] {
  const max = options.maxLength ?? Infinity;
  const ascii = fc.constantFrom(...PRINTABLE_ASCII);
  // Words of two letters or more, so that upper case and alternating case always show.
  const letterWords = fc.array(fc.constantFrom(...CYRILLIC_WORDS, ...LATIN_WORDS), { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
  const classes: ValueClass<string>[] = [
    valueClass('astral-plane', around(fc.constantFrom(...ASTRAL)), (s) => /[\u{10000}-\u{10ffff}]/u.test(s)),
    valueClass(
      'json-escapes',
      fc
        .tuple(words(0, 2), fc.array(fc.constantFrom(...CONTROLS), { minLength: 1, maxLength: 4 }), words(0, 2))
        .map(([a, controls, b]) => `${a}"${controls.join('')}\\${b}"`),
      (s) => s.includes('"') && s.includes('\\') && CONTROL_CHAR.test(s),
    ),
    valueClass('very-long', veryLong(), (s) => codePoints(s) >= VERY_LONG_MIN),
    valueClass(
      'letter-case',
      fc.oneof(
        letterWords.map((s) => s.toUpperCase()),
        letterWords.map((s) => [...s].map((c, i) => (i % 2 === 0 ? c.toLowerCase() : c.toUpperCase())).join('')),
        around(fc.constantFrom(...SPECIAL_CASE_WORDS)),
      ),
      (s) => /\p{Ll}\p{Lu}/u.test(s) || SPECIAL_CASE.test(s) || isAllUpper(s),
    ),
    valueClass('combining-marks', around(fc.constantFrom(...COMBINING), plainWord(), ''), (s) => /\p{M}/u.test(s)),
    valueClass('right-to-left', around(fc.constantFrom(...RTL)), (s) => /[\p{Script=Hebrew}\p{Script=Arabic}]/u.test(s)),
    valueClass(
      WHITESPACE_ONLY,
      fc.array(fc.constantFrom(...WHITESPACE), { minLength: 1, maxLength: 6 }).map((ws) => ws.join('')),
      (s) => /^\s+$/u.test(s),
    ),
    valueClass(
      'padded',
      fc
        .tuple(
          fc.array(fc.constantFrom(...WHITESPACE), { maxLength: 2 }),
          words(1, 3),
          fc.array(fc.constantFrom(...WHITESPACE), { maxLength: 2 }),
          fc.boolean(),
        )
        .map(([a, w, b, leading]) => (a.length + b.length === 0 ? (leading ? ` ${w}` : `${w} `) : `${a.join('')}${w}${b.join('')}`)),
      (s) => s.trim() !== s && s.trim() !== '',
    ),
    valueClass('markup-and-injection', around(fc.constantFrom(...MARKUP)), (s) => MARKUP.some((m) => s.includes(m))),
    valueClass(
      'invisible-characters',
      // A visible word first: an invisible character alone would be a whitespace-only value.
      fc
        .tuple(plainWord(), fc.constantFrom(...INVISIBLE), fc.array(fc.oneof(plainWord(), fc.constantFrom(...INVISIBLE)), { maxLength: 3 }))
        .map(([w, i, rest]) => [w, i, ...rest].join('')),
      (s) => INVISIBLE_CHAR.test(s) && VISIBLE_CHAR.test(s),
    ),
    valueClass('other-scripts', around(fc.constantFrom(...OTHER_SCRIPTS)), (s) => OTHER_SCRIPT.test(s)),
    valueClass('unusual-code-points', around(fc.constantFrom(...UNUSUAL)), (s) => UNUSUAL_CHAR.test(s)),
    valueClass(
      'ascii-punctuation',
      fc
        .tuple(fc.string({ unit: ascii, maxLength: 30 }), fc.constantFrom(...ASCII_PUNCTUATION), fc.string({ unit: ascii, maxLength: 30 }))
        .map(([a, p, b]) => `${a}${p}${b}`),
      (s) => /^[\x20-\x7e]+$/.test(s) && /[!-/:-@[-`{-~]/.test(s),
    ),
    valueClass('single-character', fc.constantFrom(...SINGLE), (s) => codePoints(s) === 1 && /\S/u.test(s)),
  ];
  return classes
    .filter((c) => c.name !== 'very-long' || max >= VERY_LONG_MIN)
    .map((c) => ({ ...c, arbitrary: c.arbitrary.map((s) => cut(breakDigitRuns(s), max)) }));
}

/** One member of a class of free text, for a covering table (every member of every small class, once each). */
export interface TextMember {
  readonly textClass: string;
  readonly text: string;
}

/**
 * Every member of the small classes of hard free text, each inside a plain word (so that none is whitespace only
 * unless its class is), and one text of the largest length class: what a check sends once each, in every free-text
 * field, where a property's few runs per class would meet one member of a class only.
 */
export function textClassMembers(): TextMember[] {
  const inWords = (textClass: string, pieces: readonly string[]) => pieces.map((p) => ({ textClass, text: `Заказ ${p} order` }));
  return [
    ...inWords('markup-and-injection', MARKUP),
    ...inWords('json-escapes', [...CONTROLS, '"', '\\', '\\u0000', '"\\"']),
    ...inWords('astral-plane', ASTRAL),
    ...inWords('combining-marks', COMBINING),
    ...inWords('right-to-left', [...RTL, '\u202e', '\u202d']),
    ...inWords('invisible-characters', INVISIBLE),
    ...inWords('unusual-code-points', UNUSUAL),
    ...inWords('letter-case', SPECIAL_CASE_WORDS),
    ...inWords('other-scripts', OTHER_SCRIPTS),
    ...inWords('ascii-punctuation', ASCII_PUNCTUATION),
    ...WHITESPACE.map((w) => ({ textClass: WHITESPACE_ONLY, text: w })),
    ...SINGLE.map((c) => ({ textClass: 'single-character', text: c })),
    { textClass: 'very-long', text: [...'Оплата заказа 😀 '.repeat(Math.ceil(VERY_LONG_MAX / 15))].slice(0, VERY_LONG_MAX).join('') },
  ];
}

function isAllUpper(s: string): boolean {
  const cased = [...s].filter((c) => c.toLowerCase() !== c.toUpperCase());
  return cased.length >= 2 && cased.every((c) => c === c.toUpperCase());
}

/** At most `max` code points, never empty. */
function cut(s: string, max: number): string {
  if (max === Infinity || codePoints(s) <= max) return s;
  return [...s].slice(0, Math.max(1, max)).join('');
}

/** 10 000 to 16 384 code points: a phrase of every script (astral included) repeated; shrinks toward the shortest. */
function veryLong(): fc.Arbitrary<string> {
  const piece = fc.oneof(plainWord(), fc.constantFrom(...ASTRAL, ...COMBINING, ...RTL, ...OTHER_SCRIPTS));
  return fc.tuple(fc.array(piece, { minLength: 1, maxLength: 8 }), fc.integer({ min: VERY_LONG_MIN, max: VERY_LONG_MAX })).map(([pieces, length]) => {
    const phrase = [...`${pieces.join(' ')} `];
    const out: string[] = [];
    while (out.length < length) out.push(...phrase);
    return out.slice(0, length).join('');
  });
}
