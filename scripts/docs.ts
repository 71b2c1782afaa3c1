// `npm run docs`: writes the documents generated from the project's one sources of fact (GENERATED_DOCS);
// tests/selftest/generated-docs.spec.ts fails when a committed copy differs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_DOCS } from './generated-docs.js';
import { REPO_ROOT } from '../reporting/reports-dir.js';

for (const [file, render] of Object.entries(GENERATED_DOCS)) {
  writeFileSync(join(REPO_ROOT, file), render());
  console.log(`docs: wrote ${file}`);
}
