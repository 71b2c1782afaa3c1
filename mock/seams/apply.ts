// How faults and variations change the clean provider: each replaces part of one named seam (a table of small
// functions per seam, in mock/seams/), in the manner of Toxiproxy's toxics. The clean code builds what the profile
// asks for, then hands it to the seam's table; it never asks which fault is on.
import { variationCatalog, type VariationName, type VariationSet } from '../variations/catalog.js';
import type { FaultName, FaultSet } from '../faults/catalog.js';

/** One seam's changes, by the fault or variation that makes each. */
export type SeamTable<T> = Partial<Record<FaultName | VariationName, (subject: T) => void>>;

const hiddenBy = new Map(variationCatalog.map((v) => [v.name, v.hiddenWhenCombined?.by ?? []]));

/**
 * `subject` as the switched-on variations, then faults, change it: a variation another switched-on one decides
 * (its hiddenWhenCombined) is left out, and a fault has the last word.
 */
export function throughSeam<T>(table: SeamTable<T>, faults: FaultSet, variations: VariationSet, subject: T): T {
  const on = new Set(variations.names);
  for (const name of variations.names) {
    if ((hiddenBy.get(name) ?? []).some((by) => on.has(by))) continue;
    table[name as VariationName]?.(subject);
  }
  for (const name of faults.names) table[name as FaultName]?.(subject);
  return subject;
}

/** A decision record as a seam's table changes it, before the provider holds it read-only. */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };
