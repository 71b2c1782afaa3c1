// The folder Playwright runs the suite from. In a clone: the repository. From an installed package (npm install of
// its tarball), the package lies under node_modules/, where Playwright compiles no TypeScript; another loader (tsx)
// would compile it differently from a clone (esbuild's `__name` helpers break the functions a check runs in the
// page). So Playwright runs a copy of the package outside node_modules, made once per installed version in the temp
// folder, whose node_modules/ links to the dependencies the installation holds: the same run as in a clone.
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url)).replace(/\/+$/, '');

/** True when the suite runs from an installed package (its files under node_modules/). */
export const INSTALLED = PACKAGE_ROOT.split(sep).includes('node_modules');

const DONE = '.copied';

/** Links into `target` every package of `sources` (the first source naming one wins), scopes merged. */
function linkDependencies(target: string, sources: readonly string[], own: string): void {
  mkdirSync(target, { recursive: true });
  for (const source of sources.filter((s) => existsSync(s))) {
    for (const name of readdirSync(source)) {
      if (name === own || name.startsWith('.')) continue;
      const from = join(source, name);
      if (name.startsWith('@') && statSync(from).isDirectory()) {
        linkDependencies(join(target, name), [from], own);
        continue;
      }
      if (!existsSync(join(target, name))) symlinkSync(from, join(target, name));
    }
  }
}

/** The copy of the installed package Playwright runs, made when missing (atomically: a rename). */
function installedCopy(): string {
  const stamp = createHash('sha256')
    .update(`${PACKAGE_ROOT}\n${statSync(join(PACKAGE_ROOT, 'package.json')).mtimeMs}`)
    .digest('hex')
    .slice(0, 12);
  const copy = join(tmpdir(), `${basename(PACKAGE_ROOT)}-${stamp}`);
  if (existsSync(join(copy, DONE))) return copy;
  const staging = mkdtempSync(`${copy}-`);
  for (const entry of readdirSync(PACKAGE_ROOT)) if (entry !== 'node_modules') cpSync(join(PACKAGE_ROOT, entry), join(staging, entry), { recursive: true });
  // Its own nested dependencies first, then those installed beside it.
  linkDependencies(join(staging, 'node_modules'), [join(PACKAGE_ROOT, 'node_modules'), dirname(PACKAGE_ROOT)], basename(PACKAGE_ROOT));
  writeFileSync(join(staging, DONE), `${PACKAGE_ROOT}\n`);
  chmodSync(staging, 0o755); // mkdtemp's folder is the user's alone; the copy is as readable as the package
  try {
    rmSync(copy, { recursive: true, force: true });
    renameSync(staging, copy);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another run made it at the same time
  }
  return copy;
}

let root: string | undefined;

/** The folder whose playwright.config.ts Playwright runs: the repository, or the installed package's copy. */
export function suiteRoot(): string {
  root ??= INSTALLED ? installedCopy() : PACKAGE_ROOT;
  return root;
}
