// "Did you mean": the known name closest to a mistyped one, when it is close enough to be the one meant. Shared by
// every place that refuses a name (a command, an option, an area, a tag, a variable, a fault, a variation).
import { distance } from 'fastest-levenshtein';

/** The candidate nearest to `word` (letter case aside), or undefined when none is within a third of its length. */
export function nearestName(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const name of candidates) {
    const d = distance(w, name.toLowerCase());
    if (best === undefined || d < best.d) best = { name, d };
  }
  const allowed = Math.max(1, Math.floor(w.length / 3));
  return best !== undefined && best.name !== word && best.d <= allowed ? best.name : undefined;
}

/** `; did you mean 'x'?` for a mistyped `word`, or '' when no name is near. */
export function didYouMean(word: string, candidates: readonly string[], quote = (s: string) => `'${s}'`): string {
  const near = nearestName(word, candidates);
  return near === undefined ? '' : `; did you mean ${quote(near)}?`;
}
