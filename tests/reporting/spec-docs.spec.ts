// The documents travel with the suite and its reports: docs/spec/ holds byte copies of the interface
// document and the profile description, every requirement names a section by its exact heading path, and
// the HTML copies written next to the reports have an element for every anchor a link can point at.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { requirements } from '../../contracts/requirements.js';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import { DOCS_DIR, SPEC_DOCUMENTS, githubAnchor, renderSpecDocument, specHeadings, writeSpecCopies } from '../../reporting/spec-docs.js';
import { sectionLink, sectionOfLink } from '../../reporting/spec-links.js';
import { sectionHrefs } from '../../reporting/allure-links.js';
import { tempReportsDir } from './support.js';

const SHARED = join(REPO_ROOT, '..', 'shared', 'spec');
const DOCUMENTS = Object.values(SPEC_DOCUMENTS).map((d) => d.markdown);

test('docs/spec holds byte copies of the documents in ../shared/spec (when that folder is there)', () => {
  for (const file of DOCUMENTS) expect(existsSync(join(DOCS_DIR, file)), file).toBe(true);
  test.skip(!existsSync(SHARED), `no ${SHARED} beside the repository`);
  for (const file of DOCUMENTS)
    expect(readFileSync(join(DOCS_DIR, file)).equals(readFileSync(join(SHARED, file))), `docs/spec/${file} differs from ${SHARED}/${file}`).toBe(true);
});

test('every requirement names the exact heading path of its document, one naming scheme for both', () => {
  const paths = { documented: specHeadings('documented').map((h) => h.path), profile: specHeadings('profile').map((h) => h.path) };
  for (const req of requirements) expect(paths[req.kind], `${req.id}: section "${req.section}"`).toContain(req.section);
  // The two documents' sections cannot be confused: no heading path of one is a heading path of the other.
  expect(paths.documented.filter((p) => paths.profile.includes(p))).toEqual([]);
  expect(specHeadings('documented').find((h) => h.text === '1. Invoice payment')?.path).toBe('Endpoints / 1. Invoice payment');
  expect(specHeadings('profile').find((h) => h.text === 'Invoice payment')?.path).toBe('The default profile / Invoice payment');
  expect(specHeadings('documented')[0].path, 'the title names the text before the first section').toBe('Payment Transfer Service Interface');
});

test('the link builder is strict: a section that is not a heading path is an error naming the requirement', () => {
  expect(sectionLink({ kind: 'documented', section: 'Endpoints / 1. Invoice payment' })).toBe('payment-transfer-service.html#1-invoice-payment');
  expect(sectionLink({ kind: 'profile', section: 'The default profile / Transport' })).toBe('defaults.html#transport');
  expect(() => sectionLink({ id: 'DOC-X', kind: 'documented', section: 'Resources / Payment' })).toThrow(
    /DOC-X: section "Resources \/ Payment" is not a heading path of payment-transfer-service\.md \(did you mean "Resources and their fields \/ Payment \(in the invoice response\)"/,
  );
  expect(() => sectionLink({ kind: 'profile', section: 'Invoice payment' })).toThrow(/not a heading path of defaults\.md/);
  expect(() => sectionLink({ kind: 'profile', section: 'Endpoints / 1. Invoice payment' }), 'a heading of the other document').toThrow();
  expect(sectionOfLink('../spec/defaults.html#transport')).toBe('The default profile / Transport');
  expect(sectionOfLink('https://example.com/#transport')).toBeUndefined();
});

test("anchors are GitHub's, so the same #fragment works on the Markdown in a repository browser", () => {
  expect(githubAnchor('1. Invoice payment')).toBe('1-invoice-payment');
  expect(githubAnchor('Default profile: what the interface document leaves "not shown"')).toBe('default-profile-what-the-interface-document-leaves-not-shown');
  const seen = new Map<string, number>();
  expect([githubAnchor('Errors', seen), githubAnchor('Errors', seen), githubAnchor('Errors', seen)]).toEqual(['errors', 'errors-1', 'errors-2']);
});

test('the reports get both documents: the Markdown unchanged, and HTML with an id for every heading', () => {
  const dir = tempReportsDir('pts-spec-');
  try {
    const spec = writeSpecCopies(dir);
    for (const [kind, doc] of Object.entries(SPEC_DOCUMENTS) as [keyof typeof SPEC_DOCUMENTS, (typeof SPEC_DOCUMENTS)['documented']][]) {
      expect(readFileSync(join(spec, doc.markdown)).equals(readFileSync(join(DOCS_DIR, doc.markdown))), doc.markdown).toBe(true);
      const html = readFileSync(join(spec, doc.html), 'utf8');
      expect(html).toBe(renderSpecDocument(kind));
      const ids = [...html.matchAll(/<h[1-6] id="([^"]+)">/g)].map((m) => m[1]);
      expect(ids).toEqual(specHeadings(kind).map((h) => h.anchor));
      expect(new Set(ids).size, 'ids are unique').toBe(ids.length);
    }
    // Every link a report can show points at an id of the HTML copy.
    for (const href of Object.values(sectionHrefs())) {
      const [file, id] = href.replace('../spec/', '').split('#');
      expect(readFileSync(join(spec, file), 'utf8'), href).toContain(`id="${id}"`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
