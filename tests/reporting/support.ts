// Helpers of the reporting self-tests: run the suite in a child process into a temporary reports
// directory (scripts/child-run.ts), read what it wrote, and serve a directory over loopback HTTP.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Summary } from '../../reporting/summary-model.js';
import type { Traceability } from '../../reporting/requirements-report.js';
import { runProjects, type SuiteRun } from '../../scripts/child-run.js';
import yauzl from 'yauzl';

export type { SuiteRun };

export function tempReportsDir(prefix = 'pts-reporting-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * `npx playwright test --project=… -g …` with the configuration's reporters, writing every report (and the
 * test output) under `dir`; the environment is the child's own plus `env`.
 */
export function runSuite(o: {
  projects: string[];
  grep?: string;
  dir: string;
  env?: Record<string, string>;
  workers?: number;
  boundMs?: number;
}): Promise<SuiteRun> {
  return runProjects({ ...o, boundMs: o.boundMs ?? 240_000, reporter: null });
}

export function readSummary(reportsDir: string): Summary {
  return JSON.parse(readFileSync(join(reportsDir, 'summary.json'), 'utf8')) as Summary;
}

export function readRequirements(reportsDir: string): Traceability {
  return JSON.parse(readFileSync(join(reportsDir, 'requirements.json'), 'utf8')) as Traceability;
}

/** A test as Playwright's HTML report shows it: its title and where it is declared (`file` relative to the root). */
interface HtmlReportTest {
  title: string;
  projectName: string;
  location: { file: string; line: number; column: number };
}

/** The tests of the HTML report in `htmlDir`, from the data its index.html carries (a zip in base64, `report.json`). */
export async function htmlReportTests(htmlDir: string): Promise<HtmlReportTest[]> {
  const html = readFileSync(join(htmlDir, 'index.html'), 'utf8');
  const data = /<template id="playwrightReportBase64">data:application\/zip;base64,([^<]*)<\/template>/.exec(html)?.[1];
  if (data === undefined) throw new Error(`${htmlDir}/index.html carries no report data`);
  const zip = await yauzl.fromBufferPromise(Buffer.from(data, 'base64'));
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName !== 'report.json') continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    const report = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { files: { tests: HtmlReportTest[] }[] };
    return report.files.flatMap((f) => f.tests);
  }
  throw new Error(`${htmlDir}/index.html: no report.json in its data`);
}

/** Every regular file under `dir`, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/** A static file server for `root` on 127.0.0.1 (a free port); `url` ends with a slash. */
export async function serveDirectory(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const base = resolve(root);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(() => ok())) };
}
