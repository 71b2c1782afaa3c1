// The reporting stage sits below the checks and the scripts: reporting/ is imported by tests/ and scripts/
// and imports neither, directly or through another module of the repository (contracts/, generators/ are
// fine), so there is no import cycle between the layers.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test, expect } from '@playwright/test';
import { REPO_ROOT } from '../../reporting/reports-dir.js';

/** Static imports, re-exports and dynamic import() of a module, as written. */
function specifiers(source: string): string[] {
  const found = [
    ...source.matchAll(/\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((m) => m[1]);
}

/** A relative specifier as a file of the repository (`./x.js` is x.ts on disk), or undefined for a package. */
function resolveIn(root: string, from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, join(base, 'index.ts')])
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // next candidate
    }
  return base.startsWith(root) ? base : undefined; // unresolved: still judged by where it points
}

/** Every path from a module under `start` to a module under a forbidden folder, as `a → b → c`. */
export function forbiddenImports(root: string, start: string, forbidden: string[]): string[] {
  const entry = readdirSync(join(root, start), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mts|mjs|js)$/.test(f))
    .map((f) => join(root, start, f));
  const seen = new Set<string>();
  const out: string[] = [];
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const target = resolveIn(root, file, spec);
      if (target === undefined || !target.startsWith(root + sep)) continue;
      const rel = relative(root, target).split(sep).join('/');
      const path = [...chain, rel];
      if (forbidden.some((f) => rel.startsWith(`${f}/`))) out.push(path.join(' → '));
      else if (!rel.startsWith('node_modules/')) walk(target, path);
    }
  };
  for (const f of entry) walk(f, [relative(root, f).split(sep).join('/')]);
  return out;
}

test('reporting/ imports nothing from tests/ or scripts/, directly or through another module', () => {
  const root = REPO_ROOT.replace(/\/+$/, '');
  const found = forbiddenImports(root, 'reporting', ['tests', 'scripts']);
  expect(found, `reporting/ reaches into tests/ or scripts/:\n${found.join('\n')}`).toEqual([]);
});

test('the layering check finds a direct and an indirect import (so the test above can fail)', () => {
  const root = mkdtempSync(join(tmpdir(), 'pts-layers-'));
  try {
    for (const d of ['reporting', 'contracts', 'tests/harness']) mkdirSync(join(root, d), { recursive: true });
    writeFileSync(join(root, 'tests/harness/redact.ts'), 'export const x = 1;\n');
    writeFileSync(join(root, 'contracts/profile.ts'), "export { x } from '../tests/harness/redact.js';\n");
    writeFileSync(join(root, 'reporting/a.ts'), "import { x } from '../contracts/profile.js';\nimport type { Y } from '@playwright/test';\n");
    writeFileSync(join(root, 'reporting/b.ts'), "const m = await import('../tests/harness/redact.js');\n");
    writeFileSync(join(root, 'reporting/c.mjs'), "import '../scripts/report.js';\n");
    expect(forbiddenImports(root, 'reporting', ['tests', 'scripts']).sort()).toEqual([
      'reporting/a.ts → contracts/profile.ts → tests/harness/redact.ts',
      'reporting/b.ts → tests/harness/redact.ts',
      'reporting/c.mjs → scripts/report.js',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
