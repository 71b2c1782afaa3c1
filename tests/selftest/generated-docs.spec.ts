// Every generated document, and every generated section of a hand-written one, is what its sources give now: a rule,
// a basis, a level, a check, a fault or a variation changed without `npm run docs` leaves the committed copy behind,
// and this fails naming the file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { anchorCounts } from '../../scripts/anchor-tally.js';
import { GENERATED_DOCS, GENERATED_SECTIONS, sectionIn } from '../../scripts/generated-docs.js';
import { REPO_ROOT } from '../../reporting/reports-dir.js';

/** A render that lists the conformance checks with Playwright in a child takes seconds, more on a loaded machine. */
const RENDER_TIMEOUT = 150_000;

for (const [file, render] of Object.entries(GENERATED_DOCS))
  test(`${file} is as its sources give it (npm run docs writes it)`, async () => {
    test.setTimeout(RENDER_TIMEOUT);
    expect(readFileSync(join(REPO_ROOT, file), 'utf8'), `${file} differs from its sources: run npm run docs`).toBe(await render());
  });

for (const { file, name, render } of GENERATED_SECTIONS)
  test(`the ${name} of ${file} is as its source gives it (npm run docs writes it)`, () => {
    const section = sectionIn(readFileSync(join(REPO_ROOT, file), 'utf8'), file, name);
    expect(section, `${file} has no marks around its ${name}`).toBeDefined();
    expect(section, `the ${name} of ${file} differs from its source: run npm run docs`).toBe(render());
  });

test("the anchor tally counts each table's dispositions, and refuses a row that has none", () => {
  const doc = (row: string) =>
    [
      '# Security anchors',
      '## API Security Top 10 (2023)',
      '| item | what it asks | disposition |',
      '|---|---|---|',
      '| API1 | a | **probe**: `x` |',
      '## ASVS 5.0',
      '### V2 Validation',
      '| item | what it asks | disposition |',
      '|---|---|---|',
      '| 2.1.1 | b | **probe (partial)**: y |',
      row,
      '## Tally',
    ].join('\n');
  expect([...anchorCounts(doc('| 2.1.2 | c | **n/a**: z |'))]).toEqual([
    ['API Top 10', { probe: 1, 'probe (partial)': 0, gap: 0, 'n/a': 0 }],
    ['ASVS V2', { probe: 0, 'probe (partial)': 1, gap: 0, 'n/a': 1 }],
  ]);
  expect(() => anchorCounts(doc('| 2.1.2 | c | later |'))).toThrow(/without \*\*probe\*\*/);
});
