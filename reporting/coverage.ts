// Value-class coverage of a run: for each request field and each place its value travels to (an echo, the
// status answer, the payment page, a callback, a re-delivery), the classes the checks judged there of the
// classes the generators know. The checks say both in `value coverage` annotations (contracts/run-protocol.ts);
// here they are added up over the run, for summary.json and requirements.{json,md}.
import { ANNOTATION, type CoverageNote } from '../contracts/run-protocol.js';
import { cell } from './markdown.js';

/**
 * `complete`: every known class was judged there; `gap`: some class was not (the check failed before it, or
 * a class never reached the place); `skipped`: every check of the place was skipped (the profile lacks what it
 * needs); `not run`: no check of the place ran in this run (its project was not selected).
 */
type CoverageStatus = 'complete' | 'gap' | 'skipped' | 'not run';

export interface CoverageRow {
  field: string;
  place: string;
  status: CoverageStatus;
  /** Every class the generators know for the field, as the checks reported them. */
  known: string[];
  /** The classes judged at the place. */
  checked: string[];
  /** Known classes not judged there. */
  missing: string[];
  /** The checks that judged the field at the place. */
  checks: string[];
}

/** What the table needs of one check: its id, whether it was skipped, the annotations of its test. */
export interface CoverageSource {
  check: string;
  skipped: boolean;
  annotations: readonly { type: string; description?: string }[];
}

/** The coverage notes among a test's annotations; a description that is not a note is left out. */
function coverageNotes(annotations: readonly { type: string; description?: string }[]): CoverageNote[] {
  const notes: CoverageNote[] = [];
  for (const a of annotations) {
    if (a.type !== ANNOTATION.coverage || a.description === undefined) continue;
    try {
      const n = JSON.parse(a.description) as Partial<CoverageNote>;
      const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');
      if (typeof n.field === 'string' && typeof n.place === 'string' && strings(n.places) && strings(n.known) && strings(n.checked))
        notes.push(n as CoverageNote);
    } catch {
      // not a note: an annotation of this name written by something else
    }
  }
  return notes;
}

const union = (into: string[], more: readonly string[]) => {
  for (const x of more) if (!into.includes(x)) into.push(x);
};
const listIn = (m: Map<string, string[]>, key: string): string[] => {
  let list = m.get(key);
  if (!list) m.set(key, (list = []));
  return list;
};

/**
 * The coverage rows of a run, by field (sorted) and place (in the order the suite's table lists the field's
 * places). A place a field travels to that no check of this run noted is `not run`.
 */
export function coverageRows(sources: readonly CoverageSource[]): CoverageRow[] {
  type Acc = { known: string[]; checked: string[]; checks: string[]; ran: boolean };
  const byKey = new Map<string, Acc>();
  const places = new Map<string, string[]>();
  const known = new Map<string, string[]>();
  for (const s of sources)
    for (const n of coverageNotes(s.annotations)) {
      union(listIn(places, n.field), [...n.places, n.place]);
      union(listIn(known, n.field), n.known);
      const key = `${n.field}\u0000${n.place}`;
      const acc = byKey.get(key) ?? { known: [], checked: [], checks: [], ran: false };
      byKey.set(key, acc);
      union(acc.known, n.known);
      union(acc.checked, n.checked);
      union(acc.checks, [s.check]);
      acc.ran ||= !s.skipped;
    }
  const rows: CoverageRow[] = [];
  for (const field of [...places.keys()].sort())
    for (const place of places.get(field)!) {
      const acc = byKey.get(`${field}\u0000${place}`);
      const all = acc?.known ?? known.get(field)!;
      const checked = all.filter((c) => acc?.checked.includes(c));
      const missing = all.filter((c) => !checked.includes(c));
      const status: CoverageStatus = !acc ? 'not run' : !acc.ran ? 'skipped' : missing.length === 0 ? 'complete' : 'gap';
      rows.push({ field, place, status, known: all, checked, missing, checks: acc?.checks ?? [] });
    }
  return rows;
}

/** The rows with a gap. */
function coverageGaps(rows: readonly CoverageRow[]): CoverageRow[] {
  return rows.filter((r) => r.status === 'gap');
}

/** The coverage section of requirements.md: a table of fields × places, then the gaps. */
export function coverageMarkdown(rows: readonly CoverageRow[]): string[] {
  const lines = [
    '## Value-class coverage',
    '',
    "Each request field's value classes (the generators' named classes, decided by their membership tests) judged at each place the value travels to: classes checked of classes known. `—`: the value does not travel there.",
    '',
  ];
  if (rows.length === 0) return [...lines, 'No check of this run noted value coverage.', ''];
  const fields = [...new Set(rows.map((r) => r.field))];
  // Columns in the order of the suite's table: the field of most places first, then places the others add.
  const placesOf = (f: string) => rows.filter((r) => r.field === f).map((r) => r.place);
  const places: string[] = [];
  for (const f of [...fields].sort((a, b) => placesOf(b).length - placesOf(a).length)) union(places, placesOf(f));
  const shown = (r: CoverageRow | undefined) =>
    r === undefined
      ? '—'
      : r.status === 'not run' || r.status === 'skipped'
        ? r.status
        : `${r.checked.length}/${r.known.length}${r.status === 'gap' ? ' gap' : ''}`;
  lines.push(`| Field | ${places.map(cell).join(' | ')} |`, `|---|${places.map(() => '---').join('|')}|`);
  for (const f of fields) lines.push(`| ${cell(f)} | ${places.map((p) => shown(rows.find((r) => r.field === f && r.place === p))).join(' | ')} |`);
  const gaps = coverageGaps(rows);
  lines.push('', `### Gaps (${gaps.length})`, '');
  if (gaps.length === 0) lines.push('None: every known class was judged at every place a check of this run looked at.');
  for (const g of gaps) lines.push(`- ${cell(g.field)} × ${cell(g.place)}: missing ${g.missing.map(cell).join(', ')} (${g.checks.map(cell).join('; ')})`);
  lines.push('');
  return lines;
}
