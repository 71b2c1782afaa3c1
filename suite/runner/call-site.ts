// Playwright places a test where test() is called: it reads the calling frame of the stack (its `location` has no
// other way in). To place a check at its row of the area's table, test() is called from a one-line function
// compiled with node:vm under the spec file's name and the row's line and column: what vm documents its filename
// and offsets for ("used in stack traces"). The spec file is named by its path, not its file:// URL, so no
// source map of the spec moves the line again.
import { compileFunction } from 'node:vm';
import type { SourceLocation } from './table-rows.js';

type Caller = (fn: (...args: never[]) => unknown, args: unknown[]) => unknown;

const callers = new Map<string, Caller>();

/** `fn(...args)`, called from a frame at `at`. */
export function callFrom<A extends unknown[]>(at: SourceLocation, fn: (...args: A) => unknown, args: A): void {
  const key = `${at.file}:${at.line}:${at.column}`;
  let caller = callers.get(key);
  if (!caller)
    callers.set(
      key,
      (caller = compileFunction('fn(...args)', ['fn', 'args'], { filename: at.file, lineOffset: at.line - 1, columnOffset: at.column - 1 }) as Caller),
    );
  caller(fn as (...args: never[]) => unknown, args);
}
