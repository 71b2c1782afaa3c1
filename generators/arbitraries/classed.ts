/**
 * Value classes: each field's arbitrary names the kinds of values it draws (a class per hard
 * case: letter case, length, script, range, ...), each with its own arbitrary and a membership
 * test that decides from the value alone, so that a self-test can check a default run meets
 * every class without trusting the generator's own choice.
 */
import fc from 'fast-check';
import { currentRunIndex } from './runIndex.js';

/** A named kind of value an arbitrary draws. */
export interface ValueClass<T> {
  /** Short name for tests and reports, e.g. `v4-upper-case`. */
  readonly name: string;
  /** Draws members of this class only. */
  readonly arbitrary: fc.Arbitrary<T>;
  /** Whether a value is a member, decided from the value alone. */
  readonly test: (value: T) => boolean;
  /** Weight in the draws after the first runs (an integer, 0: drawn in the first runs only). Default 1. */
  readonly weight?: number;
}

/** Options of {@link classed}. */
export interface ClassedConstraints {
  /**
   * During `fc.check`/`fc.assert`, run i (i below the number of classes) draws class i, so that a
   * property of at least as many runs meets every class whatever the seed; later runs, and every
   * `fc.sample`, draw by weight. `false`: by weight only (for values nested inside another
   * value, where every element would otherwise draw the same class). Default true.
   */
  firstRuns?: boolean;
  /**
   * A value of another class first tries a value of the first class when shrinking, as
   * `fc.oneof`'s `withCrossShrink`: the first class is the plain one, so a counterexample that
   * does not need its hard case loses it. Default true.
   */
  crossShrink?: boolean;
}

interface ClassedContext {
  readonly classIndex: number;
  readonly inner: unknown;
  /** Random source for the cross-shrink value of the first class; only on freshly generated values. */
  readonly fallback: fc.Random | undefined;
  readonly biasFactor: number | undefined;
}

const isClassedContext = (c: unknown): c is ClassedContext =>
  typeof c === 'object' && c !== null && typeof (c as ClassedContext).classIndex === 'number' && 'inner' in c;

class ClassedArbitrary<T> extends fc.Arbitrary<T> {
  private readonly cumulated: number[] = [];
  private readonly total: number;

  constructor(
    private readonly classes: readonly ValueClass<T>[],
    private readonly firstRuns: boolean,
    private readonly crossShrink: boolean,
  ) {
    super();
    let sum = 0;
    for (const c of classes) this.cumulated.push((sum += c.weight ?? 1));
    this.total = sum;
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const run = this.firstRuns ? currentRunIndex() : undefined;
    const classIndex = run !== undefined && run < this.classes.length ? run : this.pick(mrng);
    const v = this.classes[classIndex]!.arbitrary.generate(mrng, biasFactor);
    const fallback = this.crossShrink && classIndex !== 0 ? mrng.clone() : undefined;
    return new fc.Value(v.value, { classIndex, inner: v.context, fallback, biasFactor } satisfies ClassedContext);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.classes.some((c) => c.arbitrary.canShrinkWithoutContext(value));
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if (!isClassedContext(context)) {
      const classIndex = this.classes.findIndex((c) => c.arbitrary.canShrinkWithoutContext(value));
      if (classIndex === -1) return fc.Stream.nil();
      return this.within(classIndex, value, undefined, undefined);
    }
    const within = this.within(context.classIndex, value, context.inner, context.biasFactor);
    if (context.fallback === undefined) return within;
    // Cloned again on every call: the same shrink stream may be asked for twice (path replay).
    const first = this.classes[0]!.arbitrary.generate(context.fallback.clone(), context.biasFactor);
    const firstValue = new fc.Value(first.value, { classIndex: 0, inner: first.context, fallback: undefined, biasFactor: context.biasFactor });
    return fc.Stream.of(firstValue).join(within);
  }

  private within(classIndex: number, value: T, inner: unknown, biasFactor: number | undefined): fc.Stream<fc.Value<T>> {
    return this.classes[classIndex]!.arbitrary.shrink(value, inner).map(
      (v) => new fc.Value(v.value, { classIndex, inner: v.context, fallback: undefined, biasFactor } satisfies ClassedContext),
    );
  }

  private pick(mrng: fc.Random): number {
    const r = mrng.nextInt(0, this.total - 1);
    return this.cumulated.findIndex((c) => r < c);
  }
}

/**
 * An arbitrary drawing from named value classes: by turns in the first runs of a property
 * (run i draws class i), by weight afterwards; shrinking stays within the value's class after
 * first trying the first class. `label` names the caller in error messages.
 */
export function classed<T>(label: string, classes: readonly ValueClass<T>[], constraints: ClassedConstraints = {}): fc.Arbitrary<T> {
  if (classes.length === 0) throw new Error(`${label}: no value class left to draw from`);
  const names = new Set<string>();
  for (const c of classes) {
    if (names.has(c.name)) throw new Error(`${label}: value class '${c.name}' is declared twice`);
    names.add(c.name);
    const w = c.weight ?? 1;
    if (!Number.isInteger(w) || w < 0) throw new Error(`${label}: weight of value class '${c.name}' must be an integer >= 0, got ${w}`);
  }
  if (classes.every((c) => (c.weight ?? 1) === 0)) throw new Error(`${label}: at least one value class needs a weight above 0`);
  return new ClassedArbitrary(classes, constraints.firstRuns ?? true, constraints.crossShrink ?? true);
}

/**
 * The classes named by a `classes` constraint, in declaration order; all of them when `names` is
 * undefined. An unknown name is a misuse: it throws, naming the caller and the known classes.
 */
export function selectClasses<T>(label: string, all: readonly ValueClass<T>[], names: readonly string[] | undefined): ValueClass<T>[] {
  if (names === undefined) return [...all];
  const known = new Set(all.map((c) => c.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) throw new Error(`${label}: unknown value class ${unknown.map((n) => `'${n}'`).join(', ')} (known: ${[...known].join(', ')})`);
  const chosen = all.filter((c) => names.includes(c.name));
  if (chosen.length === 0) throw new Error(`${label}: classes must name at least one value class`);
  return chosen;
}

/** The names of the classes a value belongs to, by their membership tests. */
export function classesOf<T>(classes: readonly ValueClass<T>[], value: T): string[] {
  return classes.filter((c) => c.test(value)).map((c) => c.name);
}

/** A class: `name`, the arbitrary, the membership test and an optional weight. */
export function valueClass<T>(name: string, arbitrary: fc.Arbitrary<T>, test: (value: T) => boolean, weight?: number): ValueClass<T> {
  return weight === undefined ? { name, arbitrary, test } : { name, arbitrary, test, weight };
}
