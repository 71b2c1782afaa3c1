import fc from 'fast-check';

// Lists are sorted shortest first: fc.constantFrom shrinks toward its first value.
const byLength = (xs: string[]): readonly string[] => [...xs].sort((a, b) => a.length - b.length || a.localeCompare(b));

const CYRILLIC_MALE = byLength(['Иван', 'Пётр', 'Олег', 'Сергей', 'Алексей', 'Дмитрий', 'Николай', 'Артём', 'Юрий', 'Михаил']);
const CYRILLIC_FEMALE = byLength(['Анна', 'Ольга', 'Мария', 'Елена', 'Наталья', 'Татьяна', 'Юлия', 'Дарья', 'Ксения', 'Светлана']);
const CYRILLIC_SURNAME_ROOTS = byLength(['Иванов', 'Петров', 'Смирнов', 'Кузнецов', 'Попов', 'Соколов', 'Лебедев', 'Козлов', 'Новиков', 'Морозов', 'Волков', 'Ёлкин']);
const CYRILLIC_PATRONYMIC_ROOTS = byLength(['Иванов', 'Петров', 'Сергеев', 'Алексеев', 'Дмитриев', 'Николаев', 'Андреев', 'Олегов']);
const LATIN_GIVEN = byLength(['Ivan', 'Anna', 'John', 'Maria', 'Olga', 'Peter', 'Elena', 'Sergey', 'Natalia', 'Dmitry', "D'Arcy", 'José', 'Zoë']);
const LATIN_FAMILY = byLength(['Smith', 'Ivanov', 'Petrova', "O'Neil", 'Müller', 'García', 'Kuznetsov', 'Smith-Jones', 'van der Berg', 'Novikova']);

/** Options of {@link personName}. */
export interface PersonNameConstraints {
  /** Scripts to draw from: Cyrillic (surname, given name, patronymic) and/or Latin (given name, family name). Default both. */
  scripts?: readonly ('cyrillic' | 'latin')[];
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
    .map(({ female, male, femaleName, surname, patronymic }) =>
      female
        ? `${surname}а ${femaleName} ${patronymic}на`
        : `${surname} ${male} ${patronymic}ич`,
    );
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

/** A payer's or recipient's full name, in Cyrillic or Latin script. */
export function personName(constraints: PersonNameConstraints = {}): fc.Arbitrary<string> {
  const scripts = constraints.scripts ?? ['cyrillic', 'latin'];
  if (scripts.length === 0) throw new Error('personName: scripts must name at least one script');
  return fc.oneof(...scripts.map((s) => (s === 'cyrillic' ? cyrillicFullName() : latinFullName())));
}
