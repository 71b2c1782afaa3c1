// The suite against providers that answer badly or not at all: a slice of the invoice checks runs in a
// child process against each misbehaviour of hostile-server.ts. Every run must end by itself, well within
// its bound; no crash, no unhandled error, no hang, no test timeout. A provider that answers wrongly, or not
// within REQUEST_TIMEOUT, fails every failing check with a rule ID and the evidence of what it did (one run
// judges all of those, each a target of its own). A provider that cannot be had for an answer at all (every
// connection closed, every body cut short) is no verdict: through the gate, every check is not judged and the
// run ends incomplete, exit 2 with one line.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { HOSTILE_BEHAVIOURS, startHostileServer, type HostileBehaviour } from './hostile-server.js';
import { childEnv, runProjects, runScript } from '../../scripts/child-run.js';
import type { Summary } from '../../reporting/summary-file.js';
import { RUN_ENV } from '../../contracts/run-protocol.js';
import type { Plan } from '../../suite/runner/targets.js';

/**
 * A slice of the invoice project: a check of one request and a property (many requests, then shrinking). Every
 * check sends through the same client, so more checks would meet the same misbehaviour the same way; each failing
 * check costs its run a new worker (Playwright's rule after a failure).
 */
const SLICE = [
  'a valid signed invoice is accepted with the profile success status',
  'no invoice body with one field replaced by arbitrary JSON causes a server error',
];
const GREP = SLICE.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');

const REQUEST_TIMEOUT = 2;
/** The run must end by itself within this; the child is killed (and the test fails) beyond it. */
const BOUND_MS = 90_000;

/** The circuit-breaker state files the child's workers shared for this provider (the provider stays broken to the end). */
function removeBreakerFiles(url: string): void {
  const key = createHash('sha256').update(new URL(url).origin).digest('hex').slice(0, 16);
  for (const name of readdirSync(tmpdir())) if (name.startsWith('pts-breaker-') && name.endsWith(`-${key}.json`)) rmSync(join(tmpdir(), name), { force: true });
}

/** What every failing check's message must show, per misbehaviour. */
const EVIDENCE: Record<HostileBehaviour, RegExp> = {
  'never-answers': /no response in 2 s/,
  'accept-and-close': /connection closed before a complete response/,
  'one-byte-a-second': /no response in 2 s/,
  'invalid-json': /"payment": \{,,\}/, // the unparseable body, quoted
  // Checks that parse the body say so; checks that judge the status quote the cut body with its length.
  'body-50mb': /body longer than 2097152 bytes, not parsed|\(2097152 characters\)/,
  'redirect-loop': /HTTP 302/,
  'html-error-page': /HTTP 500 text\/html/,
  'content-length-over': /response length differs from its Content-Length/,
  'content-length-under': /response length differs from its Content-Length/,
};

const DESCRIBED: Record<HostileBehaviour, string> = {
  'never-answers': 'never answers',
  'accept-and-close': 'accepts and closes the connection',
  'one-byte-a-second': 'answers one byte a second',
  'invalid-json': 'sends invalid JSON as application/json',
  'body-50mb': 'sends a 50 MB body',
  'redirect-loop': 'redirects to itself',
  'html-error-page': 'answers with an HTML error page',
  'content-length-over': 'sends less than its Content-Length',
  'content-length-under': 'sends more than its Content-Length',
};

/** Output that would mean the suite itself broke rather than judged the provider. */
const CRASH = /unhandled|uncaught|ERR_INTERNAL|FATAL ERROR|heap out of memory|Segmentation fault|worker process exited unexpectedly/i;

test.describe.configure({ mode: 'parallel' });

/** Misbehaviours that leave no answer to judge: the network's or the service's trouble as the client sees it. */
const UNAVAILABLE: readonly HostileBehaviour[] = ['accept-and-close', 'content-length-over'];

for (const behaviour of UNAVAILABLE) {
  test(`a provider that ${DESCRIBED[behaviour]}: the gate judges nothing, says so in one line, and exits 2`, async () => {
    test.setTimeout(BOUND_MS + 30_000);
    // It passes the preflight (an empty invoice gets the validation failure), then breaks once the checks start.
    const server = await startHostileServer(behaviour, { looksLikeTheService: true });
    const dir = mkdtempSync(join(tmpdir(), 'pts-unavailable-'));
    const env = childEnv({
      BASE_URL: server.url,
      API_KEY: 'x',
      CRYPTO_KEY: 'y',
      REQUEST_TIMEOUT: String(REQUEST_TIMEOUT),
      FC_NUM_RUNS: '10',
      PTS_REPORTS_DIR: dir,
    });
    const run = await runScript('scripts/conformance.ts', ['--project=invoice', '-g', GREP], { env, boundMs: BOUND_MS }).finally(() => server.stop());
    try {
      const diagnostics = `exit ${run.code} in ${Math.round(run.ms)} ms\n--- stderr\n${run.stderr.slice(-3000)}\n--- stdout\n${run.stdout.slice(-3000)}`;
      expect(run.killed, `the run did not end within ${BOUND_MS} ms\n${diagnostics}`).toBe(false);
      expect(run.code, `an unavailable provider is no verdict: exit 2\n${diagnostics}`).toBe(2);
      const lines = run.stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
      expect(lines, diagnostics).toHaveLength(1);
      expect(lines[0]).toMatch(/^conformance: incomplete: \d+ of \d+ checks not judged \(the provider was unavailable: /);
      expect(`${run.stdout}\n${run.stderr}`).not.toMatch(CRASH);
      const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
      expect(summary.checks, 'the whole slice ran').toHaveLength(SLICE.length);
      for (const c of summary.checks) {
        expect(c.status, `${c.title}: no verdict either way`).toBe('not judged');
        expect(c.notJudged, c.title).toMatch(EVIDENCE[behaviour]);
      }
      expect(summary.totals.failed).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      removeBreakerFiles(server.url);
    }
  });
}

/** Misbehaviours that leave an answer to judge, each a failure the checks must name. */
const ANSWERING = HOSTILE_BEHAVIOURS.filter((b) => !UNAVAILABLE.includes(b));
const targetName = (b: HostileBehaviour) => `hostile ${b}`;

test(`providers that ${ANSWERING.map((b) => DESCRIBED[b]).join(', ')}: every check fails by itself, naming a rule and the evidence`, async () => {
  // One run judges them all, each server a target of a plan, observed: a check's failure is recorded and its test
  // passes, so that the run does not start a new worker after each (as a failed test would), and a crash, a
  // timeout or an error that is not a check's failure still fails the test.
  const bound = BOUND_MS * 2;
  test.setTimeout(bound + 30_000);
  const servers = await Promise.all(ANSWERING.map((b) => startHostileServer(b)));
  const dir = mkdtempSync(join(tmpdir(), 'pts-hostile-'));
  const planFile = join(dir, 'plan.json');
  const plan: Plan = { targets: servers.map((s) => ({ name: targetName(s.behaviour), baseUrl: s.url, projects: ['invoice'], mode: 'observe' })) };
  writeFileSync(planFile, JSON.stringify(plan));
  const run = await runProjects({
    projects: ['invoice'],
    grep: GREP,
    workers: 2,
    env: { [RUN_ENV.plan]: planFile, REQUEST_TIMEOUT: String(REQUEST_TIMEOUT), FC_NUM_RUNS: '10' },
    boundMs: bound,
  }).finally(() => Promise.all(servers.map((s) => s.stop())));
  try {
    const diagnostics = `exit ${run.code} in ${Math.round(run.ms)} ms\n--- stderr\n${run.stderr.slice(-3000)}\n--- stdout\n${run.stdout.slice(-3000)}`;
    expect(run.killed, `the run did not end within ${bound} ms\n${diagnostics}`).toBe(false);
    expect(run.report, `${run.reportError}\n${diagnostics}`).toBeDefined();
    const report = run.report!;
    expect(report.errors, 'no error outside the checks (setup, collection, worker crash)').toEqual([]);
    expect(`${run.stdout}\n${run.stderr}`).not.toMatch(CRASH);
    for (const server of servers) {
      const behaviour = server.behaviour;
      const mine = report.outcomes.filter((o) => o.target === targetName(behaviour));
      expect(mine, `${behaviour}: the whole slice ran`).toHaveLength(SLICE.length);
      for (const s of SLICE)
        expect(
          mine.some((o) => o.title.startsWith(`${targetName(behaviour)}: ${s}`)),
          `${behaviour} ran: ${s}`,
        ).toBe(true);
      expect(server.requests, `${behaviour}: the provider was actually asked`).toBeGreaterThan(0);
      for (const o of mine) expect(o.status, `${o.title}: a check's failure, not a timeout or crash\n${o.error ?? ''}`).toBe('passed');
      const failures = mine.flatMap((o) => o.observedErrors.map((error) => ({ title: o.title, error })));
      expect(failures.length, `${behaviour}: at least one check fails`).toBeGreaterThan(0);
      for (const f of failures) {
        const where = `${f.title}\n${f.error}`;
        expect(f.error, where).toMatch(/^\[[A-Z0-9]+(?:-[A-Z0-9_]+)+\] /);
        expect(f.error, where).toMatch(EVIDENCE[behaviour]);
      }
      test.info().annotations.push({
        type: 'run',
        description: `${behaviour}: ${failures.length} failure(s) in ${mine.length} checks, ${server.requests} request(s) reached the provider`,
      });
    }
    test.info().annotations.push({ type: 'run', description: `one run: exit ${run.code}, ${(run.ms / 1000).toFixed(1)} s` });
  } finally {
    run.cleanup();
    rmSync(dir, { recursive: true, force: true });
    for (const server of servers) removeBreakerFiles(server.url);
  }
});
