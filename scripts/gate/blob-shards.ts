// Which shard of which run a blob report holds: Playwright's blob reporter writes it in the first line of the
// zip's report.jsonl (onBlobReportMetadata: { shard: { current, total } }). merge-reports uses it to refuse a
// merge that lacks a shard: its checks would be missing from the verdict, and no count would show it.
import { readFileSync } from 'node:fs';
import yauzl from 'yauzl';
import type { Shard } from './reporters.js';

/** The shard a blob report holds; undefined for an unsharded run's blob; throws when the zip cannot be read. */
export async function blobShard(zipFile: string): Promise<Shard | undefined> {
  const zip = await yauzl.fromBufferPromise(readFileSync(zipFile));
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== 'report.jsonl') continue;
      let text = '';
      for await (const chunk of await zip.openReadStreamPromise(entry)) {
        text += (chunk as Buffer).toString('utf8');
        if (text.includes('\n')) break;
      }
      const first = JSON.parse(text.split('\n')[0]) as { method?: string; params?: { shard?: Shard | null } };
      if (first.method !== 'onBlobReportMetadata') throw new Error('report.jsonl does not start with the blob metadata');
      return first.params?.shard ?? undefined;
    }
  } finally {
    zip.close();
  }
  throw new Error('no report.jsonl in the zip');
}

/** What is wrong with this set of shards for one run: a missing or repeated shard, totals that disagree; undefined when whole. */
export function shardProblem(shards: ReadonlyArray<{ file: string; shard: Shard | undefined }>): string | undefined {
  const sharded = shards.filter((s) => s.shard !== undefined);
  if (sharded.length === 0) return shards.length > 1 ? `${shards.length} blob reports of unsharded runs: merge one run's reports` : undefined;
  if (sharded.length < shards.length) return "blob reports of sharded and unsharded runs together: merge one run's shards";
  const totals = [...new Set(sharded.map((s) => s.shard!.total))];
  if (totals.length > 1) return `blob reports of runs cut into ${totals.join(' and ')} shards: merge one run's shards`;
  const total = totals[0];
  const seen = sharded.map((s) => s.shard!.current);
  const repeated = [...new Set(seen.filter((c, i) => seen.indexOf(c) !== i))];
  if (repeated.length) return `shard ${repeated.join(', ')} of ${total} given more than once`;
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((c) => !seen.includes(c));
  if (missing.length) return `no blob report of shard ${missing.join(', ')} of ${total}: its checks are not in the merge (did its job fail before the run?)`;
  return undefined;
}
