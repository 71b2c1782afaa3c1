// A passive look at the payment page (ZAP's passive scan rules; ASVS 5.0 V3.3, V3.4, 14.3.2): what keeps another
// site from framing it (judged by behaviour in Chromium, not by one header's spelling), and what the answers
// of the page and of a press tell caches, browsers and readers. The profile's `security.findings` says which
// findings fail and which are warnings (harness/findings.ts).
import type { Page, Response } from '@playwright/test';
import { type BrowserCheck, type PageOnDemandCheck, requirePaymentPage, requireProfile } from '../harness/check.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { CheckFailure, ProviderUnavailable } from '../harness/failure.js';
import { judgeFindings, requireFindings, type Finding, type FindingName } from '../harness/findings.js';
import { framingPageFor } from '../harness/framing-site.js';
import { PAGE_LOAD_MS, gatewayAnswer } from '../harness/page-load.js';
import { createInvoice, openPaymentPage, press, requireButton, settleMs } from '../harness/payment-page.js';
import { bannerFindings, cachingFindings, charsetFindings, cookieFindings, headerLines, nosniffFindings, type SeenAnswer } from './header-findings.js';
import { coopFindings, cookiePrefixFindings, cookieSizeFindings, cspFindings, hstsFindings } from './document-header-findings.js';
import { pageAssets, pluginFindings, sriFindings } from './page-dom-findings.js';
import { followReturnLink, referrerFindings, watchRequestsAway } from './referrer-findings.js';
import { corpFindings, jsonpFindings, scriptDataFindings, type PageSecrets } from './cross-site-findings.js';
import { withAddressClient } from '../harness/address-client.js';
import { OwnOrigins } from '../harness/page-crawl.js';
import { randomBytes } from 'node:crypto';
import type { RuleId } from '../../contracts/index.js';
import { INVOICE_DEFAULTS } from '../../generators/builders.js';

const FRAMING_RULE: RuleId = 'PRO-SEC-PAGE-NO-FRAMING';

/** The framing protections an answer carries, for evidence. */
function framingHeaders(r: Response | undefined, lines: { name: string; value: string }[]): string {
  if (!r) return 'no answer';
  const of = (name: string) => lines.filter((l) => l.name.toLowerCase() === name).map((l) => l.value);
  const xfo = of('x-frame-options');
  const csp = of('content-security-policy');
  return `HTTP ${r.status()} ${r.url()}: X-Frame-Options ${xfo.length ? xfo.join(', ') : '(none)'}; Content-Security-Policy ${csp.length ? csp.join(', ') : '(none)'}`;
}

/**
 * A page of another origin shows redirect_url in an iframe: the payment page must not render there (its Pay
 * button never reachable in the frame). X-Frame-Options DENY or SAMEORIGIN, CSP frame-ancestors 'none', 'self'
 * or a list without that origin, in any letter case and in several headers: whatever Chromium enforces passes.
 */
export function paymentPageNotFramable(): BrowserCheck {
  return {
    name: 'paymentPageNotFramable()',
    title: 'a page of another origin cannot show the payment page in a frame: the Pay button is never reachable there',
    rules: [FRAMING_RULE],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      requireFindings(api, ['framing']);
      const { response } = await createInvoice(api, 'PRO-INV-SUCCESS');
      const framed: Response[] = [];
      const blocked: string[] = [];
      const onResponse = (r: Response) => void (r.request().isNavigationRequest() && r.frame() !== page.mainFrame() && framed.push(r));
      const onFailed = (r: { url(): string; failure(): { errorText: string } | null; isNavigationRequest(): boolean; frame(): unknown }) =>
        void (r.isNavigationRequest() && r.frame() !== page.mainFrame() && blocked.push(`${r.url()}: ${r.failure()?.errorText ?? 'failed'}`));
      page.on('response', onResponse);
      page.on('requestfailed', onFailed);
      const framer = await framingPageFor(response.redirect_url);
      try {
        // Loading the framing page waits for its frame to load (or to be refused); a frame that never loads is no verdict.
        await page.goto(framer, { waitUntil: 'load', timeout: PAGE_LOAD_MS }).catch((e: Error) => {
          throw new ProviderUnavailable(`the payment page in a frame of ${framer}: ${e.message.split('\n')[0]}`);
        });
      } finally {
        page.off('response', onResponse);
        page.off('requestfailed', onFailed);
      }
      const last = framed[framed.length - 1];
      const lost = framed.map(gatewayAnswer).find(Boolean) ?? blocked.find((b) => /ERR_(CONNECTION|EMPTY_RESPONSE|TIMED_OUT|NETWORK)/.test(b));
      if (lost) throw new ProviderUnavailable(`the payment page in a frame: ${lost}`);
      const frame = page.frames().find((f) => f.parentFrame() === page.mainFrame());
      const shown = frame !== undefined && !frame.url().startsWith('chrome-error:') && frame.url() !== 'about:blank';
      if (!shown) return; // Chromium refused to render it: protected
      const button = frame.getByRole('button', { name: api.profile.paymentPage.payButton, exact: true }).first();
      const reachable = await button
        .waitFor({ state: 'visible', timeout: settleMs(api) })
        .then(() => true)
        .catch(() => false);
      if (!reachable) return;
      judgeFindings(api, [
        {
          name: 'framing',
          rule: FRAMING_RULE,
          expected: `the payment page refuses to render in a frame of another origin (${new URL(framer).origin}): X-Frame-Options DENY or SAMEORIGIN, or CSP frame-ancestors without that origin`,
          received: `the "${api.profile.paymentPage.payButton}" button is reachable in the frame; ${framingHeaders(last, last ? await last.headersArray() : [])}`,
        },
      ]);
    },
  };
}

/** Every document answer the tab gets from the provider while `act` runs (the merchant's routed return page left out). */
async function documentsDuring(page: Page, act: () => Promise<void>): Promise<Response[]> {
  const merchant = new URL(INVOICE_DEFAULTS.return_url).origin;
  const seen: Response[] = [];
  const onResponse = (r: Response) => {
    if (r.request().isNavigationRequest() && r.frame() === page.mainFrame() && URL.canParse(r.url()) && new URL(r.url()).origin !== merchant) seen.push(r);
  };
  page.on('response', onResponse);
  try {
    await act();
  } finally {
    page.off('response', onResponse);
  }
  return seen;
}

/**
 * What one document answer of the page tells: caching of its content, sniffing, the charset, banners, cookies (their
 * flags, prefixes and sizes), HSTS on https and, on an HTML document, its CSP and COOP.
 */
async function pageAnswerFindings(r: Response, label: string): Promise<Finding[]> {
  const a: SeenAnswer = { where: `${label} (${r.request().method()} ${r.url()}, HTTP ${r.status()})`, headers: headerLines(await r.headersArray()) };
  const withContent = r.status() >= 200 && r.status() < 300;
  const html = /text\/html/i.test(a.headers['content-type']?.[0] ?? '');
  return [
    ...(withContent ? cachingFindings(a) : []),
    ...(withContent ? nosniffFindings(a) : []),
    ...(withContent && html ? charsetFindings(a) : []),
    ...bannerFindings(a),
    ...cookieFindings(a, new URL(r.url()).protocol === 'https:'),
    ...(withContent && html ? [...cspFindings(a), ...coopFindings(a)] : []),
    ...hstsFindings(a, new URL(r.url()).protocol === 'https:'),
    ...cookiePrefixFindings(a),
    ...cookieSizeFindings(a),
  ];
}

/** One protection the page's answers carry: its rule, the findings that judge it, the check's title. */
interface PageProtection {
  rule: RuleId;
  findings: readonly FindingName[];
  title: string;
  /** Judged on https answers only: skipped, with the reason, when BASE_URL is http. */
  overHttpsOnly?: true;
}

/**
 * The page and the answers to a press (the card data is on them), and what other origins learn of the page: one
 * check per rule, by name, each judging its findings of one shared look (pageLookFindings).
 */
const PAGE_PROTECTIONS = {
  noSharedCache: {
    rule: 'PRO-SEC-PAGE-NO-SHARED-CACHE',
    findings: ['sharedCache', 'noStore'],
    title: 'the payment page and the answers to a press keep out of shared caches (RFC 9111)',
  },
  declaredType: {
    rule: 'PRO-SEC-CONTENT-TYPE-NOSNIFF',
    findings: ['nosniff', 'htmlCharset'],
    title: 'the payment page and the answers to a press carry nosniff, and the page its charset',
  },
  noVersionBanner: {
    rule: 'PRO-SEC-NO-VERSION-BANNER',
    findings: ['versionBanner'],
    title: 'the payment page and the answers to a press name no software version',
  },
  cookieFlags: {
    rule: 'PRO-SEC-PAGE-COOKIE-FLAGS',
    findings: ['cookieFlags'],
    title: "the payment page's cookies carry HttpOnly, SameSite and, on https, Secure",
  },
  csp: {
    rule: 'PRO-SEC-PAGE-CSP',
    findings: ['cspPolicy'],
    title: 'the payment page carries a Content-Security-Policy that limits scripts, objects and its base',
  },
  cspReport: {
    rule: 'PRO-SEC-PAGE-CSP-REPORT',
    findings: ['cspReport'],
    title: "the payment page's Content-Security-Policy names where violations are reported",
  },
  coop: {
    rule: 'PRO-SEC-PAGE-COOP',
    findings: ['coop'],
    title: 'the payment page carries Cross-Origin-Opener-Policy',
  },
  hsts: {
    rule: 'PRO-SEC-HSTS',
    findings: ['hsts'],
    title: 'on https, the payment page and the answers to a press carry Strict-Transport-Security',
    overHttpsOnly: true,
  },
  cookiePrefix: {
    rule: 'PRO-SEC-PAGE-COOKIE-PREFIX',
    findings: ['cookiePrefix'],
    title: "the payment page's cookies are named __Host- (or __Secure-)",
  },
  cookieSize: {
    rule: 'PRO-SEC-PAGE-COOKIE-SIZE',
    findings: ['cookieSize'],
    title: "each of the payment page's cookies is at most 4096 bytes",
  },
  subresourceIntegrity: {
    rule: 'PRO-SEC-PAGE-SRI',
    findings: ['subresourceIntegrity'],
    title: 'the payment page loads no asset of another origin without integrity',
  },
  noPlugins: {
    rule: 'PRO-SEC-PAGE-NO-PLUGINS',
    findings: ['pluginContent'],
    title: 'the payment page holds no plugin content',
  },
  referrer: {
    rule: 'PRO-SEC-PAGE-REFERRER',
    findings: ['referrer'],
    title: "the payment page sends other origins no Referer carrying its address, the payer's way back included",
  },
  scriptData: {
    rule: 'PRO-SEC-PAGE-SCRIPT-NO-DATA',
    findings: ['scriptData'],
    title: "the payment page's scripts, loaded by another site, carry none of the payment's data",
  },
  noJsonp: {
    rule: 'PRO-SEC-PAGE-NO-JSONP',
    findings: ['jsonp'],
    title: "neither the payment page's address nor its redirect_url answers as JSONP",
  },
  crossOriginResource: {
    rule: 'PRO-SEC-PAGE-CORP',
    findings: ['crossOriginResource'],
    title: 'another site cannot load the payment page as a resource (CORP or Sec-Fetch refusal)',
  },
} as const satisfies Record<string, PageProtection>;

type ProtectionName = keyof typeof PAGE_PROTECTIONS;

/** Every check of PAGE_PROTECTIONS, in its order. */
export function pageAnswerProtections(): PageOnDemandCheck[] {
  return (Object.keys(PAGE_PROTECTIONS) as ProtectionName[]).map(pageAnswerProtected);
}

function pageAnswerProtected(name: ProtectionName): PageOnDemandCheck {
  const protection: PageProtection = PAGE_PROTECTIONS[name];
  return {
    name: `pageAnswerProtected(${name})`,
    title: protection.title,
    rules: [protection.rule],
    browser: 'on demand',
    sharesLook: PAGE_LOOK,
    async run({ api, openPage }) {
      requirePaymentPage(api);
      requireFindings(api, protection.findings);
      requireProfile(!protection.overHttpsOnly || api.baseUrl.startsWith('https:'), `BASE_URL is http: ${protection.rule} is judged on https answers only`);
      const findings = await pageLookFindings(api, openPage);
      judgeFindings(
        api,
        findings.filter((f) => protection.findings.includes(f.name)),
      );
    },
  };
}

/** The look the page-protection checks share: one worker runs them in turn (declarations.ts), and it is taken once. */
const PAGE_LOOK = 'the payment page looked at once';

/** Per target and merchant, the findings of the look taken: a defect found stays found, a loss is tried again. */
const looks = new Map<string, Promise<readonly Finding[]>>();

function pageLookFindings(api: ProviderApi, openPage: () => Promise<Page>): Promise<readonly Finding[]> {
  const key = `${api.baseUrl} ${api.merchant.apiKey}`;
  let look = looks.get(key);
  if (look === undefined) {
    look = openPage().then((page) => lookAtPage(api, page));
    looks.set(key, look);
    look.catch((e: unknown) => {
      if (!(e instanceof CheckFailure)) looks.delete(key);
    });
  }
  return look;
}

/**
 * One page opened and Pay pressed in Chromium: every document answer of the page and the press, the page's assets
 * and plugin elements, the Referer of every request the tab sends other origins (the payer's way back to return_url
 * taken, by the link the page shows when the press did not redirect), and a few requests as another site's script
 * or image would send them (referrer-findings.ts, cross-site-findings.ts). The findings the profile turns off are
 * not looked for.
 */
async function lookAtPage(api: ProviderApi, page: Page): Promise<readonly Finding[]> {
  const { body, response } = await createInvoice(api, 'PRO-INV-SUCCESS');
  const looksFor = (name: FindingName) => api.profile.security.findings[name] !== 'off';
  const origins = new OwnOrigins(response.redirect_url, api.baseUrl);
  // Every request of the tab to other origins, with the Referer Chromium sent (the page's assets, the way back).
  const away = watchRequestsAway(page.context(), origins);
  const seen = await (async () => {
    try {
      const shown = await documentsDuring(page, async () => {
        await openPaymentPage(page, response.redirect_url, 'PRO-PAGE-CONTENT', body.return_url);
        await requireButton(api, page, api.profile.paymentPage.payButton, 'PRO-PAGE-CONTENT');
      });
      // The page as shown, read before the press leaves it: its assets and plugin elements.
      const assets = await pageAssets(page);
      origins.add(assets.url);
      const pressed = await documentsDuring(page, () => press(api, page, api.profile.paymentPage.payButton, 'PRO-PAGE-PAY'));
      if (looksFor('referrer')) await followReturnLink(page, body.return_url, settleMs(api), await away.seen());
      return { shown, assets, pressed, sentAway: await away.seen() };
    } finally {
      away.stop();
    }
  })();
  const { shown, assets, pressed, sentAway } = seen;
  if (shown.length === 0)
    throw new CheckFailure({ rule: 'PRO-PAGE-CONTENT', expected: `redirect_url ${response.redirect_url} opens a page`, received: 'no document answer' });
  const secrets: PageSecrets = { pageUrl: assets.url, redirectUrl: response.redirect_url, credentials: response.payment.credentials, baseUrl: api.baseUrl };
  const scripts = assets.assets.filter((a) => a.tag === 'script').map((a) => a.url);
  // As another site's page would load them: a few requests, none when the profile looks for none of it.
  const crossSite = await withAddressClient(api, async (client) =>
    (
      await Promise.all([
        looksFor('scriptData') ? scriptDataFindings(client, scripts, origins, secrets) : [],
        looksFor('jsonp') ? jsonpFindings(client, secrets, `pts_jsonp_${randomBytes(4).toString('hex')}`) : [],
        looksFor('crossOriginResource') ? corpFindings(client, secrets) : [],
      ])
    ).flat(),
  );
  return [
    ...(await Promise.all(shown.map((r) => pageAnswerFindings(r, 'the payment page')))).flat(),
    ...(await Promise.all(pressed.map((r) => pageAnswerFindings(r, `the answer to "${api.profile.paymentPage.payButton}"`)))).flat(),
    ...sriFindings(assets),
    ...pluginFindings(assets),
    ...referrerFindings(sentAway, origins),
    ...crossSite,
  ];
}
