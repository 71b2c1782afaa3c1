// Messages to the payment page from a window of another origin (ASVS 5.0 3.5.5). The page is opened by a page of
// another site (`framing-site.ts`: framing is forbidden, an opener is not), which keeps the handle window.open gave
// it. An init script, run in every document of the context before the document's own scripts, counts the page's
// `message` listeners (addEventListener on its window, or onmessage set) and the messages that reach the window.
import type { BrowserContext, Page } from '@playwright/test';
import { anotherSitePage } from './framing-site.js';

/** The window property the init script keeps its counts in (not enumerable: the page's own enumeration misses it). */
const COUNTS = '__ptsMessageScript';
/** The opener's window property holding the handle window.open gave it. */
const HANDLE = '__ptsPaymentWindow';

interface MessageCounts {
  /** Listeners for `message` the page's scripts added to its window (addEventListener calls, onmessage set). */
  listeners: number;
  /** Messages that reached the window. */
  messages: number;
}

/** The init script: wraps addEventListener and onmessage before any script of the document runs. Self-contained (serialised). */
function countMessageScript(key: string): void {
  const counts = { listeners: 0, messages: 0 };
  Object.defineProperty(window, key, { value: counts });
  const add = EventTarget.prototype.addEventListener;
  // Registered first, with the original method: it sees each message before the page's listeners, so once it has
  // seen the last one posted, the page's listeners have handled every one before it.
  add.call(window, 'message', () => void counts.messages++);
  EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
    if (this === window && args[0] === 'message' && args[1]) counts.listeners++;
    return add.apply(this, args);
  };
  const handler = Object.getOwnPropertyDescriptor(window, 'onmessage') ?? Object.getOwnPropertyDescriptor(Window.prototype, 'onmessage');
  const { get, set } = handler ?? {};
  if (get && set)
    Object.defineProperty(window, 'onmessage', {
      configurable: true,
      get,
      set(value: unknown) {
        if (typeof value === 'function') counts.listeners++;
        set.call(window, value);
      },
    });
}

/** Counts the message listeners and messages of every document the context opens from now on. */
export async function countMessageListeners(context: BrowserContext): Promise<void> {
  await context.addInitScript(countMessageScript, COUNTS);
}

/** The counts of the document shown in the tab now (none when the context was not counting). */
export function messageCounts(tab: Page): Promise<MessageCounts> {
  return tab.evaluate((key) => (window as unknown as Record<string, MessageCounts | undefined>)[key] ?? { listeners: 0, messages: 0 }, COUNTS);
}

/** A tab of the context opened by a page of another site, which keeps its window.open handle, and that site's origin. */
interface OpenedByAnotherSite {
  tab: Page;
  origin: string;
}

/** `opener` shows a page of another site, which opens a new tab (about:blank, to be navigated by the caller). */
export async function tabOpenedByAnotherSite(opener: Page): Promise<OpenedByAnotherSite> {
  const site = await anotherSitePage();
  await opener.goto(site, { waitUntil: 'load' });
  const [tab] = await Promise.all([
    opener.context().waitForEvent('page'),
    opener.evaluate((handle) => void ((window as unknown as Record<string, unknown>)[handle] = window.open('about:blank', '_blank')), HANDLE),
  ]);
  return { tab, origin: new URL(site).origin };
}

/**
 * Posts `messages` to the tab as a window of another origin does. Through the opener's handle when it still reaches
 * the tab; when the page's Cross-Origin-Opener-Policy has cut it off, no window of another origin but a frame of the
 * page can reach it, and the same messages are dispatched in the page as such a window's (event.origin the other
 * site's, no source). Waits (up to `withinMs`) until every message has reached the window. Returns how they came.
 */
export async function postFromAnotherOrigin(
  opener: Page,
  { tab, origin }: OpenedByAnotherSite,
  messages: readonly unknown[],
  withinMs: number,
): Promise<string> {
  const before = (await messageCounts(tab)).messages;
  const posted = await opener.evaluate(
    ([handle, list]) => {
      const target = (window as unknown as Record<string, Window | null | undefined>)[handle];
      if (!target || target.closed) return false;
      for (const data of list) target.postMessage(data, '*');
      return true;
    },
    [HANDLE, messages] as const,
  );
  if (posted) {
    // A listener that navigates the page (a form submitted) ends the count early: what it did, the payment tells.
    await tab
      .waitForFunction(
        ([key, n]) => ((window as unknown as Record<string, MessageCounts | undefined>)[key]?.messages ?? 0) >= n,
        [COUNTS, before + messages.length] as const,
        {
          timeout: withinMs,
        },
      )
      .catch(() => undefined);
    return `posted by the page of ${origin} that opened it (window.open handle, targetOrigin "*")`;
  }
  await tab
    .evaluate(
      ([list, from]) => {
        for (const data of list) window.dispatchEvent(new MessageEvent('message', { data, origin: from }));
      },
      [messages, origin] as const,
    )
    .catch(() => undefined); // a listener that navigates the page ends the evaluation: what it did, the payment tells
  return `dispatched in the page as messages of ${origin} (its Cross-Origin-Opener-Policy cut the opener's handle off: only a frame of the page could still post to it)`;
}
