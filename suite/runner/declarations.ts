// How checks become Playwright tests: `declareChecks('invoice', CHECKS, import.meta.url)` in a spec file.
// The title carries the rule IDs, the tag (@documented / @profile) comes from the first rule's kind, so
// `--grep @documented` is the documented-only gate, and every rule is an annotation for the reports. Each test is
// located at the row of the spec's table that declares its check (table-rows.ts, call-site.ts).
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext as BrowserContextOfPlaywright, Page, TestDetails } from '@playwright/test';
import { test as fixtures } from './fixtures/callbacks.js';
import { requirement, type Requirement, type RuleId } from '../../contracts/requirements.js';
import { ANNOTATION, NOT_JUDGED_PREFIX } from '../../contracts/run-protocol.js';
import type { ApiContext, BrowserContext, Check } from '../harness/check.js';
import { CheckFailure, OutOfReach, ProviderUnavailable } from '../harness/failure.js';
import { warnOf } from '../harness/findings.js';
import { ruleLevel } from '../../contracts/levels.js';
import type { Profile } from '../../contracts/index.js';
import { judgeLoss } from '../harness/unavailability.js';
import { callFrom } from './call-site.js';
import { checkSource } from './check-source.js';
import { checkLocations } from './table-rows.js';
import { loadPlan, recordDecision, rulesOfTargetIn, type TargetPlan } from './targets.js';

/** Title and details of one test: the first rule decides the tag; all rules become annotations. */
export function rule(rules: RuleId | readonly RuleId[], title: string, extra: TestDetails['annotation'] = []): [string, TestDetails] {
  const ids = typeof rules === 'string' ? [rules] : [...rules];
  const first = requirement(ids[0]);
  const annotations = Array.isArray(extra) ? extra : [extra];
  return [
    `${title} [${ids.join(' ')}]`,
    { tag: [`@${first.kind}`], annotation: [...ids.map((id) => ({ type: ANNOTATION.rule, description: id })), ...allureAnnotations(first), ...annotations] },
  ];
}

type Body<C> = (fixtures: C) => Promise<void>;
type Declaration = [string, TestDetails, Body<ApiContext> | Body<BrowserContext> | Body<ApiContext & { browser: Browser }>];

/**
 * Declares an area's checks, the table of the spec file at `specUrl` (its `import.meta.url`), each test at its row.
 * A normal run declares each check once. A matrix run (a plan, see targets.ts) declares it once per target that
 * includes the area and one of the check's rules, its title prefixed with the target's name; a target's API checks
 * form one group that one worker runs in turn (see `groupedByTarget`).
 */
export function declareChecks(area: string, checks: readonly Check[], specUrl: string): void {
  const rows = checkLocations(fileURLToPath(specUrl), checks);
  const declare = (check: Check, target?: TargetPlan) =>
    callFrom(rows.get(check)!, fixtures as unknown as (...d: Declaration) => void, declared(check, target));
  // Checks sharing a look, in an anonymous describe (it adds nothing to titles or test IDs) that one worker runs in turn.
  const declareAll = (list: readonly Check[], target?: TargetPlan) => {
    const looks = new Set<string>();
    for (const check of list) {
      const look = check.sharesLook;
      if (look === undefined) declare(check, target);
      else if (!looks.has(look)) {
        looks.add(look);

        fixtures.describe(() => {
          fixtures.describe.configure({ mode: 'default' });
          for (const same of list.filter((c) => c.sharesLook === look)) declare(same, target);
        });
      }
    }
  };
  const plan = loadPlan();
  if (!plan) {
    declareAll(checks);
    return;
  }
  for (const target of plan.targets) {
    if (!(target.projects ?? [area]).includes(area)) continue;
    const rules = rulesOfTargetIn(target, area);
    const mine = checks.filter((c) => !rules || c.rules.some((r) => rules.includes(r)));
    const grouped = mine.filter(groupedByTarget);
    declareAll(
      mine.filter((c) => !groupedByTarget(c)),
      target,
    );
    if (grouped.length === 0) continue;

    fixtures.describe(() => {
      fixtures.describe.configure({ mode: 'default' });
      for (const check of grouped) declare(check, target);
    });
  }
}

/**
 * Whether a matrix run declares the check in its target's group rather than as a test of its own. For every
 * group it runs, a Playwright worker binds the spec file's whole suite again (a clone and a hash per test), so a
 * matrix spec of thousands of tests, each its own group, costs time quadratic in their number: most of a
 * worker's CPU. API checks are quick, so a target's run one after another on one worker. Browser checks mostly
 * wait (settle and quiet times), so each stays a group of its own and their waits overlap on other workers.
 */
function groupedByTarget(check: Check): boolean {
  return !check.browser;
}

/**
 * One check as one test. Playwright creates a fixture only when the body's parameter list names it, so a
 * browser check gets its own body that asks for `page`. Against an observed target a CheckFailure is
 * recorded as an annotation and the test passes: the kill matrix expects failures, and Playwright would
 * restart its worker after every failed test. A target decided by one failure records it for its checks still to come (fixtures/config.ts skips them).
 */
function declared(check: Check, target?: TargetPlan): Declaration {
  const extra = [
    { type: ANNOTATION.check, description: check.name },
    { type: ANNOTATION.checkSource, description: checkSource(check.name) },
    ...(check.property ? [{ type: ANNOTATION.property, description: check.name }] : []),
    ...(check.requests ? [{ type: ANNOTATION.declaredRequests, description: JSON.stringify(check.requests) }] : []),
    ...(target ? [{ type: ANNOTATION.target, description: target.name }] : []),
    ...(target?.numRuns !== undefined ? [{ type: ANNOTATION.targetRuns, description: String(target.numRuns) }] : []),
  ];
  const [title, details] = rule(check.rules, target ? `${target.name}: ${check.title}` : check.title, extra);
  const observe = target?.mode === 'observe';
  const run = async (profile: Profile, go: () => Promise<void>) => {
    try {
      await go();
    } catch (e) {
      // A loss is judged by what it follows: the provider failing on the input (a CheckFailure), or not judged.
      const error: unknown = e instanceof ProviderUnavailable ? await judgeLoss(e).catch((judged: unknown) => judged) : e;
      if (error instanceof ProviderUnavailable) return notJudged(error);
      if (error instanceof CheckFailure && !error.leveled && ruleLevel(profile, error.details.rule) === 'warn') return stoppedAtWarning(error);
      if (!observe || !(error instanceof CheckFailure)) throw error;
      fixtures.info().annotations.push({ type: ANNOTATION.observed, description: error.message });
      recordDecision(target, error.details, check.name);
    }
  };
  const body =
    check.browser === 'on demand'
      ? async ({ api, inbox, browser }: ApiContext & { browser: Browser }) =>
          run(api.profile, () => withPageOnDemand(browser, (openPage) => check.run({ api, inbox, openPage })))
      : check.browser
        ? async ({ api, inbox, page }: BrowserContext) => run(api.profile, () => check.run({ api, inbox, page }))
        : async ({ api, inbox }: ApiContext) => run(api.profile, () => (check.run as Body<ApiContext>)({ api, inbox }));
  return [title, details, body];
}

/** Runs `body` with a way to open a page: a browser context made on the first ask, closed when `body` ends. */
async function withPageOnDemand(browser: Browser, body: (openPage: () => Promise<Page>) => Promise<void>): Promise<void> {
  let context: BrowserContextOfPlaywright | undefined;
  try {
    await body(async () => (context ??= await browser.newContext()).newPage());
  } finally {
    await context?.close();
  }
}

/**
 * A failure of a rule that only warns under the profile: the check stops there and passes; the reports list the
 * warning, and the check's other rules are not proven by it.
 */
function stoppedAtWarning(e: CheckFailure): void {
  const annotations = fixtures.info().annotations;
  annotations.push({ type: ANNOTATION.stoppedAtWarning, description: e.message });
  warnOf(e);
}

/** A check that could not get an answer: skipped, with why, and marked not judged for the reports (never passed, never failed). */
function notJudged(e: ProviderUnavailable): void {
  const info = fixtures.info();
  info.annotations.push({ type: ANNOTATION.notJudged, description: e.message });
  // Out of reach: the reason says so itself (it starts with OUT_OF_REACH); the provider was not unavailable.
  fixtures.skip(true, e instanceof OutOfReach ? `not judged: ${e.message}` : `${NOT_JUDGED_PREFIX} ${e.message}`);
}

/**
 * What allure-playwright turns into labels and a link (annotation types `@allure.label.<name>` become
 * labels): the first rule's operation, section and ID + title, and a severity from its kind. The kind's
 * `tag` label comes from the @documented/@profile tag; reporting/allure-reporter.ts adds the section links.
 */
function allureAnnotations(first: Requirement): { type: string; description: string }[] {
  return [
    { type: '@allure.label.epic', description: first.operation },
    { type: '@allure.label.feature', description: first.section },
    { type: '@allure.label.story', description: `${first.id} ${first.title}` },
    { type: '@allure.label.severity', description: first.kind === 'documented' ? 'critical' : 'normal' },
  ];
}
