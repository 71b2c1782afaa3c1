// allure-playwright with what this suite needs of it:
// - safe under `playwright merge-reports`: merging hands reporters a config without projects, and
//   allure-playwright reads the first project's outputDir/snapshotDir in onConfigure;
// - a fresh results folder per run (allure-playwright appends to it otherwise);
// - rule section links that work in a downloaded reports/ folder: the `tms` annotation of rule() is
//   `payment-transfer-service.html#…`, relative to reports/spec/, and the report is one folder below;
// - a check whose first rule applies to every operation (epic "all", e.g. "only POST is accepted") is filed
//   under the operation it ran against, its project, so the Behaviors view groups by operation;
// - every check links to the sections of all its rules; a failing check is filed under the rule it failed
//   (epic, feature, story of that rule), and the other rules it declares are listed as not proven in its
//   description. Allure 3.18's awesome UI shows relative links as text only: scripts/report.ts makes them
//   clickable (reporting/allure-links.ts);
// - where each check is declared: its row of the area's table (the test's location, which allure-playwright
//   records nowhere) and the function that makes it, as parameters that Allure leaves out of the history id.
import { rmSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { AllureReporter } from 'allure-playwright';
import type { FullConfig } from '@playwright/test';
import type { Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { isRequirementId, requirementOf, type Requirement } from '../contracts/requirements.js';
import { REPO_ROOT, REPORT_FILES, reportsDir } from './reports-dir.js';
import { SPEC_FROM_SUBFOLDER, sectionLink, sectionLinkName, sectionOfLink } from './spec-links.js';
import { failedRuleOf } from './summary-model.js';
import { ANNOTATION, notJudgedExplained } from '../contracts/run-protocol.js';
import { firstErrorLine } from './playwright-json.js';
import { UnsyncedWriter } from './allure-writer.js';

type AllureOptions = ConstructorParameters<typeof AllureReporter>[0];

const EPIC = '@allure.label.epic';
const EVERY_OPERATION = 'all';

/** Replaces the epic "all" by the project's name (in place: allure-playwright reads test.annotations). */
export function localizeEpic(annotations: { type: string; description?: string }[], project: string | undefined): void {
  if (!project) return;
  for (const a of annotations) if (a.type === EPIC && a.description === EVERY_OPERATION) a.description = project;
}

interface Label {
  name: string;
  value: string;
}
interface Link {
  type?: string;
  url: string;
  name?: string;
}
/** The part of an Allure test result the refiling rewrites. */
export interface RefiledResult {
  labels: Label[];
  links: Link[];
  description?: string;
}

/**
 * Files a check's result: a link to the section of every rule it declares (the rule it failed first), and,
 * when it failed, the epic, feature and story of the rule its failure names, with the declared rules the
 * run did not prove in its description. A failure that names no rule keeps its filing and says its rules
 * are not proven. Returns the rule it failed (null: none named; undefined: it did not fail).
 */
export function fileCheck(
  result: RefiledResult,
  declared: readonly string[],
  failureLine: string | undefined,
  project: string | undefined,
): string | null | undefined {
  const failed = failureLine === undefined ? undefined : failedRuleOf(failureLine);
  const ids = [...new Set([...(failed ? [failed] : []), ...declared])].filter(isRequirementId);
  const links = [...new Map(ids.map((id) => requirementOf(id)).map((req) => [req.section, sectionAllureLink(req)])).values()];
  result.links = [...result.links.filter((l) => l.type !== 'tms'), ...links];
  if (failed === undefined) return undefined;
  if (failed !== null && failed !== declared[0]) {
    const req = requirementOf(failed);
    const epic = req.operation === EVERY_OPERATION && project ? project : req.operation;
    result.labels = [
      ...result.labels.filter((l) => l.name !== 'epic' && l.name !== 'feature' && l.name !== 'story'),
      { name: 'epic', value: epic },
      { name: 'feature', value: req.section },
      { name: 'story', value: `${req.id} ${req.title}` },
    ];
  }
  const unproven = declared.filter((id) => id !== failed && isRequirementId(id)).map((id) => `- ${id} ${requirementOf(id).title}`);
  const why =
    failed === null
      ? 'The check failed without naming a rule (an error of the suite or its setup).'
      : `The check failed on ${failed} ${requirementOf(failed).title}.`;
  result.description = [why, ...(unproven.length ? ['', 'Not proven in this run (the check stopped before it got to them):', '', ...unproven] : [])].join('\n');
  return failed;
}

interface Parameter {
  name: string;
  value: string;
  excluded?: boolean;
}

/** `declared at` (the test's location, `suite/conformance/invoice/invoice.spec.ts:20`) and the `check source`, for Allure. */
function sourceParameters(location: { file: string; line: number }, checkSource: string | undefined, rootDir: string): Parameter[] {
  const declaredAt = `${relative(rootDir, location.file).split(sep).join('/')}:${location.line}`;
  return [
    { name: 'declared at', value: declaredAt, excluded: true },
    ...(checkSource !== undefined ? [{ name: ANNOTATION.checkSource, value: checkSource, excluded: true }] : []),
  ];
}

function sectionAllureLink(req: Requirement): Link {
  return { type: 'tms', url: `${SPEC_FROM_SUBFOLDER}${sectionLink(req)}`, name: sectionLinkName(req.section) };
}

/** allure-playwright keeps a test's result open until the end of its onTestEnd; this is how to amend it first. */
interface AllureInternals {
  allureResultsUuids?: Map<string, string>;
  allureRuntime?: { updateTest(uuid: string, update: (result: RefiledResult & { parameters: Parameter[] }) => void): void };
}

export default class SuiteAllureReporter extends AllureReporter {
  private readonly resultsDir: string;
  private rootDir = REPO_ROOT;

  constructor(options: AllureOptions = {}) {
    const resultsDir = options.resultsDir ?? `${reportsDir()}/${REPORT_FILES.allureResults}`;
    super({
      ...options,
      resultsDir,
      links: {
        ...options.links,
        tms: { urlTemplate: `${SPEC_FROM_SUBFOLDER}%s`, nameTemplate: (link: string) => sectionLinkName(sectionOfLink(link) ?? link), ...options.links?.tms },
      },
    });
    this.resultsDir = resultsDir;
  }

  override onConfigure(config: FullConfig): void {
    this.rootDir = config.rootDir;
    if (config.projects.length > 0) return super.onConfigure(config);
    const standIn = `${reportsDir()}/${REPORT_FILES.testResults}`;
    super.onConfigure({ ...config, projects: [{ outputDir: standIn, snapshotDir: standIn } as FullConfig['projects'][number]] });
  }

  override onBegin(suite: Suite): void {
    // `--list` runs nothing: the last run's results stay.
    if (!process.argv.includes('--list')) rmSync(this.resultsDir, { recursive: true, force: true });
    super.onBegin(suite);
    const runtime = (this as unknown as { allureRuntime?: { writer: unknown } }).allureRuntime;
    if (runtime) runtime.writer = new UnsyncedWriter(this.resultsDir);
  }

  override onTestBegin(test: TestCase): void {
    localizeEpic(test.annotations, test.parent.project()?.name);
    super.onTestBegin(test);
  }

  override async onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    const declared = test.annotations.filter((a) => a.type === ANNOTATION.rule && a.description).map((a) => a.description!);
    if (declared.length > 0) {
      const internals = this as unknown as AllureInternals;
      if (!(internals.allureResultsUuids instanceof Map) || typeof internals.allureRuntime?.updateTest !== 'function')
        throw new Error("allure-playwright changed: cannot link a check to its rules' sections (see reporting/allure-reporter.ts)");
      const uuid = internals.allureResultsUuids.get(test.id);
      if (uuid === undefined) return super.onTestEnd(test, result); // a test allure-playwright did not start (test plan): it says so
      const failed = result.status === 'failed' || result.status === 'timedOut' || result.status === 'interrupted';
      const firstLine = failed ? (firstErrorLine(result.errors[0]?.message ?? result.error?.message) ?? '') : undefined;
      const notJudged = [...test.annotations, ...result.annotations].find((a) => a.type === ANNOTATION.notJudged)?.description;
      const checkSource = test.annotations.find((a) => a.type === ANNOTATION.checkSource)?.description;
      internals.allureRuntime!.updateTest(uuid, (r) => {
        fileCheck(r, declared, firstLine, test.parent.project()?.name);
        r.parameters = [...r.parameters, ...sourceParameters(test.location, checkSource, this.rootDir)];
        // Skipped in Allure's terms; said plainly what it is: no verdict, the provider could not be had for an answer.
        if (notJudged !== undefined && result.status === 'skipped') {
          r.description = `Not judged: ${notJudgedExplained(notJudged)}. ${notJudged}`;
          r.labels = [...r.labels, { name: 'tag', value: 'not judged' }];
        }
      });
    }
    await super.onTestEnd(test, result);
  }
}
