// The interface document and the profile description travel with the suite in docs/spec/ (byte copies of
// the documents it is written against). This module reads their headings and renders them as HTML whose
// headings carry ids, so that a link such as spec/payment-transfer-service.html#1-invoice-payment opens
// at its section from disk, in any browser, without a Markdown viewer. Headings and ids come from one
// parse (markdown-it's tokens), so a link and the page it points into cannot disagree.
import { escapeHtml } from './html.js';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import type { RequirementKind } from '../contracts/requirements.js';
import { REPO_ROOT, REPORT_FILES } from './reports-dir.js';

export const DOCS_DIR = join(REPO_ROOT, 'docs', 'spec');

interface SpecDocument {
  /** The Markdown original in docs/spec/ (and, copied, in the reports' spec/ folder). */
  markdown: string;
  /** Its HTML rendering in the reports' spec/ folder. */
  html: string;
}

/** Documented rules are stated by the interface document, profile rules by the profile description. */
export const SPEC_DOCUMENTS: Record<RequirementKind, SpecDocument> = {
  documented: { markdown: 'payment-transfer-service.md', html: 'payment-transfer-service.html' },
  profile: { markdown: 'defaults.md', html: 'defaults.html' },
};

export interface Heading {
  level: number;
  text: string;
  /**
   * How a requirement names the section: the headings from level 2 down to this one, joined with ` / `
   * ("Endpoints / 1. Invoice payment", "The default profile / Transport"). The document's title (level 1)
   * names the text before the first level-2 heading.
   */
  path: string;
  /** The id of the heading: GitHub's anchor for it, so the same #fragment works on the Markdown on GitHub. */
  anchor: string;
}

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen; repeats get -1, -2, … */
export function githubAnchor(text: string, seen: Map<string, number> = new Map()): string {
  const base = text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
  const n = seen.get(base) ?? 0;
  seen.set(base, n + 1);
  return n === 0 ? base : `${base}-${n}`;
}

const markdownIt = new MarkdownIt({ html: false, linkify: false, typographer: false });

interface Parsed {
  tokens: Token[];
  headings: Heading[];
}

const cache = new Map<RequirementKind, Parsed>();

function parse(kind: RequirementKind): Parsed {
  const cached = cache.get(kind);
  if (cached) return cached;
  const tokens = markdownIt.parse(readFileSync(join(DOCS_DIR, SPEC_DOCUMENTS[kind].markdown), 'utf8'), {});
  const headings: Heading[] = [];
  const seen = new Map<string, number>();
  const open: string[] = []; // open[level] = text of the current heading of that level
  tokens.forEach((t, i) => {
    if (t.type !== 'heading_open') return;
    const level = Number(t.tag.slice(1));
    const text = tokens[i + 1]?.content.trim() ?? '';
    open.length = level + 1;
    open[level] = text;
    const path =
      level === 1
        ? text
        : open
            .slice(2)
            .filter((h) => h !== undefined)
            .join(' / ');
    const anchor = githubAnchor(text, seen);
    t.attrSet('id', anchor);
    headings.push({ level, text, path, anchor });
  });
  const parsed = { tokens, headings };
  cache.set(kind, parsed);
  return parsed;
}

/** The headings of a document, in document order. */
export function specHeadings(kind: RequirementKind): readonly Heading[] {
  return parse(kind).headings;
}

/** A standalone HTML page of the document; every heading has its anchor as id, and the target section is highlighted. */
export function renderSpecDocument(kind: RequirementKind): string {
  const { tokens, headings } = parse(kind);
  const doc = SPEC_DOCUMENTS[kind];
  const title = headings[0]?.text ?? doc.markdown;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>',
    'body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}',
    'table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left;vertical-align:top}',
    'code{background:#f6f8fa;padding:.1rem .3rem;border-radius:4px}',
    ':target{background:#fff3bf;scroll-margin-top:1rem}',
    '.source{color:#59636e;font-size:.9em}',
    '</style>',
    '</head>',
    '<body>',
    `<p class="source">Rendered from <a href="${escapeHtml(doc.markdown)}">${escapeHtml(doc.markdown)}</a>, the copy the suite was checked against.</p>`,
    markdownIt.renderer.render(tokens, markdownIt.options, {}),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Writes <reportsDir>/spec/: both Markdown originals (byte copies) and their HTML renderings. Returns the folder. */
export function writeSpecCopies(reportsDir: string): string {
  const dir = join(reportsDir, REPORT_FILES.spec);
  mkdirSync(dir, { recursive: true });
  for (const kind of Object.keys(SPEC_DOCUMENTS) as RequirementKind[]) {
    const doc = SPEC_DOCUMENTS[kind];
    copyFileSync(join(DOCS_DIR, doc.markdown), join(dir, doc.markdown));
    writeFileSync(join(dir, doc.html), renderSpecDocument(kind));
  }
  return dir;
}
