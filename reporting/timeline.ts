// summary.json's `timeline`: requests, requests that got no answer or a 5xx, and failed checks over the run's time, in
// stretches of 5 s from its start (longer for a long run, so that a chart of it stays legible).
import type { LatencyNote } from '../contracts/run-protocol.js';
import type { Timeline, TimelineBucket } from './summary-model.js';

const BUCKET_SECONDS = 5;
const MOST_BUCKETS = 120;

/**
 * `notes`: the tests' latency attachments (the seconds their requests were sent in); `failedAt`: when each failed check
 * ended, in epoch milliseconds. Anything before the start counts in the first stretch, after the end in the last.
 */
export function timelineOf(startMs: number, durationMs: number, notes: readonly LatencyNote[], failedAt: readonly number[]): Timeline {
  const seconds = Math.max(1, Math.ceil(durationMs / 1000));
  const bucketSeconds = BUCKET_SECONDS * Math.max(1, Math.ceil(seconds / (BUCKET_SECONDS * MOST_BUCKETS)));
  const buckets: TimelineBucket[] = Array.from({ length: Math.ceil(seconds / bucketSeconds) }, (_, i) => ({
    from: i * bucketSeconds,
    requests: 0,
    unanswered: 0,
    failedChecks: 0,
  }));
  const at = (ms: number) => buckets[Math.min(buckets.length - 1, Math.max(0, Math.floor((ms - startMs) / 1000 / bucketSeconds)))]!;
  for (const note of notes)
    for (const [second, sent, troubled] of note.seconds) {
      if (!Number.isFinite(second) || !Number.isFinite(sent) || !Number.isFinite(troubled)) continue;
      const b = at(second * 1000);
      b.requests += sent;
      b.unanswered += troubled;
    }
  for (const ms of failedAt) at(ms).failedChecks++;
  return { bucketSeconds, buckets };
}
