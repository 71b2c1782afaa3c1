// The shortest round trip among the worker's recent requests: what the network and the provider's quickest answer
// cost, whatever the load (the queueing of a busy machine lengthens the others, not the shortest). Properties keep
// more examples in flight when it is long (property.ts), so that depth does not wait on a provider far away.

/** Requests remembered: enough that one quick answer among slow ones is seen, few enough to follow a change. */
const WINDOW = 64;
/** Fewer than this many answers say nothing yet. */
const ENOUGH = 8;

const recent: number[] = [];
let next = 0;

/** One try that got an answer, and how long from its sending to the end of the answer. */
export function noteRoundTrip(ms: number): void {
  if (recent.length < WINDOW) recent.push(ms);
  else {
    recent[next] = ms;
    next = (next + 1) % WINDOW;
  }
}

/** The shortest recent round trip in milliseconds, or undefined before there are enough answers to tell. */
export function roundTripFloorMs(): number | undefined {
  return recent.length < ENOUGH ? undefined : Math.min(...recent);
}
