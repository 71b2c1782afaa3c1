import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';
import { startProvider, variationCatalog } from '../index.js';
import { combinedUnhidden } from '../variations/catalog.js';
import { VARIATION_PROBES } from './variation-probes.js';

const requirementIds = new Set<string>(
  (JSON.parse(readFileSync(new URL('../../contracts/requirements.json', import.meta.url), 'utf8')) as { requirements: { id: string }[] }).requirements.map(
    (r) => r.id,
  ),
);
const combinable = variationCatalog.filter((v) => !v.alone).map((v) => v.name);

test.describe('variation catalog', () => {
  test('every variation has a unique name, an existing rule, the areas that see it, a description; alone ones say why', () => {
    expect(new Set(variationCatalog.map((v) => v.name)).size).toBe(variationCatalog.length);
    for (const v of variationCatalog) {
      expect(v.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(requirementIds.has(v.rule), `${v.name} -> ${v.rule}`).toBe(true);
      expect(v.description.length, v.name).toBeGreaterThan(10);
      if (v.sees !== 'all') expect(v.sees.length, `${v.name}: the areas that see it`).toBeGreaterThan(0);
      if (v.alone !== undefined) expect(v.alone.length, v.name).toBeGreaterThan(10);
      if (v.hiddenWhenCombined !== undefined) {
        expect(v.alone, `${v.name}: hidden when combined, so combinable`).toBeUndefined();
        for (const by of v.hiddenWhenCombined.by) expect(combinable, `${v.name} is hidden by a combinable variation`).toContain(by);
        expect(v.hiddenWhenCombined.by, v.name).not.toContain(v.name);
      }
    }
  });

  test('every variation has a probe here', () => {
    expect(Object.keys(VARIATION_PROBES).sort()).toEqual(variationCatalog.map((v) => v.name).sort());
  });

  test('an unknown variation name throws; the running provider lists its variations', async ({ merchant }) => {
    const m = { apiKey: merchant.apiKey, cryptoKey: merchant.cryptoKey, publicKeyPem: merchant.publicKeyPem };
    await expect(startProvider({ merchants: [m], variations: ['no-such-variation'] })).rejects.toThrow(/no-such-variation/);
    const p = await startProvider({ merchants: [m], variations: ['json-pretty', 'slow'] });
    expect(p.variations).toEqual(['json-pretty', 'slow']);
    await p.close();
  });

  test('the CLI refuses an unknown variation with one error line and exit code 2', () => {
    const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
    for (const [args, env, line] of [
      [['--variations', 'json-pretty,nope'], {}, "mock: no variation named 'nope' (--variations-list prints them)"],
      [[], { PTS_MOCK_VARIATIONS: 'json-prety' }, "mock: no variation named 'json-prety'; did you mean 'json-pretty'? (--variations-list prints them)"],
    ] as const) {
      const run = spawnSync(process.execPath, [tsx, cli, ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 });
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([line]);
    }
  });

  test.describe('probes', () => {
    test.describe.configure({ mode: 'parallel' }); // each probe starts its own providers
    for (const v of variationCatalog) probeTest(v.name, v.rule);
  });

  function probeTest(name: string, rule: string) {
    test(`${name} (${rule}) shows; a clean provider does not`, async ({ startWith, receiver, page }) => {
      test.setTimeout(60_000);
      const probe = VARIATION_PROBES[name]!;
      await page
        .context()
        .route('https://merchant.example/**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Merchant</title>' }),
        );
      expect(await probe(await startWith(), { receiver, page }), 'clean provider').toBe(false);
      receiver.reset();
      expect(await probe(await startWith({ variations: [name] }), { receiver, page }), 'with the variation').toBe(true);
    });
  }

  test('every combinable variation at once: each shows, save those another one decides', async ({ startWith, receiver, page }) => {
    test.setTimeout(180_000);
    await page
      .context()
      .route('https://merchant.example/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Merchant</title>' }),
      );
    // The variation matrix judges a combinable variation in this one provider only, unless another decides what it
    // changes (hiddenWhenCombined): so each of the others must show here.
    const api = await startWith({ variations: combinable });
    const names = variationCatalog.filter((v) => !v.alone && v.hiddenWhenCombined === undefined).map((v) => v.name);
    const env = { receiver, page };
    // The page probes share the one browser page: one after the other; the others all at once, but for
    // the ones that count payments (every third on a whole second, every other on one node), which run alone at the end.
    const counting = ['created-at-any-micros', 'created-at-nodes-apart', 'created-at-clock-skew'];
    const seen = new Map<string, boolean>();
    const others = Promise.all(
      names.filter((n) => !n.startsWith('page-') && !counting.includes(n)).map(async (n) => seen.set(n, await VARIATION_PROBES[n]!(api, env))),
    );
    for (const n of names.filter((n) => n.startsWith('page-'))) seen.set(n, await VARIATION_PROBES[n]!(api, env));
    await others;
    for (const n of counting) seen.set(n, await VARIATION_PROBES[n]!(api, env));
    expect(names.filter((n) => !seen.get(n))).toEqual([]);
  });

  test('the hidden variations combined (the second all-at-once provider): each shows', async ({ startWith, receiver, page }) => {
    test.setTimeout(120_000);
    const names = combinedUnhidden().map((v) => v.name);
    const api = await startWith({ variations: names });
    const seen = new Map<string, boolean>();
    // One after the other: the page's probes share the one browser page.
    for (const n of names) seen.set(n, await VARIATION_PROBES[n]!(api, { receiver, page }));
    expect(names.filter((n) => !seen.get(n))).toEqual([]);
  });
});
