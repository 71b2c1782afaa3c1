// Where each requirement is stated: its `section` in contracts/requirements.json is the exact heading path
// of its document (see spec-docs.ts: "Endpoints / 1. Invoice payment" in the interface document, "The
// default profile / Transport" in the profile description). The link builder is strict: a section that
// is not a heading path of its document is an error, found when a check declaring it is collected.
//
// Links are relative to the reports' spec/ folder (`payment-transfer-service.html#1-invoice-payment`);
// requirements.md, at the top of the reports folder, prefixes `spec/`, and the reports one folder down
// (html/, allure-report/, allure-single-file/) prefix `../spec/`, so they work in a downloaded reports/ folder.
import type { Requirement } from '../contracts/requirements.js';
import { REPORT_FILES } from './reports-dir.js';
import { SPEC_DOCUMENTS, specHeadings, type Heading } from './spec-docs.js';

/** From a file at the top of the reports folder, and from a file one folder down. */
export const SPEC_FROM_REPORTS = `${REPORT_FILES.spec}/`;
export const SPEC_FROM_SUBFOLDER = `../${REPORT_FILES.spec}/`;

/** The heading a requirement's section names; throws when the section is not a heading path of its document. */
function sectionHeading(req: Pick<Requirement, 'kind' | 'section'> & { id?: string }): Heading {
  const headings = specHeadings(req.kind);
  const found = headings.find((h) => h.path === req.section);
  if (found) return found;
  // A suggestion: headings whose own text is the section's last part, maybe with its parenthesised remark.
  const last = req.section.split(' / ').pop()!.trim().toLowerCase();
  const close = headings.filter((h) => h.text.toLowerCase() === last || h.text.toLowerCase().startsWith(`${last} (`)).map((h) => `"${h.path}"`);
  throw new Error(
    `${req.id ?? 'requirement'}: section "${req.section}" is not a heading path of ${SPEC_DOCUMENTS[req.kind].markdown}` +
      (close.length ? ` (did you mean ${close.join(' or ')}?)` : ''),
  );
}

/** `payment-transfer-service.html#1-invoice-payment`: the section in the HTML copy, relative to the spec folder. */
export function sectionLink(req: Pick<Requirement, 'kind' | 'section'> & { id?: string }): string {
  return `${SPEC_DOCUMENTS[req.kind].html}#${sectionHeading(req).anchor}`;
}

/** The heading path a link of sectionLink() points at (`Endpoints / 1. Invoice payment`); undefined for any other link. */
export function sectionOfLink(link: string): string | undefined {
  const [file, anchor] = link.replace(/^(\.\.\/)?spec\//, '').split('#');
  const kind = (Object.keys(SPEC_DOCUMENTS) as (keyof typeof SPEC_DOCUMENTS)[]).find((k) => SPEC_DOCUMENTS[k].html === file);
  return kind === undefined ? undefined : specHeadings(kind).find((h) => h.anchor === anchor)?.path;
}

/** How a report names the link to a section: `rule section: <heading path>`. */
export function sectionLinkName(section: string): string {
  return `rule section: ${section}`;
}
