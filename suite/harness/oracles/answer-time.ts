// The time of every answer: an answer far slower than the quickest the worker has had lately is a candidate, judged
// only once repeated (suite/checks/oracle-checks.ts: the request sent again, twice, beside a control). The time is
// the answered try's own (no rate limiter's wait, no earlier try); a body past BODY_BYTES is the climbs' to judge
// (suite/checks/input-cost.ts), whose transfer alone may take that long on a slow link.
import { roundTripFloorMs } from '../round-trip.js';
import type { Oracle } from './tally.js';

/** An answer slower than this is a candidate: a second and a half of one request. */
export const CANDIDATE_MS = 1500;
/** And this many times the worker's shortest recent round trip (a provider far away is slow in every answer). */
const SLOWER_THAN_FLOOR = 20;
/** Requests with larger bodies are left to the climbs. */
const BODY_BYTES = 256 * 1024;

export const answersInTimeOfPeers: Oracle = {
  name: 'answer-time',
  expected: `every answer within ${CANDIDATE_MS} ms or ${SLOWER_THAN_FLOOR} times the quickest answer of its time, whichever is longer`,
  judge(exchange) {
    const ms = exchange.roundTripMs;
    if (ms === undefined || (exchange.request.body?.length ?? 0) > BODY_BYTES) return undefined;
    if (ms <= CANDIDATE_MS) return [];
    const floor = roundTripFloorMs() ?? 0;
    return ms > SLOWER_THAN_FLOOR * floor ? [`answered in ${Math.round(ms)} ms, the quickest recent answer in ${Math.round(floor)} ms`] : [];
  },
};
