// The payment page's token is a credential: whoever holds it may pay or decline. Its near misses (cut short by one
// character or to half, one character changed, one added) are other tokens, and none may open the payment's page,
// as a wrong signature is no signature (ASVS 7.2.1: tokens compared whole).
import type { RuleId } from '../../contracts/index.js';
import { type ApiCheck, requirePaymentPage, requireProfile, step } from '../harness/check.js';
import { CheckFailure, clip } from '../harness/failure.js';
import { fetchPage } from '../harness/page-client.js';
import { createInvoice } from '../harness/payment-page.js';
import { rublesPattern } from './page-text.js';

/** 27 182,81 rubles: text no other page shows by chance. */
const AMOUNT = 2_718_281;
/** A path segment shorter than this is no token (a word of the path). */
const MIN_TOKEN = 12;

/** Where the page token is among a page address's path segments: the last long enough to be one; -1 none. */
export function pageTokenAt(segments: readonly string[]): number {
  return segments.findLastIndex((s) => s.length >= MIN_TOKEN);
}

/** Another character of the token's own alphabet in place of its last. */
function changedLast(token: string): string {
  const last = token.at(-1)!;
  const other = /[0-9]/.test(last) ? String((Number(last) + 1) % 10) : last === 'z' || last === 'Z' ? 'a' : String.fromCharCode(last.charCodeAt(0) + 1);
  return token.slice(0, -1) + other;
}

/** The near misses of `token`, each with its name. */
function nearMisses(token: string): { name: string; token: string }[] {
  return [
    { name: 'one character short', token: token.slice(0, -1) },
    { name: 'cut to half', token: token.slice(0, Math.ceil(token.length / 2)) },
    { name: 'its last character changed', token: changedLast(token) },
    { name: 'one character added', token: `${token}${token[0]}` },
  ];
}

/** The payment page opens only at its address as handed out: a near miss of its token opens no page of the payment. */
export function pageTokenNearMissesOpenNothing(): ApiCheck {
  const rule: RuleId = 'PRO-SEC-PAGE-TOKEN-EXACT';
  return {
    name: 'pageTokenNearMissesOpenNothing()',
    title: "the payment page's address with its token one character short, cut to half, changed or extended opens no page of the payment",
    rules: [rule],
    async run({ api }) {
      requirePaymentPage(api);
      const { response } = await createInvoice(api, rule, { amount: AMOUNT });
      const shown = rublesPattern(AMOUNT);
      const timeout = api.requestTimeoutMs / 1000;
      const own = await fetchPage(response.redirect_url, timeout);
      requireProfile(
        'text' in own && shown.test(own.text),
        `the page at redirect_url shows its amount only once its script runs: its near misses are not judged without a browser`,
      );
      const url = new URL(response.redirect_url);
      const segments = url.pathname.split('/');
      const at = pageTokenAt(segments);
      requireProfile(at !== -1, `redirect_url ${response.redirect_url} has no path segment that looks like a token (${MIN_TOKEN} characters or more)`);
      for (const miss of nearMisses(segments[at]!))
        await step(`the token ${miss.name}`, async () => {
          const address = new URL(url.href);
          address.pathname = segments.map((s, i) => (i === at ? miss.token : s)).join('/');
          const answer = await fetchPage(address.href, timeout);
          if ('text' in answer && answer.status >= 200 && answer.status <= 299 && shown.test(answer.text))
            throw new CheckFailure({
              rule,
              expected: `no page of the payment at ${address.href} (its token ${miss.name})`,
              received: `HTTP ${answer.status}, the payment's page (its amount shown): ${clip(answer.text.replace(/\s+/g, ' '), 300)}`,
            });
        });
    },
  };
}
