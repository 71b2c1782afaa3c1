// Every generated document is what its sources give now: a rule, a basis or a level changed without
// `npm run docs` leaves the committed copy behind, and this fails naming the file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { GENERATED_DOCS } from '../../scripts/generated-docs.js';
import { REPO_ROOT } from '../../reporting/reports-dir.js';

for (const [file, render] of Object.entries(GENERATED_DOCS))
  test(`${file} is as its sources give it (npm run docs writes it)`, () => {
    expect(readFileSync(join(REPO_ROOT, file), 'utf8'), `${file} differs from its sources: run npm run docs`).toBe(render());
  });
