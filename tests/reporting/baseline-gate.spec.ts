// The known-failures baseline of the gate (npm run conformance --baseline FILE / BASELINE=FILE): accepted
// failures pass, a new failure fails and is named, stale entries are listed, a bad file is exit 2.
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyBaseline, validateBaseline, BaselineError, type Baseline } from '../../reporting/baseline.js';
import { childEnv, fixtureSummary, lines, runScript, tempDir } from './gate-support.js';

const ACCEPTED = { rule: 'DOC-PAY-CREATED_AT', check: 'created_at has the shape', reason: 'provider sends milliseconds; ticket PAY-1' };

test.describe('baseline file', () => {
  test('a valid file is accepted', () => {
    expect(validateBaseline({ $comment: 'x', entries: [ACCEPTED] })).toEqual([ACCEPTED]);
    expect(validateBaseline({ entries: [] })).toEqual([]);
  });

  for (const [name, raw, message] of [
    ['not an object', [], /must be a JSON object/],
    ['no entries', {}, /must be a JSON object/],
    ['unknown rule ID', { entries: [{ ...ACCEPTED, rule: 'DOC-NOPE' }] }, /entries\[0\]\.rule DOC-NOPE is not a requirement ID/],
    ['empty reason', { entries: [{ ...ACCEPTED, reason: ' ' }] }, /entries\[0\]\.reason must be a non-empty string/],
    ['missing check', { entries: [{ rule: ACCEPTED.rule, reason: 'r' }] }, /entries\[0\]\.check must be a non-empty string/],
    ['misspelt key', { entries: [{ ...ACCEPTED, reasons: 'r' }] }, /unknown key\(s\) reasons/],
    ['repeated entry', { entries: [ACCEPTED, ACCEPTED] }, /entries\[1\] repeats rule/],
  ] as const)
    test(`a file with ${name} is refused`, () => {
      expect(() => validateBaseline(raw)).toThrow(BaselineError);
      expect(() => validateBaseline(raw)).toThrow(message);
    });
});

test.describe('baseline verdict', () => {
  const baseline = (entries: Baseline['entries']): Baseline => ({ file: 'b.json', entries });
  const summary = fixtureSummary([
    { title: 'created_at has the shape YYYYMMDDTHHMMSS.ffffffZ', rules: ['DOC-PAY-CREATED_AT'], status: 'failed', failure: '[DOC-PAY-CREATED_AT] millis' },
    { title: 'methods other than POST get 405', rules: ['PRO-HTTP-405', 'DOC-HTTP-POST'], status: 'failed', failure: '[PRO-HTTP-405] 404' },
    { title: 'invoice amount min is accepted', rules: ['DOC-LIMIT-INV-AMOUNT'], status: 'passed' },
    { title: 'skipped one', rules: ['PRO-ERR-ANTIFRAUD'], status: 'skipped' },
  ]);

  test('every failure accepted → exit 0; a failure outside the baseline → NEW, exit 1', () => {
    const all = applyBaseline(summary, baseline([ACCEPTED, { rule: 'PRO-HTTP-405', check: summary.checks[1].id, reason: 'r' }]));
    expect(all.exitCode).toBe(0);
    expect(all.accepted.map((a) => a.check.title)).toHaveLength(2);
    expect(all.newFailures).toEqual([]);

    const one = applyBaseline(summary, baseline([ACCEPTED]));
    expect(one.exitCode).toBe(1);
    expect(one.newFailures.map((c) => c.title)).toEqual(['methods other than POST get 405']);
  });

  test('the rule must match too: the right title under another rule does not hide the failure', () => {
    const v = applyBaseline(summary, baseline([{ ...ACCEPTED, rule: 'DOC-PAY-ID' }]));
    expect(v.exitCode).toBe(1);
    expect(v.newFailures).toHaveLength(2);
    expect(v.unmatched).toHaveLength(1);
  });

  test('an entry accepts a failure of its own rule only: the same check failing on another rule is NEW', () => {
    const post = { rule: 'DOC-HTTP-POST', check: 'methods other than POST', reason: 'r' };
    const v = applyBaseline(summary, baseline([ACCEPTED, post]));
    expect(v.exitCode).toBe(1);
    expect(v.newFailures.map((c) => c.title)).toEqual(['methods other than POST get 405']);
    expect(v.unmatched, 'the entry names the check; it just does not accept this failure').toEqual([]);
    expect(v.removable).toEqual([]);
  });

  test('a failure of a rule the check does not declare (a precondition) can be accepted under that rule', () => {
    const pre = fixtureSummary([
      { title: 'deeplinks', rules: ['PRO-INV-DEEPLINK-COUNT'], status: 'failed', failure: '[DOC-INV-RES-TRANSACTION] transaction is echoed' },
    ]);
    expect(applyBaseline(pre, baseline([{ rule: 'DOC-INV-RES-TRANSACTION', check: 'deeplinks', reason: 'r' }])).exitCode).toBe(0);
    expect(applyBaseline(pre, baseline([{ rule: 'PRO-INV-DEEPLINK-COUNT', check: 'deeplinks', reason: 'r' }])).exitCode).toBe(1);
  });

  test('entries whose checks now pass can be removed; entries that match nothing are listed', () => {
    const v = applyBaseline(
      summary,
      baseline([
        ACCEPTED,
        { rule: 'PRO-HTTP-405', check: 'get 405', reason: 'r' },
        { rule: 'DOC-LIMIT-INV-AMOUNT', check: 'amount min', reason: 'was failing last month' },
        { rule: 'DOC-VER-PATH', check: 'renamed check', reason: 'r' },
        { rule: 'PRO-ERR-ANTIFRAUD', check: 'skipped one', reason: 'r' },
      ]),
    );
    expect(v.exitCode).toBe(0);
    expect(v.removable.map((r) => r.entry.check)).toEqual(['amount min']);
    expect(v.unmatched.map((e) => e.check)).toEqual(['renamed check']);
  });
});

test.describe('npm run conformance with a baseline', () => {
  const selection = ['--project=invoice', '-g', 'created_at has the shape|amount min \\('];
  const dirs: string[] = [];

  test.afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  async function gate(baseline: unknown, faults: string, viaEnv = false) {
    const dir = tempDir('baseline');
    dirs.push(dir);
    const file = join(dir, 'baseline.json');
    writeFileSync(file, typeof baseline === 'string' ? baseline : JSON.stringify(baseline));
    const env = childEnv({ PTS_REPORTS_DIR: join(dir, 'reports'), PTS_FAULTS: faults, FC_NUM_RUNS: '3', ...(viaEnv ? { BASELINE: file } : {}) });
    const args = [...(viaEnv ? [] : ['--baseline', file]), ...selection, `--output=${join(dir, 'results')}`];
    const r = await runScript('scripts/conformance.ts', args, env);
    const md = join(dir, 'reports', 'baseline.md');
    return { ...r, dir, md: existsSync(md) ? readFileSync(md, 'utf8') : '' };
  }

  test('a known failure passes the gate; an empty baseline names it as NEW and fails', async () => {
    const known = await gate({ entries: [ACCEPTED] }, 'created-at-millis', true);
    expect(known.code, known.stdout + known.stderr).toBe(0);
    expect(known.stdout).toContain('1 accepted failure(s), 0 NEW failure(s)');
    expect(known.md).toContain('PASS (every failure is accepted by the baseline)');
    expect(known.md).toMatch(/## Accepted failures \(1\)[\s\S]*created_at has the shape/);

    const none = await gate({ entries: [] }, 'created-at-millis');
    expect(none.code, none.stdout + none.stderr).toBe(1);
    expect(none.stdout).toMatch(/NEW failure: invoice › suite\/conformance\/invoice\/invoice\.spec\.ts › created_at has the shape.*\[DOC-PAY-CREATED_AT\]/);
    expect(none.md).toMatch(/## New failures \(1\)/);
  });

  test('on a clean provider the entry can be removed; an entry outside the selection matched nothing', async () => {
    const r = await gate({ entries: [ACCEPTED, { rule: 'PRO-HTTP-405', check: 'methods other than POST', reason: 'r' }] }, '');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('can be removed (its checks pass now): DOC-PAY-CREATED_AT · "created_at has the shape"');
    expect(r.stdout).toContain('matched no check in this run: PRO-HTTP-405 · "methods other than POST"');
    expect(r.md).toMatch(/## Entries that can be removed: their checks pass now \(1\)/);
    expect(r.md).toMatch(/## Entries that matched no check in this run \(1\)/);
  });

  test('a bad baseline file is exit 2 with one line, before any run', async () => {
    for (const bad of ['{"entries": [{"rule": "DOC-NOPE", "check": "x", "reason": "y"}]}', 'not json']) {
      const r = await gate(bad, '');
      expect(r.code).toBe(2);
      expect(lines(r.stderr)).toEqual([expect.stringMatching(/^conformance: baseline .*(not a requirement ID|is not JSON)/)]);
      expect(existsSync(join(r.dir, 'reports'))).toBe(false);
    }
    const missing = await runScript('scripts/conformance.ts', ['--baseline', '/nonexistent/baseline.json', '--project=invoice'], childEnv());
    expect(missing.code).toBe(2);
    expect(lines(missing.stderr)).toEqual([expect.stringMatching(/cannot be read \(ENOENT\)/)]);
  });
});
