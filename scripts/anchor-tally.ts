// The tally of docs/security-anchors.md's tables: how many items of each anchor list have a probe, a partial probe, a
// gap or n/a, counted from the tables themselves so that no count is typed by hand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../reporting/reports-dir.js';

const FILE = 'docs/security-anchors.md';
const DISPOSITIONS = ['probe', 'probe (partial)', 'gap', 'n/a'] as const;
type Disposition = (typeof DISPOSITIONS)[number];

/** A table's short name: "API Top 10", "ASVS V3", "RFC 9110". */
function shortName(heading: string): string {
  if (heading.startsWith('API Security Top 10')) return 'API Top 10';
  const asvs = /^(V\d+) /.exec(heading);
  if (asvs) return `ASVS ${asvs[1]}`;
  return heading.split(':')[0]!;
}

/**
 * Per anchor table (each under a heading of its own, all before "## Tally"), in the document's order, how many rows
 * have each disposition; throws on a row with none.
 */
export function anchorCounts(text: string): Map<string, Record<Disposition, number>> {
  const start = text.indexOf('\n## ');
  const end = text.indexOf('\n## Tally', start);
  if (start === -1 || end === -1) throw new Error(`${FILE}: no anchor tables before a "## Tally" heading`);
  const counts = new Map<string, Record<Disposition, number>>();
  let table: Record<Disposition, number> | undefined;
  for (const line of text.slice(start, end).split('\n')) {
    const heading = /^#{2,3} (.*)/.exec(line)?.[1];
    if (heading !== undefined) {
      table = { probe: 0, 'probe (partial)': 0, gap: 0, 'n/a': 0 };
      counts.set(shortName(heading), table);
      continue;
    }
    if (!line.startsWith('| ') || line.startsWith('| item ') || table === undefined) continue;
    const disposition = /\| \*\*(probe \(partial\)|probe|gap|n\/a)\*\*[^|]*\|?\s*$/.exec(line)?.[1] as Disposition | undefined;
    if (disposition === undefined) throw new Error(`${FILE}: an anchor row without **probe**, **probe (partial)**, **gap** or **n/a**: ${line.slice(0, 80)}`);
    table[disposition]++;
  }
  for (const [name, t] of counts) if (DISPOSITIONS.every((d) => t[d] === 0)) counts.delete(name);
  return counts;
}

/** The tally paragraph, from the tables of docs/security-anchors.md as committed. */
export function anchorTally(): string {
  const counts = anchorCounts(readFileSync(join(REPO_ROOT, FILE), 'utf8'));
  const total = (d: Disposition) => [...counts.values()].reduce((n, t) => n + t[d], 0);
  const rows = DISPOSITIONS.reduce((n, d) => n + total(d), 0);
  const tables = [...counts].map(([name, t]) => `${name} ${DISPOSITIONS.map((d) => t[d]).join(', ')}`).join('; ');
  return [
    `Tally over the ${rows} rows: ${DISPOSITIONS.map((d) => `${total(d)} ${d}`).join(', ')}. By table (each in the order probe,`,
    `partial, gap, n/a): ${tables}.`,
  ].join('\n');
}
