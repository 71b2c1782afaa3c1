// Where each requirement is stated: the heading of payment-transfer-service.md (documented rules) or
// defaults.md (profile rules) that a requirement's `section` names, as a GitHub-style anchor link.
// The headings are copied from the two documents (they live outside this repository); the reporting
// self-tests check that every section of contracts/requirements.json resolves to one of them, and that
// the copies still match the documents when those are present.
import type { Requirement } from '../../../contracts/requirements.js';

export const SPEC_DOCUMENT = 'payment-transfer-service.md';
export const PROFILE_DOCUMENT = 'defaults.md';

/** Headings (levels 1-3) of payment-transfer-service.md, in document order. */
export const SPEC_HEADINGS: readonly string[] = [
  'Payment Transfer Service Interface',
  'What the service does',
  'Resources and their fields',
  'Payment (in the invoice response)',
  'payment object',
  'credentials object (one of two shapes)',
  'deeplink object',
  'Vehicle file',
  'States and transitions',
  'Endpoints',
  '1. Invoice payment',
  '2. Account to card payment',
  '3. Vehicle file upload',
  'Other operations referred to',
  'Authentication',
  'Events',
  'Errors',
  'Limits',
  'Versioning',
];

/** Headings (levels 1-3) of defaults.md, in document order. */
export const PROFILE_HEADINGS: readonly string[] = [
  'Default profile: what the interface document leaves "not shown"',
  'Configuration surface of the suite (environment variables)',
  'The default profile',
  'Transport',
  'Invoice payment',
  'Validation failures (both payment endpoints and the upload)',
  'Other failures',
  'Account to card payment',
  'Vehicle file upload',
  'Payment status method (assumed)',
  'Payment page, outcomes and callbacks (assumed)',
];

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * The heading a requirement section names. A section is a path such as "Endpoints / 1. Invoice payment"
 * or "Resources / Payment"; its last part is the heading, possibly without the heading's parenthesised
 * remark ("Payment" names "Payment (in the invoice response)"). Same letter case first, then any case.
 */
export function headingOf(section: string, headings: readonly string[]): string | undefined {
  const last = section.split(' / ').pop()!.trim();
  const same = (h: string, name: string) => h === name || h.startsWith(`${name} (`);
  return headings.find((h) => same(h, last)) ?? headings.find((h) => same(h.toLowerCase(), last.toLowerCase()));
}

/** `payment-transfer-service.md#1-invoice-payment` (or `defaults.md#...`); the bare document when the heading is unknown. */
export function sectionLink(req: Pick<Requirement, 'kind' | 'section'>): string {
  const [doc, headings] = req.kind === 'documented' ? [SPEC_DOCUMENT, SPEC_HEADINGS] : [PROFILE_DOCUMENT, PROFILE_HEADINGS];
  const heading = headingOf(req.section, headings);
  return heading === undefined ? doc : `${doc}#${anchor(heading)}`;
}
