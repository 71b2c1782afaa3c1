// Makes the rule section links of a generated Allure report clickable. Allure 3.18's awesome UI renders a
// test's link as an anchor only when its URL is absolute http(s), mailto or tel; ours are relative
// (../spec/payment-transfer-service.html#1-invoice-payment) so that they work in a downloaded reports/
// folder, and would show as plain text. scripts/report.ts adds this small script to the report's
// index.html: a click on a link whose name is a known section (`rule section: <heading path>`) opens that
// section of the document copy beside the report. One listener on the document, no change to Allure's DOM.
import { readFileSync, writeFileSync } from 'node:fs';
import type { RequirementKind } from '../contracts/requirements.js';
import { SPEC_DOCUMENTS, specHeadings } from './spec-docs.js';
import { SPEC_FROM_SUBFOLDER, sectionLinkName } from './spec-links.js';

const MARKER = 'pts-section-links';

/** Every heading of both documents: link name → href from a report one folder below the reports folder. */
export function sectionHrefs(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kind of Object.keys(SPEC_DOCUMENTS) as RequirementKind[])
    for (const h of specHeadings(kind)) out[sectionLinkName(h.path)] = `${SPEC_FROM_SUBFOLDER}${SPEC_DOCUMENTS[kind].html}#${h.anchor}`;
  return out;
}

function sectionLinkScript(hrefs: Record<string, string> = sectionHrefs()): string {
  // JSON inside <script>: `<` escaped so no heading can close the element.
  const map = JSON.stringify(hrefs).replace(/</g, '\\u003c');
  return `<script id="${MARKER}">
(() => {
  const hrefs = ${map};
  const style = document.createElement('style');
  style.textContent = '[data-testid="test-result-meta-link"]{cursor:pointer}[data-testid="test-result-meta-link"]:hover span{text-decoration:underline}';
  document.head.appendChild(style);
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('[data-testid="test-result-meta-link"]') : null;
    const href = link ? hrefs[link.textContent.trim()] : undefined;
    if (href) window.open(new URL(href, location.href).href, '_blank', 'noopener');
  });
})();
</script>`;
}

/** Adds the script to a generated report's index.html (once). */
export function addSectionLinks(indexHtml: string): void {
  const html = readFileSync(indexHtml, 'utf8');
  if (html.includes(`id="${MARKER}"`)) return;
  const at = html.lastIndexOf('</body>');
  if (at < 0) throw new Error(`${indexHtml}: no </body> to add the section links before`);
  writeFileSync(indexHtml, `${html.slice(0, at)}${sectionLinkScript()}\n${html.slice(at)}`);
}
