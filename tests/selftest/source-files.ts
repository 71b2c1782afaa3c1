// The repository's source files, for the self-tests that read them all (the import rules, the child processes).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = /\.(ts|mts|js|mjs)$/;
/** Dependencies and what runs write (all ignored by git). */
const SKIP = new Set(['node_modules', '.git', 'reports', 'test-results', 'playwright-report', 'blob-report']);

/** Paths from `root` (with `/`) of every source file under it. */
export function sourceFiles(root: string, dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : sourceFiles(root, path);
    return SOURCE.test(e.name) ? [path] : [];
  });
}
