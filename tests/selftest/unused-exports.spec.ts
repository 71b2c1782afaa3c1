// An export says "used elsewhere": one that no other source file names is either dead code or a name kept public
// by mistake, and both make a module harder to read. A name counts as used when another source file mentions it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import { sourceFiles } from './source-files.js';

const DECLARATION = /^export (?:declare )?(?:async )?(?:abstract )?(?:function\*?|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
const WORD = /[A-Za-z_$][\w$]*/g;

/** `file: name` for every exported declaration of `sources` that no other of them mentions. */
function exportsUsedNowhereElse(sources: ReadonlyMap<string, string>): string[] {
  const filesOfWord = new Map<string, Set<string>>();
  for (const [file, text] of sources)
    for (const [word] of text.matchAll(WORD)) {
      let files = filesOfWord.get(word);
      if (files === undefined) filesOfWord.set(word, (files = new Set()));
      files.add(file);
    }
  const unused: string[] = [];
  for (const [file, text] of sources) {
    // Generated modules export what their generator sees, whoever reads it.
    if (file.endsWith('.gen.ts')) continue;
    for (const [, name] of text.matchAll(DECLARATION)) if (![...(filesOfWord.get(name!) ?? [])].some((f) => f !== file)) unused.push(`${file}: ${name}`);
  }
  return unused;
}

test('every exported declaration is named by another source file', () => {
  const files = sourceFiles(REPO_ROOT).filter((f) => f.endsWith('.ts'));
  const sources = new Map(files.map((f) => [f, readFileSync(join(REPO_ROOT, f), 'utf8')]));
  expect(exportsUsedNowhereElse(sources), 'exports nobody else names: drop the export, or the code').toEqual([]);
});

test('the check finds an export only its own file names, and passes one another file imports', () => {
  const sources = new Map([
    ['a.ts', 'export const used = 1;\nexport function lonely() { return used; }\n'],
    ['b.ts', "import { used } from './a.js';\nexport type Shown = typeof used;\n"],
    ['c.ts', 'const x: Shown = 1;\n'],
  ]);
  expect(exportsUsedNowhereElse(sources)).toEqual(['a.ts: lonely']);
});
