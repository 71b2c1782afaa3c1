// Reads Playwright's JSON report (the matrices and the reliability tests run the suite through it).
import { readFileSync } from 'node:fs';
import { ANNOTATION } from '../../contracts/run-protocol.js';

export interface TestOutcome {
  title: string;
  project: string;
  status: string;
  /** Rule IDs the test declares (its `rule` annotations). */
  rules: string[];
  /** The matrix target the test judged (its `target` annotation); undefined in a normal run. */
  target?: string;
  /** First lines of the failures an observed target recorded instead of failing (`[RULE] title`). */
  observed: string[];
  /** First line of the first error: `[RULE] title` for a CheckFailure. */
  message?: string;
  /** The whole first error, colours stripped. */
  error?: string;
  durationMs: number;
}

type Annotation = { type: string; description?: string };

interface JsonSuite {
  specs?: {
    title: string;
    tests: {
      projectName: string;
      annotations: Annotation[];
      results: { status: string; duration: number; annotations?: Annotation[]; errors?: { message?: string }[] }[];
    }[];
  }[];
  suites?: JsonSuite[];
}

const ANSI = /\u001b\[[0-9;]*m/g;

export function readOutcomes(file: string): { outcomes: TestOutcome[]; errors: string[] } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: JsonSuite[]; errors?: { message?: string }[] };
  const outcomes: TestOutcome[] = [];
  const walk = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const last = t.results[t.results.length - 1];
        const error = last?.errors?.[0]?.message?.replace(ANSI, '');
        // Annotations added while the test ran (observed failures) are the result's; declared ones the test's.
        const annotations = [...t.annotations, ...(last?.annotations ?? [])];
        const of = (type: string) => annotations.filter((a) => a.type === type).map((a) => a.description ?? '');
        outcomes.push({
          title: spec.title,
          project: t.projectName,
          status: last?.status ?? 'skipped',
          rules: [...new Set(of(ANNOTATION.rule))],
          target: of(ANNOTATION.target)[0],
          observed: [...new Set(of(ANNOTATION.observed))],
          message: error
            ?.split('\n')
            .find((l) => l.trim() !== '')
            ?.trim(),
          error,
          durationMs: t.results.reduce((sum, r) => sum + r.duration, 0),
        });
      }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report.suites) walk(s);
  const errors = (report.errors ?? [])
    .map((e) => (e.message ?? '').replace(ANSI, ''))
    // --max-failures ending a run early is the caller's own choice, not an error of the run.
    .filter((m) => m !== '' && !/^Testing stopped early after \d+ maximum allowed failures/.test(m));
  return { outcomes, errors };
}
