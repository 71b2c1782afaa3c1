// Which Playwright projects a gate or certification run selects, and which of them drive a browser
// (project metadata `browser: true` in playwright.config.ts).
import config from '../../playwright.config.js';

interface ProjectMeta {
  name?: string;
  metadata?: { browser?: boolean };
}

/** The values of `--project=X` and `--project X [Y …]` (Playwright's option takes several), or undefined when none is given. */
export function projectArgs(args: readonly string[]): string[] | undefined {
  const names: string[] = [];
  let seen = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--project=')) {
      seen = true;
      names.push(a.slice('--project='.length));
    } else if (a === '--project') {
      seen = true;
      while (i + 1 < args.length && !args[i + 1].startsWith('-')) names.push(args[++i]);
    }
  }
  return seen ? names : undefined;
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
export function selectedProjects(args: readonly string[], defaults: readonly string[], projects: readonly ProjectMeta[] = config.projects ?? []): string[] {
  const wanted = projectArgs(args) ?? [...defaults];
  const names = projects.map((p) => p.name ?? '').filter((name) => name !== '');
  return [...new Set(wanted.flatMap((w) => names.filter((name) => matches(w, name))))];
}

/** The projects among `names` that drive a browser, in the order of `names`. */
export function browserProjects(names: readonly string[], projects: readonly ProjectMeta[] = config.projects ?? []): string[] {
  const browser = new Set(projects.filter((p) => p.name && p.metadata?.browser === true).map((p) => p.name!));
  return names.filter((name) => browser.has(name));
}
