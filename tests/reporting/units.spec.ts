// Unit self-tests of the reporting pieces: response shapes, rule title suffixes, rule verdicts from what
// failed, the Allure filing of a check, reading older summaries, and the gate's project selection (with the
// whole-run teardown a selection brings along), and how a matrix run groups its tests for the workers.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import config from '../../playwright.config.js';
import { requirementOf } from '../../contracts/requirements.js';
import { rule } from '../../suite/runner/declarations.js';
import { jsonShape, responseShape } from '../../suite/harness/shape.js';
import { fileCheck, localizeEpic, type RefiledResult } from '../../reporting/allure-reporter.js';
import { stripRuleSuffix } from '../../reporting/summary-reporter.js';
import { failedRuleOf, ruleEntry, suiteErrorsOf, type JudgedCheck } from '../../reporting/summary-model.js';
import { upgradeSummary, type Summary } from '../../reporting/summary-file.js';
import { compareSummaries } from '../../reporting/compare.js';
import { projectArgs } from '../../scripts/args.js';
import { browserProjects, selectedProjects } from '../../scripts/gate/projects.js';
import { chromiumCandidates, DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, findChromium, SYSTEM_CHROMIUM_ENV } from '../../suite/runner/browser.js';
import { fixtureSummary } from './gate-support.js';
import { childEnv, runSuite } from '../../scripts/child-run.js';
import { CONFORMANCE_PROJECTS, WHOLE_RUN_PROJECT } from '../../suite/runner/projects.js';
import { coverageMarkdown, coverageRows } from '../../reporting/coverage.js';
import { readOutcomes, type TestOutcome } from '../../reporting/playwright-json.js';
import {
  attributeAlarms,
  attributionTargets,
  chooseVariations,
  COMBINED,
  COMBINED_UNHIDDEN,
  COMBINED_NETWORK,
  variationLines,
  variationMarkdown,
  variationMatrix,
  variationTargets,
} from '../../scripts/matrix/variations.js';
import { traceability, traceabilityMarkdown } from '../../reporting/requirements-report.js';
import { ANNOTATION } from '../../contracts/run-protocol.js';
import { combinedUnhidden, type Area } from '../../mock/variations/catalog.js';
import { NETWORK_VARIATIONS } from '../../mock/network.js';

test('response shapes: sorted keys, type names, arrays, data-keyed maps collapsed', () => {
  const invoice = {
    transaction: 'x',
    redirect_url: 'https://p',
    payment: { id: 1, state: 'processing', error_code: null, error_description: null, credentials: { card_pan: '220000******0004' }, created_at: 't' },
    deeplink: { SBER_FOREIGN: 'a', TINKOFF_FOREIGN: 'b', VTB_FOREIGN: 'c' },
  };
  expect(jsonShape(invoice)).toBe(
    '{deeplink:{*:string},payment:{created_at:string,credentials:{card_pan:string},error_code:null,error_description:null,id:number,state:string},redirect_url:string,transaction:string}',
  );
  expect(jsonShape({ amount: ['m'], 'payload.client_id': ['m', 'n'] })).toBe('{amount:[string],payload.client_id:[string]}');
  expect(jsonShape({ ok: true, list: [1, 'a', 2], empty: [], nested: {} })).toBe('{empty:[],list:[number|string],nested:{},ok:boolean}');
  expect(jsonShape({ A_FOREIGN: 'x', B_FOREIGN: 1 })).toBe('{"A_FOREIGN":string,"B_FOREIGN":number}');
  expect(responseShape({ request: {}, response: { status: 422, headers: {}, bodyText: '{}', json: { amount: ['x'] } } })).toBe('HTTP 422 {amount:[string]}');
  expect(responseShape({ request: {}, response: { status: 405, headers: {}, bodyText: '' } })).toBe('HTTP 405 empty');
  expect(responseShape({ request: {}, response: { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' }, bodyText: '<p>' } })).toBe(
    'HTTP 500 text/html',
  );
  expect(responseShape({ request: {}, transportError: 'ECONNRESET' })).toBe('no response');
  expect(responseShape('nonsense')).toBeUndefined();
});

test('the [IDs] suffix comes off a rule title, and only that', () => {
  const [title] = rule(['DOC-LIMIT-INV-AMOUNT', 'PRO-VAL-AMOUNT-RANGE'], 'amounts [10 000..40 000 000] are refused');
  expect(stripRuleSuffix(title)).toBe('amounts [10 000..40 000 000] are refused');
  expect(stripRuleSuffix('a plain title')).toBe('a plain title');
});

test('rule() adds the Allure labels of its first rule (the Allure reporter adds the section links)', () => {
  const [, details] = rule(['DOC-PAY-CREATED_AT', 'PRO-INV-SUCCESS'], 'x');
  const annotations = Array.isArray(details.annotation) ? details.annotation : [details.annotation!];
  const byType = Object.fromEntries(annotations.filter((a) => a.type !== 'rule').map((a) => [a.type, a.description]));
  expect(byType).toEqual({
    '@allure.label.epic': 'invoice',
    '@allure.label.feature': 'Resources and their fields / payment object',
    '@allure.label.story': 'DOC-PAY-CREATED_AT created_at has the shape YYYYMMDDTHHMMSS.ffffffZ',
    '@allure.label.severity': 'critical',
  });
  expect(annotations.filter((a) => a.type === 'rule').map((a) => a.description)).toEqual(['DOC-PAY-CREATED_AT', 'PRO-INV-SUCCESS']);
  expect(details.tag).toEqual(['@documented']);
});

test('a check of a rule for every operation is filed in Allure under the operation it ran against', () => {
  const [, details] = rule('PRO-ERR-MALFORMED', 'x');
  const annotations = (Array.isArray(details.annotation) ? details.annotation : [details.annotation!]).map((a) => ({ ...a }));
  const epic = () => annotations.find((a) => a.type === '@allure.label.epic')?.description;
  expect(epic()).toBe('all');
  localizeEpic(annotations, 'account2card');
  expect(epic()).toBe('account2card');
  const [, invoiceDetails] = rule('DOC-PAY-CREATED_AT', 'x');
  const own = (Array.isArray(invoiceDetails.annotation) ? invoiceDetails.annotation : [invoiceDetails.annotation!]).map((a) => ({ ...a }));
  localizeEpic(own, 'status');
  expect(own.find((a) => a.type === '@allure.label.epic')?.description, "an operation's own rule keeps its epic").toBe('invoice');
});

test("a failure line names its rule: `[RULE-ID] title`, after Playwright's class prefix; anything else names none", () => {
  expect(failedRuleOf('[DOC-PAY-CREATED_AT] created_at has the shape')).toBe('DOC-PAY-CREATED_AT');
  expect(failedRuleOf('CheckFailure: [PRO-HTTP-405] methods other than POST get 405')).toBe('PRO-HTTP-405');
  expect(failedRuleOf('[DOC-NO-SUCH-RULE] made up')).toBeNull();
  expect(failedRuleOf('Error: expect(received).toBeGreaterThan(expected)')).toBeNull();
  expect(failedRuleOf('Test timeout of 30000ms exceeded.')).toBeNull();
  expect(failedRuleOf('see [DOC-PAY-ID] later in the line')).toBeNull();
  expect(failedRuleOf(undefined)).toBeNull();
});

test.describe('rule verdicts from what failed', () => {
  const schema: JudgedCheck = {
    id: 'schema',
    rules: ['DOC-INV-RES-PAYMENT', 'DOC-PAY-ID', 'DOC-PAY-CREATED_AT'],
    status: 'failed',
    failedRule: 'DOC-PAY-CREATED_AT',
  };
  const createdAt: JudgedCheck = { id: 'created_at', rules: ['DOC-PAY-CREATED_AT'], status: 'failed', failedRule: 'DOC-PAY-CREATED_AT' };
  const idPasses: JudgedCheck = { id: 'id', rules: ['DOC-PAY-ID'], status: 'passed' };
  const verdict = (id: string, checks: JudgedCheck[]) => ruleEntry(requirementOf(id), checks);

  test("the rule a failure names fails; the failing check's other rules are not proven, unless another check passed them", () => {
    const run = [schema, createdAt, idPasses];
    expect(verdict('DOC-PAY-CREATED_AT', run)).toEqual({
      kind: 'documented',
      status: 'failed',
      checks: ['schema', 'created_at'],
      failedBy: ['schema', 'created_at'],
    });
    expect(verdict('DOC-INV-RES-PAYMENT', run)).toEqual({
      kind: 'documented',
      status: 'not proven',
      checks: ['schema'],
      notProvenBy: [{ check: 'schema', failedRule: 'DOC-PAY-CREATED_AT' }],
    });
    expect(verdict('DOC-PAY-ID', run).status).toBe('passed');
    expect(verdict('DOC-PAY-ID', [schema]).status).toBe('not proven');
  });

  test('a failure naming a rule the check does not declare (a precondition) fails that rule', () => {
    const precondition: JudgedCheck = { id: 'deeplinks', rules: ['PRO-INV-DEEPLINK-COUNT'], status: 'failed', failedRule: 'DOC-INV-RES-TRANSACTION' };
    expect(verdict('DOC-INV-RES-TRANSACTION', [precondition])).toMatchObject({ status: 'failed', checks: [], failedBy: ['deeplinks'] });
    expect(verdict('PRO-INV-DEEPLINK-COUNT', [precondition])).toMatchObject({
      status: 'not proven',
      notProvenBy: [{ check: 'deeplinks', failedRule: 'DOC-INV-RES-TRANSACTION' }],
    });
  });

  test('a failure naming no rule (a suite error) fails no rule: its rules are not proven, and it is listed', () => {
    const broken: JudgedCheck = { id: 'broken', rules: ['DOC-PAY-ID'], status: 'failed', failure: 'Error: generators produce variants' };
    expect(verdict('DOC-PAY-ID', [broken])).toMatchObject({ status: 'not proven', notProvenBy: [{ check: 'broken', failedRule: null }] });
    expect(suiteErrorsOf([broken, schema, idPasses])).toEqual(['broken']);
  });

  test('a check that could not get an answer leaves its rules not judged, unless another check passed or failed them', () => {
    const lost: JudgedCheck = { id: 'lost', rules: ['DOC-PAY-ID', 'DOC-PAY-STATE'], status: 'not judged' };
    expect(verdict('DOC-PAY-ID', [lost])).toEqual({ kind: 'documented', status: 'not judged', checks: ['lost'], notJudgedBy: ['lost'] });
    expect(verdict('DOC-PAY-ID', [lost, idPasses]).status).toBe('passed');
    expect(verdict('DOC-PAY-STATE', [lost, { id: 'x', rules: ['DOC-PAY-STATE'], status: 'failed', failedRule: 'DOC-PAY-STATE' }]).status).toBe('failed');
    expect(suiteErrorsOf([lost]), 'no verdict is no suite error either').toEqual([]);
  });

  test('skipped or absent checks leave a rule not run; flaky counts as passed; untestable stays untestable', () => {
    expect(verdict('DOC-PAY-ID', [{ id: 's', rules: ['DOC-PAY-ID'], status: 'skipped' }]).status).toBe('not run');
    expect(verdict('DOC-PAY-ID', []).status).toBe('not run');
    expect(verdict('DOC-PAY-ID', [{ id: 'f', rules: ['DOC-PAY-ID'], status: 'flaky', failure: '[DOC-PAY-ID] once' }]).status).toBe('passed');
  });
});

test("a summary written before 0.3.0 is read with today's verdicts, so compare shows provider changes only", () => {
  const current = fixtureSummary([
    { title: 'schema', rules: ['DOC-INV-RES-PAYMENT', 'DOC-PAY-CREATED_AT'], status: 'failed', failure: '[DOC-PAY-CREATED_AT] created_at has the shape' },
  ]);
  expect(current.rules['DOC-INV-RES-PAYMENT'].status).toBe('not proven');
  // The same run as suite 0.2.0 wrote it: no failedRule, every declared rule failed.
  const legacy = JSON.parse(JSON.stringify(current)) as Summary;
  legacy.suiteVersion = '0.2.0';
  delete legacy.checks[0].failedRule;
  delete (legacy as Partial<Summary>).suiteErrors;
  for (const r of Object.values(legacy.rules)) {
    r.status = 'failed';
    delete r.failedBy;
    delete r.notProvenBy;
  }
  const read = upgradeSummary(legacy);
  expect(read.checks[0].failedRule).toBe('DOC-PAY-CREATED_AT');
  expect(read.rules['DOC-INV-RES-PAYMENT'].status).toBe('not proven');
  expect(read.verdictsRecomputed).toBe(true);
  expect(compareSummaries(read, current, 'old', 'new').ruleChanges).toEqual([]);
  expect(upgradeSummary(current), 'a current summary is taken as written').toEqual(current);
});

test.describe('Allure filing of a check', () => {
  const labels = () => [
    { name: 'epic', value: 'invoice' },
    { name: 'feature', value: 'Resources and their fields / Payment (in the invoice response)' },
    { name: 'story', value: 'DOC-INV-RES-PAYMENT payment is an object with the documented fields' },
    { name: 'severity', value: 'critical' },
  ];
  const declared = ['DOC-INV-RES-PAYMENT', 'DOC-PAY-ID', 'DOC-PAY-CREATED_AT'];

  test("a failing check goes under the rule it failed, links every rule's section, and lists the others as not proven", () => {
    const result: RefiledResult = { labels: labels(), links: [{ type: 'tms', url: '../spec/payment-transfer-service.html#payment-in-the-invoice-response' }] };
    expect(fileCheck(result, declared, 'CheckFailure: [DOC-PAY-CREATED_AT] created_at has the shape', 'invoice')).toBe('DOC-PAY-CREATED_AT');
    const label = (name: string) => result.labels.filter((l) => l.name === name).map((l) => l.value);
    expect(label('story')).toEqual(['DOC-PAY-CREATED_AT created_at has the shape YYYYMMDDTHHMMSS.ffffffZ']);
    expect(label('feature')).toEqual(['Resources and their fields / payment object']);
    expect(label('severity')).toEqual(['critical']);
    expect(result.links.map((l) => l.url)).toEqual([
      '../spec/payment-transfer-service.html#payment-object',
      '../spec/payment-transfer-service.html#payment-in-the-invoice-response',
    ]);
    expect(result.description).toContain('The check failed on DOC-PAY-CREATED_AT');
    expect(result.description).toMatch(/Not proven in this run[\s\S]*- DOC-INV-RES-PAYMENT [\s\S]*- DOC-PAY-ID /);
    expect(result.description).not.toContain('- DOC-PAY-CREATED_AT');
  });

  test('a passing check keeps its filing and gets its sections; a failure naming no rule says so', () => {
    const passing: RefiledResult = { labels: labels(), links: [] };
    expect(fileCheck(passing, declared, undefined, 'invoice')).toBeUndefined();
    expect(passing.labels).toEqual(labels());
    expect(passing.links).toHaveLength(2);
    expect(passing.description).toBeUndefined();
    const broken: RefiledResult = { labels: labels(), links: [] };
    expect(fileCheck(broken, declared, 'Test timeout of 30000ms exceeded.', 'invoice')).toBeNull();
    expect(broken.labels).toEqual(labels());
    expect(broken.description).toMatch(/without naming a rule[\s\S]*- DOC-INV-RES-PAYMENT[\s\S]*- DOC-PAY-CREATED_AT/);
  });
});

test.describe('which projects a gate run selects, and which need a browser', () => {
  const projects = [
    { name: 'invoice', browser: false },
    { name: 'payment-page', browser: true },
    { name: 'callbacks', browser: true },
    { name: 'selftest', browser: false },
  ];
  const all = ['invoice', 'payment-page', 'callbacks'];

  test('--project forms, wildcards and letter case as Playwright reads them', () => {
    expect(projectArgs(['-g', 'x'])).toBeUndefined();
    expect(projectArgs(['--project=invoice', '--project', 'callbacks', 'payment-page', '-g', 'x'])).toEqual(['invoice', 'callbacks', 'payment-page']);
    expect(selectedProjects([], all, projects)).toEqual(all);
    expect(selectedProjects(['--project=INVOICE'], all, projects)).toEqual(['invoice']);
    expect(selectedProjects(['--project=pay*'], all, projects)).toEqual(['payment-page']);
    expect(browserProjects(selectedProjects([], all, projects), projects)).toEqual(['payment-page', 'callbacks']);
    expect(browserProjects(selectedProjects(['--project=invoice'], all, projects), projects)).toEqual([]);
    // In the order named, each once, whatever order the configuration gives the dispatcher.
    expect(selectedProjects(['--project=callbacks', '--project=invoice', '--project=c*'], all, [...projects].reverse())).toEqual(['callbacks', 'invoice']);
    expect(browserProjects(['callbacks', 'invoice', 'payment-page'], projects)).toEqual(['callbacks', 'payment-page']);
  });

  test("the whole-run teardown comes with any area, and takes the run's --grep as its own", async () => {
    const listed = async (...args: string[]) => {
      const run = await runSuite({ args: ['--list', ...args], env: childEnv(), boundMs: 120_000 });
      run.cleanup();
      return (run.report?.outcomes ?? []).filter((o) => o.project === WHOLE_RUN_PROJECT).map((o) => o.rules[0]!);
    };
    const all = await listed('--project=invoice');
    expect(all.length, 'the whole-run checks come with the invoice area').toBeGreaterThan(2);
    const documented = await listed('--project=invoice', '--grep', '@documented');
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.length).toBeLessThan(all.length);
    expect(
      documented.every((first) => first.startsWith('DOC-')),
      'the first rule decides the tag',
    ).toBe(true);
    expect(await listed('--project=invoice', '-g', 'amount min')).toEqual([]);
  });

  test("a matrix run declares a target's API checks of an area as one group, and each browser check alone, save those sharing a look: one group a target", async () => {
    // Which suite each listed test sits in, as a reporter sees it (the JSON report merges untitled suites).
    const dir = mkdtempSync(join(tmpdir(), 'pts-groups-'));
    try {
      const reporter = join(dir, 'parents.mjs');
      writeFileSync(
        reporter,
        `import { writeFileSync } from 'node:fs';
export default class { onBegin(_, suite) {
  const ids = new Map();
  const rows = suite.allTests().map((t) => [t.parent.project().name, t.title.split(':')[0], t.parent.type === 'file' ? 'file' : 'group' + (ids.get(t.parent) ?? ids.set(t.parent, ids.size).size - 1), t.annotations.find((a) => a.type === 'check')?.description ?? '']);
  writeFileSync(${JSON.stringify(join(dir, 'parents.json'))}, JSON.stringify(rows));
} }`,
      );
      const plan = join(dir, 'plan.json');
      writeFileSync(plan, JSON.stringify({ targets: ['a', 'b'].map((name) => ({ name, projects: ['invoice', 'payment-page'] })) }));
      const run = await runSuite({
        args: ['--list', '--project=invoice', '--project=payment-page'],
        reporter,
        env: childEnv({ PTS_PLAN: plan }),
        boundMs: 120_000,
      });
      run.cleanup();
      expect(run.code, run.stderr).toBe(0);
      const rows = JSON.parse(readFileSync(join(dir, 'parents.json'), 'utf8')) as [string, string, string, string][];
      const where = (project: string, target: string, check = /./) =>
        new Set(rows.filter(([p, t, , c]) => p === project && t === target && check.test(c)).map(([, , parent]) => parent));
      const [a, b] = [where('invoice', 'a'), where('invoice', 'b')];
      expect([a.size, b.size], 'each target: all its invoice checks in one group').toEqual([1, 1]);
      expect([...a][0]).not.toBe([...b][0]);
      expect([...a][0]).not.toBe('file');
      const [pageA, pageB] = [where('payment-page', 'a', /^pageAnswerProtected\(/), where('payment-page', 'b', /^pageAnswerProtected\(/)];
      expect(where('payment-page', 'a', /^pressSettlesPayment\(/), 'browser checks each a test of the file').toEqual(new Set(['file']));
      expect([pageA.size, pageB.size], 'the checks sharing a look: one group a target').toEqual([1, 1]);
      expect([...pageA][0]).not.toBe([...pageB][0]);
      expect([...pageA][0]).not.toBe('file');
      expect(rows.filter(([p]) => p === 'invoice').length).toBeGreaterThan(20);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the registry marks payment-page and callbacks as browser projects, and the configuration's are the registry's", () => {
    expect(browserProjects(selectedProjects([], all)).sort()).toEqual(['callbacks', 'payment-page']);
    const configured = (config.projects ?? []).filter((p) => (p.metadata as { browser?: boolean } | undefined)?.browser === true).map((p) => p.name);
    expect(configured.sort()).toEqual(browserProjects(selectedProjects([], CONFORMANCE_PROJECTS)).sort());
  });

  test(`Debian's headless shell is looked for before its Chromium, and neither when ${SYSTEM_CHROMIUM_ENV} names another`, () => {
    const system = (env: Record<string, string>) =>
      chromiumCandidates(env)
        .filter((c) => c.source === 'system')
        .map((c) => c.path);
    expect(system({})).toEqual([DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM]);
    expect(system({ [SYSTEM_CHROMIUM_ENV]: '/opt/other/chrome' })).toEqual(['/opt/other/chrome']);
  });

  test(`${SYSTEM_CHROMIUM_ENV} names the system browser to look for`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'pts-browser-'));
    try {
      const fake = join(dir, 'chromium');
      writeFileSync(fake, '#!/bin/sh\n');
      chmodSync(fake, 0o755);
      expect(findChromium({ [SYSTEM_CHROMIUM_ENV]: fake })).toEqual({ path: fake, source: 'system' });
      chmodSync(fake, 0o644);
      expect(findChromium({ [SYSTEM_CHROMIUM_ENV]: fake })?.path, 'a file that cannot be run is no browser').not.toBe(fake);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('value-class coverage', () => {
  const note = (field: string, place: string, places: string[], known: string[], checked: string[]) => ({
    type: ANNOTATION.coverage,
    description: JSON.stringify({ field, place, places, known, checked }),
  });
  const PLACES = ['answer echo', 'status answer', 'callback'];

  test('the checks of a place add up; a class none judged is a gap; skipped and not run places say so', () => {
    const rows = coverageRows([
      { check: 'echo', skipped: false, annotations: [note('f', 'answer echo', PLACES, ['a', 'b', 'c'], ['a', 'b'])] },
      { check: 'echo again', skipped: false, annotations: [note('f', 'answer echo', PLACES, ['a', 'b', 'c'], ['c'])] },
      { check: 'status', skipped: true, annotations: [note('f', 'status answer', PLACES, ['a', 'b', 'c'], [])] },
      {
        check: 'page',
        skipped: false,
        annotations: [note('g', 'payment page', ['payment page'], ['x', 'y'], ['y']), { type: ANNOTATION.coverage, description: 'not json' }],
      },
    ]);
    expect(rows).toEqual([
      { field: 'f', place: 'answer echo', status: 'complete', known: ['a', 'b', 'c'], checked: ['a', 'b', 'c'], missing: [], checks: ['echo', 'echo again'] },
      { field: 'f', place: 'status answer', status: 'skipped', known: ['a', 'b', 'c'], checked: [], missing: ['a', 'b', 'c'], checks: ['status'] },
      { field: 'f', place: 'callback', status: 'not run', known: ['a', 'b', 'c'], checked: [], missing: ['a', 'b', 'c'], checks: [] },
      { field: 'g', place: 'payment page', status: 'gap', known: ['x', 'y'], checked: ['y'], missing: ['x'], checks: ['page'] },
    ]);
    const md = coverageMarkdown(rows).join('\n');
    expect(md).toContain('| Field | answer echo | status answer | callback | payment page |');
    expect(md).toContain('| f | 3/3 | skipped | not run | — |');
    expect(md).toContain('| g | — | — | — | 1/2 gap |');
    expect(md).toContain('### Gaps (1)');
    expect(md).toContain('- g × payment page: missing x (page)');
  });

  test('a summary without coverage (before it was reported) still gives requirements, with no coverage table', () => {
    const old = fixtureSummary([]);
    expect('coverage' in old).toBe(false);
    const t = traceability(old, ['invoice'], 'now');
    expect(t.coverage).toEqual([]);
    expect(traceabilityMarkdown(t, { baseUrl: null, profileDigest: null })).toContain('No check of this run noted value coverage.');
  });
});

test.describe('outcomes read from a Playwright JSON report', () => {
  /** The outcomes read back from a JSON report of one test that ended so. */
  function outcomesOf(result: { status: string; errors: { message: string; location?: { file: string; line: number; column: number } }[] }) {
    const dir = mkdtempSync(join(tmpdir(), 'pts-outcomes-'));
    try {
      const file = join(dir, 'report.json');
      const test = { projectName: 'lifecycle', annotations: [], results: [{ ...result, duration: 75_500, annotations: [] }] };
      writeFileSync(file, JSON.stringify({ suites: [{ title: 'x', specs: [{ title: 'a race', tests: [test] }] }], errors: [] }));
      return readOutcomes(file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test('a test that ran out of time names what it was still waiting for, and where', () => {
    const [outcome] = outcomesOf({
      status: 'timedOut',
      errors: [
        { message: 'Test timeout of 75500ms exceeded.' },
        {
          message: '\u001b[31mError: locator.evaluate: Test timeout of 75500ms exceeded.\u001b[39m\nCall log:\n  - waiting for getByRole',
          location: { file: join(process.cwd(), 'suite/checks/concurrency.ts'), line: 156, column: 3 },
        },
      ],
    }).outcomes;
    expect(outcome.message).toBe('Test timeout of 75500ms exceeded.');
    expect(outcome.stalledAt).toBe('Error: locator.evaluate: Test timeout of 75500ms exceeded. at suite/checks/concurrency.ts:156');
  });

  test('a test that failed in time has nothing it was still waiting for', () => {
    const { outcomes } = outcomesOf({ status: 'failed', errors: [{ message: '[PRO-STATE-FINAL] one final state' }, { message: 'Error: a second error' }] });
    expect(outcomes[0].stalledAt).toBeUndefined();
  });
});

test.describe("npm test's variation matrix: the all-at-once target judges the variations it shows", () => {
  const { variations } = chooseVariations(undefined);
  const names = (targets: { name: string }[]) => targets.map((t) => t.name);
  const failing = (target: string, title: string, rules: string[] = []): TestOutcome => ({
    title: `${target}: ${title}`,
    project: 'payment-page',
    location: 'suite/conformance/payment-page/payment-page.spec.ts:20',
    status: 'failed',
    message: '[PRO-PAGE-CONTENT] the amount',
    rules,
    target,
    property: false,
    observed: [],
    observedErrors: [],
    warnings: [],
    durationMs: 10,
  });

  test('a variation gets a target of its own when it is alone, or hidden in the all-at-once target and in the second one', () => {
    const targets = variationTargets(variations, 'unshown');
    const own = names(targets);
    const shown = variations.filter((v) => !v.alone && !v.hiddenWhenCombined);
    const unhidden = combinedUnhidden(variations);
    const network = variations.filter((v) => v.name in NETWORK_VARIATIONS);
    expect(shown.length).toBeGreaterThan(0);
    expect(unhidden.length).toBeGreaterThan(1);
    expect(network.length).toBeGreaterThan(1);
    for (const v of variations) expect(own.includes(`variation ${v.name}`), v.name).toBe(![...shown, ...unhidden, ...network].includes(v));
    // A hidden variation left out of the second target is hidden there too, by one of its members.
    for (const v of variations.filter((v) => v.hiddenWhenCombined && !unhidden.includes(v)))
      expect(
        unhidden.some((u) => v.hiddenWhenCombined!.by.includes(u.name) || u.hiddenWhenCombined!.by.includes(v.name)),
        v.name,
      ).toBe(true);
    // The combined targets first (the longest), the network's first of them.
    expect(own.slice(0, 3)).toEqual([COMBINED_NETWORK, COMBINED_UNHIDDEN, COMBINED]);
    expect(targets[0]!).toMatchObject({ provider: { variations: network.map((v) => v.name) }, projects: [...CONFORMANCE_PROJECTS] });
    expect(targets[0]!.rulesIn, 'network-drops sees every check').toBeUndefined();
    // The second target runs every check any of its variations sees: the page's passive look (frames, caches)
    // narrowed to its rules, the API areas whole.
    const second = targets[1]!;
    expect(second.provider?.variations).toEqual(unhidden.map((v) => v.name));
    for (const v of unhidden)
      for (const area of v.sees === 'all' ? second.projects! : v.sees) {
        expect(second.projects, `${v.name} sees ${area}`).toContain(area);
        const rules = v.rulesIn?.[area as Area] ?? v.rules;
        const judged = second.rulesIn?.[area];
        if (rules === undefined) expect(judged, `${v.name}: every check of ${area}`).toBeUndefined();
        else if (judged !== undefined) for (const r of rules) expect(judged, `${v.name}: ${area}`).toContain(r);
      }
    expect(names(variationTargets(variations, 'each'))).toEqual([COMBINED, ...variations.map((v) => `variation ${v.name}`)]);
    const m = variationMatrix(variations, [], [], 1, 'unshown');
    expect(m.combinedOnly).toEqual(variations.filter((v) => [...shown, ...unhidden, ...network].includes(v)).map((v) => v.name));
    expect(variationMarkdown(m)).toContain(`Judged only where they are combined`);
  });

  test('a false alarm of the all-at-once target is run again, on its checks, against each variation judged only there, and named', () => {
    expect(attributionTargets(variations, [{ ...failing(COMBINED, 'the page'), status: 'passed' }])).toEqual([]);
    const alarm = failing(COMBINED, 'the page shows the amount', ['PRO-PAGE-CONTENT']);
    const again = attributionTargets(variations, [alarm]);
    const shown = variations.filter((v) => !v.alone && !v.hiddenWhenCombined);
    expect(names(again)).toEqual(shown.map((v) => `variation ${v.name}`));
    for (const t of again) expect(t).toMatchObject({ projects: ['payment-page'], rules: ['PRO-PAGE-CONTENT'] });
    const m = attributeAlarms(variationMatrix(variations, [alarm], [], 1, 'unshown'), [
      failing(again[1]!.name, 'the page shows the amount'),
      { ...failing(again[0]!.name, 'the page shows the amount'), status: 'passed' },
      failing(again[2]!.name, 'another check'),
    ]);
    const row = m.rows.find((r) => r.target === COMBINED)!;
    expect(row.falseAlarms.map((a) => a.raisedAloneBy)).toEqual([[shown[1]!.name]]);
    expect(variationLines(m).join('\n')).toContain(`raised alone by: ${shown[1]!.name}`);
    expect(m.ok).toBe(false);
  });

  test('a false alarm of the second all-at-once target is named among its own variations only', () => {
    const unhidden = combinedUnhidden(variations);
    const alarm = { ...failing(COMBINED_UNHIDDEN, 'the page is not framed', ['PRO-SEC-PAGE-NO-FRAMING']), project: 'payment-page' };
    const again = attributionTargets(variations, [alarm]);
    expect(names(again)).toEqual(unhidden.map((v) => `variation ${v.name}`));
    for (const t of again) expect(t).toMatchObject({ projects: ['payment-page'], rules: ['PRO-SEC-PAGE-NO-FRAMING'] });
    const shown = variations.find((v) => !v.alone && !v.hiddenWhenCombined)!;
    const m = attributeAlarms(variationMatrix(variations, [alarm], [], 1, 'unshown'), [
      failing(again[0]!.name, 'the page is not framed'),
      failing(`variation ${shown.name}`, 'the page is not framed'), // judged elsewhere: not one of this target's
    ]);
    const row = m.rows.find((r) => r.target === COMBINED_UNHIDDEN)!;
    expect(row.falseAlarms.map((a) => a.raisedAloneBy)).toEqual([[unhidden[0]!.name]]);
    expect(m.rows.find((r) => r.target === COMBINED)!.falseAlarms).toEqual([]);
  });
});

test.describe('the variation matrix', () => {
  const [drops] = chooseVariations(['network-drops']).variations;
  const outcome = (target: string, status: 'passed' | 'skipped', notJudged?: string): TestOutcome => ({
    title: `${target}: a check`,
    project: 'invoice',
    location: 'suite/conformance/invoice/invoice.spec.ts:16',
    status,
    rules: [],
    target,
    property: false,
    observed: [],
    observedErrors: [],
    warnings: [],
    notJudged,
    durationMs: 10,
  });
  const run = (notJudged: number) => [
    ...Array.from({ length: 40 - notJudged }, () => outcome('variation network-drops', 'passed')),
    ...Array.from({ length: notJudged }, () => outcome('variation network-drops', 'skipped', 'POST /x: connection closed before a complete response')),
    ...Array.from({ length: 5 }, () => outcome('variation network-drops', 'skipped')),
    outcome('all combinable variations', 'passed'),
  ];

  test('accepts a variation with a few checks not judged, up to the share a complete run may have', () => {
    const m = variationMatrix([drops], run(2), [], 1);
    expect(m.rows[0]).toMatchObject({ checks: 45, passed: 38, skipped: 5, incomplete: false });
    expect(m.ok).toBe(true);
  });

  test('does not accept a variation with more of its checks not judged than a complete run may have: it would prove nothing', () => {
    const m = variationMatrix([drops], run(3), [], 1);
    expect(m.rows[0]).toMatchObject({ checks: 45, passed: 37, skipped: 5, incomplete: true });
    expect(m.ok).toBe(false);
    expect(variationLines(m).join('\n')).toContain('variation network-drops: 3 of 40 checks not judged, more than 5 %');
    expect(variationMarkdown(m)).toContain('| **3** (incomplete) |');
  });
});
