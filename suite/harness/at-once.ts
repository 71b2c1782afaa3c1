// The independent items of a check's table (each its own request, or its own few) run at once, within what the run
// allows (RATE_LIMIT: one at a time; MAX_IN_FLIGHT's share), so that a provider far away costs a round trip per
// handful of items, not per item. Every item runs to its end; the first failure in the table's order is thrown once
// all are done, so that a report names the same item whatever order the answers came in.

/** Items in flight at once at most: a table's requests beside the other workers' and a property's streams. */
const AT_MOST = 8;

/** `each` of every item, at most `atOnce` (and AT_MOST) at a time; its results in the items' order. */
export async function eachAtOnce<T, R>(atOnce: number, items: readonly T[], each: (item: T, index: number) => Promise<R>, atMost = AT_MOST): Promise<R[]> {
  const width = Math.max(1, Math.min(atOnce, atMost, items.length));
  const results: R[] = new Array<R>(items.length);
  const failures = new Map<number, unknown>();
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = await each(items[i], i);
      } catch (e) {
        failures.set(i, e);
      }
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  if (failures.size > 0) throw failures.get(Math.min(...failures.keys()));
  return results;
}
