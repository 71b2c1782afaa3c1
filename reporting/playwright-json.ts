// Reading what Playwright reports about a run: the first line of an error (what every report quotes) and the
// outcome of each test in a JSON report (the matrices and the project's own child runs judge by it).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { JSONReport, JSONReportError, JSONReportSuite } from '@playwright/test/reporter';
import { ANNOTATION, type DeclaredRequests } from '../contracts/run-protocol.js';

/** An error message without terminal colour codes. */
function plainError(message: string | undefined): string | undefined {
  return message === undefined ? undefined : stripVTControlCharacters(message);
}

/** The first non-empty line of an error, without colour codes: `[RULE] title` for a CheckFailure. */
export function firstErrorLine(message: string | undefined): string | undefined {
  return plainError(message)
    ?.split('\n')
    .find((l) => l.trim() !== '')
    ?.trim();
}

export interface TestOutcome {
  title: string;
  project: string;
  /** `file:line` where the test is declared (a check: its row of the area's table). */
  location: string;
  status: string;
  /** Rule IDs the test declares (its `rule` annotations). */
  rules: string[];
  /** The matrix target the test judged (its `target` annotation); undefined in a normal run. */
  target?: string;
  /** Whether the test is a fast-check property (its `property` annotation). */
  property: boolean;
  /** A costly check's declared cost (its `declared requests` annotation). */
  declaredRequests?: DeclaredRequests;
  /** The check function it runs and where that is defined (`check`, `check source` annotations). */
  check?: string;
  checkSource?: string;
  /** Why it could not be judged (the provider was unavailable): a skipped test with a `not judged` annotation. */
  notJudged?: string;
  /** Not run: its target's verdict was decided already, by the check this names (`not run: decided` annotation). */
  decided?: string;
  /** Requests it sent again after transport trouble (its `retried` annotation). */
  retried?: string;
  /** First lines of the failures an observed target recorded instead of failing (`[RULE] title`). */
  observed: string[];
  /** Those failures whole: what was sent, what came back. */
  observedErrors: string[];
  /** What the test warned of (its `warning` annotations, JSON WarningNote): a failure that only warns under the profile. */
  warnings: string[];
  /** First line of the first error: `[RULE] title` for a CheckFailure. */
  message?: string;
  /** The whole first error, colours stripped. */
  error?: string;
  /** A test that ran out of time: what it was still waiting for then (the other errors, each with its place). */
  stalledAt?: string;
  durationMs: number;
}

export interface RunOutcomes {
  outcomes: TestOutcome[];
  /** Errors outside tests (global setup, collection, worker crashes). */
  errors: string[];
}

function stalledAt(errors: readonly JSONReportError[]): string | undefined {
  const waits = errors.map((e) =>
    [firstErrorLine(e.message), e.location && `${relative(process.cwd(), e.location.file)}:${e.location.line}`].filter(Boolean).join(' at '),
  );
  return waits.length > 0 ? waits.join('; ') : undefined;
}

/** Every test of a Playwright JSON report, as it ended (its last result). */
export function readOutcomes(file: string): RunOutcomes {
  const report = JSON.parse(readFileSync(file, 'utf8')) as JSONReport;
  const outcomes: TestOutcome[] = [];
  const walk = (suite: JSONReportSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const last = t.results[t.results.length - 1];
        const error = plainError(last?.errors?.[0]?.message);
        // Annotations added while the test ran (observed failures) are the result's; declared ones the test's.
        const annotations = [...t.annotations, ...(last?.annotations ?? [])];
        const of = (type: string) => annotations.filter((a) => a.type === type).map((a) => a.description ?? '');
        outcomes.push({
          title: spec.title,
          project: t.projectName,
          location: `${spec.file}:${spec.line}`,
          status: last?.status ?? 'skipped',
          rules: [...new Set(of(ANNOTATION.rule))],
          target: of(ANNOTATION.target)[0],
          property: of(ANNOTATION.property).length > 0,
          declaredRequests: of(ANNOTATION.declaredRequests).map((d) => JSON.parse(d) as DeclaredRequests)[0],
          check: of(ANNOTATION.check)[0],
          checkSource: of(ANNOTATION.checkSource)[0],
          notJudged: of(ANNOTATION.notJudged)[0],
          decided: of(ANNOTATION.decided)[0],
          retried: of(ANNOTATION.retried)[0],
          observed: [...new Set(of(ANNOTATION.observed).map((m) => m.split('\n')[0]!))],
          observedErrors: of(ANNOTATION.observed),
          warnings: [...new Set(of(ANNOTATION.warning))],
          message: firstErrorLine(error),
          error,
          stalledAt: last?.status === 'timedOut' ? stalledAt(last.errors.slice(1)) : undefined,
          durationMs: t.results.reduce((sum, r) => sum + r.duration, 0),
        });
      }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report.suites) walk(s);
  const errors = (report.errors ?? [])
    .map((e) => plainError(e.message) ?? '')
    // --max-failures ending a run early is the caller's own choice, not an error of the run.
    .filter((m) => m !== '' && !/^Testing stopped early after \d+ maximum allowed failures/.test(m));
  return { outcomes, errors };
}
