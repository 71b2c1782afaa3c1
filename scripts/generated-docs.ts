// The documents generated from the project's sources of fact, by repository path: `npm run docs` writes them, and
// a self-test renders each again and compares it with the committed file.
import { panelMarkdown } from '../mock/stacks/doc.js';
import { rulesMarkdown } from '../reporting/rules-doc.js';

export const GENERATED_DOCS: Readonly<Record<string, () => string>> = {
  'docs/rules.md': rulesMarkdown,
  'docs/panel.md': panelMarkdown,
};
