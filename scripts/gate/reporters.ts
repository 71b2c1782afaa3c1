// The reporters of a gate run. Playwright's `--reporter` replaces every configured reporter, and with them
// summary.json, which the gate's verdict reads (exit codes, incomplete run, baseline): so the gate passes
// Playwright no `--reporter`. A name given is the console reporter (playwright.config.ts reads it from the
// environment), and `blob`, or a `--shard`, adds a blob report beside the configured reports, which
// merge-reports then merges and judges: every shard writes what the gate needs.
import { join } from 'node:path';
import { RUN_ENV } from '../../contracts/run-protocol.js';
import { ArgsError } from '../args.js';

export interface Shard {
  current: number;
  total: number;
}

export interface RunReporters {
  /** The shard of `--shard I/N`, if any. */
  shard?: Shard;
  /** Where the blob report goes, when there is one (PLAYWRIGHT_BLOB_OUTPUT_DIR wins, as in Playwright). */
  blobDir?: string;
  /** Variables for the Playwright run (RUN_ENV.consoleReporter, RUN_ENV.blobDir). */
  env: Record<string, string>;
}

/** `I/N` of `--shard`, checked: 1 ≤ I ≤ N. */
function parseShard(value: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  const shard = m ? { current: Number(m[1]), total: Number(m[2]) } : undefined;
  if (!shard || shard.current < 1 || shard.current > shard.total) throw new ArgsError(`--shard ${value}: give I/N with 1 ≤ I ≤ N (e.g. --shard=1/2)`);
  return shard;
}

/** The value of `--shard=I/N` or `--shard I/N` among Playwright's arguments. */
function shardOf(args: readonly string[]): Shard | undefined {
  const at = args.findIndex((a) => a === '--shard' || a.startsWith('--shard='));
  if (at < 0) return undefined;
  const value = args[at] === '--shard' ? args[at + 1] : args[at].slice('--shard='.length);
  if (value === undefined) throw new ArgsError('--shard needs a value (I/N)');
  return parseShard(value);
}

/** The blob folder of a shard under the reports folder: reports/blobs/shard-I, the layout merge-reports reads by default. */
function shardBlobDir(reportsDir: string, shard: Shard | undefined): string {
  return join(reportsDir, 'blobs', shard ? `shard-${shard.current}` : 'run');
}

/** The reporters of a run with these arguments: `reporter` is the gate's own `--reporter` value (comma-separated names). */
export function runReporters(args: readonly string[], reporter: string | undefined, reportsDir: string): RunReporters {
  const names = (reporter ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const shard = shardOf(args);
  const console = names.filter((n) => n !== 'blob');
  const env: Record<string, string> = {};
  if (console.length > 0) env[RUN_ENV.consoleReporter] = console.join(',');
  const blobDir = shard || names.includes('blob') ? shardBlobDir(reportsDir, shard) : undefined;
  if (blobDir) env[RUN_ENV.blobDir] = blobDir;
  return { shard, blobDir: process.env.PLAYWRIGHT_BLOB_OUTPUT_DIR?.trim() || blobDir, env };
}
