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
}

/** Draws of class `index` of a list, from a seed of its own (so that another class's draws do not shift it). */
function draws<T>(c: ValueClass<T>, seed: number, index: number, count: number, accept: (v: T) => boolean): T[] {
  const values = fc.sample(c.arbitrary.filter(accept), { seed: (seed + (index + 1) * 7919) | 0, numRuns: count });
  if (values.length === 0) throw new Error(`covering: class '${c.name}' drew no value`);
  return values;
}

/**
 * Few values that together meet every class of `classes` (where classes overlap, one value meets several):
 * candidates are drawn from each class, then the candidate meeting the most classes not yet met is taken,
 * until every class is met. Throws when a class's own candidates are not its members.
 */
export function coveringValues<T>(classes: readonly ValueClass<T>[], seed: number, constraints: CoveringConstraints<T> = {}): T[] {
  const accept = constraints.accept ?? (() => true);
  const pool = classes.flatMap((c, i) => draws(c, seed, i, constraints.candidates ?? 8, accept));
  const missing = new Set(classes);
  const chosen: T[] = [];
  while (missing.size > 0) {
    let best: { value: T; meets: number } | undefined;
    for (const value of pool) {
      const meets = [...missing].filter((c) => c.test(value)).length;
      if (meets > (best?.meets ?? 0)) best = { value, meets };
    }
    if (!best) throw new Error(`covering: no candidate meets class ${[...missing].map((c) => `'${c.name}'`).join(', ')}`);
    chosen.push(best.value);
    for (const c of [...missing]) if (c.test(best.value)) missing.delete(c);
  }
  return chosen;
}

/** The classes of each field of a row. */
export type RowClasses<R> = { readonly [K in keyof R]: readonly ValueClass<R[K]>[] };

/**
 * Rows of several fields, where each row holds one value per field (an invoice has one client_id): as many
 * rows as the field with most classes has classes, row i holding a value of class i of every field (taken
 * round again for a field with fewer). Together they meet every class of every field.
 */
export function coveringRows<R extends Record<string, unknown>>(
  fields: RowClasses<R>,
  seed: number,
  constraints: { [K in keyof R]?: CoveringConstraints<R[K]> } = {},
): R[] {
  const names = Object.keys(fields) as (keyof R & string)[];
  const count = Math.max(0, ...names.map((n) => fields[n].length));
  const values = Object.fromEntries(
    names.map((n, f) => {
      const classes = fields[n];
      if (classes.length === 0) throw new Error(`coveringRows: field '${n}' has no class`);
      const accept = constraints[n]?.accept ?? (() => true);
      return [n, Array.from({ length: count }, (_, i) => draws(classes[i % classes.length]!, seed + f * 104_729, i, 1, accept)[0])];
    }),
  ) as { [K in keyof R]: R[K][] };
  return Array.from({ length: count }, (_, i) => Object.fromEntries(names.map((n) => [n, values[n][i]])) as R);
}
