// The documents, and the parts of documents, generated from the project's sources of fact: `npm run docs` writes
// them, and a self-test renders each again and compares it with what is committed.
import { faultTable, panelMarkdown, variationTable } from '../mock/catalog-docs.js';
import { rulesMarkdown } from '../reporting/rules-doc.js';
import { commandReference, variablesTable } from './command-docs.js';

/** Whole files, by repository path. */
export const GENERATED_DOCS: Readonly<Record<string, () => string>> = {
  'docs/rules.md': rulesMarkdown,
  'docs/panel.md': panelMarkdown,
  'docs/command.md': commandReference,
};

/** Sections of hand-written files, each between `<!-- generated: NAME -->` and `<!-- end of generated: NAME -->`. */
export const GENERATED_SECTIONS: readonly { file: string; name: string; render: () => string }[] = [
  { file: 'mock/README.md', name: 'fault catalog', render: faultTable },
  { file: 'mock/README.md', name: 'variation catalog', render: variationTable },
  { file: 'docs/configuration.md', name: 'variables', render: variablesTable },
];

const marks = (name: string) => [`<!-- generated: ${name} (npm run docs) -->`, `<!-- end of generated: ${name} -->`] as const;

/** The section's text in `text`, or undefined when its marks are missing. */
export function sectionIn(text: string, name: string): string | undefined {
  const [open, close] = marks(name);
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  return start === -1 || end < start ? undefined : text.slice(start + open.length + 1, end - 1);
}

/** `text` with the section replaced by `body`; throws when its marks are missing. */
export function withSection(text: string, name: string, body: string): string {
  const [open, close] = marks(name);
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start === -1 || end < start) throw new Error(`no marks ${open} … ${close}`);
  return `${text.slice(0, start + open.length)}\n${body}\n${text.slice(end)}`;
}
