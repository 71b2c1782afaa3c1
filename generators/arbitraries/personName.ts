import fc from 'fast-check';
import { classed, selectClasses, valueClass, type ValueClass } from './classed.js';
import { codePoints, VERY_LONG_MAX, VERY_LONG_MIN } from './freeText.js';

// Lists are sorted shortest first: fc.constantFrom shrinks toward its first value.
const byLength = (xs: string[]): readonly string[] => [...xs].sort((a, b) => a.length - b.length || a.localeCompare(b));

const CYRILLIC_MALE = byLength(['Иван', 'Пётр', 'Олег', 'Сергей', 'Алексей', 'Дмитрий', 'Николай', 'Артём', 'Юрий', 'Михаил']);
const CYRILLIC_FEMALE = byLength(['Анна', 'Ольга', 'Мария', 'Елена', 'Наталья', 'Татьяна', 'Юлия', 'Дарья', 'Ксения', 'Светлана']);
const CYRILLIC_SURNAME_ROOTS = byLength([
  'Иванов',
  'Петров',
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Соколов',
  'Лебедев',
  'Козлов',
  'Новиков',
  'Морозов',
  'Волков',
  'Ёлкин',
]);
const CYRILLIC_PATRONYMIC_ROOTS = byLength(['Иванов', 'Петров', 'Сергеев', 'Алексеев', 'Дмитриев', 'Николаев', 'Андреев', 'Олегов']);
const LATIN_GIVEN = byLength(['Ivan', 'Anna', 'John', 'Maria', 'Olga', 'Peter', 'Elena', 'Sergey', 'Natalia', 'Dmitry', 'José', 'Zoë']);
const LATIN_FAMILY = byLength(['Smith', 'Ivanov', 'Petrova', 'Müller', 'García', 'Kuznetsov', 'Novikova', 'Łukasiewicz']);
const HYPHENATED = byLength(['Римский-Корсаков', 'Салтыков-Щедрин', 'Мамин-Сибиряк', 'Smith-Jones', 'Lloyd-Webber', 'Jean-Luc', 'Анна-Мария']);
const APOSTROPHE = byLength(["O'Neil", 'D’Arcy', "D'Artagnan", 'St. John', 'Jr.', "Д'Артаньян", "N'Golo"]);
// Letters outside the Russian and basic Latin alphabets: Ukrainian, Belarusian, Kazakh, Georgian, Armenian, Chinese, Arabic.
const OTHER_SCRIPTS = byLength(['Ґонта Євгенія Їжакевич', 'Ўладзімір Іванавіч', 'Әлия Қасымқызы', 'ნინო ბერიძე', 'Արամ Խաչատրյան', '王小明', 'محمد علي']);
// U+20BB7 𠮷 is the first character of the Japanese surname Yoshino (a surrogate pair in UTF-16).
const ASTRAL = byLength(['𠮷野 太郎', '𠮷田 花子', '𡈽井 一郎', '𩸽 Ivan']);
const COMBINING = byLength(['Андреи\u0306 Иванов', 'Jose\u0301 Garci\u0301a', 'Zoe\u0308 Mu\u0308ller', 'Ёлкин Пе\u0308тр']);
const MANY_PARTS = byLength([
  'María de los Ángeles García López',
  'Johan van der Berg tot Nijenrode',
  'Мухаммад ибн Муса аль Хорезми',
  'Pedro de Alcântara João Carlos Leopoldo',
]);
const SPACES = [' ', '  ', '\u00a0', '\t'];

/** Options of {@link personName}. */
export interface PersonNameConstraints {
  /** Names of the classes to draw from (see {@link personNameClasses}). Default all. */
  classes?: readonly string[];
}

/** A Russian full name: surname, given name and patronymic, agreeing in gender. */
function cyrillicFullName(): fc.Arbitrary<string> {
  return fc
    .record({
      female: fc.boolean(),
      male: fc.constantFrom(...CYRILLIC_MALE),
      femaleName: fc.constantFrom(...CYRILLIC_FEMALE),
      surname: fc.constantFrom(...CYRILLIC_SURNAME_ROOTS),
      patronymic: fc.constantFrom(...CYRILLIC_PATRONYMIC_ROOTS),
    })
    .map(({ female, male, femaleName, surname, patronymic }) => (female ? `${surname}а ${femaleName} ${patronymic}на` : `${surname} ${male} ${patronymic}ич`));
}

/** A Latin full name: given name and family name, sometimes a middle initial. */
function latinFullName(): fc.Arbitrary<string> {
  return fc
    .record({
      given: fc.constantFrom(...LATIN_GIVEN),
      initial: fc.option(fc.constantFrom(...'ABCDEFGHJKLMNOPRSTVW'), { nil: undefined }),
      family: fc.constantFrom(...LATIN_FAMILY),
    })
    .map(({ given, initial, family }) => (initial === undefined ? `${given} ${family}` : `${given} ${initial}. ${family}`));
}

const anyFullName = (): fc.Arbitrary<string> => fc.oneof(cyrillicFullName(), latinFullName());

/** `piece` placed before or after a full name. */
const withPiece = (pieces: readonly string[]): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(...pieces), anyFullName(), fc.boolean()).map(([p, n, first]) => (first ? `${p} ${n}` : `${n} ${p}`));

const cased = (s: string): string[] => [...s].filter((c) => c.toLowerCase() !== c.toUpperCase());

/**
 * The value classes of a payer's full name, a string the document does not constrain further:
 * `cyrillic-full` (surname, given name, patronymic), `latin-full` (diacritics included),
 * `upper-case` (as embossed on cards), `hyphenated`, `other-scripts` (Ukrainian, Kazakh, Georgian,
 * Chinese, Arabic, ...), `astral-plane` (CJK Extension B surnames), `combining-marks` (decomposed
 * letters), `apostrophe-and-dots`, `lower-case`, `single-word`, `irregular-spacing`, `many-parts`
 * and `very-long` (10 000+ code points: no limit is stated). Never empty or blank: a name, not a
 * whitespace test, whatever the profile would allow.
 */
export function personNameClasses(constraints: PersonNameConstraints = {}): ValueClass<string>[] {
  const all = [
    valueClass('cyrillic-full', cyrillicFullName(), (n) => /^[А-ЯЁ][а-яё]+(?: [А-ЯЁ][а-яё]+){2}$/u.test(n), 4),
    valueClass('latin-full', latinFullName(), (n) => /^\p{Lu}[\p{Script=Latin}. ]+$/u.test(n) && n.includes(' '), 3),
    valueClass(
      'upper-case',
      anyFullName().map((n) => n.toUpperCase()),
      (n) => cased(n).length >= 2 && cased(n).every((c) => c === c.toUpperCase()),
    ),
    valueClass('hyphenated', withPiece(HYPHENATED), (n) => /\p{L}-\p{L}/u.test(n)),
    valueClass('other-scripts', fc.constantFrom(...OTHER_SCRIPTS), (n) =>
      [...n].some((c) => /\p{L}/u.test(c) && !/\p{Script=Latin}/u.test(c) && !/[А-Яа-яЁё]/u.test(c)),
    ),
    valueClass('astral-plane', fc.constantFrom(...ASTRAL), (n) => /[\u{10000}-\u{10ffff}]/u.test(n)),
    valueClass('combining-marks', fc.constantFrom(...COMBINING), (n) => /\p{M}/u.test(n)),
    valueClass('apostrophe-and-dots', withPiece(APOSTROPHE), (n) => /['’.]/u.test(n)),
    valueClass(
      'lower-case',
      anyFullName().map((n) => n.toLowerCase()),
      (n) => cased(n).length >= 2 && cased(n).every((c) => c === c.toLowerCase()),
    ),
    valueClass('single-word', fc.constantFrom(...CYRILLIC_SURNAME_ROOTS, ...LATIN_FAMILY.filter((f) => !f.includes(' '))), (n) => /^\S+$/u.test(n)),
    valueClass(
      'irregular-spacing',
      fc
        .tuple(anyFullName(), fc.array(fc.constantFrom(...SPACES), { minLength: 1, maxLength: 3 }), fc.constantFrom('lead', 'trail', 'inside'))
        .map(([n, [s, ...rest], where]) => {
          const extra = [s, ...rest].join('');
          return where === 'lead' ? `${extra}${n}` : where === 'trail' ? `${n}${extra}` : n.replace(' ', ` ${extra}`);
        }),
      (n) => /^\s|\s$|\s{2,}|[\u00a0\t]/u.test(n) && /\S/u.test(n),
    ),
    valueClass('many-parts', fc.constantFrom(...MANY_PARTS), (n) => n.trim().split(/\s+/u).length >= 5),
    valueClass(
      'very-long',
      // Many given names before the surname, as some registries record them; shrinks toward the shortest.
      fc
        .tuple(
          fc.array(fc.constantFrom(...LATIN_GIVEN, ...CYRILLIC_MALE, ...CYRILLIC_FEMALE), { minLength: 1, maxLength: 8 }),
          fc.integer({ min: VERY_LONG_MIN, max: VERY_LONG_MAX }),
        )
        .map(([names, length]) => {
          const out: string[] = [];
          while (out.length < length) out.push(...names.join(' '), ' ');
          return out.slice(0, length).join('').trim() + ' Иванов';
        }),
      (n) => codePoints(n) >= VERY_LONG_MIN,
    ),
  ];
  return selectClasses('personName', all, constraints.classes);
}

/**
 * A payer's or recipient's full name: drawn from {@link personNameClasses}, class i at run i of a
 * property's first runs, then by weight (Cyrillic and Latin full names most often).
 */
export function personName(constraints: PersonNameConstraints = {}): fc.Arbitrary<string> {
  return classed('personName', personNameClasses(constraints));
}
