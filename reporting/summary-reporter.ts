// Custom Playwright reporter: reports/summary.json (the run in one file: totals, rule verdicts, checks, latency and
// its timeline), the requirements traceability reports/requirements.{json,md}, reports/job-summary.md for a CI job's
// summary page, and the run's front page reports/index.html with its charts. Runs in the runner process, where global
// setup has left BASE_URL and the embedded flag in the environment by the time onEnd is called.
// Every text written passes through redactText: no crypto key, private key or full card number.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { requirementOf } from '../contracts/requirements.js';
import { jobSummaryMarkdown } from './job-summary.js';
import { redactText, registerSecret } from '../contracts/redaction.js';
import { REPO_ROOT, REPORT_FILES, reportsDir } from './reports-dir.js';
import { writeRequirements } from './requirements-report.js';
import { mergedRunFacts, runFacts, type RunFacts } from './run-facts.js';
import { failedRuleOf, ruleEntries, suiteErrorsOf, type CheckEntry, type CheckStatus, type Counts, type Summary, type WarningEntry } from './summary-model.js';
import { ANNOTATION, ATTACHMENT, type LatencyNote, type WarningNote } from '../contracts/run-protocol.js';
import { firstErrorLine } from './playwright-json.js';
import { coverageRows, type CoverageSource } from './coverage.js';
import { latencySection, readLatencyNote } from './latency-section.js';
import { timelineOf } from './timeline.js';
import { writeCharts } from './charts.js';
import { overviewHtml } from './overview-page.js';

interface SummaryReporterOptions {
  /** Directory for summary.json, requirements.* and job-summary.md; default PTS_REPORTS_DIR or `reports`. */
  outputDir?: string;
}

const ID_SUFFIX = /\s*\[[A-Z][A-Z0-9_-]*(?: [A-Z][A-Z0-9_-]*)*\]$/;

export function stripRuleSuffix(title: string): string {
  return title.replace(ID_SUFFIX, '');
}

function firstLine(text: string | undefined): string | undefined {
  const line = firstErrorLine(text);
  // `CheckFailure: [RULE] ...` reads as `[RULE] ...`: the rule tag already says what failed.
  return line === undefined ? undefined : redactText(line.replace(/^\w*(?:Failure|Error): (?=\[)/, ''));
}

function checkStatus(test: TestCase): CheckStatus {
  const last = test.results[test.results.length - 1];
  const has = (type: string) => [...test.annotations, ...(last?.annotations ?? [])].some((a) => a.type === type);
  if (test.outcome() === 'skipped' && has(ANNOTATION.notJudged)) return 'not judged';
  switch (test.outcome()) {
    case 'expected':
      return has(ANNOTATION.stoppedAtWarning) ? 'warned' : 'passed';
    case 'unexpected':
      return 'failed';
    case 'flaky':
      return 'flaky';
    default:
      return 'skipped';
  }
}

/** Worst first: the status a check keeps when the shards of a merge disagree. */
const STATUS_RANK: readonly CheckStatus[] = ['failed', 'not judged', 'warned', 'flaky', 'passed', 'skipped'];

/**
 * In a merge of shards, each test once. Playwright runs a teardown project with every shard: the whole-run checks
 * ran in each, over that shard's payments. A check counts once, with its worst status (a failure in any shard
 * fails it), so that the merged totals and the not-judged share are those of one run.
 */
function onePerCheck(tests: readonly TestCase[]): TestCase[] {
  const kept = new Map<string, TestCase>();
  for (const test of tests) {
    const key = [test.location.file, ...test.titlePath(), test.repeatEachIndex].join('\u0000');
    const had = kept.get(key);
    if (!had || STATUS_RANK.indexOf(checkStatus(test)) < STATUS_RANK.indexOf(checkStatus(had))) kept.set(key, test);
  }
  return [...kept.values()];
}

function attachmentText(a: TestResult['attachments'][number]): string | undefined {
  try {
    if (a.body) return a.body.toString('utf8');
    if (a.path) return readFileSync(a.path, 'utf8');
  } catch {
    // an attachment removed before the end of the run: no shape
  }
  return undefined;
}

/**
 * The distinct response shapes the evidence recorder attached (none when the check made no request);
 * already redacted there, and summary.json as a whole passes through redactText when written.
 */
function shapesOf(result: TestResult | undefined): string[] | undefined {
  const listed = result?.attachments.find((a) => a.name === ATTACHMENT.shapes);
  const text = listed && attachmentText(listed);
  const shapes = text?.split('\n').filter(Boolean);
  return shapes && shapes.length > 0 ? shapes : undefined;
}

/**
 * The latency attachments of every try of every test. In a merge of shards each shard's run of the whole-run teardown
 * counts: each sent its own requests.
 */
function latencyNotesOf(tests: readonly TestCase[]): LatencyNote[] {
  return tests.flatMap((t) =>
    t.results.flatMap((r) => r.attachments.filter((a) => a.name === ATTACHMENT.latency).flatMap((a) => readLatencyNote(attachmentText(a)) ?? [])),
  );
}

/** The warnings a check recorded (annotation `warning`, JSON WarningNote), redacted; one that cannot be read is kept as its text. */
function warningsOf(check: string, annotations: readonly { type: string; description?: string }[]): WarningEntry[] {
  return annotations
    .filter((a) => a.type === ANNOTATION.warning && a.description)
    .map((a) => {
      let note: Partial<WarningNote>;
      try {
        note = JSON.parse(a.description!) as WarningNote;
      } catch {
        note = { text: a.description };
      }
      return { check, rule: String(note.rule ?? ''), text: redactText(String(note.text ?? a.description)) };
    });
}

/** The file exists and was written by this run (the html reporter writes before this one; an earlier run's copy is not linked). */
function writtenSince(file: string, start: Date): boolean {
  try {
    return statSync(file).mtimeMs >= start.getTime();
  } catch {
    return false;
  }
}

function readVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export default class SummaryReporter implements Reporter {
  private readonly dir: string;
  private rootDir = REPO_ROOT;
  private suite?: Suite;
  private disabled = false;
  private merged?: RunFacts;
  /** This is `playwright merge-reports` of shards' blob reports. */
  private merging = false;

  constructor(options: SummaryReporterOptions = {}) {
    this.dir = options.outputDir ?? reportsDir();
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    // `--list` collects without running: nothing to report, and the last real run's reports stay.
    this.disabled = process.argv.includes('--list');
    if (this.disabled) return;
    this.rootDir = config.rootDir;
    this.suite = suite;
    // In `playwright merge-reports` the run happened elsewhere: its facts come with the blob reports.
    this.merging = process.argv.includes('merge-reports');
    this.merged = this.merging ? mergedRunFacts(config.metadata) : undefined;
    mkdirSync(this.dir, { recursive: true });
  }

  async onEnd(result: FullResult): Promise<void> {
    if (this.disabled || !this.suite) return;
    registerSecret(process.env.CRYPTO_KEY);
    registerSecret(process.env.CRYPTO_KEY_2);
    const tests = this.merging ? onePerCheck(this.suite.allTests()) : this.suite.allTests();
    const totals = { total: 0, passed: 0, failed: 0, skipped: 0, flaky: 0, notJudged: 0, warned: 0 };
    const projects: Record<string, Counts> = {};
    const checks: CheckEntry[] = [];
    const coverage: CoverageSource[] = [];
    const warnings: WarningEntry[] = [];
    const failedAt: number[] = [];

    for (const test of tests) {
      const status = checkStatus(test);
      const ended = test.results[test.results.length - 1];
      if (status === 'failed' && ended) failedAt.push(ended.startTime.getTime() + ended.duration);
      const project = test.parent.project()?.name ?? '';
      totals.total++;
      totals[status === 'not judged' ? 'notJudged' : status]++;
      const p = (projects[project] ??= { total: 0, passed: 0, failed: 0, skipped: 0 });
      p.total++;
      // Per project, a not judged check counts among the skipped: it was not run to a verdict; a warned one passed the gate.
      p[status === 'flaky' || status === 'warned' ? 'passed' : status === 'not judged' ? 'skipped' : status]++;

      const rules = test.annotations.filter((a) => a.type === ANNOTATION.rule && a.description).map((a) => a.description!);
      if (rules.length === 0) continue; // self-tests and provider tests: counted above, not checks
      const entry = this.check(test, project, status, rules);
      checks.push(entry);
      // Runtime annotations are the last result's; the declared ones the test's.
      const last = test.results[test.results.length - 1];
      coverage.push({ check: entry.id, skipped: status === 'skipped', annotations: [...test.annotations, ...(last?.annotations ?? [])] });
      // Recorded while the check ran: the last result's.
      warnings.push(...warningsOf(entry.id, last?.annotations ?? []));
    }

    const { latencyThreshold, ...facts } = this.merged ?? runFacts();
    const latencyNotes = latencyNotesOf(this.suite.allTests());
    const summary: Summary = {
      suiteVersion: readVersion(),
      startedAt: result.startTime.toISOString(),
      durationMs: Math.round(result.duration),
      ...facts,
      totals,
      projects,
      rules: ruleEntries(checks, warnings),
      suiteErrors: suiteErrorsOf(checks),
      checks,
      coverage: coverageRows(coverage),
      warnings,
      runStatus: result.status,
      latency: latencySection(latencyNotes, latencyThreshold ?? null),
      timeline: timelineOf(result.startTime.getTime(), result.duration, latencyNotes, failedAt),
    };
    const projectNames = this.suite.suites.map((s) => s.project()?.name ?? s.title).filter((n) => tests.some((t) => t.parent.project()?.name === n));

    mkdirSync(this.dir, { recursive: true });
    const write = (name: string, text: string) => writeFileSync(join(this.dir, name), redactText(text) + (text.endsWith('\n') ? '' : '\n'));
    write(REPORT_FILES.summary, JSON.stringify(summary, null, 2));
    writeRequirements(this.dir, summary, projectNames);
    const links = { html: writtenSince(join(this.dir, REPORT_FILES.html, 'index.html'), result.startTime), allure: false };
    write(REPORT_FILES.jobSummary, jobSummaryMarkdown(summary, links));
    // The charts are pictures of summary.json: one that cannot be drawn costs the picture, never the run's reports.
    let charts = { rulesChart: false, latencyChart: false, timelineChart: false };
    try {
      charts = await writeCharts(this.dir, summary);
    } catch (e) {
      console.error(`summary reporter: the charts were not drawn: ${redactText((e as Error).message)}`);
    }
    write(REPORT_FILES.overview, overviewHtml(summary, links, charts));
  }

  private check(test: TestCase, project: string, status: CheckStatus, rules: string[]): CheckEntry {
    const file = relative(this.rootDir, test.location.file).split(sep).join('/');
    const describes = test.titlePath().slice(3, -1);
    const title = [...describes, stripRuleSuffix(test.title)].join(' › ');
    const last = test.results[test.results.length - 1];
    const failedResult =
      status === 'failed' ? last : status === 'flaky' ? test.results.find((r) => r.status !== 'passed' && r.status !== 'skipped') : undefined;
    const skipAnnotation =
      status === 'skipped' ? [...(last?.annotations ?? []), ...test.annotations].find((a) => a.type === 'skip' || a.type === 'fixme') : undefined;
    const annotation = (type: string) => [...test.annotations, ...(last?.annotations ?? [])].find((a) => a.type === type)?.description;
    const stopped = status === 'warned' ? firstLine(annotation(ANNOTATION.stoppedAtWarning)) : undefined;
    const failure = failedResult ? (firstLine(failedResult.errors[0]?.message ?? failedResult.error?.message) ?? `test ${failedResult.status}`) : stopped;
    // A timeout or crash names no rule: failedRule null, and the check's rules are not proven.
    const failedRule = status === 'failed' || status === 'warned' ? failedRuleOf(failure) : undefined;
    const shapes = shapesOf(last);
    // Annotations the harness adds: which check function ran (declared), how many examples a property ran (while running).
    const examples = annotation(ANNOTATION.examples);
    const checkName = annotation(ANNOTATION.check);
    const checkSource = annotation(ANNOTATION.checkSource);
    const notJudged = annotation(ANNOTATION.notJudged);
    const retried = annotation(ANNOTATION.retried);
    const cutShort = annotation(ANNOTATION.cutShort);
    const requests = annotation(ANNOTATION.requests);
    return {
      id: redactText(`${project} › ${file} › ${title}`),
      project,
      file,
      title: redactText(title),
      rules,
      kind: requirementOf(rules[0]).kind,
      status,
      durationMs: Math.round(test.results.reduce((sum, r) => sum + r.duration, 0)),
      ...(failure !== undefined ? { failure } : {}),
      ...(failedRule !== undefined ? { failedRule } : {}),
      ...(skipAnnotation ? { skipReason: redactText(skipAnnotation.description ?? '') } : {}),
      ...(shapes !== undefined ? { responseShapes: shapes } : {}),
      ...(checkName !== undefined ? { check: checkName } : {}),
      ...(checkSource !== undefined ? { checkSource } : {}),
      ...(examples !== undefined ? { examples: Number(examples) } : {}),
      ...(notJudged !== undefined ? { notJudged: redactText(notJudged) } : {}),
      ...(retried !== undefined ? { retried: redactText(retried) } : {}),
      ...(cutShort !== undefined ? { cutShort } : {}),
      ...(requests !== undefined ? { requests: Number(requests) } : {}),
    };
  }
}
