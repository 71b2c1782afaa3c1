/**
 * Assertions on value classes (generators/arbitraries/classed.ts): each class draws only its
 * members, and a property run of the suite's size meets every class of every field. Membership
 * is decided by each class's own test on the value, never by which class the generator chose.
 */
import fc from 'fast-check';
import type { ValueClass } from '../arbitraries/classed.js';
import { propertyParameters } from '../settings.js';
import { assertProduceCorrectValues } from './arbitrary-assertions.js';

/** A field of a generated value and the classes its arbitrary declares. */
export interface FieldClasses<V> {
  /** Field name for messages, e.g. `payload.client_ip`. */
  name: string;
  /** The classes the field's arbitrary draws from. */
  classes: readonly ValueClass<unknown>[];
  /** The field's value in a generated value. */
  of: (value: V) => unknown;
}

/** A field description, typed by its value. */
export function field<V, F>(name: string, classes: readonly ValueClass<F>[], of: (value: V) => F): FieldClasses<V> {
  // Stored untyped: a field's value is only ever handed to its own classes' tests.
  return { name, classes: classes as unknown as readonly ValueClass<unknown>[], of };
}

/**
 * The values one property run draws from `arb`: `fc.check` with the parameters every property
 * of the suite uses (generators/settings.ts), for `seed` and `numRuns`.
 */
export function valuesOfSuiteRun<T>(arb: fc.Arbitrary<T>, seed: number, numRuns: number): T[] {
  const values: T[] = [];
  const params = propertyParameters<[T]>({ numRuns }, { FC_SEED: String(seed) });
  const details = fc.check(
    fc.property(arb, (v) => {
      values.push(v);
    }),
    params,
  );
  if (details.failed) throw new Error(`valuesOfSuiteRun: seed ${seed}: ${String(details.errorInstance)}`);
  return values;
}

/** `field: class` for every class of every field that no value meets. */
export function missedClasses<V>(fields: readonly FieldClasses<V>[], values: readonly V[]): string[] {
  const missed: string[] = [];
  for (const f of fields) {
    const xs = values.map(f.of);
    for (const c of f.classes) if (!xs.some((x) => c.test(x))) missed.push(`${f.name}: ${c.name}`);
  }
  return missed;
}

/** `field: value` for every value that belongs to none of its field's declared classes. */
export function unclassifiedValues<V>(fields: readonly FieldClasses<V>[], values: readonly V[]): string[] {
  const out: string[] = [];
  for (const f of fields)
    for (const v of values) {
      const x = f.of(v);
      if (!f.classes.some((c) => c.test(x))) out.push(`${f.name}: ${fc.stringify(x).slice(0, 200)}`);
    }
  return out;
}

/** Every class draws only values its own membership test accepts (`numRuns` values each). */
export function assertClassesDrawOnlyMembers<T>(label: string, classes: readonly ValueClass<T>[], options: { numRuns?: number; seed?: number } = {}): void {
  for (const c of classes) {
    try {
      assertProduceCorrectValues(c.arbitrary, c.test, options);
    } catch (e) {
      const message = (e as Error).message;
      throw new Error(`${label}: class '${c.name}' drew a value that is not its member: ${message.length > 600 ? `${message.slice(0, 600)}…` : message}`, {
        cause: e,
      });
    }
  }
}

/**
 * Probability that `numRuns` values drawn by weight alone (no first runs) miss some class, by the
 * union bound: the sum over classes of (1 - weight / total)^numRuns. For comparison only.
 */
export function missProbabilityByWeight<T>(classes: readonly ValueClass<T>[], numRuns: number): number {
  const total = classes.reduce((s, c) => s + (c.weight ?? 1), 0);
  return classes.reduce((p, c) => p + (1 - (c.weight ?? 1) / total) ** numRuns, 0);
}
