// A BASE_URL that cannot be connected to, or whose server answers but is no Payment Transfer Service, is a setup
// problem, not a conformance verdict: exit code 2, one line on stderr naming BASE_URL and what answered, nothing else.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { childEnv, runScript } from '../../scripts/child-run.js';
import { CONFORMANCE_PROJECTS } from '../../suite/runner/projects.js';

/** A loopback port on which nothing listens (bound once by us, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** tsx start-up is most of it; a machine shared with other runs gets some slack. */
const WITHIN_MS = 15_000;

const CASES: { name: string; baseUrl: () => Promise<string>; reason: RegExp }[] = [
  { name: 'a closed loopback port', baseUrl: async () => `http://127.0.0.1:${await closedPort()}`, reason: /connection refused/ },
  { name: 'a host name that does not exist', baseUrl: async () => 'http://no-such-host.invalid', reason: /host name not found/ },
];

test.describe.configure({ mode: 'parallel' });

for (const c of CASES) {
  test(`BASE_URL at ${c.name}: exit 2 with one line on stderr, within seconds`, async () => {
    const baseUrl = await c.baseUrl();
    const env = childEnv({ BASE_URL: baseUrl, API_KEY: 'x', CRYPTO_KEY: 'y' });
    const run = await runScript('scripts/conformance.ts', [], { env, boundMs: 60_000 });
    const shown = `exit ${run.code} in ${Math.round(run.ms)} ms\n--- stderr\n${run.stderr}\n--- stdout\n${run.stdout}`;
    expect(run.killed, shown).toBe(false);
    expect(run.code, shown).toBe(2);
    const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines, shown).toHaveLength(1);
    expect(lines[0], shown).toContain(`BASE_URL=${baseUrl}`);
    expect(lines[0], shown).toMatch(c.reason);
    expect(lines[0], 'one sentence from the script, not a stack trace').toMatch(/^conformance: provider at BASE_URL=\S+ is unreachable: /);
    expect(run.stdout.trim(), shown).toBe('');
    expect(run.ms, shown).toBeLessThan(WITHIN_MS);
  });
}

/** Servers that answer, but as no Payment Transfer Service does: what a wrong BASE_URL or a proxy in front reaches. */
const NOT_THE_SERVICE: { name: string; answer: (path: string) => [number, string, string]; shows: RegExp }[] = [
  {
    name: 'a proxy answering 404 to everything',
    answer: () => [404, 'text/html', '<html><head><title>404 Not Found</title></head><body>nginx</body></html>'],
    shows: /got HTTP 404 text\/html \(an HTML page titled "404 Not Found"\) \(404 on the account to card and status paths too\)/,
  },
  {
    name: 'a web site',
    answer: () => [200, 'text/html; charset=utf-8', '<!doctype html><title>Shop</title><p>Welcome'],
    shows: /got HTTP 200 text\/html; charset=utf-8 \(an HTML page titled "Shop"\)/,
  },
  {
    name: 'another JSON API',
    answer: () => [401, 'application/json', '{"error":"unauthorized"}'],
    shows: /got HTTP 401 application\/json "\{\\"error\\":\\"unauthorized\\"\}"/,
  },
];

for (const c of NOT_THE_SERVICE) {
  test(`BASE_URL at ${c.name}: exit 2 with one line saying what answered, before any check`, async () => {
    const server: Server = createHttpServer((req, res) => {
      req.resume();
      const [status, type, body] = c.answer(req.url ?? '/');
      res.writeHead(status, { 'content-type': type }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const run = await runScript('scripts/conformance.ts', [], { env: childEnv({ BASE_URL: baseUrl, API_KEY: 'x', CRYPTO_KEY: 'y' }), boundMs: 60_000 });
      const shown = `exit ${run.code}\n--- stderr\n${run.stderr}\n--- stdout\n${run.stdout}`;
      expect(run.code, shown).toBe(2);
      const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
      expect(lines, shown).toHaveLength(1);
      expect(lines[0], shown).toMatch(new RegExp(`^conformance: BASE_URL=${baseUrl.replace(/[.]/g, '\\.')} does not answer like a Payment Transfer Service: `));
      expect(lines[0], shown).toMatch(c.shows);
      expect(run.stdout.trim(), shown).toBe('');
    } finally {
      server.close();
    }
  });
}

// A mistyped area, or one of the project's own test projects, is a setup problem too: exit 2, one line naming the areas.
for (const [who, project] of [
  ['a mistyped area', 'invoices'],
  ["one of the project's own test projects", 'selftest'],
] as const) {
  test(`--project=${project} (${who}): exit 2 with one line listing the areas, before any request`, async () => {
    const run = await runScript('scripts/conformance.ts', [`--project=${project}`], {
      env: childEnv({ BASE_URL: 'http://no-such-host.invalid' }),
      boundMs: 60_000,
    });
    const shown = `exit ${run.code}\n--- stderr\n${run.stderr}\n--- stdout\n${run.stdout}`;
    expect(run.code, shown).toBe(2);
    const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines, shown).toEqual([
      `conformance: no area named '${project}'${project === 'invoices' ? "; did you mean 'invoice'?" : ''}; the areas are ${CONFORMANCE_PROJECTS.join(', ')} (--project=NAME, several allowed, * matches any characters)`,
    ]);
  });
}

test('certify --out a folder that is not empty and no earlier certification: exit 2, one line, the folder untouched', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pts-not-a-certification-'));
  try {
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const run = await runScript('scripts/certify.ts', ['--out', dir], { env: childEnv({ BASE_URL: 'http://no-such-host.invalid' }), boundMs: 60_000 });
    const shown = `exit ${run.code}\n--- stderr\n${run.stderr}\n--- stdout\n${run.stdout}`;
    expect(run.code, shown).toBe(2);
    expect(run.stderr.trim().split('\n'), shown).toEqual([
      `certify: --out ${dir} is not empty and holds no earlier certification (no manifest.sha256): certify replaces only its own folders`,
    ]);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
