// Where each check of an area's table is declared: the entries of the table read from the spec's text, and which
// entry made each check, a call one check named after its function, a spread any number.
import { test, expect } from '@playwright/test';
import { rowOfEachCheck, tableRows, type TableRow } from '../../suite/runner/table-rows.js';

const SPEC = `// An area.
import { a } from './a.js';

const CHECKS = [
  ...shared('invoice'), // a list [of, checks]
  first(),
  /* a comment, ] */ second('x, y', [1, 2], { z: ']' }),
  third(
    'wrapped',
  ),
  ...(flag ? [] : [fourth()]),
];

declareChecks('area', CHECKS, import.meta.url);
`;

const call = (fn: string): TableRow => ({ line: 0, column: 0, spread: false, fn });
const spread: TableRow = { line: 0, column: 0, spread: true };

test.describe('the rows of an area table @runner', () => {
  test('each entry with its line and column, past comments, strings and nesting', () => {
    expect(tableRows(SPEC)).toEqual([
      { line: 5, column: 3, spread: true, fn: 'shared' },
      { line: 6, column: 3, spread: false, fn: 'first' },
      { line: 7, column: 22, spread: false, fn: 'second' },
      { line: 8, column: 3, spread: false, fn: 'third' },
      { line: 11, column: 3, spread: true, fn: undefined },
    ]);
  });

  test('no table: declareChecks given no const array of the file', () => {
    expect(() => tableRows("declareChecks('area', makeChecks(), import.meta.url);")).toThrow(/no table/);
  });

  test('a call row makes the one check named after its function; a spread row any number, none included', () => {
    const rows = [spread, call('first'), spread, call('second'), spread];
    expect(rowOfEachCheck(rows, ['s1(invoice)', 's2(invoice)', 'first()', 'second(x)', 'tail()'])).toEqual([0, 0, 1, 3, 4]);
    expect(rowOfEachCheck(rows, ['first()', 'h(x)', 'second(x)'])).toEqual([1, 2, 3]);
    expect(rowOfEachCheck([call('first'), call('second')], ['first()', 'second(a, b)'])).toEqual([0, 1]);
  });

  test('checks no assignment fits, or more than one: an error, not a guess', () => {
    expect(() => rowOfEachCheck([call('first'), call('second')], ['second()', 'first()'])).toThrow(/no row/);
    expect(() => rowOfEachCheck([call('first')], ['first()', 'first()'])).toThrow(/no row/);
    // Two spreads side by side: where the first list ends cannot be told.
    expect(() => rowOfEachCheck([spread, spread], ['a()', 'b()'])).toThrow(/more ways than one/);
    // A spread whose list holds a check of the next row's function.
    expect(() => rowOfEachCheck([spread, call('first'), spread], ['first()', 'first()'])).toThrow(/more ways than one/);
  });
});
