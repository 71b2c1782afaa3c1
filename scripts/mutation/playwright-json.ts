// Reads Playwright's JSON report (the kill matrix and the reliability tests run the suite through it).
import { readFileSync } from 'node:fs';

export interface TestOutcome {
  title: string;
  project: string;
  status: string;
  /** Rule IDs the test declares (its `rule` annotations). */
  rules: string[];
  /** First line of the first error: `[RULE] title` for a CheckFailure. */
  message?: string;
  /** The whole first error, colours stripped. */
  error?: string;
}

interface JsonSuite {
  specs?: { title: string; tests: { projectName: string; annotations: { type: string; description?: string }[]; results: { status: string; errors?: { message?: string }[] }[] }[] }[];
  suites?: JsonSuite[];
}

export function readOutcomes(file: string): { outcomes: TestOutcome[]; errors: string[] } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: JsonSuite[]; errors?: { message?: string }[] };
  const outcomes: TestOutcome[] = [];
  const walk = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const last = t.results[t.results.length - 1];
        const error = last?.errors?.[0]?.message?.replace(/\u001b\[[0-9;]*m/g, '');
        outcomes.push({
          title: spec.title,
          project: t.projectName,
          status: last?.status ?? 'skipped',
          rules: t.annotations.filter((a) => a.type === 'rule').map((a) => a.description ?? ''),
          message: error?.split('\n').find((l) => l.trim() !== '')?.trim(),
          error,
        });
      }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report.suites) walk(s);
  const errors = (report.errors ?? [])
    .map((e) => (e.message ?? '').replace(/\u001b\[[0-9;]*m/g, ''))
    // --max-failures ending a run early is the matrix's own choice, not an error of the run.
    .filter((m) => m !== '' && !/^Testing stopped early after \d+ maximum allowed failures/.test(m));
  return { outcomes, errors };
}
