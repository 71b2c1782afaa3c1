/**
 * The members of a JSON object's text at its top level, in order, duplicates kept (JSON.parse keeps only the
 * last of a name): what the fault json-duplicate-keys-split reads the first of, and the variation
 * spellings-refused refuses. The text is already known to be a JSON object.
 */
export function topLevelMembers(text: string): [string, unknown][] {
  const members: [string, unknown][] = [];
  let i = text.indexOf('{') + 1;
  const skipSpace = () => {
    while (/\s/.test(text[i] ?? '')) i++;
  };
  const stringEnd = (from: number) => {
    let j = from + 1;
    while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    return j + 1;
  };
  for (;;) {
    skipSpace();
    if (text[i] !== '"') return members;
    const keyEnd = stringEnd(i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = text.indexOf(':', keyEnd) + 1;
    skipSpace();
    const start = i;
    let depth = 0;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '"') i = stringEnd(i) - 1;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        if (depth === 0) break;
        depth--;
      } else if (c === ',' && depth === 0) break;
    }
    members.push([key, JSON.parse(text.slice(start, i))]);
    if (text[i] === ',') i++;
  }
}

/** Whether a name appears twice among the members. */
export const hasDuplicateNames = (members: readonly [string, unknown][]): boolean => new Set(members.map(([k]) => k)).size < members.length;

/** The object a parser keeping the first of duplicate names reads. */
export function firstWins(members: readonly [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of members) if (!(k in out)) out[k] = v;
  return out;
}
