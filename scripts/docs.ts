// `npm run docs`: writes the documents, and the sections of documents, generated from the project's sources of fact
// (generated-docs.ts); tests/selftest/generated-docs.spec.ts fails when a committed copy differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_DOCS, GENERATED_SECTIONS, withSection } from './generated-docs.js';
import { REPO_ROOT } from '../reporting/reports-dir.js';

for (const [file, render] of Object.entries(GENERATED_DOCS)) {
  writeFileSync(join(REPO_ROOT, file), await render());
  console.log(`docs: wrote ${file}`);
}
for (const { file, name, render } of GENERATED_SECTIONS) {
  const path = join(REPO_ROOT, file);
  writeFileSync(path, withSection(readFileSync(path, 'utf8'), file, name, render()));
  console.log(`docs: wrote the ${name} of ${file}`);
}
