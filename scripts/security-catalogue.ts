// docs/security-catalogue.md: every security rule, family by family, with its anchors and default level
// (contracts/requirements.json), the checks that judge it (the conformance areas' tables, as Playwright lists them), the
// faults that prove those checks can fail (mock/faults/catalog.ts) and the variations they must pass
// (mock/variations/catalog.ts). `npm run docs` writes it; tests/selftest/generated-docs.spec.ts fails when it differs.
import { defaultLevel } from '../contracts/levels.js';
import { requirementOf, requirements, type RuleId } from '../contracts/requirements.js';
import { faultCatalog } from '../mock/faults/catalog.js';
import { variationCatalog } from '../mock/variations/catalog.js';
import { cell } from '../reporting/markdown.js';
import type { TestOutcome } from '../reporting/playwright-json.js';
import { CONFORMANCE_PROJECTS } from '../suite/runner/projects.js';
import { listConformance } from './gate/listing.js';
import { KILLED_OUTSIDE_THE_MATRIX } from './matrix/kill.js';

interface Family {
  title: string;
  /** Its design notes, relative to docs/. */
  page: string;
  rules: readonly RuleId[];
}

/**
 * The families of the design notes (docs/security/) and the rules each explains. Every PRO-SEC rule belongs to exactly
 * one; the document's and the profile's rules listed beside them are those the family's probes judge too.
 */
const FAMILIES: readonly Family[] = [
  {
    title: 'The payment page',
    page: 'security/page.md',
    rules: [
      'PRO-SEC-PAGE-TEXT-INERT',
      'PRO-SEC-RETURN-URL-NO-HEADER-SPLIT',
      'PRO-SEC-PAGE-NO-DOM-CLOBBERING',
      'PRO-SEC-PAGE-POSTMESSAGE',
      'PRO-SEC-PAGE-ADDRESS-INERT',
      'PRO-SEC-PAGE-STORED-INERT',
      'PRO-SEC-PAGE-NO-DATA-ELSEWHERE',
      'PRO-SEC-PAGE-TOKEN-EXACT',
      'PRO-PAGE-RETURN-DESTINATION',
      'PRO-A11Y-KEYBOARD',
      'PRO-A11Y-SCREENS',
      'PRO-A11Y-WCAG',
    ],
  },
  {
    title: 'The passive look',
    page: 'security/passive-look.md',
    rules: [
      'PRO-SEC-PAGE-NO-FRAMING',
      'PRO-SEC-PAGE-NO-SHARED-CACHE',
      'PRO-SEC-CONTENT-TYPE-NOSNIFF',
      'PRO-SEC-NO-VERSION-BANNER',
      'PRO-SEC-CORS-NO-CREDENTIALED-ORIGIN',
      'PRO-SEC-PAGE-COOKIE-FLAGS',
      'PRO-SEC-PAGE-COOKIE-PREFIX',
      'PRO-SEC-PAGE-COOKIE-SIZE',
      'PRO-SEC-PAGE-CSP',
      'PRO-SEC-PAGE-CSP-REPORT',
      'PRO-SEC-PAGE-COOP',
      'PRO-SEC-HSTS',
      'PRO-SEC-PAGE-SRI',
      'PRO-SEC-PAGE-NO-PLUGINS',
      'PRO-SEC-PAGE-REFERRER',
      'PRO-SEC-PAGE-SCRIPT-NO-DATA',
      'PRO-SEC-PAGE-NO-JSONP',
      'PRO-SEC-PAGE-CORP',
    ],
  },
  {
    title: 'Signatures',
    page: 'security/signatures.md',
    rules: [
      'PRO-SEC-SIGNATURE-NO-ORACLE',
      'DOC-AUTH-INV-DIGEST',
      'DOC-AUTH-A2C-DIGEST',
      'PRO-STATUS-REQUEST',
      'PRO-VAL-SIGNATURE',
      'DOC-INV-REQ-SIGNATURE',
      'DOC-A2C-REQ-SIGNATURE',
      'DOC-AUTH-A2C-XSIGN',
      'PRO-A2C-XSIGN-FORMAT',
    ],
  },
  {
    title: 'Input read one way',
    page: 'security/input.md',
    rules: [
      'PRO-SEC-OWNED-FIELDS-NOT-TAKEN',
      'PRO-SEC-ONE-READING',
      'PRO-HTTP-SAME-REQUEST',
      'DOC-LIMIT-INV-AMOUNT',
      'DOC-LIMIT-A2C-AMOUNT',
      'PRO-VAL-AMOUNT-RANGE',
      'PRO-VAL-TYPES',
      'PRO-ERR-MALFORMED',
      'PRO-VAL-RETURN_URL',
      'PRO-VAL-CLIENT_IP',
      'DOC-INV-REQ-CLIENT_IP',
      'DOC-EVT-CALLBACK-PAYLOAD',
      'PRO-CB-PAYLOAD-UNCHANGED',
    ],
  },
  {
    title: 'Security decisions under equivalence',
    page: 'security/equivalence.md',
    rules: ['PRO-SEC-API-KEY-EXACT', 'PRO-SEC-ANTIFRAUD-ADDRESS-FORMS', 'PRO-VAL-DUPLICATE-TRANSACTION-CASE', 'PRO-VAL-FIELD-NAME-EXACT'],
  },
  {
    title: 'Errors, exposure and outbound requests',
    page: 'security/exposure.md',
    rules: [
      'PRO-SEC-ERROR-NO-INTERNALS',
      'DOC-AUTH-CRYPTO_KEY-SECRET',
      'PRO-ERR-SERVER',
      'PRO-ROBUST-NO-SERVER-ERROR',
      'PRO-SEC-NO-REPOSITORY-METADATA',
      'PRO-SEC-NO-DIRECTORY-LISTING',
      'PRO-SEC-NO-EXPOSED-ENDPOINTS',
      'PRO-SEC-NO-BACKUP-FILES',
      'PRO-SEC-NO-STALE-API-VERSION',
      'PRO-SEC-NO-SSRF',
      'PRO-CB-RETRY',
    ],
  },
  {
    title: 'Methods and content negotiation',
    page: 'security/methods.md',
    rules: [
      'PRO-SEC-ONLY-POST-CARRIED-OUT',
      'PRO-HTTP-METHOD-CASE',
      'PRO-SEC-NO-TRACE',
      'PRO-HTTP-405-ALLOW',
      'PRO-HTTP-OPTIONS-ALLOW',
      'PRO-SEC-NO-CONNECT-TUNNEL',
      'PRO-HTTP-MEDIA-TYPE',
      'PRO-HTTP-CONTENT-CODING',
      'PRO-HTTP-UNKNOWN-CODING-REFUSED',
      'PRO-HTTP-ACCEPT',
    ],
  },
  {
    title: 'Intermediaries, framing and transport',
    page: 'security/transport.md',
    rules: [
      'PRO-SEC-FORWARDED-HOST-IGNORED',
      'PRO-SEC-FORWARDED-FOR-IGNORED',
      'PRO-SEC-REQUEST-FRAMING',
      'PRO-SEC-ANSWER-FRAMING',
      'PRO-SEC-H2-DOWNGRADE',
      'PRO-SEC-API-NO-PLAIN-HTTP',
      'PRO-SEC-API-PLAIN-HTTP-NO-REDIRECT',
    ],
  },
  {
    title: 'Whose payment',
    page: 'security/isolation.md',
    rules: [
      'PRO-SEC-SAFE-METHODS',
      'PRO-SEC-ADDRESS-OWN-PAYMENT',
      'PRO-SEC-PRESS-OWN-PAYMENT',
      'PRO-SEC-MERCHANT-STATUS-ISOLATION',
      'PRO-SEC-MERCHANT-TRANSACTION-ISOLATION',
      'PRO-SEC-MERCHANT-KEYS-BOUND',
    ],
  },
  {
    title: 'Every exchange',
    page: 'security/oracles.md',
    rules: ['PRO-JSON-UTF8', 'PRO-JSON-INTEROPERABLE', 'PRO-SEC-ANSWER-NO-SHARED-CACHE'],
  },
  {
    title: 'The upload',
    page: 'security/upload.md',
    rules: ['PRO-SEC-UPLOAD-FILE-NAME', 'PRO-SEC-UPLOAD-ARCHIVE-BOUNDED', 'PRO-SEC-UPLOAD-ARCHIVE-PATHS', 'PRO-UPL-MAX-SIZE', 'PRO-UPL-VALIDATION'],
  },
];

/** Throws unless every PRO-SEC rule is in exactly one family and no rule is in two: a new security rule needs its page. */
function checkedFamilies(): readonly Family[] {
  const placed = FAMILIES.flatMap((f) => f.rules);
  const twice = placed.filter((id, i) => placed.indexOf(id) !== i);
  const missing = requirements.filter((r) => r.id.startsWith('PRO-SEC-') && !placed.includes(r.id)).map((r) => r.id);
  if (twice.length || missing.length)
    throw new Error(
      `scripts/security-catalogue.ts FAMILIES: ${[...twice.map((id) => `${id} in two families`), ...missing.map((id) => `${id} in none`)].join('; ')}`,
    );
  return FAMILIES;
}

/** A check's name with an argument naming its own area written `op`: `errorAnswersRevealNothing(op)`. */
function generalName(check: string, area: string): string {
  const call = /^(\w+)\((.*)\)$/.exec(check);
  if (!call) return check;
  const args = call[2]!.split(', ').filter(Boolean);
  return `${call[1]}(${args.map((arg) => (arg === area ? 'op' : arg)).join(', ')})`;
}

/** The checks that declare each rule, each with the areas that run it, in the areas' order and then their tables'. */
function checksByRule(outcomes: readonly TestOutcome[]): Map<string, string[]> {
  const areaIndex = (o: TestOutcome) => CONFORMANCE_PROJECTS.indexOf(o.project as (typeof CONFORMANCE_PROJECTS)[number]);
  const line = (o: TestOutcome) => Number(o.location.split(':').pop());
  const sorted = [...outcomes].sort((a, b) => areaIndex(a) - areaIndex(b) || line(a) - line(b));
  const areasOf = new Map<string, Map<string, Set<string>>>();
  for (const o of sorted) {
    if (o.check === undefined) continue;
    const name = generalName(o.check, o.project);
    for (const rule of o.rules) {
      const checks = areasOf.get(rule) ?? new Map<string, Set<string>>();
      areasOf.set(rule, checks);
      checks.set(name, (checks.get(name) ?? new Set<string>()).add(o.project));
    }
  }
  return new Map([...areasOf].map(([rule, checks]) => [rule, [...checks].map(([name, areas]) => `\`${name}\` (${[...areas].join(', ')})`)]));
}

const codes = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');

/** What proves the rule's checks can fail: its faults, or the test that breaks it outside the kill matrix. */
function proofOf(rule: string): string {
  const faults = faultCatalog.filter((f) => f.rule === rule).map((f) => f.name);
  const outside = KILLED_OUTSIDE_THE_MATRIX[rule];
  return [codes(faults), outside ? `outside the matrix: \`${outside}\`` : ''].filter(Boolean).join('; ') || '—';
}

/** A family's heading, the link to its design notes, and one row per rule. */
function familySection(family: Family, checks: Map<string, string[]>): string[] {
  const rows = family.rules.map((id) => {
    const r = requirementOf(id);
    const variations = codes(variationCatalog.filter((v) => v.rule === id).map((v) => v.name)) || '—';
    const judged = (checks.get(id) ?? []).join('<br>') || '—';
    return `| ${id} | ${cell(r.title)} | ${cell(r.basis.anchors ?? '—')} | ${defaultLevel(r)} | ${judged} | ${proofOf(id)} | ${variations} |`;
  });
  return [
    `## ${family.title}`,
    '',
    `Why these probes are built as they are, and how each observes: [${family.page}](${family.page}).`,
    '',
    '| rule | what it says | anchors | default | checks | faults that prove it | variations it must pass |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ];
}

/** The whole of docs/security-catalogue.md; lists the conformance checks in a child Playwright (a few seconds). */
export async function securityCatalogue(): Promise<string> {
  const families = checkedFamilies();
  const { outcomes, errors } = await listConformance();
  if (errors.length) throw new Error(`the conformance areas do not collect: ${errors.join('; ')}`);
  const checks = checksByRule(outcomes);
  return [
    '# Security catalogue: every security rule, its checks and what proves them',
    '',
    "Generated by `npm run docs` from `contracts/requirements.json`, the conformance areas' checks as Playwright lists them,",
    '`mock/faults/catalog.ts` and `mock/variations/catalog.ts`; `tests/selftest/generated-docs.spec.ts` fails when this file',
    'differs from them. Do not edit it by hand. The anchor lists item by item: [security-anchors.md](security-anchors.md).',
    '',
    "A check is named after its function (`op`: the area's operation) with the areas that run it. A fault is a deviation",
    'of the reference provider that a failure naming the rule must catch; a variation is a correct provider every check',
    "must pass. The level is the default profile's: `fail` fails the gate, `warn` is reported ([rules.md](rules.md)).",
    '',
    ...families.flatMap((f) => familySection(f, checks)),
  ].join('\n');
}
