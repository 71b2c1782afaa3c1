import fc from 'fast-check';

const byLength = (xs: string[]): readonly string[] => [...xs].sort((a, b) => a.length - b.length || a.localeCompare(b));

const CYRILLIC_WORDS = byLength(['Оплата', 'заказа', 'по', 'счёту', 'услуги', 'доставка', 'товара', 'подписка', 'на', 'месяц', 'пополнение', 'баланса', 'штраф', 'ГИБДД', 'аренда', 'автомобиля', 'ёлка']);
const LATIN_WORDS = byLength(['Payment', 'for', 'order', 'invoice', 'subscription', 'delivery', 'of', 'goods', 'top-up', 'balance', 'rent', 'car', 'service', 'fee']);

/** Options of {@link description}. */
export interface DescriptionConstraints {
  /** Most words, at least 1. Default 8. */
  maxWords?: number;
}

/** A word: from a Cyrillic or Latin vocabulary, or an order number such as `№12345` / `#12345`. */
function word(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...CYRILLIC_WORDS), weight: 3 },
    { arbitrary: fc.constantFrom(...LATIN_WORDS), weight: 3 },
    { arbitrary: fc.tuple(fc.constantFrom('№', '#'), fc.integer({ min: 1, max: 9_999_999 })).map(([s, n]) => `${s}${n}`), weight: 1 },
  );
}

/**
 * A payment description: 1 to `maxWords` words of Cyrillic/Latin text and order numbers,
 * separated by single spaces. Never empty, no control characters, no leading or trailing
 * blank.
 */
export function description(constraints: DescriptionConstraints = {}): fc.Arbitrary<string> {
  const maxWords = constraints.maxWords ?? 8;
  if (!Number.isInteger(maxWords) || maxWords < 1) {
    throw new Error(`description: maxWords must be an integer >= 1, got ${maxWords}`);
  }
  return fc.array(word(), { minLength: 1, maxLength: maxWords }).map((words) => words.join(' '));
}
