// The payment page across a real network: a page whose load, or whose script's fetch of the content, lost its
// connection is loaded again, not judged; a try is not lost to the error page of the one before; a page that
// keeps losing it is not judged; a page that loaded whole and still lacks the button is the provider's.
import { test, expect, type Page } from '@playwright/test';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultProfile } from '../../contracts/index.js';
import { HttpClient } from '../../suite/harness/client.js';
import { CheckFailure, ProviderUnavailable } from '../../suite/harness/failure.js';
import { inTabs, openPaymentPage, requireButton } from '../../suite/harness/payment-page.js';
import { setTimeout as delay } from 'node:timers/promises';
import { ProviderApi } from '../../suite/harness/provider-api.js';

/** A shell page that builds its Pay button from a fetch of /view, as a script-rendered page does. */
const SHELL = `<!doctype html><title>Payment</title><p id="s">Loading…</p>
<script>fetch(location.pathname + '/view').then((r) => r.json()).then((v) => { document.body.innerHTML = v.button ? '<button>Pay</button>' : '<p>Nothing</p>'; });</script>`;

type Path = '/go' | '/pay' | '/pay/view' | '/busy';

/** A provider whose `drop(path, n)` decides, for the n-th request of a path (from 1), whether its connection is dropped. */
async function serve(drop: (path: Path, n: number) => boolean, button = true) {
  const hits: Record<Path, number> = { '/go': 0, '/pay': 0, '/pay/view': 0, '/busy': 0 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url as Path;
    if (!(path in hits)) return void res.writeHead(404).end();
    if (drop(path, ++hits[path])) return void req.socket.destroy();
    if (path === '/go') return void res.writeHead(302, { location: '/pay' }).end();
    if (path === '/pay') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SHELL);
    // A front's 503 during a burst, as the embedded provider's network variations answer it.
    if (path === '/busy')
      return void res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"message":"Service temporarily unavailable"}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ button }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const profile = defaultProfile();
  const http = new HttpClient({ baseUrl: url, timeoutSeconds: 2, breakerStateFile: null });
  const api = new ProviderApi(
    http,
    { ...profile, paymentPage: { ...profile.paymentPage, settleSeconds: 1 } },
    { apiKey: 'k', cryptoKey: 'c' },
    () => undefined,
  );
  return {
    api,
    go: `${url}/go`,
    hits,
    close: async () => {
      await http.close();
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Opens the page at /go and looks for its Pay button, as a press does. */
async function payButton(page: Page, s: Awaited<ReturnType<typeof serve>>) {
  await openPaymentPage(page, s.go, 'PRO-PAGE-CONTENT');
  return requireButton(s.api, page, 'Pay', 'PRO-PAGE-CONTENT');
}

test.describe('the payment page behind a network that drops connections', () => {
  test("the script's fetch of the content dropped once: the page is loaded again and its button found", async ({ page }) => {
    // Every fetch of the first load (Chromium sends one that met a dropped connection again by itself, once).
    const s = await serve((path) => path === '/pay/view' && s.hits['/pay'] === 1);
    try {
      await expect(await payButton(page, s)).toBeVisible();
      expect([s.hits['/go'], s.hits['/pay']]).toEqual([2, 2]);
    } finally {
      await s.close();
    }
  });

  test("a tab that shows a gateway's 503 where the opened page was, from any origin and whatever navigated it there, loads the page again", async ({
    page,
  }) => {
    const s = await serve(() => false);
    // Another host of the provider's (a front, a CDN) in a burst of 503s: no 'response' of the page's own origins.
    const front = await serve(() => false);
    try {
      await openPaymentPage(page, s.go, 'PRO-PAGE-CONTENT');
      await page.goto(front.go.replace('/go', '/busy'));
      await expect(await requireButton(s.api, page, 'Pay', 'PRO-PAGE-CONTENT')).toBeVisible();
      expect([s.hits['/go'], front.hits['/busy']]).toEqual([2, 1]);
    } finally {
      await s.close();
      await front.close();
    }
  });

  test('the load itself dropped once: one more load, not one lost to the error page of the first', async ({ page }) => {
    const s = await serve((path, n) => path === '/go' && n === 1);
    try {
      await expect(await payButton(page, s)).toBeVisible();
      expect(s.hits).toEqual({ '/go': 2, '/pay': 1, '/pay/view': 1, '/busy': 0 });
    } finally {
      await s.close();
    }
  });

  test("the script's fetch dropped every time: not judged, after three loads", async ({ page }) => {
    const s = await serve((path) => path === '/pay/view');
    try {
      const error = await payButton(page, s).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderUnavailable);
      expect((error as Error).message).toMatch(/\/pay\/view: net::ERR_\w+.*\(3 tries\)/);
      expect(s.hits['/pay']).toBe(3);
    } finally {
      await s.close();
    }
  });

  test('the page loaded whole without the button: the provider fails the rule, the page loaded once', async ({ page }) => {
    const s = await serve(() => false, false);
    try {
      const error = await payButton(page, s).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CheckFailure);
      expect((error as CheckFailure).details.rule).toBe('PRO-PAGE-CONTENT');
      expect((error as Error).message).toContain('no such button; page text: Nothing');
      expect(s.hits).toEqual({ '/go': 1, '/pay': 1, '/pay/view': 1, '/busy': 0 });
    } finally {
      await s.close();
    }
  });
});

test('a batch of pages ends at its first failure: no page starts after it, the ones under way finish first', async ({ page }) => {
  const started: number[] = [];
  const finished: number[] = [];
  const batch = inTabs(page, [0, 1, 2, 3, 4], 2, async (_tab, item) => {
    started.push(item);
    // Item 0 fails while item 1, on the other tab, is still under way.
    await delay(item === 0 ? 20 : 300);
    if (item === 0) throw new ProviderUnavailable('item 0 lost');
    finished.push(item);
  });
  await expect(batch).rejects.toThrow('item 0 lost');
  expect(started).toEqual([0, 1]);
  expect(finished).toEqual([1]);
});
