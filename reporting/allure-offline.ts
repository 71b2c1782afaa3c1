// Keeps a generated Allure report on the machine that opens it. Allure 3.18's awesome plugin writes a Google
// Analytics tag (googletagmanager.com) into every index.html, with no option to leave it out: a report a
// merchant opens from a certification folder would tell a third party it was opened, and on a machine without
// internet the page waits on a host it cannot reach. scripts/report.ts removes the tag after `allure generate`.
import { readFileSync, writeFileSync } from 'node:fs';

/** The external loader and the inline gtag() configuration that follows it. */
const ANALYTICS = /<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*<script>\s*window\.dataLayer[\s\S]*?<\/script>/g;

/** Hosts a report must not load anything from. */
const THIRD_PARTY_HOSTS = /googletagmanager\.com|google-analytics\.com/;

/** The report's html without the analytics tag. */
function withoutAnalytics(html: string): string {
  return html.replace(ANALYTICS, '');
}

/** Removes the analytics tag from a generated report's index.html; throws when a third-party host is still named (a new Allure template). */
export function removeAnalytics(indexHtml: string): void {
  const html = withoutAnalytics(readFileSync(indexHtml, 'utf8'));
  const left = THIRD_PARTY_HOSTS.exec(html);
  if (left) throw new Error(`${indexHtml}: still names ${left[0]} after the analytics tag was removed (has Allure's template changed?)`);
  writeFileSync(indexHtml, html);
}
