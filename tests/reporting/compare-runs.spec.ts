// npm run compare -- OLD NEW: new failures, fixed checks, added/removed checks, rule status and response
// shape changes, in compare.md and compare.json; exit 0, 1 with --fail-on-new and new failures, 2 unreadable.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareSummaries } from '../../reporting/compare.js';
import type { Summary } from '../../reporting/summary-file.js';
import { childEnv, fixtureSummary, lines, runPlaywright, runScript, tempDir as makeTemp } from './gate-support.js';

const OLD = fixtureSummary([
  { title: 'stays green', status: 'passed', responseShapes: ['HTTP 200 {a:string}'] },
  { title: 'breaks', rules: ['DOC-PAY-CREATED_AT'], status: 'passed', responseShapes: ['HTTP 200 {created_at:string}'] },
  { title: 'gets fixed', rules: ['PRO-HTTP-405'], status: 'failed', failure: '[PRO-HTTP-405] got 404' },
  { title: 'still broken', rules: ['DOC-PAY-ID'], status: 'failed' },
  { title: 'goes away', rules: ['DOC-VER-PATH'], status: 'passed' },
  { title: 'gets skipped', rules: ['PRO-ERR-ANTIFRAUD'], status: 'passed' },
  { title: 'schema', rules: ['DOC-INV-RES-PAYMENT', 'DOC-PAY-STATE'], status: 'passed' },
]);
const NEW = fixtureSummary([
  { title: 'stays green', status: 'passed', responseShapes: ['HTTP 200 {a:number}'] },
  {
    title: 'breaks',
    rules: ['DOC-PAY-CREATED_AT'],
    status: 'failed',
    failure: '[DOC-PAY-CREATED_AT] millis',
    responseShapes: ['HTTP 200 {created_at:string}'],
  },
  { title: 'gets fixed', rules: ['PRO-HTTP-405'], status: 'passed' },
  { title: 'still broken', rules: ['DOC-PAY-ID'], status: 'failed' },
  { title: 'new and failing', rules: ['DOC-HTTP-POST'], status: 'failed' },
  { title: 'gets skipped', rules: ['PRO-ERR-ANTIFRAUD'], status: 'skipped' },
  {
    title: 'schema',
    rules: ['DOC-INV-RES-PAYMENT', 'DOC-PAY-STATE'],
    status: 'failed',
    failure: '[DOC-PAY-STATE] state is one of processing, declined, deposited',
  },
]);

test('the comparison finds every kind of change', () => {
  const c = compareSummaries(OLD, NEW, 'old', 'new');
  const titles = (xs: { id: string }[]) => xs.map((x) => x.id.split(' › ').pop());
  expect(titles(c.newFailures)).toEqual(['breaks', 'new and failing', 'schema']);
  expect(c.newFailures.map((f) => f.before)).toEqual(['passed', 'absent', 'passed']);
  expect(c.newFailures.map((f) => f.failedRule)).toEqual(['DOC-PAY-CREATED_AT', 'DOC-HTTP-POST', 'DOC-PAY-STATE']);
  expect(titles(c.fixed)).toEqual(['gets fixed']);
  expect(titles(c.stillFailing)).toEqual(['still broken']);
  expect(titles(c.added)).toEqual(['new and failing']);
  expect(titles(c.removed)).toEqual(['goes away']);
  expect(c.statusChanges.map((s) => [s.id.split(' › ').pop(), s.before, s.after])).toEqual([['gets skipped', 'passed', 'skipped']]);
  expect(titles(c.shapeChanges)).toEqual(['stays green']);
  expect(c.ruleChanges).toEqual(
    expect.arrayContaining([
      { rule: 'DOC-PAY-CREATED_AT', kind: 'documented', before: 'passed', after: 'failed' },
      { rule: 'PRO-HTTP-405', kind: 'profile', before: 'failed', after: 'passed' },
      { rule: 'DOC-VER-PATH', kind: 'documented', before: 'passed', after: 'absent' },
      { rule: 'DOC-HTTP-POST', kind: 'documented', before: 'absent', after: 'failed' },
      { rule: 'DOC-PAY-STATE', kind: 'documented', before: 'passed', after: 'failed' },
      // The schema check failed on DOC-PAY-STATE: its other rule is not proven, not failed.
      { rule: 'DOC-INV-RES-PAYMENT', kind: 'documented', before: 'passed', after: 'not proven' },
      { rule: 'PRO-ERR-ANTIFRAUD', kind: 'profile', before: 'passed', after: 'not run' },
    ]),
  );
  expect(c.ruleChanges).toHaveLength(7);
  expect(compareSummaries(OLD, OLD, 'a', 'a')).toMatchObject({ newFailures: [], fixed: [], added: [], removed: [], ruleChanges: [], shapeChanges: [] });
});

test('a check that sampled another documented answer the old run also saw is not a shape change', () => {
  const card = 'HTTP 200 {payment:{credentials:{card_pan:string}}}';
  const fps = 'HTTP 200 {payment:{credentials:{holder:string,phone:string}}}';
  const renamed = 'HTTP 200 {payment:{credentials:{cardPan:string}}}';
  const old = fixtureSummary([
    { title: 'one invoice', status: 'passed', responseShapes: [card] },
    { title: 'many invoices', status: 'passed', responseShapes: [card, fps] },
  ]);
  const sampled = fixtureSummary([
    { title: 'one invoice', status: 'passed', responseShapes: [fps] },
    { title: 'many invoices', status: 'passed', responseShapes: [card, fps] },
  ]);
  expect(compareSummaries(old, sampled, 'a', 'b').shapeChanges).toEqual([]);
  const changed = fixtureSummary([
    { title: 'one invoice', status: 'passed', responseShapes: [renamed] },
    { title: 'many invoices', status: 'passed', responseShapes: [renamed, fps] },
  ]);
  const c = compareSummaries(old, changed, 'a', 'b');
  expect(c.shapeChanges.map((s) => [s.id.split(' › ').pop(), s.before, s.after])).toEqual([
    ['one invoice', [card], [renamed]],
    ['many invoices', [card, fps], [renamed, fps]],
  ]);
});

test('a summary from before 0.2.0 (one responseShape per check) still compares', () => {
  const card = 'HTTP 200 {payment:{credentials:{card_pan:string}}}';
  const legacy = fixtureSummary([{ title: 'one invoice', status: 'passed' }]);
  (legacy.checks[0] as unknown as Record<string, unknown>).responseShape = card;
  const same = fixtureSummary([{ title: 'one invoice', status: 'passed', responseShapes: [card] }]);
  const changed = fixtureSummary([{ title: 'one invoice', status: 'passed', responseShapes: ['HTTP 200 {payment:{}}'] }]);
  expect(compareSummaries(legacy, same, 'a', 'b').shapeChanges).toEqual([]);
  expect(compareSummaries(legacy, changed, 'a', 'b').shapeChanges.map((s) => s.before)).toEqual([[card]]);
});

test.describe('npm run compare', () => {
  const dirs: string[] = [];

  test.afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  const tempDir = (prefix: string) => {
    const d = makeTemp(prefix);
    dirs.push(d);
    return d;
  };
  function write(dir: string, name: string, s: Summary | string): string {
    mkdirSync(join(dir, name), { recursive: true });
    const file = join(dir, name, 'summary.json');
    writeFileSync(file, typeof s === 'string' ? s : JSON.stringify(s));
    return file;
  }

  test('files or directories; writes compare.md and .json; exit 0, or 1 with --fail-on-new', async () => {
    const dir = tempDir('compare');
    const oldFile = write(dir, 'old', OLD);
    write(dir, 'new', NEW);
    const out = join(dir, 'out');
    const r = await runScript('scripts/compare.ts', [oldFile, join(dir, 'new'), '--out', out], childEnv());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('3 new failure(s), 1 fixed, 1 still failing, 1 added, 1 removed, 7 rule status change(s)');
    expect(r.stdout).toContain('rule DOC-INV-RES-PAYMENT: passed → not proven');
    expect(r.stdout).toContain('NEW failure: invoice › suite/conformance/invoice/fixture.spec.ts › breaks (was passed) — [DOC-PAY-CREATED_AT] millis');
    const md = readFileSync(join(out, 'compare.md'), 'utf8');
    for (const h of [
      '## New failures (3)',
      '## Fixed checks (1)',
      '## Checks added (1)',
      '## Checks removed (1)',
      '## Rule status changes (7)',
      '## Response shape changes (1)',
    ])
      expect(md).toContain(h);
    expect(md).toContain('HTTP 200 {a:string} | HTTP 200 {a:number}');
    expect(md).toContain('| DOC-INV-RES-PAYMENT | documented | passed | not proven |');
    expect(JSON.parse(readFileSync(join(out, 'compare.json'), 'utf8')).newFailures).toHaveLength(3);

    const gate = await runScript('scripts/compare.ts', ['--fail-on-new', oldFile, join(dir, 'new'), '--out', out], childEnv());
    expect(gate.code).toBe(1);
    const same = await runScript('scripts/compare.ts', ['--fail-on-new', oldFile, oldFile, '--out', out], childEnv());
    expect(same.code).toBe(0);
  });

  test("a summary.json of suite 0.2.0 still compares, with today's verdicts and a note", async () => {
    const dir = tempDir('compare-legacy');
    // As suite 0.2.0 wrote it: no failedRule, no suiteErrors, and every rule of a failing check failed.
    const legacy = JSON.parse(JSON.stringify(NEW)) as Summary;
    legacy.suiteVersion = '0.2.0';
    delete (legacy as Partial<Summary>).suiteErrors;
    for (const c of legacy.checks) delete c.failedRule;
    legacy.rules['DOC-INV-RES-PAYMENT'] = { kind: 'documented', status: 'failed', checks: legacy.rules['DOC-INV-RES-PAYMENT'].checks };
    const r = await runScript('scripts/compare.ts', [write(dir, 'old', legacy), write(dir, 'new', NEW), '--out', join(dir, 'out')], childEnv());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('0 new failure(s), 0 fixed, 4 still failing, 0 added, 0 removed, 0 rule status change(s)');
    expect(readFileSync(join(dir, 'out', 'compare.md'), 'utf8')).toContain('The old summary predates suite 0.3.0: its rule verdicts were recomputed');
  });

  test('default output is $PTS_REPORTS_DIR; unreadable inputs are exit 2 with one line', async () => {
    const dir = tempDir('compare');
    const oldFile = write(dir, 'old', OLD);
    const reports = join(dir, 'reports');
    const r = await runScript('scripts/compare.ts', [oldFile, oldFile], childEnv({ PTS_REPORTS_DIR: reports }));
    expect(r.code).toBe(0);
    expect(readFileSync(join(reports, 'compare.md'), 'utf8')).toContain('# Run comparison');

    for (const [args, message] of [
      [[oldFile, join(dir, 'missing')], /cannot be read \(ENOENT\)/],
      [[oldFile, write(dir, 'garbage', '{nope')], /is not JSON/],
      [[oldFile, write(dir, 'other', '{"checks": 3}')], /is not a summary\.json/],
      [[oldFile], /usage: npm run compare -- OLD NEW/],
    ] as const) {
      const bad = await runScript('scripts/compare.ts', [...args], childEnv({ PTS_REPORTS_DIR: reports }));
      expect(bad.code).toBe(2);
      expect(lines(bad.stderr)).toEqual([expect.stringMatching(message)]);
    }
  });

  test('two real runs: a clean and a faulted provider', async () => {
    const dir = tempDir('compare-real');
    const suite = (name: string, faults: string) =>
      runPlaywright(
        ['--project=invoice', '-g', 'created_at has the shape|amount min \\(', `--output=${join(dir, name, 'results')}`],
        childEnv({ PTS_REPORTS_DIR: join(dir, name), PTS_FAULTS: faults, FC_NUM_RUNS: '3' }),
      );
    const [clean, faulted] = await Promise.all([suite('clean', ''), suite('faulted', 'created-at-millis')]);
    expect(clean.code, clean.stdout).toBe(0);
    expect(faulted.code, faulted.stdout).toBe(1);
    const r = await runScript('scripts/compare.ts', [join(dir, 'clean'), join(dir, 'faulted'), '--out', join(dir, 'out'), '--fail-on-new'], childEnv());
    expect(r.code, r.stdout + r.stderr).toBe(1);
    const c = JSON.parse(readFileSync(join(dir, 'out', 'compare.json'), 'utf8'));
    expect(c.newFailures.map((f: { rules: string[]; failedRule: string }) => [f.rules, f.failedRule])).toEqual([
      [['DOC-PAY-CREATED_AT'], 'DOC-PAY-CREATED_AT'],
    ]);
    expect(c.ruleChanges).toContainEqual({ rule: 'DOC-PAY-CREATED_AT', kind: 'documented', before: 'passed', after: 'failed' });
    expect(c.added).toEqual([]);
    expect(c.removed).toEqual([]);
    const back = await runScript('scripts/compare.ts', [join(dir, 'faulted'), join(dir, 'clean'), '--out', join(dir, 'out')], childEnv());
    expect(back.stdout).toContain('0 new failure(s), 1 fixed');
  });
});
