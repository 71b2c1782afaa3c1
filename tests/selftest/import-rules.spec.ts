// The import rules: folders are the pipeline (contracts → generators → suite/harness → suite/checks →
// suite/runner → suite/conformance; reporting beside the suite; mock on its own), and imports run one way.
// IMPORT_RULES is the one table of which folders each folder may import; the test reads every module's
// imports (TypeScript's own pre-processor: static, dynamic, re-exports, `import type`) and the files it
// opens with `new URL(…, import.meta.url)`, and fails on an import outside the table, a cycle between folders, or a
// source file in a folder the table does not list (its imports would go unchecked).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { test, expect } from '@playwright/test';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import { sourceFiles } from './source-files.js';

/**
 * Which folders each folder may import (besides itself and packages). Every source file is in a folder listed
 * (or is a listed file). tests/<x> folders may not import each other: what two of them share belongs to the
 * product or to scripts.
 */
const IMPORT_RULES: Readonly<Record<string, readonly string[]>> = {
  contracts: [],
  generators: ['contracts'],
  mock: ['contracts'],
  reporting: ['contracts'],
  'suite/harness': ['contracts', 'generators'],
  'suite/checks': ['contracts', 'generators', 'suite/harness'],
  'suite/runner': ['contracts', 'generators', 'suite/harness', 'mock'],
  'suite/conformance': ['suite/checks', 'suite/runner'],
  'playwright.config.ts': ['contracts', 'suite/runner', 'reporting'],
  scripts: ['contracts', 'generators', 'mock', 'reporting', 'suite/harness', 'suite/runner', 'playwright.config.ts'],
  'tests/selftest': ['contracts', 'generators', 'mock', 'reporting', 'suite/harness', 'suite/checks', 'suite/runner', 'scripts'],
  'tests/reporting': ['contracts', 'generators', 'mock', 'reporting', 'suite/harness', 'suite/runner', 'scripts', 'playwright.config.ts'],
  'tests/reliability': ['contracts', 'generators', 'mock', 'reporting', 'suite/harness', 'suite/runner', 'scripts'],
  // A provider written apart from the suite, from the two documents alone: it may import nothing of the project.
  'tests/blind': [],
  // The installed command: it loads the command line of scripts.
  bin: ['scripts'],
  'eslint.config.js': [],
};

/** The folder of the table a repository path belongs to (the longest match), or undefined. */
function folderOf(path: string, rules: Readonly<Record<string, readonly string[]>>): string | undefined {
  return Object.keys(rules)
    .filter((f) => path === f || path.startsWith(`${f}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** Every relative specifier a module imports or opens: TypeScript's pre-processor, plus `new URL('…', import.meta.url)`. */
function specifiers(source: string): string[] {
  const imported = ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
  const opened = [...source.matchAll(/new URL\(\s*['"`](\.{1,2}\/[^'"`$]*)['"`]\s*,\s*import\.meta\.url\s*\)/g)].map((m) => m[1]);
  return [...imported, ...opened].filter((s) => s.startsWith('.'));
}

/** A relative specifier as a repository path (`./x.js` is x.ts on disk), or undefined outside the repository. */
function target(root: string, from: string, spec: string): string | undefined {
  const base = resolve(root, dirname(from), spec);
  if (!base.startsWith(root + sep)) return undefined;
  const onDisk = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts')].find((c) => {
    try {
      return statSync(c).isFile() || statSync(c).isDirectory();
    } catch {
      return false;
    }
  });
  return relative(root, onDisk ?? base)
    .split(sep)
    .join('/');
}

interface ImportReport {
  /** `from → to (folder → folder)` for every import the table does not allow. */
  outside: string[];
  /** Cycles between folders, as `a → b → a`. */
  cycles: string[];
  /** Source files in no folder of the table. */
  unlisted: string[];
}

/** Checks every source file under `root` against `rules`. */
function checkImports(root: string, rules: Readonly<Record<string, readonly string[]>> = IMPORT_RULES): ImportReport {
  const outside: string[] = [];
  const unlisted: string[] = [];
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = folderOf(file, rules);
    if (!from) {
      unlisted.push(file);
      continue;
    }
    for (const spec of specifiers(readFileSync(join(root, file), 'utf8'))) {
      const path = target(root, file, spec);
      if (path === undefined || path.startsWith('node_modules/')) continue;
      const to = folderOf(path, rules);
      if (!to || to === from) continue; // a root file (package.json) or the folder itself
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
      if (!rules[from].includes(to)) outside.push(`${file} → ${path} (${from} may not import ${to})`);
    }
  }
  return { outside, cycles: cyclesOf(edges), unlisted };
}

/** Every elementary cycle's first appearance in a depth-first walk of the folder graph. */
function cyclesOf(edges: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (node: string, path: string[]) => {
    for (const next of edges.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) found.add([...path.slice(at), next].join(' → '));
      else walk(next, [...path, next]);
    }
  };
  for (const start of edges.keys()) walk(start, [start]);
  return [...found];
}

const ROOT = REPO_ROOT.replace(/\/+$/, '');

test('every import of the repository is one the import table allows, and no two folders import each other', () => {
  const { outside, cycles, unlisted } = checkImports(ROOT);
  expect(unlisted, `source files in folders the import table does not list (tests/selftest/import-rules.spec.ts):\n${unlisted.join('\n')}`).toEqual([]);
  expect(outside, `imports outside the table (tests/selftest/import-rules.spec.ts):\n${outside.join('\n')}`).toEqual([]);
  expect(cycles, `cycles between folders:\n${cycles.join('\n')}`).toEqual([]);
});

test('the import table itself is acyclic and names only folders that exist', () => {
  const edges = new Map(Object.entries(IMPORT_RULES).map(([f, to]) => [f, new Set(to)]));
  expect(cyclesOf(edges)).toEqual([]);
  for (const folder of Object.keys(IMPORT_RULES)) expect(statSync(join(ROOT, folder)), folder).toBeTruthy();
});

test('the check fails on a wrong import, on a cycle and on a source file in an unlisted folder, in a temporary copy of the repository (so the tests above can fail)', () => {
  const copy = mkdtempSync(join(tmpdir(), 'pts-imports-'));
  try {
    for (const folder of ['contracts', 'generators', 'reporting', 'mock', 'suite']) cpSync(join(ROOT, folder), join(copy, folder), { recursive: true });
    expect(checkImports(copy), 'the copy is clean before the change').toEqual({ outside: [], cycles: [], unlisted: [] });
    // reporting reaching into the suite, statically and through a type-only re-export.
    writeFileSync(
      join(copy, 'reporting/wrong.ts'),
      "import { CheckFailure } from '../suite/harness/failure.js';\nexport type { Check } from '../suite/harness/check.js';\n",
    );
    // generators importing the checks, which import the generators: a cycle, and an import against the table.
    writeFileSync(join(copy, 'generators/cycle.ts'), "const m = await import('../suite/checks/amounts.js');\nexport default m;\n");
    // mock reading a file of the suite.
    writeFileSync(join(copy, 'mock/reads.ts'), "export const u = new URL('../suite/runner/projects.ts', import.meta.url);\n");
    // A folder the table does not list, importing what it likes: its file is reported, not skipped.
    mkdirSync(join(copy, 'tools'));
    writeFileSync(join(copy, 'tools/stray.ts'), "export { CheckFailure } from '../suite/harness/failure.js';\n");
    const { outside, cycles, unlisted } = checkImports(copy);
    expect(unlisted).toEqual(['tools/stray.ts']);
    expect(outside.sort()).toEqual([
      'generators/cycle.ts → suite/checks/amounts.ts (generators may not import suite/checks)',
      'mock/reads.ts → suite/runner/projects.ts (mock may not import suite/runner)',
      'reporting/wrong.ts → suite/harness/check.ts (reporting may not import suite/harness)',
      'reporting/wrong.ts → suite/harness/failure.ts (reporting may not import suite/harness)',
    ]);
    expect(cycles).toContain('generators → suite/checks → generators');
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
