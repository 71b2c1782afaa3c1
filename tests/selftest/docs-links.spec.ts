// The documentation as a newcomer meets it: the README is a first screen (install, run, read the result) that leads to
// docs/index.md and to one page per user path, the index links every page of docs/, and no relative link of any
// Markdown file of the project points at a file or a heading that is not there.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import MarkdownIt from 'markdown-it';
import { test, expect } from '@playwright/test';
import { githubAnchor } from '../../reporting/spec-docs.js';
import { REPO_ROOT } from '../../reporting/reports-dir.js';

const markdownIt = new MarkdownIt({ html: true });
const PATHS = ['docs/path-ci-gate.md', 'docs/path-certification.md', 'docs/path-regression-reports.md'];

/** Every Markdown file of the project outside node_modules, reports and the mirrored specification. */
function markdownFiles(dir = REPO_ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (['node_modules', 'reports', '.git'].includes(name)) return [];
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [relative(REPO_ROOT, path)] : [];
  });
}

/** The link targets of a Markdown text (inline links and images), as written. */
function linksIn(text: string): string[] {
  const links: string[] = [];
  const walk = (tokens: ReturnType<typeof markdownIt.parse>) => {
    for (const t of tokens) {
      const href = t.attrGet('href') ?? t.attrGet('src');
      if (href !== null) links.push(href);
      if (t.children) walk(t.children);
    }
  };
  walk(markdownIt.parse(text, {}));
  return links;
}

/** The anchors GitHub gives the headings of a Markdown text. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const tokens = markdownIt.parse(text, {});
  return new Set(tokens.flatMap((t, i) => (t.type === 'heading_open' ? [githubAnchor(tokens[i + 1]!.content, seen)] : [])));
}

test('every relative link of the Markdown files points at a file that exists, and at a heading it has', () => {
  const broken: string[] = [];
  for (const file of markdownFiles()) {
    for (const href of linksIn(readFileSync(join(REPO_ROOT, file), 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue; // another site, mail
      const [path, anchor] = href.split('#') as [string, string | undefined];
      const target = path === '' ? join(REPO_ROOT, file) : resolve(dirname(join(REPO_ROOT, file)), decodeURIComponent(path));
      if (!existsSync(target)) broken.push(`${file}: ${href} (no such file)`);
      else if (anchor && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor)) broken.push(`${file}: ${href} (no such heading)`);
    }
  }
  expect(broken).toEqual([]);
});

test('the README is a first screen: install, run, read; it leads to the index and to one page per user path', () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  expect(readme.split('\n').length).toBeLessThanOrEqual(160);
  const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  expect(headings.slice(0, 3)).toEqual(['Install', 'Run', 'Read the result']);
  const links = linksIn(readme);
  for (const page of ['docs/index.md', ...PATHS]) expect(links, page).toContain(page);
  // The two commands of a fresh machine.
  expect(readme).toContain('npm ci && npm run conformance');
  expect(readme).toContain('npm ci && npm test');
});

test('docs/index.md links every page of docs/, the three user paths first', () => {
  const index = readFileSync(join(REPO_ROOT, 'docs/index.md'), 'utf8');
  const links = new Set(linksIn(index).map((l) => l.split('#')[0]));
  const pages = readdirSync(join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'index.md');
  expect(pages.filter((p) => !links.has(p))).toEqual([]);
  const order = linksIn(index).filter((l) => l.startsWith('path-'));
  expect(order.slice(0, 3)).toEqual(PATHS.map((p) => p.slice('docs/'.length)));
  for (const path of PATHS) expect(existsSync(join(REPO_ROOT, path)), path).toBe(true);
});
