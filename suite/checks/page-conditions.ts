// The payment page in the conditions payers bring (WCAG 2.2 AA; the European Accessibility Act covers payment
// services): operated from the keyboard alone; on a phone, a tablet, at 200 % zoom and in a dark colour scheme;
// under axe-core's WCAG rules before and after Pay. And what the page does on its own: the requests it makes to
// other origins, and what it makes of markup in its own address.
import AxeBuilder from '@axe-core/playwright';
import { devices, type Page } from '@playwright/test';
import type { InvoiceResponse, RuleId } from '../../contracts/index.js';
import { requirePaymentPage, requireProfile, step, type BrowserCheck } from '../harness/check.js';
import { CheckFailure, clip } from '../harness/failure.js';
import { createInvoice, openPaymentPage, press, requireButton, settledStatus, settleMs } from '../harness/payment-page.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { requireStatus } from './payment-page.js';
import { pageTokenAt } from './page-token.js';

/** Tab presses allowed before Pay must have taken the focus. */
const MAX_TABS = 40;

/** Pay reached with Tab and pressed with Enter settles the payment deposited (WCAG 2.1.1 Keyboard, level A). */
export function payFromKeyboardAlone(): BrowserCheck {
  const rule: RuleId = 'PRO-A11Y-KEYBOARD';
  return {
    name: 'payFromKeyboardAlone()',
    title: 'the Pay button is reached with the Tab key and pressed with Enter, and the payment is deposited',
    rules: [rule],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      requireStatus(api);
      const { payButton } = api.profile.paymentPage;
      const { body, response } = await createInvoice(api, rule);
      await openPaymentPage(page, response.redirect_url, rule, body.return_url);
      const pay = await requireButton(api, page, payButton, rule);
      const focused: string[] = [];
      await step(`Tab until "${payButton}" has the focus`, async () => {
        for (let i = 0; i < MAX_TABS; i++) {
          await page.keyboard.press('Tab');
          if (await pay.evaluate((el) => el === document.activeElement)) return;
          // The focused element's opening tag: enough to tell it, and no page text.
          focused.push(
            clip(await page.evaluate(() => /^<[^>]*>/.exec(document.activeElement?.outerHTML ?? '')?.[0] ?? '(nothing)').catch(() => '(gone)'), 120),
          );
        }
        throw new CheckFailure({
          rule,
          expected: `"${payButton}" takes the focus within ${MAX_TABS} presses of Tab`,
          received: `the focus went to: ${[...new Set(focused)].slice(0, 8).join(' | ')}`,
        });
      });
      await page.keyboard.press('Enter');
      await expectDeposited(api, response, rule, `Enter on the focused "${payButton}"`);
    },
  };
}

/** The screens of payers: the viewports of Playwright's device descriptors, and a 1280 by 800 window at 200 % zoom. */
const SCREENS: readonly { name: string; viewport: { width: number; height: number } }[] = [
  { name: 'a small phone (iPhone SE, 320 CSS pixels wide)', viewport: devices['iPhone SE'].viewport },
  { name: 'a tablet (iPad Mini)', viewport: devices['iPad Mini'].viewport },
  { name: '200 % zoom (a 1280 by 800 window: 640 by 400 CSS pixels)', viewport: { width: 640, height: 400 } },
];

/**
 * Pay can be pressed on every screen and in a dark colour scheme: visible, enabled and the element that receives the
 * click (nothing covers it; WCAG 1.4.10 Reflow, 1.4.4 Resize text); back on the small phone it is pressed, and the
 * payment is deposited. One page, resized: a layout follows its viewport's width.
 */
export function payOnEveryScreen(): BrowserCheck {
  const rule: RuleId = 'PRO-A11Y-SCREENS';
  return {
    name: 'payOnEveryScreen()',
    title:
      'the Pay button can be pressed on a phone, a tablet, at 200 % zoom and in a dark colour scheme, and pressed on a small phone it deposits the payment',
    rules: [rule],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      requireStatus(api);
      const { payButton } = api.profile.paymentPage;
      const { body, response } = await createInvoice(api, rule);
      await page.setViewportSize(SCREENS[0]!.viewport);
      await openPaymentPage(page, response.redirect_url, rule, body.return_url);
      const pay = await requireButton(api, page, payButton, rule);
      const conditions = [
        ...SCREENS.map((s) => ({ name: s.name, set: () => page.setViewportSize(s.viewport) })),
        { name: 'a dark colour scheme', set: () => page.emulateMedia({ colorScheme: 'dark' }) },
      ];
      for (const condition of conditions)
        await step(condition.name, async () => {
          await condition.set();
          const blocked = await pay.click({ trial: true, timeout: settleMs(api) }).then(
            () => undefined,
            (e: Error) =>
              plain(e.message.split('\n').find((l) => /intercepts|outside of the viewport|not visible|not enabled|not stable/.test(l)) ?? firstLine(e)).trim(),
          );
          if (blocked !== undefined)
            throw new CheckFailure({
              rule,
              expected: `"${payButton}" can be pressed on ${condition.name}`,
              received: `${response.redirect_url}: ${clip(blocked, 300)}`,
            });
        });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(SCREENS[0]!.viewport);
      await press(api, page, payButton, rule);
      await expectDeposited(api, response, rule, `pressing "${payButton}"`);
    },
  };
}

const firstLine = (e: Error) => e.message.split('\n')[0] ?? e.message;
/** Playwright's log lines without their terminal colours. */
const plain = (line: string) => line.replace(/\u001b\[[0-9;]*m/g, '');

/** The payment is deposited within the profile's settle time after `how` (a press, a key). */
async function expectDeposited(api: ProviderApi, response: InvoiceResponse, rule: RuleId, how: string): Promise<void> {
  const payment = await settledStatus(api, response.transaction, rule);
  if (payment.state !== 'deposited')
    throw new CheckFailure({
      rule,
      expected: `${how} deposits the payment (within ${api.profile.paymentPage.settleSeconds} s)`,
      received: `payment ${JSON.stringify(payment)}`,
    });
}

/** The locale of a second payer's browser: the document's own language (payer_fio, its examples). */
const OTHER_LOCALE = 'ru-RU';

/** axe-core's rules for WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What axe-core finds on the page as it is now: each violation with its first two elements. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return [
    ...violations.map(
      (v) =>
        `${v.id} (${v.impact ?? 'no impact given'}: ${v.help}) at ${v.nodes
          .slice(0, 2)
          .map((n) => clip(n.html, 120))
          .join(', ')}`,
    ),
    ...(await labelsNotInNames(page)),
  ];
}

/**
 * WCAG 2.5.3 Label in Name (A): each button's and link's visible text is part of its accessible name, so that a
 * speech-input user who says what they see reaches it. axe-core leaves this undecided for text in other scripts
 * than Latin (it cannot tell such text is meant to be read), so the names Chromium computes are compared here.
 */
async function labelsNotInNames(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const role of ['button', 'link'] as const) {
    const all = page.getByRole(role);
    for (let i = 0; i < (await all.count()); i++) {
      const one = all.nth(i);
      if (!(await one.isVisible())) continue;
      const text = (await one.innerText()).replace(/\s+/g, ' ').trim();
      const name = /^- \w+ "(.*)"/.exec(await one.ariaSnapshot())?.[1] ?? '';
      if (text !== '' && !name.toLowerCase().includes(text.toLowerCase()))
        found.push(
          `label in name (WCAG 2.5.3: the visible text is part of the accessible name) at a ${role} showing "${clip(text, 60)}" named "${clip(name, 60)}"`,
        );
    }
  }
  return found;
}

/** axe-core finds no violation of WCAG 2.2 A or AA on the page, in a light and a dark colour scheme, for a browser asking for Russian, nor on the page after Pay. */
export function pageMeetsWcag(): BrowserCheck {
  const rule: RuleId = 'PRO-A11Y-WCAG';
  return {
    name: 'pageMeetsWcag()',
    title:
      'axe-core finds no violation of WCAG 2.2 levels A and AA on the payment page, light or dark, for a browser asking for Russian, nor on what the payer sees after Pay',
    rules: [rule],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      const { payButton } = api.profile.paymentPage;
      const { body, response } = await createInvoice(api, rule);
      await openPaymentPage(page, response.redirect_url, rule, body.return_url);
      await requireButton(api, page, payButton, rule);
      const found: string[] = [];
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        found.push(...(await axeViolations(page)).map((v) => `the page, ${scheme}: ${v}`));
      }
      // A payer whose browser asks for another language, in a tab of its own: a page may follow Accept-Language.
      await step(`the page for a browser set to ${OTHER_LOCALE}`, async () => {
        const browser = page.context().browser();
        requireProfile(browser, 'the browser of this page cannot open another context');
        // Its own context: a context's locale is what its requests' Accept-Language says.
        const other = await browser.newContext({ locale: OTHER_LOCALE });
        try {
          const tab = await other.newPage();
          await openPaymentPage(tab, response.redirect_url, rule, body.return_url);
          found.push(...(await axeViolations(tab)).map((v) => `the page, a browser set to ${OTHER_LOCALE}: ${v}`));
        } finally {
          await other.close();
        }
      });
      await press(api, page, payButton, rule);
      // The payer may be back at the merchant's (answered by the suite): only the provider's pages are judged.
      if (new URL(page.url()).origin === new URL(response.redirect_url).origin)
        found.push(...(await axeViolations(page)).map((v) => `after Pay (${page.url()}), dark: ${v}`));
      if (found.length > 0)
        throw new CheckFailure({
          rule,
          expected: `no WCAG 2.2 A or AA violation (axe-core ${WCAG_TAGS.join(', ')}), light or dark`,
          received: found.join('; '),
        });
    },
  };
}

/** What the page must keep to itself: its address's token (its path), the transaction, the recipient's card or phone. */
function secretsOf(response: InvoiceResponse): string[] {
  const page = new URL(response.redirect_url);
  const segments = page.pathname.split('/');
  const at = pageTokenAt(segments);
  const credentials = response.payment.credentials as unknown as Record<string, unknown>;
  return [
    page.pathname,
    ...(at === -1 ? [] : [segments[at]!]),
    response.transaction,
    ...Object.values(credentials).filter((v): v is string => typeof v === 'string' && /\d{6,}/.test(v)),
  ];
}

/**
 * No request the page makes to another origin (its subresources, beacons, scripts' fetches; before and after Pay)
 * carries the page's token, the transaction or the recipient's card or phone, in its address or its body. The
 * merchant's own origin (return_url's), where the payer is sent back, is no other party.
 */
export function pageSendsNoPaymentDataElsewhere(): BrowserCheck {
  const rule: RuleId = 'PRO-SEC-PAGE-NO-DATA-ELSEWHERE';
  return {
    name: 'pageSendsNoPaymentDataElsewhere()',
    title: "no request the payment page makes to another site carries the page's token, the transaction or the recipient's card or phone",
    rules: [rule],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      const { body, response } = await createInvoice(api, rule);
      const own = [new URL(response.redirect_url).origin, new URL(body.return_url).origin];
      const secrets = secretsOf(response);
      const carried: string[] = [];
      page.context().on('request', (r) => {
        let origin: string;
        try {
          origin = new URL(r.url()).origin;
        } catch {
          return;
        }
        if (own.includes(origin) || /^(data|blob|about|chrome-extension):/.test(r.url())) return;
        const text = `${r.url()}\n${r.postData() ?? ''}`;
        const held = secrets.filter((s) => text.includes(s) || text.includes(encodeURIComponent(s)));
        if (held.length > 0) carried.push(`${r.method()} ${clip(r.url(), 200)} carries ${held.map((h) => clip(h, 40)).join(', ')}`);
      });
      await openPaymentPage(page, response.redirect_url, rule, body.return_url);
      await requireButton(api, page, api.profile.paymentPage.payButton, rule);
      await press(api, page, api.profile.paymentPage.payButton, rule);
      if (carried.length > 0)
        throw new CheckFailure({
          rule,
          expected: `no request to an origin other than ${own.join(' and ')} carries the payment's data`,
          received: carried.slice(0, 5).join('; '),
        });
    },
  };
}

/** Markup whose element, or the error handler it runs, tells that a value reached the page as HTML; `where` names the value. */
function canaryMarkup(where: string): string {
  const name = where.replace(/[^\w-]/g, '_');
  return `<img id="pts-canary-${name}" src="x:" alt="" onerror="(window.__ptsCanary=window.__ptsCanary||[]).push('${name}')">`;
}

/** The canaries that became part of the page: the values they came in, and whether their script ran. */
function canariesMade(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...Array.from(document.querySelectorAll('[id^="pts-canary-"]'), (e) => e.id.slice('pts-canary-'.length)),
    ...(((window as unknown as { __ptsCanary?: string[] }).__ptsCanary ?? []) as string[]).map((w) => `${w} (its script ran)`),
  ]);
}

/** Query parameter names page scripts read, besides those of the deeplinks the invoice answer gave. */
const COMMON_PARAMETERS = ['bank', 'lang', 'ref', 'source', 'utm_source', 'name', 'message', 'error', 'q', 'return'];

/** Storage keys a payment page may read without asking through getItem: set to markup beside every key getItem is asked for. */
const STORED_KEYS = ['lang', 'locale', 'theme', 'name', 'payer_name', 'bank', 'return_url', 'message', 'state', 'token'];

/**
 * Markup the page finds in its window's name or in its storage never becomes part of the page (DOM-based XSS from
 * stored sources): a tab of its own whose window.name is markup, whose localStorage and sessionStorage hold markup
 * under common keys, and whose getItem answers markup for any key it does not hold, before the page's first script.
 */
export function pageStoredValuesNeverBecomeMarkup(): BrowserCheck {
  const rule: RuleId = 'PRO-SEC-PAGE-STORED-INERT';
  return {
    name: 'pageStoredValuesNeverBecomeMarkup()',
    title: "markup in the payment page's window name, localStorage or sessionStorage never becomes an element or a script of the page",
    rules: [rule],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      const { body, response } = await createInvoice(api, rule);
      const tab = await page.context().newPage();
      try {
        // The canary as a template (the init script runs in the page: it takes values, not the suite's functions).
        await tab.addInitScript(
          ({ keys, template }: { keys: string[]; template: string }) => {
            const canary = (where: string) => template.split('WHERE').join(where.replace(/[^\w-]/g, '_'));
            window.name = canary('window.name');
            const stores: [Storage, string][] = [
              [window.localStorage, 'localStorage'],
              [window.sessionStorage, 'sessionStorage'],
            ];
            for (const [store, name] of stores) for (const k of keys) store.setItem(k, canary(`${name}-${k}`));
            const getItem = Storage.prototype.getItem;
            Storage.prototype.getItem = function (this: Storage, key: string) {
              return getItem.call(this, key) ?? canary(`${this === window.sessionStorage ? 'sessionStorage' : 'localStorage'}-${key}`);
            };
          },
          { keys: STORED_KEYS, template: canaryMarkup('WHERE') },
        );
        await openPaymentPage(tab, response.redirect_url, rule, body.return_url);
        await requireButton(api, tab, api.profile.paymentPage.payButton, rule).catch(() => undefined);
        const made = await canariesMade(tab);
        if (made.length > 0)
          throw new CheckFailure({
            rule,
            expected: "what the page finds in its window's name and its storage shown as text, or not at all",
            received: `markup from ${[...new Set(made)].join(', ')} became part of ${clip(response.redirect_url, 200)}`,
          });
      } finally {
        await tab.close();
      }
    },
  };
}

/**
 * Markup in the page's own address never becomes part of the page (DOM-based XSS, ASVS 3.2.2): the payment page
 * opened with markup in query parameters (the deeplinks' own and common ones) and in its fragment shows no element
 * made of it and runs none of its script. A page that refuses such an address passes.
 */
export function pageAddressNeverBecomesMarkup(): BrowserCheck {
  const rule: RuleId = 'PRO-SEC-PAGE-ADDRESS-INERT';
  return {
    name: 'pageAddressNeverBecomesMarkup()',
    title: "markup in the payment page's query parameters or fragment never becomes an element or a script of the page",
    rules: [rule],
    browser: true,
    async run({ api, page }) {
      requirePaymentPage(api);
      const { response } = await createInvoice(api, rule);
      const names = new Set(COMMON_PARAMETERS);
      for (const link of Object.values(response.deeplink ?? {})) if (typeof link === 'string') for (const n of new URL(link).searchParams.keys()) names.add(n);
      const url = new URL(response.redirect_url);
      for (const n of names) url.searchParams.set(n, canaryMarkup(`query-${n}`));
      url.hash = canaryMarkup('fragment');
      const loaded = await page.goto(url.href, { waitUntil: 'load', timeout: settleMs(api) + 10_000 }).catch(() => null);
      if (loaded === null || loaded.status() >= 400) return; // refused: nothing of the address reached a page
      await requireButton(api, page, api.profile.paymentPage.payButton, rule).catch(() => undefined);
      const made = await canariesMade(page);
      if (made.length > 0)
        throw new CheckFailure({
          rule,
          expected: "the page's address shown as text, or not at all",
          received: `markup from ${[...new Set(made)].join(', ')} became part of ${clip(url.href, 200)}`,
        });
    },
  };
}
