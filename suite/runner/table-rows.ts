// Where each check of an area is declared: the row of the area's table (`const CHECKS = [...]` in
// suite/conformance/<area>/<area>.spec.ts) that made it. The reports place a check there rather than at the one line
// that declares them all. A spread row (`...paymentOperationChecks('invoice')`) is where each of its checks is
// declared in the area; the function that makes a check is its `check source` (check-source.ts).
import { readFileSync } from 'node:fs';
import type { Check } from '../harness/check.js';

export interface SourceLocation {
  file: string;
  /** 1-based, as Playwright counts. */
  line: number;
  column: number;
}

/** One entry of a table: a call that makes one check (`fn(...)`), or a spread of a call that makes several. */
export interface TableRow {
  line: number;
  column: number;
  spread: boolean;
  /** The function called; undefined for an entry of another form (a spread of it may make any number of checks). */
  fn?: string;
}

/** The rows of the table `declareChecks` is given in `source` (its second argument: a `const` array of the file). */
export function tableRows(source: string): TableRow[] {
  const table = /declareChecks\(\s*'[^']*'\s*,\s*(\w+)\s*,/.exec(source)?.[1];
  const start = table === undefined ? -1 : source.search(new RegExp(`^(?:export )?const ${table}\\b[^=]*=\\s*\\[`, 'm'));
  if (start < 0) throw new Error('no table: declareChecks is not given a `const` array of the file');
  const open = source.indexOf('[', start);
  const rows: TableRow[] = [];
  for (const at of entryStarts(source, open)) {
    const text = source.slice(at, at + 200);
    const spread = text.startsWith('...');
    const fn = /^(?:\.\.\.)?\s*(\w+)\s*\(/.exec(text)?.[1];
    const before = source.slice(0, at);
    const line = before.split('\n').length;
    rows.push({ line, column: at - before.lastIndexOf('\n'), spread: spread || fn === undefined, fn });
  }
  return rows;
}

/**
 * Offsets where the entries of the array literal opening at `open` start: after `[` or a comma of its own depth,
 * past blanks and comments. Strings and comments may hold brackets and commas.
 */
function entryStarts(source: string, open: number): number[] {
  const starts: number[] = [];
  let depth = 0;
  let expecting = true;
  for (let i = open; i < source.length; i++) {
    const c = source[i]!;
    if (c === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i) - 1;
      if (i < 0) break;
      continue;
    }
    if (c === '/' && source[i + 1] === '*') {
      i = source.indexOf('*/', i + 2) + 1;
      if (i <= 0) break;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (expecting && depth === 1 && c !== ']') starts.push(i);
    expecting = false;
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (depth === 0) return starts;
    } else if (c === ',' && depth === 1) expecting = true;
    if (i === open) expecting = true;
  }
  throw new Error('the table does not end');
}

/**
 * Which row made each check: a call row makes exactly one, named after the function it calls (a check is named after
 * the function that makes it); a spread row any number. Throws when no assignment, or more than one, fits.
 */
export function rowOfEachCheck(rows: readonly TableRow[], names: readonly string[]): number[] {
  // ways[i][j]: how many assignments of checks j… to rows i… fit (counted to 2: more than one is as bad as two).
  const ways = rows.map(() => new Array<number>(names.length + 1).fill(0));
  const fits = (i: number, j: number) => (i === rows.length ? (j === names.length ? 1 : 0) : ways[i]![j]!);
  for (let i = rows.length - 1; i >= 0; i--)
    for (let j = names.length; j >= 0; j--) {
      const row = rows[i]!;
      if (!row.spread) ways[i]![j] = j < names.length && names[j]!.startsWith(`${row.fn}(`) ? fits(i + 1, j + 1) : 0;
      else ways[i]![j] = Math.min(2, fits(i + 1, j) + (j < names.length ? fits(i, j + 1) : 0));
    }
  const found = fits(0, 0);
  if (found !== 1)
    throw new Error(found === 0 ? 'no row of the table makes these checks in this order' : 'the checks fit the rows of the table in more ways than one');
  const rowOf: number[] = [];
  for (let i = 0, j = 0; j < names.length;) {
    const row = rows[i]!;
    // A spread keeps check j when the rest fits without moving on to the next row.
    if (row.spread && fits(i, j + 1) === 1 && fits(i + 1, j) === 0) {
      rowOf.push(i);
      j++;
    } else if (!row.spread) {
      rowOf.push(i++);
      j++;
    } else i++;
  }
  return rowOf;
}

const cache = new Map<string, TableRow[]>();

/** Where each of `checks`, the table of `specFile`, is declared: the file, and the line and column of its row. */
export function checkLocations(specFile: string, checks: readonly Check[]): Map<Check, SourceLocation> {
  let rows = cache.get(specFile);
  if (!rows) cache.set(specFile, (rows = tableRows(readFileSync(specFile, 'utf8'))));
  let rowOf: number[];
  try {
    rowOf = rowOfEachCheck(
      rows,
      checks.map((c) => c.name),
    );
  } catch (e) {
    throw new Error(`${specFile}: cannot tell which row of its table declares each check: ${(e as Error).message}`, { cause: e });
  }
  return new Map(checks.map((check, j) => [check, { file: specFile, line: rows[rowOf[j]!]!.line, column: rows[rowOf[j]!]!.column }]));
}
