// The tags a gate or certification run may select with --grep / --grep-invert: one per kind of rule
// (suite/runner/declarations.ts tags each check with its first rule's kind). A tag that names none of them selects
// no check, silently: a setup problem, like an unknown area (scripts/gate/projects.ts).
import { didYouMean } from '../../contracts/nearest-name.js';
import { parseArgs } from 'node:util';
import { REQUIREMENT_KINDS } from '../../contracts/requirements.js';
import { SetupError } from './preflight.js';

export const TAGS: readonly string[] = REQUIREMENT_KINDS.map((k) => `@${k}`);

/** The values of --grep/-g and --grep-invert/-G in args. */
function grepValues(args: readonly string[]): string[] {
  const { tokens } = parseArgs({
    args: [...args],
    options: { grep: { type: 'string', short: 'g', multiple: true }, 'grep-invert': { type: 'string', short: 'G', multiple: true } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  return tokens.flatMap((t) => (t.kind === 'option' && (t.name === 'grep' || t.name === 'grep-invert') && t.value !== undefined ? [t.value] : []));
}

/**
 * Checks the tags the args name (`@word` in a grep pattern): one that is part of no tag (`@documentd`) is a
 * SetupError whose one line lists the tags and the areas. A part of a tag (`@doc`) selects what it matches.
 */
export function checkTags(args: readonly string[], areas: readonly string[], tags: readonly string[] = TAGS): void {
  const named = grepValues(args).flatMap((g) => [...g.matchAll(/(?<![\w@])@[A-Za-z][\w-]*/g)].map((m) => m[0]));
  const unknown = [...new Set(named.filter((n) => !tags.some((t) => t.toLowerCase().includes(n.toLowerCase()))))];
  if (unknown.length > 0)
    throw new SetupError(
      `no tag named ${unknown.map((u) => `'${u}'`).join(', ')}${unknown.length === 1 ? didYouMean(unknown[0]!, tags) : ''}; the tags are ${tags.join(', ')} (--grep @TAG), the areas ${areas.join(', ')} (--project=NAME)`,
    );
}
