// The GitHub Actions expressions of the composite action's runner (scripts/ci-run/expressions.ts): the forms
// action.yml uses evaluate as GitHub evaluates them, any other throws (so that a new condition in action.yml cannot
// be skipped as false by `npm run install-check`), and every expression action.yml holds today is one it reads.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import { conditionHolds, ExpressionError, substitute, type ExpressionContext } from '../../scripts/ci-run/expressions.js';

const context = (over: Partial<ExpressionContext> = {}): ExpressionContext => ({
  inputs: { 'merge-from': '', 'allure-report': 'true', projects: 'status' },
  github: { action_path: '/action' },
  steps: { gate: { 'reports-dir': '/ws/reports' } },
  stepIds: new Set(['gate', 'report']),
  succeeded: true,
  ...over,
});

test('values are substituted: inputs, github.action_path, steps outputs (empty for a step that set none)', () => {
  expect(substitute('cd ${{ github.action_path }} && echo ${{inputs.projects}}', context())).toBe('cd /action && echo status');
  expect(substitute('${{ steps.gate.outputs.reports-dir }}|${{ steps.report.outputs.allure-report }}', context())).toBe('/ws/reports|');
});

test('conditions: comparisons ignore case, && joins, and without a status function success() is implied', () => {
  const ok = context();
  const failed = context({ succeeded: false });
  expect(conditionHolds(undefined, ok)).toBe(true);
  expect(conditionHolds(undefined, failed)).toBe(false);
  expect(conditionHolds("inputs.merge-from == ''", ok)).toBe(true);
  expect(conditionHolds("inputs.merge-from == ''", failed)).toBe(false);
  expect(conditionHolds("${{ inputs.allure-report == 'TRUE' && inputs.projects != 'invoice' }}", ok)).toBe(true);
  expect(conditionHolds("inputs.allure-report == 'false'", ok)).toBe(false);
  expect(conditionHolds("${{ !cancelled() && inputs.allure-report == 'true' && steps.gate.outputs.reports-dir != '' }}", failed)).toBe(true);
  expect(conditionHolds('always()', failed)).toBe(true);
  expect(conditionHolds('failure()', failed)).toBe(true);
  expect(conditionHolds('success()', failed)).toBe(false);
  expect(conditionHolds('cancelled()', ok)).toBe(false);
  expect(conditionHolds("inputs.projects == 'it''s'", ok)).toBe(false);
});

test('any other expression throws, in a value or a condition', () => {
  const ctx = context();
  for (const value of [
    '${{ github.event_name }}',
    '${{ inputs.no-such-input }}',
    '${{ steps.nope.outputs.x }}',
    "${{ format('{0}', inputs.projects) }}",
    '${{ inputs.projects',
  ])
    expect(() => substitute(value, ctx), value).toThrow(ExpressionError);
  for (const condition of [
    "inputs.projects == 'a' || inputs.projects == 'b'",
    "contains(inputs.projects, 'page')",
    "(inputs.projects == 'a')",
    "!(inputs.projects == 'a')",
    'inputs.projects',
    "github.event_name == 'push'",
    'inputs.projects == inputs.merge-from',
    '!always()',
    "inputs.projects == 'a' &&",
    'hashFiles()',
  ])
    expect(() => conditionHolds(condition, ctx), condition).toThrow(ExpressionError);
});

test('every expression of action.yml is one the runner reads (install-check would stop on another)', () => {
  type Step = { id?: string; if?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, unknown>; 'working-directory'?: string };
  const action = parse(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: unknown }>;
    outputs: Record<string, { value: string }>;
    runs: { steps: Step[] };
  };
  const ctx = context({
    inputs: Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, String(v.default ?? '')])),
    stepIds: new Set(action.runs.steps.flatMap((s) => (s.id ? [s.id] : []))),
    steps: {},
  });
  let expressions = 0;
  const read = (text: string) => {
    expressions += (text.match(/\$\{\{/g) ?? []).length;
    substitute(text, ctx);
  };
  for (const step of action.runs.steps) {
    if (step.if !== undefined) {
      expressions++;
      conditionHolds(step.if, ctx);
    }
    for (const text of [step.run, step['working-directory'], ...Object.values(step.with ?? {}), ...Object.values(step.env ?? {})])
      if (text !== undefined) read(String(text));
  }
  for (const output of Object.values(action.outputs)) read(output.value);
  expect(expressions).toBeGreaterThan(30);
});
