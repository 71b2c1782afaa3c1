// Value-class coverage as the checks judge it: which classes of a request field's generators reached a
// place the field travels to (an echo, the status answer, the page, a callback). Membership is decided by
// the classes' own tests on the value judged, never by which class a generator meant to draw. Each (field,
// place) of a test is one `value coverage` annotation, declared when the check starts (so a check that
// stops early shows what it reached) and updated as classes join; the summary reporter adds them up.
import { test } from '@playwright/test';
import type { ValueClass } from '../../generators/arbitraries/classed.js';
import { ANNOTATION, type CoverageNote } from '../../contracts/run-protocol.js';

/** Records that a value was judged at the place; returns the names of the classes it belongs to. */
export type CoverageRecorder<T> = (value: T) => string[];

/**
 * A recorder of the classes judged for `field` at `place`, its annotation declared at once on the running
 * test. Examples of a property may call it in any order and at the same time: it only adds to a set.
 */
export function coverageRecorder<T>(field: string, place: string, places: readonly string[], classes: readonly ValueClass<T>[]): CoverageRecorder<T> {
  const checked = new Set<string>();
  const note: CoverageNote = { field, place, places: [...places], known: classes.map((c) => c.name), checked: [] };
  const annotation = { type: ANNOTATION.coverage, description: JSON.stringify(note) };
  test.info().annotations.push(annotation);
  return (value) => {
    const met = classes.filter((c) => c.test(value)).map((c) => c.name);
    const grows = met.some((n) => !checked.has(n));
    if (grows) {
      for (const n of met) checked.add(n);
      annotation.description = JSON.stringify({ ...note, checked: note.known.filter((n) => checked.has(n)) });
    }
    return met;
  };
}
