// Stoplight Prism, run from node_modules as `prism mock contracts/openapi.json` on a free loopback port, answers
// every operation with bodies that the suite's own schemas accept (contracts Ajv), because the document carries
// examples. Offline: the document is a local file and every request goes to 127.0.0.1.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatDiagnostics, validate, type SchemaName } from '../../contracts/index.js';
import { bodySites, OPENAPI_URL, readOpenApi } from '../../contracts/openapi-examples.js';
import { startChild, type ChildProcess } from '../../scripts/child-run.js';

const PRISM_PACKAGE = new URL('../../node_modules/@stoplight/prism-cli/', import.meta.url);
const prismBin = fileURLToPath(
  new URL((JSON.parse(readFileSync(new URL('package.json', PRISM_PACKAGE), 'utf8')) as { bin: { prism: string } }).bin.prism, PRISM_PACKAGE),
);

const doc = readOpenApi();
const sites = bodySites(doc);
type Examples = Record<string, { value: Record<string, unknown> }>;
const examplesAt = (path: string, status?: string) =>
  sites.find((s) => s.section === 'paths' && s.key === path && s.status === status)!.media.examples as Examples;
const xSignExample = (doc.paths as Record<string, { post: { parameters: Array<{ examples: Examples }> } }>)['/api/v1/payments/account2card'].post.parameters[0]
  .examples.card.value as unknown as string;

/** Each operation, the schema its success answer must pass (named here, cross-checked against the document). */
const OPERATIONS: Array<{ path: string; success: SchemaName }> = [
  { path: '/api/v1/payments/card2account/invoice', success: 'invoice-response' },
  { path: '/api/v1/payments/account2card', success: 'account2card-response' },
  { path: '/api/v1/psa/upload-transports', success: 'upload-response' },
  { path: '/api/v1/payments/status', success: 'status-response' },
];

interface Prism {
  child: ChildProcess;
  url: string;
}

/** Starts `prism mock` on port 0 (Prism prints the port it got) and resolves once it listens. */
function startPrism(): Promise<Prism> {
  // --errors: a request or an answer that violates the contract becomes an error answer, never a quiet 200.
  const child = startChild(process.execPath, [prismBin, 'mock', '--host', '127.0.0.1', '--port', '0', '--errors', fileURLToPath(OPENAPI_URL)], {
    env: process.env,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('no "Prism is listening" within 60 s')), 60_000);
    const fail = (e: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${e.message}\n--- prism output ---\n${output}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`prism exited with code ${code}`)));
  });
}

async function stopPrism(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.removeAllListeners('exit');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** POSTs the request example `name` of `path` as the contract says (JSON, X-Sign, or multipart for the upload). */
function post(base: string, path: string, name: string, headers: Record<string, string> = {}): Promise<Response> {
  const value = examplesAt(path)[name].value;
  if (path === '/api/v1/psa/upload-transports') {
    const form = new FormData();
    form.append('api_key', String(value.api_key));
    form.append('file', new Blob([String(value.file)], { type: 'application/octet-stream' }), 'vehicles.csv');
    return fetch(base + path, { method: 'POST', body: form, headers });
  }
  const xSign: Record<string, string> = path === '/api/v1/payments/account2card' ? { 'X-Sign': xSignExample } : {};
  return fetch(base + path, { method: 'POST', body: JSON.stringify(value), headers: { 'Content-Type': 'application/json', ...xSign, ...headers } });
}

/** Status, body, and the contract violations Prism reports in its `sl-violations` header. */
async function answer(res: Response): Promise<{ status: number; body: unknown; violations: string | null; type: string | null }> {
  return { status: res.status, body: await res.json(), violations: res.headers.get('sl-violations'), type: res.headers.get('content-type') };
}

function expectValid(schema: SchemaName, body: unknown, what: string): void {
  const result = validate(schema, body);
  expect(result.valid, `${what} fails ${schema}: ${formatDiagnostics(result.errors)}\n${JSON.stringify(body)}`).toBe(true);
}

test.describe('contracts: prism mock contracts/openapi.json', () => {
  test.describe.configure({ mode: 'serial' });
  let prism: Prism | undefined;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    prism = await startPrism();
  });

  test.afterAll(async () => {
    if (prism) await stopPrism(prism.child);
  });

  test("the operations and their success schemas are the document's", () => {
    const successes = sites.filter((s) => s.section === 'paths' && s.status === '200').map((s) => ({ path: s.key, success: s.schema }));
    expect(successes).toEqual(OPERATIONS);
  });

  for (const { path, success } of OPERATIONS) {
    test(`${path}: every request example is answered 200 with a body that ${success} accepts`, async () => {
      for (const name of Object.keys(examplesAt(path))) {
        const a = await answer(await post(prism!.url, path, name));
        expect(a.status, `${name}: ${JSON.stringify(a.body)}`).toBe(200);
        expect(a.violations, name).toBeNull();
        expect(a.type).toMatch(/^application\/json/);
        expectValid(success, a.body, `answer to ${name}`);
        // Served from the document's examples (the first, as Prism does without a Prefer header).
        expect(a.body).toEqual(Object.values(examplesAt(path, '200'))[0].value);
      }
    });

    test(`${path}: each success example, chosen with Prefer: example=<name>, is served and accepted by ${success}`, async () => {
      const first = Object.keys(examplesAt(path))[0];
      for (const [name, e] of Object.entries(examplesAt(path, '200'))) {
        const a = await answer(await post(prism!.url, path, first, { Prefer: `example=${name}` }));
        expect(a.status, name).toBe(200);
        expectValid(success, a.body, `example ${name}`);
        expect(a.body).toEqual(e.value);
      }
    });

    test(`${path}: each error answer, chosen with Prefer: code=<status>, passes its error schema`, async () => {
      const errors = sites.filter((s) => s.section === 'paths' && s.key === path && s.status !== undefined && s.status !== '200');
      expect(errors.length).toBeGreaterThan(1);
      const first = Object.keys(examplesAt(path))[0];
      for (const site of errors) {
        const a = await answer(await post(prism!.url, path, first, { Prefer: `code=${site.status}` }));
        expect(a.status).toBe(Number(site.status));
        expect(a.violations, site.pointer).toBeNull();
        expectValid(site.schema, a.body, `${site.status} answer`);
      }
    });
  }

  test('requests that break the contract are refused with the documented validation shape', async () => {
    const invoice = '/api/v1/payments/card2account/invoice';
    const { signature: _dropped, ...unsigned } = examplesAt(invoice).plain.value;
    const json = await answer(
      await fetch(prism!.url + invoice, { method: 'POST', body: JSON.stringify(unsigned), headers: { 'Content-Type': 'application/json' } }),
    );
    // Multipart too: Prism reads the form parts against upload-request.
    const form = new FormData();
    form.append('api_key', String(examplesAt('/api/v1/psa/upload-transports').csv.value.api_key));
    const multipart = await answer(await fetch(`${prism!.url}/api/v1/psa/upload-transports`, { method: 'POST', body: form }));
    for (const [a, missing] of [
      [json, 'signature'],
      [multipart, 'file'],
    ] as const) {
      expect(a.status).toBe(422);
      expect(a.violations).toContain(`must have required property '${missing}'`);
      expectValid('validation-error', a.body, 'the 422 answer');
    }
  });
});
