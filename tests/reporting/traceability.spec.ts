// Requirements traceability gate, on the conformance projects as collected (`playwright test --list`, nothing
// runs): every documented, testable rule has a check; every check declares a rule that some fault of the
// reference provider's catalog breaks (so the kill matrix shows the check can fail); and from every testable
// rule the requirements report leads to a check function and its file:line, and that function names the rule
// (or takes it from the contracts' operation facts for the operation and field it checks);
// every check is located at its row of the area's table. Profile rules without a check are reported (attachment)
// but do not fail.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { requirements } from '../../contracts/requirements.js';
import { REQUIRED_FIELDS, requiredRule } from '../../contracts/operation-facts.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { faultCatalog } from '../../mock/index.js';
import type { RunOutcomes, TestOutcome } from '../../reporting/playwright-json.js';
import { traceability } from '../../reporting/requirements-report.js';
import { ruleEntries } from '../../reporting/summary-model.js';
import { REPO_ROOT } from '../../scripts/child-run.js';
import { listConformance } from '../../scripts/gate/listing.js';
import { KILLED_OUTSIDE_THE_MATRIX } from '../../scripts/matrix/kill.js';
import { CONFORMANCE_PROJECTS } from '../../suite/runner/projects.js';

let listed: Promise<RunOutcomes> | undefined;

/** The conformance checks as collected, once per worker. */
function listedOnce(): Promise<RunOutcomes> {
  return (listed ??= listConformance());
}

const idOf = (o: TestOutcome) => `${o.project} › ${o.title}`;

test('every documented, testable rule has a conformance check', async ({}, testInfo) => {
  const { outcomes, errors } = await listedOnce();
  expect(errors, 'the conformance projects collect without errors').toEqual([]);
  const covered = new Set(outcomes.flatMap((o) => o.rules));
  const uncovered = (kind: 'documented' | 'profile') =>
    requirements.filter((r) => r.kind === kind && r.testable !== false && !covered.has(r.id)).map((r) => `${r.id} (${r.title})`);
  const profile = uncovered('profile');
  const documented = uncovered('documented');
  await testInfo.attach('uncovered rules', {
    contentType: 'text/plain',
    body: `documented (${documented.length}):\n${documented.join('\n') || 'none'}\n\nprofile (${profile.length}, reported only):\n${profile.join('\n') || 'none'}\n`,
  });
  if (profile.length) testInfo.annotations.push({ type: 'profile rules without a check', description: profile.map((p) => p.split(' ')[0]).join(' ') });
  expect(documented, `documented rules no conformance check declares:\n${documented.join('\n')}`).toEqual([]);
});

test('every conformance check declares a rule that a fault of the catalog breaks', async () => {
  const { outcomes, errors } = await listedOnce();
  expect(errors, 'the conformance projects collect without errors').toEqual([]);
  expect(outcomes.length, 'checks listed').toBeGreaterThan(100);
  for (const [rule, file] of Object.entries(KILLED_OUTSIDE_THE_MATRIX))
    expect(readFileSync(join(REPO_ROOT, file), 'utf8'), `${file} kills ${rule}`).toContain(rule);
  const broken = new Set([...faultCatalog.map((f) => f.rule), ...Object.keys(KILLED_OUTSIDE_THE_MATRIX)]);
  const unproven = outcomes.filter((o) => !o.rules.some((r) => broken.has(r))).map((o) => `${idOf(o)} [${o.rules.join(' ')}]`);
  expect(unproven, `checks that no fault of mock/faults/catalog.ts can make fail (add the fault that only they kill):\n${unproven.join('\n')}`).toEqual([]);
});

/** Lines of a source file that start a top-level declaration or its comment: where one function's text ends. */
const TOP_LEVEL = /^(export |function |const |let |type |interface |class |\/\*\*|\/\/)/;

/**
 * The text of the function defined at `line` of `file`, with the module's own constants it uses (a table
 * beside the checks, such as the limit rule of each operation).
 */
function functionText(file: string, line: number): { text: string; head: string } {
  const lines = readFileSync(join(REPO_ROOT, file), 'utf8').split('\n');
  const end = (from: number) => {
    let i = from + 1;
    while (i < lines.length && !TOP_LEVEL.test(lines[i])) i++;
    return i;
  };
  const body = lines.slice(line - 1, end(line - 1)).join('\n');
  const constants = lines.flatMap((l, i) => {
    const name = /^(?:export )?const (\w+)/.exec(l)?.[1];
    return name && new RegExp(`\\b${name}\\b`).test(body) ? [lines.slice(i, end(i)).join('\n')] : [];
  });
  return { text: [body, ...constants].join('\n'), head: lines[line - 1] ?? '' };
}

/**
 * The rules a function names through the contracts' operation facts: `requiredRule(op, 'field')`, or
 * `requiredRule(op, field)` with the operation and field its check's name gives (`missingFieldReported(invoice, api_key)`).
 */
function factRules(text: string, check: string): string[] {
  const [op, field] = /\((.*)\)/.exec(check)?.[1]?.split(', ') ?? [];
  if (!op || !(op in REQUIRED_FIELDS)) return [];
  return [...text.matchAll(/requiredRule\(op, (?:'([^']+)'|field)\)/g)].flatMap((m) => {
    const named = m[1] ?? field;
    return named && REQUIRED_FIELDS[op as PaymentOperation].some((f) => f.field === named) ? [requiredRule(op as PaymentOperation, named)] : [];
  });
}

test('from every testable rule, the requirements report names a check function and its file:line, and that function names the rule', async () => {
  const { outcomes, errors } = await listedOnce();
  expect(errors).toEqual([]);
  // The report as a run would write it, from the checks as collected (all passed: the verdict does not matter here).
  const checks = outcomes.map((o) => ({ id: idOf(o), rules: o.rules, status: 'passed' as const, check: o.check, checkSource: o.checkSource }));
  const report = traceability({ rules: ruleEntries(checks), checks }, CONFORMANCE_PROJECTS, 'now');
  const testable = report.rules.filter((r) => r.status !== 'untestable');
  expect(testable).toHaveLength(requirements.filter((r) => r.testable !== false).length);
  const problems: string[] = [];
  for (const row of testable) {
    if (row.code.length === 0) {
      problems.push(`${row.id}: the report names no check function`);
      continue;
    }
    const naming = row.code.filter(({ check, source }) => {
      const [file, line] = source.split(':');
      const { text, head } = functionText(file, Number(line));
      const fn = check.split('(')[0];
      if (!new RegExp(`^(?:export )?(?:async )?function ${fn}\\b`).test(head))
        problems.push(`${row.id}: ${source} is not the definition of ${fn} (${head.trim()})`);
      return text.includes(`'${row.id}'`) || factRules(text, check).includes(row.id);
    });
    if (naming.length === 0) problems.push(`${row.id}: none of ${row.code.map((c) => `${c.check} ${c.source}`).join(', ')} names it`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test("every conformance check is located at the row of its area's table that declares it", async () => {
  const { outcomes, errors } = await listedOnce();
  expect(errors).toEqual([]);
  const problems: string[] = [];
  for (const o of outcomes) {
    const [file, line] = o.location.split(':');
    const row = readFileSync(join(REPO_ROOT, file), 'utf8').split('\n')[Number(line) - 1]?.trim() ?? '';
    // Its own row calls the function the check is named after; a spread row makes a list of checks.
    const fn = o.check?.split('(')[0];
    if (!row.startsWith(`${fn}(`) && !row.startsWith('...')) problems.push(`${idOf(o)} (${o.check}) at ${o.location}: ${row}`);
  }
  expect(problems, `checks placed elsewhere than their row:\n${problems.join('\n')}`).toEqual([]);
});
