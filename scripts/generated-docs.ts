// The documents, and the parts of documents, generated from the project's sources of fact: `npm run docs` writes
// them, and a self-test renders each again and compares it with what is committed.
import { BROWSER_AREAS } from '../contracts/areas.js';
import { faultTable, panelMarkdown, variationTable } from '../mock/catalog-docs.js';
import { rulesMarkdown } from '../reporting/rules-doc.js';
import { anchorTally } from './anchor-tally.js';
import { commandReference, variablesTable } from './command-docs.js';
import { securityCatalogue } from './security-catalogue.js';

/** Whole files, by repository path. A render may be asynchronous (one that lists the checks in a child Playwright). */
export const GENERATED_DOCS: Readonly<Record<string, () => string | Promise<string>>> = {
  'docs/rules.md': rulesMarkdown,
  'docs/panel.md': panelMarkdown,
  'docs/command.md': commandReference,
  'docs/security-catalogue.md': securityCatalogue,
};

/** Sections of hand-written files, each between `<!-- generated: NAME -->` and `<!-- end of generated: NAME -->`. */
export const GENERATED_SECTIONS: readonly { file: string; name: string; render: () => string }[] = [
  { file: 'mock/README.md', name: 'fault catalog', render: faultTable },
  { file: 'mock/README.md', name: 'variation catalog', render: variationTable },
  { file: 'docs/configuration.md', name: 'variables', render: variablesTable },
  { file: 'docs/security-anchors.md', name: 'anchor tally', render: anchorTally },
  { file: 'action.yml', name: 'browser areas', render: browserAreasLine },
  { file: 'templates/conformance.yml', name: 'browser areas', render: browserAreasLine },
];

/** The shell line of the CI templates that tells a browser area in a list of areas (a pattern for grep -E). */
function browserAreasLine(): string {
  return `browser_areas='${BROWSER_AREAS.join('|')}'`;
}

/** The marks around a section: HTML comments in Markdown, `#` comments (indented as the section) in YAML. */
function marks(file: string, name: string): readonly [string, string] {
  return /\.ya?ml$/.test(file)
    ? [`# generated: ${name} (by scripts/docs.ts)`, `# end of generated: ${name}`]
    : [`<!-- generated: ${name} (npm run docs) -->`, `<!-- end of generated: ${name} -->`];
}

/** Where the section's marks are in `text` and how far its opening mark is indented, or undefined. */
function locate(text: string, file: string, name: string) {
  const [open, close] = marks(file, name);
  const start = text.indexOf(open);
  const end = text.indexOf(close, start);
  if (start === -1 || end === -1) return undefined;
  const indent = text.slice(text.lastIndexOf('\n', start) + 1, start);
  return { bodyStart: start + open.length + 1, bodyEnd: end - indent.length - 1, end, indent };
}

/** The section's text in `file`'s `text` (its indentation taken off), or undefined when its marks are missing. */
export function sectionIn(text: string, file: string, name: string): string | undefined {
  const at = locate(text, file, name);
  if (at === undefined) return undefined;
  return text
    .slice(at.bodyStart, at.bodyEnd)
    .split('\n')
    .map((line) => (line.startsWith(at.indent) ? line.slice(at.indent.length) : line))
    .join('\n');
}

/** `text` with the section replaced by `body` (indented as its marks); throws when its marks are missing. */
export function withSection(text: string, file: string, name: string, body: string): string {
  const at = locate(text, file, name);
  if (at === undefined) throw new Error(`${file}: no marks ${marks(file, name).join(' … ')}`);
  const indented = body
    .split('\n')
    .map((line) => (line === '' ? line : at.indent + line))
    .join('\n');
  return `${text.slice(0, at.bodyStart)}${indented}\n${text.slice(at.end - at.indent.length)}`;
}
