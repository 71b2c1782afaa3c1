// The latency histograms the workers record and the reporters merge (HDR histograms, hdr-histogram-js): one setting
// for both sides, so that what a worker encodes decodes and merges in the summary reporter, and in a later compare.
import { build, decodeFromCompressedBase64, encodeIntoCompressedBase64, type Histogram } from 'hdr-histogram-js';

export type { Histogram };

/** Histograms count microseconds: an answer on loopback takes a millisecond or two, which whole milliseconds would blur. */
const US_PER_MS = 1000;

/** An empty histogram: values to 3 significant digits (0.1 %), its range growing with what it records. */
export function newLatencyHistogram(): Histogram {
  return build({ numberOfSignificantValueDigits: 3, autoResize: true });
}

export function recordMs(histogram: Histogram, ms: number): void {
  histogram.recordValue(Math.max(1, Math.round(ms * US_PER_MS)));
}

/** Compressed base64, HdrHistogram's own interchange form (any HdrHistogram library reads it: microseconds). */
export function encodeLatency(histogram: Histogram): string {
  return encodeIntoCompressedBase64(histogram);
}

/** The histogram `encodeLatency` wrote; throws on anything else. */
export function decodeLatency(text: string): Histogram {
  return decodeFromCompressedBase64(text);
}

/** What a histogram says, in milliseconds to 0.01 ms. */
export interface LatencyFigures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencyFigures(histogram: Histogram): LatencyFigures {
  const ms = (us: number) => Math.round(us / (US_PER_MS / 100)) / 100;
  return {
    count: histogram.totalCount,
    p50: ms(histogram.getValueAtPercentile(50)),
    p95: ms(histogram.getValueAtPercentile(95)),
    p99: ms(histogram.getValueAtPercentile(99)),
    max: ms(histogram.maxValue),
  };
}
