import type fc from 'fast-check';
import { classed, selectClasses, type ValueClass } from './classed.js';
import { freeTextClasses, plainWordsClass, WHITESPACE_ONLY } from './freeText.js';

/** Options of {@link description}. */
export interface DescriptionConstraints {
  /** Most words of the `plain-words` class, at least 1. Default 8. */
  maxWords?: number;
  /** Most code points; the `very-long` class is left out below 10 000, longer values are cut. Default none (no limit is stated). */
  maxLength?: number;
  /** Names of the classes to draw from (see {@link descriptionClasses}). Default all. */
  classes?: readonly string[];
}

/**
 * The value classes of a payment description: `plain-words` (Cyrillic/Latin words and order
 * numbers), then the hard free text of freeText.ts: astral-plane characters, JSON escapes (quote,
 * backslash, control characters with U+0000), very long (10 000+ code points: no limit is
 * stated), letter case, combining marks, right-to-left, whitespace only, padded with blanks,
 * markup and injection strings, invisible characters, other scripts, unusual code points,
 * ASCII punctuation, a single character.
 *
 * Never whitespace only: the profile counts a missing field, null and the empty string as missing and
 * says nothing of " ", which a provider may take as given or, trimming first (Laravel's required rule),
 * as missing; suite/checks/required-fields.ts blankTextTakenEitherWay judges it with either answer.
 */
export function descriptionClasses(constraints: DescriptionConstraints = {}): ValueClass<string>[] {
  const maxWords = constraints.maxWords ?? 8;
  if (!Number.isInteger(maxWords) || maxWords < 1) throw new Error(`description: maxWords must be an integer >= 1, got ${maxWords}`);
  const maxLength = constraints.maxLength;
  if (maxLength !== undefined && (!Number.isInteger(maxLength) || maxLength < 1)) {
    throw new Error(`description: maxLength must be an integer >= 1, got ${maxLength}`);
  }
  const options = maxLength === undefined ? {} : { maxLength };
  const all = [plainWordsClass(maxWords, options), ...freeTextClasses(options).filter((c) => c.name !== WHITESPACE_ONLY)];
  return selectClasses('description', all, constraints.classes);
}

/**
 * A payment description, never empty: drawn from {@link descriptionClasses}, class i at run i of
 * a property's first runs, then by weight (plain words most often).
 */
export function description(constraints: DescriptionConstraints = {}): fc.Arbitrary<string> {
  return classed('description', descriptionClasses(constraints));
}
