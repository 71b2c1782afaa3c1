// Requirements traceability gate: every documented, testable rule has at least one conformance check, and
// every check declares a rule that some fault of the reference provider's catalog breaks (so the kill
// matrix shows the check can fail). Collects the conformance projects with `playwright test --list
// --reporter=json` (nothing runs) and reads the `rule` annotations. Profile rules without a check are
// reported (attachment) but do not fail.
import { spawnSync } from 'node:child_process';
import { test, expect } from '@playwright/test';
import { requirements } from '../../contracts/requirements.js';
import { faultCatalog } from '../../mock/index.js';
import { CONFORMANCE_PROJECTS } from '../../suite/runner/projects.js';
import { REPO_ROOT } from '../../reporting/reports-dir.js';

interface ListedSuite {
  specs?: { title: string; file: string; tests: { projectName: string; annotations: { type: string; description?: string }[] }[] }[];
  suites?: ListedSuite[];
}
interface ListReport {
  suites: ListedSuite[];
  errors?: { message?: string }[];
}

function listConformance(): { checksByRule: Map<string, string[]>; rulesByCheck: Map<string, string[]>; errors: string[] } {
  const run = spawnSync('npx', ['playwright', 'test', '--list', '--reporter=json', ...CONFORMANCE_PROJECTS.map((p) => `--project=${p}`)], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: '' },
  });
  let report: ListReport;
  try {
    report = JSON.parse(run.stdout) as ListReport;
  } catch {
    throw new Error(`playwright --list gave no JSON (exit ${run.status}):\n${run.stderr.slice(-4000)}`);
  }
  const checksByRule = new Map<string, string[]>();
  const rulesByCheck = new Map<string, string[]>();
  const walk = (suite: ListedSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const check = `${t.projectName} › ${spec.file} › ${spec.title}`;
        const rules = t.annotations.filter((a) => a.type === 'rule' && a.description).map((a) => a.description!);
        rulesByCheck.set(check, rules);
        for (const id of rules) checksByRule.set(id, [...(checksByRule.get(id) ?? []), check]);
      }
    for (const s of suite.suites ?? []) walk(s);
  };
  report.suites.forEach(walk);
  return { checksByRule, rulesByCheck, errors: (report.errors ?? []).map((e) => e.message ?? '').filter(Boolean) };
}

test('every documented, testable rule has a conformance check', async ({}, testInfo) => {
  const { checksByRule, errors } = listConformance();
  expect(errors, 'the conformance projects collect without errors').toEqual([]);
  const uncovered = (kind: 'documented' | 'profile') =>
    requirements.filter((r) => r.kind === kind && r.testable !== false && !checksByRule.has(r.id)).map((r) => `${r.id} (${r.title})`);
  const profile = uncovered('profile');
  const documented = uncovered('documented');
  await testInfo.attach('uncovered rules', {
    contentType: 'text/plain',
    body: `documented (${documented.length}):\n${documented.join('\n') || 'none'}\n\nprofile (${profile.length}, reported only):\n${profile.join('\n') || 'none'}\n`,
  });
  if (profile.length) testInfo.annotations.push({ type: 'profile rules without a check', description: profile.map((p) => p.split(' ')[0]).join(' ') });
  expect(documented, `documented rules no conformance check declares:\n${documented.join('\n')}`).toEqual([]);
});

test('every conformance check declares a rule that a fault of the catalog breaks', () => {
  const { rulesByCheck, errors } = listConformance();
  expect(errors, 'the conformance projects collect without errors').toEqual([]);
  expect(rulesByCheck.size, 'checks listed').toBeGreaterThan(100);
  const broken = new Set(faultCatalog.map((f) => f.rule));
  const unproven = [...rulesByCheck].filter(([, rules]) => !rules.some((r) => broken.has(r))).map(([check, rules]) => `${check} [${rules.join(' ')}]`);
  expect(unproven, `checks that no fault of mock/faults/catalog.ts can make fail (add the fault that only they kill):\n${unproven.join('\n')}`).toEqual([]);
});
