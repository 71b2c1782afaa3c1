// The one registry of the Playwright projects: every conformance area and every test project of the project's
// own, each once. playwright.config.ts, suite/runner/projects.ts, scripts/test.ts, the command's help, the CI
// templates' browser-area lists and the variation catalog's areas are derived from it.
//
// Workers and places (the order the dispatcher takes projects in) differ for a default run and a matrix run
// (npm test): both put the long waits (child runs, callbacks, lifecycle, the page) beside the CPU-bound property
// areas so that the waits overlap the work rather than end the run; the measurements behind each number are in
// docs/performance.md. Every place of an order is taken once (tests/selftest/areas-registry.spec.ts).

/** A number for each kind of run: `run` the gate's and every other, `matrix` a run of a matrix plan (PTS_PLAN). */
export interface PerRun {
  readonly run: number;
  readonly matrix: number;
}

interface ProjectEntry {
  readonly name: string;
  /** Its tests' folder, from the repository's root. */
  readonly testDir: string;
  /** A conformance area of the interface (a user may choose it), or a test project of the project's own. */
  readonly kind: 'conformance' | 'own';
  /** It drives Chromium: the gate looks for a browser before running it (scripts/gate/browser-setup.ts). */
  readonly browser: boolean;
  /** Most workers it may take. */
  readonly workers: PerRun;
  /** Its place in the dispatcher's order (1 first). */
  readonly place: PerRun;
  /** The time limit of each of its tests, where not Playwright's default. */
  readonly timeoutMs?: number;
  readonly retries?: number;
  /** The teardown of every other area: the invariants over every payment the run created. */
  readonly wholeRun?: true;
  /** Needs no provider and no network. */
  readonly offline?: true;
}

/** Workers of a run unless --workers says otherwise: checks wait on the provider, the browser and callbacks more than they compute. */
export const DEFAULT_WORKERS = 6;

/** Time limit of a test that runs the suite in child processes (reporting, reliability). */
const CHILD_RUN_TIMEOUT = 300_000;

/** Every project, the conformance areas first, in the order people read them (help, error lines, reports). */
export const PROJECTS = [
  {
    name: 'invoice',
    testDir: 'suite/conformance/invoice',
    kind: 'conformance',
    browser: false,
    // One in a default run, like account2card, so that both start at once (a second worker of invoice kept account to
    // card waiting, and costs a start-up): a property keeps its examples in flight as streams, so one worker loses it little depth.
    workers: { run: 1, matrix: 2 },
    place: { run: 7, matrix: 10 },
  },
  {
    name: 'account2card',
    testDir: 'suite/conformance/account2card',
    kind: 'conformance',
    browser: false,
    workers: { run: 1, matrix: 2 },
    place: { run: 8, matrix: 11 },
  },
  { name: 'upload', testDir: 'suite/conformance/upload', kind: 'conformance', browser: false, workers: { run: 1, matrix: 1 }, place: { run: 10, matrix: 7 } },
  { name: 'status', testDir: 'suite/conformance/status', kind: 'conformance', browser: false, workers: { run: 1, matrix: 1 }, place: { run: 11, matrix: 8 } },
  {
    name: 'callbacks',
    testDir: 'suite/conformance/callbacks',
    kind: 'conformance',
    browser: true,
    // Two in a matrix run: with three, page and callback waits took every worker of npm test's six once the child
    // runs ended.
    workers: { run: 1, matrix: 2 },
    place: { run: 3, matrix: 3 },
  },
  {
    name: 'payment-page',
    testDir: 'suite/conformance/payment-page',
    kind: 'conformance',
    browser: true,
    workers: { run: 1, matrix: 3 },
    place: { run: 9, matrix: 4 },
  },
  {
    name: 'lifecycle',
    testDir: 'suite/conformance/lifecycle',
    kind: 'conformance',
    browser: true,
    workers: { run: 1, matrix: 2 },
    place: { run: 4, matrix: 9 },
  },
  {
    name: 'whole-run',
    testDir: 'suite/conformance/whole-run',
    kind: 'conformance',
    browser: false,
    workers: { run: 1, matrix: 2 },
    place: { run: 12, matrix: 12 },
    wholeRun: true,
  },
  { name: 'selftest', testDir: 'tests/selftest', kind: 'own', browser: false, workers: { run: 2, matrix: 1 }, place: { run: 5, matrix: 5 }, offline: true },
  { name: 'provider', testDir: 'mock/tests', kind: 'own', browser: false, workers: { run: 2, matrix: 1 }, place: { run: 6, matrix: 6 } },
  // Tests of the suite's own reports and of its behaviour against hostile providers; they run the suite in child
  // processes. Their time limit only guards against a hung child: a child run on a loaded 2-core machine can take minutes.
  {
    name: 'reporting',
    testDir: 'tests/reporting',
    kind: 'own',
    browser: false,
    workers: { run: 2, matrix: 2 },
    place: { run: 1, matrix: 1 },
    timeoutMs: CHILD_RUN_TIMEOUT,
    // One retry: the Allure page (4 MB) can miss its wait on a 2-core machine saturated by npm test's matrix.
    retries: 1,
  },
  {
    name: 'reliability',
    testDir: 'tests/reliability',
    kind: 'own',
    browser: false,
    workers: { run: 2, matrix: 2 },
    place: { run: 2, matrix: 2 },
    timeoutMs: CHILD_RUN_TIMEOUT,
  },
] as const satisfies readonly ProjectEntry[];

type Entry = (typeof PROJECTS)[number];
type ProjectName = Entry['name'];
/** A conformance area: a project a user may choose with --project. */
export type AreaName = Extract<Entry, { kind: 'conformance' }>['name'];

const isArea = (p: Entry): p is Extract<Entry, { kind: 'conformance' }> => p.kind === 'conformance';

/** The conformance areas, in the registry's order. */
export const CONFORMANCE_AREAS: readonly AreaName[] = PROJECTS.filter(isArea).map((p) => p.name);
/** The project's own test projects (self-tests, the reference provider's, reporting, reliability). */
export const OWN_PROJECTS: readonly ProjectName[] = PROJECTS.filter((p) => p.kind === 'own').map((p) => p.name);
/** The conformance areas that drive Chromium. */
export const BROWSER_AREAS: readonly AreaName[] = PROJECTS.filter(isArea)
  .filter((p) => p.browser)
  .map((p) => p.name);
/** The area that judges the whole run once the others have finished (their teardown). */
export const WHOLE_RUN_AREA = PROJECTS.find((p): p is Extract<Entry, { wholeRun: true }> => 'wholeRun' in p)!.name;
/** The areas of the API alone: neither a browser nor the whole run (their checks fail at once where a browser check waits). */
export const API_AREAS: readonly AreaName[] = PROJECTS.filter(isArea)
  .filter((p) => !p.browser && !('wholeRun' in p))
  .map((p) => p.name);

/** The projects in the dispatcher's order of a run of the given kind. */
export function dispatchOrder(kind: keyof PerRun): readonly ProjectEntry[] {
  return [...PROJECTS].sort((a, b) => a.place[kind] - b.place[kind]);
}
