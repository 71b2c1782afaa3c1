// A missing browser is a setup problem found before any request: when the selected projects drive a browser
// and there is none (no system Chromium where PTS_SYSTEM_CHROMIUM points, Playwright's own folder empty, its
// download host unreachable), `npm run conformance` and `npm run certify` stop with one line naming the
// install command, exit 2, and the provider never sees a request. Without browser projects nothing is looked for.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { downloadReachable } from '../../scripts/gate/browser-setup.js';
import { childEnv, lines, runScript, tempDir } from './gate-support.js';

/** A provider stand-in that counts the requests it gets. */
async function countingProvider(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server: Server = createServer((_req, res) => {
    n++;
    res.writeHead(422, { 'content-type': 'application/json' }).end('{"api_key":["unknown"]}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests: () => n, close: () => new Promise((ok) => server.close(() => ok())) };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

test.describe('no browser for the browser checks', () => {
  let emptyBrowsers: string;
  let noBrowser: Record<string, string>;

  test.beforeAll(async () => {
    emptyBrowsers = mkdtempSync(join(tmpdir(), 'pts-no-browsers-'));
    noBrowser = {
      PTS_SYSTEM_CHROMIUM: join(emptyBrowsers, 'chromium'), // no system browser
      PLAYWRIGHT_BROWSERS_PATH: emptyBrowsers, // and none of Playwright's
      PLAYWRIGHT_DOWNLOAD_HOST: `http://127.0.0.1:${await closedPort()}`, // and its installer cannot download one
    };
  });

  test.afterAll(() => rmSync(emptyBrowsers, { recursive: true, force: true }));

  const ONE_LINE =
    /^(conformance|certify): the browser checks \((callbacks, payment-page, lifecycle|payment-page)\) need Chromium and there is none \(looked at .*; Playwright's download is not reachable from here\): install it with `npx playwright install chromium` \(Debian: `apt-get install -y chromium-headless-shell`\), or leave those projects out/;

  for (const [script, args] of [
    ['scripts/conformance.ts', []],
    ['scripts/conformance.ts', ['--project=payment-page', '--project=invoice']],
    ['scripts/certify.ts', ['--out', '<out>']],
  ] as const) {
    test(`${script} ${args.join(' ') || '(every project)'}: one line, exit 2, no request`, async () => {
      const provider = await countingProvider();
      const out = tempDir('no-browser');
      try {
        const env = childEnv({
          ...noBrowser,
          BASE_URL: provider.url,
          API_KEY: 'merchant-key',
          CRYPTO_KEY: 'merchant-secret',
          PTS_REPORTS_DIR: join(out, 'reports'),
        });
        const r = await runScript(
          script,
          args.map((a) => (a === '<out>' ? join(out, 'cert') : a)),
          env,
        );
        expect(r.code, r.stdout + r.stderr).toBe(2);
        expect(lines(r.stderr)).toEqual([expect.stringMatching(ONE_LINE)]);
        expect(lines(r.stdout)).toEqual([]);
        expect(provider.requests(), 'the provider got no request').toBe(0);
      } finally {
        await provider.close();
        rmSync(out, { recursive: true, force: true });
      }
    });
  }

  test('--project=invoice needs no browser and runs', async () => {
    const out = tempDir('no-browser-invoice');
    try {
      const env = childEnv({ ...noBrowser, PTS_REPORTS_DIR: join(out, 'reports'), FC_NUM_RUNS: '3' });
      const r = await runScript('scripts/conformance.ts', ['--project=invoice', '-g', 'amount min \\(', `--output=${join(out, 'results')}`], env);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toMatch(/\d+ passed/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

test('the download host probe gives up on an unreachable host within its bound', async () => {
  expect(await downloadReachable({ PLAYWRIGHT_DOWNLOAD_HOST: `http://127.0.0.1:${await closedPort()}` }, 2_000)).toBe(false);
  const provider = await countingProvider(); // any HTTP answer counts as reachable
  try {
    expect(await downloadReachable({ PLAYWRIGHT_DOWNLOAD_HOST: provider.url }, 2_000)).toBe(true);
  } finally {
    await provider.close();
  }
});
