// Puts the interface document and the profile description next to the reports (reports/spec/: the Markdown
// originals and HTML renderings whose headings carry ids), and gives every check of Playwright's HTML report
// working links to the sections of its rules.
//
// Why attachments: the HTML report turns only absolute URLs in annotations into links, and an absolute
// file:// URL breaks as soon as the reports folder is downloaded elsewhere. It does open a text/html
// attachment in a new tab from html/data/, so each link is a tiny page there that forwards, relatively,
// to ../../spec/<document>.html#<section>. The attachments are added in onEnd, which runs before the html
// reporter's onEnd (it is listed after this one) and after junit's and allure's (listed before), so only
// the HTML report shows them.
import { escapeHtml } from './html.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { Reporter, Suite, TestCase } from '@playwright/test/reporter';
import { isRequirementId, requirementOf } from '../contracts/requirements.js';
import { REPORT_FILES, reportsDir } from './reports-dir.js';
import { writeSpecCopies } from './spec-docs.js';
import { sectionLink } from './spec-links.js';
import { failedRuleOf } from './summary-model.js';
import { ANNOTATION } from '../contracts/run-protocol.js';
import { firstErrorLine } from './playwright-json.js';

interface SpecReporterOptions {
  /** The reports folder (spec/ is written there); default PTS_REPORTS_DIR or `reports`. */
  outputDir?: string;
  /** The html reporter's outputFolder; default <outputDir>/html. */
  htmlDir?: string;
}

/** A page that forwards to `href` (relative to where the html reporter copies it: <htmlDir>/data/). */
function forwardingPage(title: string, href: string): string {
  const h = escapeHtml(href);
  return `<!doctype html>\n<meta charset="utf-8">\n<title>${escapeHtml(title)}</title>\n<meta http-equiv="refresh" content="0; url=${h}">\n<p><a href="${h}">${escapeHtml(title)}</a></p>\n`;
}

/** The rules of a check grouped by section, the rule its last failure names first. */
function sectionsOf(test: TestCase): { section: string; link: string; rules: string[] }[] {
  const declared = test.annotations.filter((a) => a.type === ANNOTATION.rule && a.description && isRequirementId(a.description)).map((a) => a.description!);
  const last = test.results[test.results.length - 1];
  const failed = last?.status === 'failed' ? failedRuleOf(firstErrorLine(last.errors[0]?.message) ?? '') : null;
  const ids = failed !== null ? [failed, ...declared.filter((id) => id !== failed)] : declared;
  const bySection = new Map<string, { section: string; link: string; rules: string[] }>();
  for (const id of ids) {
    const req = requirementOf(id);
    const link = sectionLink(req);
    const entry = bySection.get(link) ?? { section: req.section, link, rules: [] };
    entry.rules.push(id);
    bySection.set(link, entry);
  }
  return [...bySection.values()];
}

export default class SpecReporter implements Reporter {
  private readonly dir: string;
  private readonly htmlDir: string;
  private suite?: Suite;
  private pagesDir?: string;

  constructor(options: SpecReporterOptions = {}) {
    this.dir = options.outputDir ?? reportsDir();
    this.htmlDir = options.htmlDir ?? join(this.dir, REPORT_FILES.html);
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(_config: unknown, suite: Suite): void {
    if (process.argv.includes('--list')) return; // nothing runs, nothing to link
    this.suite = suite;
    writeSpecCopies(this.dir);
  }

  onEnd(): void {
    if (!this.suite) return;
    // From <htmlDir>/data/, where the html reporter copies attachments, to <reports>/spec/.
    const toSpec = relative(join(this.htmlDir, 'data'), join(this.dir, REPORT_FILES.spec)).split(sep).join('/');
    this.pagesDir = mkdtempSync(join(tmpdir(), 'pts-spec-links-'));
    const written = new Map<string, string>();
    for (const test of this.suite.allTests()) {
      for (const s of sectionsOf(test)) {
        let path = written.get(s.link);
        if (path === undefined) {
          path = join(this.pagesDir, `section-${written.size + 1}.html`);
          mkdirSync(this.pagesDir, { recursive: true });
          writeFileSync(path, forwardingPage(s.section, `${toSpec}/${s.link}`));
          written.set(s.link, path);
        }
        const name = `rule section: ${s.section} (${s.rules.join(', ')})`;
        for (const result of test.results) result.attachments.push({ name, contentType: 'text/html', path });
      }
    }
  }

  async onExit(): Promise<void> {
    // The html reporter has copied the pages into html/data/ by now.
    if (this.pagesDir) rmSync(this.pagesDir, { recursive: true, force: true });
  }
}
