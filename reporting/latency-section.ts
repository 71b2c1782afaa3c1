// summary.json's `latency`: the latency attachments of every test (contracts/run-protocol.ts) merged, per operation
// and per page action: count, p50, p95, p99, max and the merged HDR histogram, which a later compare reads.
import { decodeLatency, encodeLatency, latencyFigures, newLatencyHistogram, type Histogram } from '../contracts/latency-histogram.js';
import { OPERATIONS, PAGE_ACTIONS, type Operation, type PageAction } from '../contracts/operations.js';
import type { LatencyNote } from '../contracts/run-protocol.js';
import type { ProfileLatency } from '../contracts/types.gen.js';
import type { LatencyEntry, LatencySection } from './summary-model.js';

/** A latency attachment's body, or undefined for one that is not (a hand-made or damaged attachment is no latency). */
export function readLatencyNote(text: string | undefined): LatencyNote | undefined {
  if (text === undefined) return undefined;
  try {
    const note = JSON.parse(text) as Partial<LatencyNote>;
    const isMap = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    return isMap(note.operations) && isMap(note.pageActions) && Array.isArray(note.seconds) ? (note as LatencyNote) : undefined;
  } catch {
    return undefined;
  }
}

/** Per name, the histograms of every note merged; a histogram that does not decode is left out. */
function merged<K extends string>(names: readonly K[], parts: readonly Partial<Record<K, string>>[]): Partial<Record<K, LatencyEntry>> {
  const out: Partial<Record<K, LatencyEntry>> = {};
  for (const name of names) {
    let sum: Histogram | undefined;
    for (const part of parts) {
      const text = part[name];
      if (typeof text !== 'string') continue;
      try {
        const h = decodeLatency(text);
        (sum ??= newLatencyHistogram()).add(h);
      } catch {
        // not a histogram of this suite's: nothing to merge
      }
    }
    if (sum !== undefined && sum.totalCount > 0) out[name] = { ...latencyFigures(sum), histogram: encodeLatency(sum) };
  }
  return out;
}

export function latencySection(notes: readonly LatencyNote[], threshold: ProfileLatency | null): LatencySection {
  return {
    threshold,
    operations: merged(
      OPERATIONS,
      notes.map((n) => n.operations),
    ),
    pageActions: merged(
      PAGE_ACTIONS,
      notes.map((n) => n.pageActions),
    ),
  };
}

/** One operation's or page action's latency, named, in the order reports list them: the operations, then the page actions. */
export interface LatencyRow {
  name: Operation | PageAction;
  kind: 'operation' | 'page action';
  entry: LatencyEntry;
}

export function latencyRows(section: Pick<LatencySection, 'operations' | 'pageActions'> | undefined): LatencyRow[] {
  if (section === undefined) return [];
  const rows = <K extends Operation | PageAction>(names: readonly K[], entries: Partial<Record<K, LatencyEntry>>, kind: LatencyRow['kind']) =>
    names.flatMap((name) => (entries[name] ? [{ name, kind, entry: entries[name] }] : []));
  return [...rows(OPERATIONS, section.operations ?? {}, 'operation'), ...rows(PAGE_ACTIONS, section.pageActions ?? {}, 'page action')];
}
