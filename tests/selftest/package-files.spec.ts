// What `npm publish` would ship (package.json "files", with its negated patterns): every module the installed command
// loads, from its entry points along their imports (TypeScript's pre-processor, and the files opened with
// `new URL(…, import.meta.url)`), the documents the reports copy (docs/spec), the action and the licence; and none of
// the development's own files (tests, benchmarks, the matrices, the CI templates' runner). `npm run install-check`
// runs the packed command; this finds a runtime import of a file left out without installing anything.
import { test, expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import { childEnv, runChild } from '../../scripts/child-run.js';
import { COMMANDS } from '../../scripts/commands.js';

const ROOT = REPO_ROOT.replace(/\/+$/, '');
const isFile = (p: string) => existsSync(p) && statSync(p).isFile();
const filesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => `${dir}/${f}`)
    .filter((f) => isFile(join(ROOT, f)));

/** Every repository file the modules `entries` load, transitively (a folder opened by URL: every file in it). */
function runtimeFiles(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(ts|js|mjs)$/.test(file)) continue;
    const source = readFileSync(join(ROOT, file), 'utf8');
    const imported = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
    const opened = [...source.matchAll(/new URL\(\s*['"`](\.{1,2}\/[^'"`$]*)['"`]\s*,\s*import\.meta\.url\s*\)/g)].map((m) => m[1]!);
    for (const spec of [...imported, ...opened].filter((s) => s.startsWith('.'))) {
      const base = resolve(ROOT, dirname(file), spec);
      const onDisk = [base, base.replace(/\.js$/, '.ts')].find(isFile);
      if (onDisk) stack.push(relative(ROOT, onDisk));
      // A folder of data (`new URL('./schemas/', …)`), not the package's root that `new URL('../', …)` names.
      else if (!/^(\.\.?\/)+$/.test(spec) && base.startsWith(`${ROOT}/`) && existsSync(base) && statSync(base).isDirectory())
        stack.push(...filesUnder(relative(ROOT, base)));
    }
  }
  return seen;
}

test('the package holds every file the installed command loads, the licence and the action, and no development file', async () => {
  const r = await runChild('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { env: childEnv(), cwd: ROOT, boundMs: 60_000 });
  expect(r.code, r.stderr).toBe(0);
  const packed = new Set((JSON.parse(r.stdout) as [{ files: { path: string }[] }])[0].files.map((f) => f.path));

  const config = readFileSync(join(ROOT, 'playwright.config.ts'), 'utf8');
  const entries = [
    'bin/payment-transfer-conformance.js',
    'playwright.config.ts',
    ...COMMANDS.map((c) => c.script),
    // Named by path, not imported: the configuration's global setup and reporters, Allure's configuration, the areas.
    ...[...config.matchAll(/'\.\/([^']+\.ts)'/g)].map((m) => m[1]!),
    'reporting/allurerc.mjs',
    ...filesUnder('suite/conformance').filter((f) => f.endsWith('.spec.ts')),
    // Copied into every report's spec/ folder (reporting/spec-docs.ts).
    ...filesUnder('docs/spec'),
  ];
  const loaded = runtimeFiles(entries);
  expect(loaded.size, 'the walk follows the imports').toBeGreaterThan(200);
  const missing = [...loaded].filter((f) => !packed.has(f));
  expect(missing, 'files the installed command loads but package.json "files" leaves out').toEqual([]);
  for (const f of ['LICENSE', 'README.md', 'package.json', 'action.yml', 'tsconfig.json']) expect(packed.has(f), f).toBe(true);

  const development = [...packed].filter((f) =>
    /^(tests|mock\/tests|scripts\/(bench|matrix|ci-run)|generators\/testing)\/|^scripts\/(bench-.*|test|mutation|variants|flake|install-check|docs)\.ts$/.test(
      f,
    ),
  );
  expect(development, 'development files in the package').toEqual([]);
  expect((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { license?: string }).license).toBe('MIT');
});
