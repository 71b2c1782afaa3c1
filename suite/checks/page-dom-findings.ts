// What the payment page's DOM tells, read once in the tab a check already has open: scripts and stylesheets of
// another origin without Subresource Integrity (ASVS 3.6.1; ZAP 90003), and plugin content (object, embed,
// applet: ASVS 3.7.1). The profile decides which fail and which warn (harness/findings.ts).
import type { Page } from '@playwright/test';
import type { RuleId } from '../../contracts/index.js';
import type { Finding } from '../harness/findings.js';

const SRI_RULE: RuleId = 'PRO-SEC-PAGE-SRI';
const PLUGINS_RULE: RuleId = 'PRO-SEC-PAGE-NO-PLUGINS';

/** What the page holds, as read in the browser. */
export interface PageAssets {
  /** The page's address. */
  url: string;
  /** Each script src and stylesheet href, resolved, with whether it carries a non-empty integrity attribute. */
  assets: { tag: string; url: string; integrity: boolean }[];
  /** The outer HTML (its start) of each object, embed or applet element. */
  plugins: string[];
}

/** Reads the page's assets and plugin elements (one evaluate; the page is not changed). */
export async function pageAssets(page: Page): Promise<PageAssets> {
  return page.evaluate(() => ({
    url: location.href,
    assets: [
      ...Array.from(document.querySelectorAll('script[src]')).map((e) => ({
        tag: 'script',
        url: (e as HTMLScriptElement).src,
        integrity: !!e.getAttribute('integrity')?.trim(),
      })),
      ...Array.from(document.querySelectorAll('link[href]'))
        .filter((e) => /(^|\s)(stylesheet|modulepreload|preload)(\s|$)/i.test(e.getAttribute('rel') ?? ''))
        .map((e) => ({ tag: 'link', url: (e as HTMLLinkElement).href, integrity: !!e.getAttribute('integrity')?.trim() })),
    ],
    plugins: Array.from(document.querySelectorAll('object, embed, applet')).map((e) => e.outerHTML.slice(0, 200)),
  }));
}

/** A script or stylesheet of another origin than the page's without integrity; data: and blob: are not fetched from anyone. */
export function sriFindings(seen: PageAssets): Finding[] {
  const origin = new URL(seen.url).origin;
  const foreign = seen.assets.filter((s) => /^https?:/i.test(s.url) && new URL(s.url).origin !== origin && !s.integrity);
  if (foreign.length === 0) return [];
  return [
    {
      name: 'subresourceIntegrity',
      rule: SRI_RULE,
      expected: 'every script and stylesheet of another origin loaded with an integrity attribute',
      received: `the payment page (${seen.url}): ${foreign.map((s) => `<${s.tag}> ${s.url} without integrity`).join('; ')}`,
    },
  ];
}

export function pluginFindings(seen: PageAssets): Finding[] {
  if (seen.plugins.length === 0) return [];
  return [
    {
      name: 'pluginContent',
      rule: PLUGINS_RULE,
      expected: 'no object, embed or applet element on the payment page',
      received: `the payment page (${seen.url}): ${seen.plugins.join('; ')}`,
    },
  ];
}
