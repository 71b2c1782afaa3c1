/**
 * Covering examples: a few values that together meet every value class, for the places where each value
 * costs (a page opened, a callback awaited) and a property's first runs, one class per run, would cost one
 * place per class. Drawn from the classes' own arbitraries with a seed, so that FC_SEED gives the same
 * examples again; which classes an example meets is decided by the classes' membership tests.
 */
import fc from 'fast-check';
import type { ValueClass } from './classed.js';

/** Options of {@link coveringValues} and {@link coveringRows}. */
export interface CoveringConstraints<T> {
  /** Candidates drawn from each class before choosing. Default 8. */
  candidates?: number;
  /** Values that may not be used (an anti-fraud trigger, say); drawn again. Default all may. */
  accept?: (value: T) => boolean;
  /**
   * Joins two values into one that may meet the classes of both (text: one after the other). Where given, a
   * chosen value takes in further candidates while the joined value meets every class it met and more: fewer
   * values meet every class (free text: 18 classes in about 8 values). Default none.
   */
  combine?: (a: T, b: T) => T;
}

/** Draws of class `index` of a list, from a seed of its own (so that another class's draws do not shift it). */
function draws<T>(c: ValueClass<T>, seed: number, index: number, count: number, accept: (v: T) => boolean): T[] {
  const values = fc.sample(c.arbitrary.filter(accept), { seed: (seed + (index + 1) * 7919) | 0, numRuns: count });
  if (values.length === 0) throw new Error(`covering: class '${c.name}' drew no value`);
  return values;
}

/**
 * Few values that together meet every class of `classes` (where classes overlap, one value meets several):
 * candidates are drawn from each class, then the candidate meeting the most classes not yet met is taken
 * (joined with others, see `combine`), until every class is met. Throws when a class's own candidates are
 * not its members.
 */
export function coveringValues<T>(classes: readonly ValueClass<T>[], seed: number, constraints: CoveringConstraints<T> = {}): T[] {
  const accept = constraints.accept ?? (() => true);
  const own = classes.map((c, i) => draws(c, seed, i, constraints.candidates ?? 8, accept));
  const pool = own.flat();
  const missing = new Set(classes);
  const met = (value: T) => [...missing].filter((c) => c.test(value));
  const chosen: T[] = [];
  while (missing.size > 0) {
    let best: { value: T; meets: ValueClass<T>[] } | undefined;
    for (const value of pool) {
      const meets = met(value);
      if (meets.length > (best?.meets.length ?? 0)) best = { value, meets };
    }
    if (!best) throw new Error(`covering: no candidate meets class ${[...missing].map((c) => `'${c.name}'`).join(', ')}`);
    const { combine } = constraints;
    // For each class still missing, a candidate of its own, joined on when the join keeps the rest.
    if (combine)
      for (const c of [...missing].filter((m) => !best!.meets.includes(m))) {
        const other = own[classes.indexOf(c)]![0];
        if (other === undefined) continue;
        const joined = combine(best.value, other);
        const meets = met(joined);
        if (accept(joined) && meets.includes(c) && best.meets.every((m) => meets.includes(m))) best = { value: joined, meets };
      }
    chosen.push(best.value);
    for (const c of best.meets) missing.delete(c);
  }
  return chosen;
}

/** The classes of each field of a row. */
export type RowClasses<R> = { readonly [K in keyof R]: readonly ValueClass<R[K]>[] };

/**
 * Rows of several fields, where each row holds one value per field (an invoice has one client_id): the
 * covering values of each field ({@link coveringValues}), as many rows as the field that needs most, a field
 * that needs fewer taken round again. Together they meet every class of every field.
 */
export function coveringRows<R extends Record<string, unknown>>(
  fields: RowClasses<R>,
  seed: number,
  constraints: { [K in keyof R]?: CoveringConstraints<R[K]> } = {},
): R[] {
  const names = Object.keys(fields) as (keyof R & string)[];
  const values = Object.fromEntries(
    names.map((n, f) => {
      if (fields[n].length === 0) throw new Error(`coveringRows: field '${n}' has no class`);
      return [n, coveringValues(fields[n], seed + f * 104_729, constraints[n])];
    }),
  ) as { [K in keyof R]: R[K][] };
  const count = Math.max(0, ...names.map((n) => values[n].length));
  return Array.from({ length: count }, (_, i) => Object.fromEntries(names.map((n) => [n, values[n][i % values[n].length]])) as R);
}
