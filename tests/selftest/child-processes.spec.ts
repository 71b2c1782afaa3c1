// scripts/child-run.ts is the one way the project starts a child process (its bound, its process group, the
// variables a child must not inherit): no other source file imports node:child_process, save the few listed
// here, each with its reason.
import { test, expect } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import { sourceFiles } from './source-files.js';

const CHILD_RUN = 'scripts/child-run.ts';

/** The files besides child-run.ts that may start children themselves, and why. */
const OWN_CHILDREN: Readonly<Record<string, string>> = {
  'mock/tests/variations.spec.ts':
    "mock/ imports contracts only (tests/selftest/import-rules.spec.ts): the reference provider's own test of its command line's exit 2 cannot use the suite's scripts",
};

/** Does the module import node:child_process (or child_process): static, dynamic, a re-export, `import type` (TypeScript's pre-processor)? */
function importsChildProcess(source: string): boolean {
  return ts.preProcessFile(source, true, true).importedFiles.some((f) => f.fileName === 'node:child_process' || f.fileName === 'child_process');
}

/** Source files under `root` that import node:child_process, other than child-run.ts and those of `allowed`. */
function directChildProcesses(root: string, allowed: Readonly<Record<string, string>> = OWN_CHILDREN): string[] {
  return sourceFiles(root).filter((f) => f !== CHILD_RUN && !(f in allowed) && importsChildProcess(readFileSync(join(root, f), 'utf8')));
}

const ROOT = REPO_ROOT.replace(/\/+$/, '');

test('no source file but scripts/child-run.ts and the listed ones imports node:child_process', () => {
  expect(directChildProcesses(ROOT), `start children through ${CHILD_RUN} (or list the file in tests/selftest/child-processes.spec.ts, with why)`).toEqual([]);
});

test('every listed file exists and still starts children itself (the list stays short)', () => {
  for (const file of Object.keys(OWN_CHILDREN)) expect(importsChildProcess(readFileSync(join(ROOT, file), 'utf8')), file).toBe(true);
});

test('the check finds an import of child_process in a temporary folder, in each spelling (so the test above can fail)', () => {
  const root = mkdtempSync(join(tmpdir(), 'pts-children-'));
  try {
    mkdirSync(join(root, 'scripts'));
    writeFileSync(join(root, CHILD_RUN), "import { spawn } from 'node:child_process';\n");
    writeFileSync(join(root, 'scripts/static.ts'), "import { spawnSync } from 'node:child_process';\n");
    writeFileSync(join(root, 'scripts/bare.ts'), 'import type { ChildProcess } from "child_process";\n');
    writeFileSync(join(root, 'scripts/dynamic.ts'), "const { execSync } = await import('node:child_process');\n");
    writeFileSync(join(root, 'scripts/reexport.ts'), "export { fork } from 'node:child_process';\n");
    writeFileSync(join(root, 'scripts/clean.ts'), "import { runChild } from './child-run.js';\nconst text = \"import { spawn } from 'node:child_process'\";\n");
    expect(directChildProcesses(root, {}).sort()).toEqual(['scripts/bare.ts', 'scripts/dynamic.ts', 'scripts/reexport.ts', 'scripts/static.ts']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
