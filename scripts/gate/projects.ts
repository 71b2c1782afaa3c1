// Which Playwright projects a gate or certification run selects, and which of them drive a browser
// (`browser: true` in contracts/areas.ts, whence playwright.config.ts's projects; read from there, so that a command
// that only starts Playwright does not load it too).
import { didYouMean } from '../../contracts/nearest-name.js';
import { PROJECTS } from '../../contracts/areas.js';
import { CONFORMANCE_PROJECTS } from '../../suite/runner/projects.js';
import { projectArgs } from '../args.js';
import { SetupError } from './preflight.js';
import { checkTags } from './tags.js';

interface ProjectMeta {
  name: string;
  browser: boolean;
}

/** Playwright's matching of a --project value: case-insensitive, `*` any characters. */
function matches(pattern: string, name: string): boolean {
  const p = pattern.toLocaleLowerCase();
  if (!p.includes('*')) return p === name.toLocaleLowerCase();
  const re = new RegExp(
    `^${p
      .split('*')
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(name.toLocaleLowerCase());
}

/**
 * Names of the configured projects the args select, all of `defaults` when they name none; in the order they
 * are named (the configuration orders projects for the dispatcher, not for people).
 */
export function selectedProjects(args: readonly string[], defaults: readonly string[], projects: readonly ProjectMeta[] = PROJECTS): string[] {
  const wanted = projectArgs(args) ?? [...defaults];
  const names = projects.map((p) => p.name);
  return [...new Set(wanted.flatMap((w) => names.filter((name) => matches(w, name))))];
}

/** The projects among `names` that drive a browser, in the order of `names`. */
export function browserProjects(names: readonly string[], projects: readonly ProjectMeta[] = PROJECTS): string[] {
  const browser = new Set(projects.filter((p) => p.browser).map((p) => p.name));
  return names.filter((name) => browser.has(name));
}

/**
 * The conformance areas the args select (all when they name none). A `--project` value that names no area (a typo,
 * or one of the project's own test projects) is a setup problem, not a conformance failure: a SetupError whose one
 * line lists the areas a user may choose. So is a tag of --grep that names none (scripts/gate/tags.ts).
 */
export function chosenAreas(args: readonly string[], areas: readonly string[] = CONFORMANCE_PROJECTS): string[] {
  checkTags(args, areas);
  const unknown = (projectArgs(args) ?? []).filter((w) => !areas.some((name) => matches(w, name)));
  if (unknown.length > 0)
    throw new SetupError(
      `no area named ${unknown.map((u) => `'${u}'`).join(', ')}${unknown.length === 1 ? didYouMean(unknown[0]!, areas) : ''}; the areas are ${areas.join(', ')} (--project=NAME, several allowed, * matches any characters)`,
    );
  return selectedProjects(args, areas);
}
