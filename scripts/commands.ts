// The subcommands of the suite's command (scripts/cli.ts), one row each: the script it runs, its options, the
// variables it reads (rows of suite/runner/settings.ts's VARIABLES), its exit codes and an example. The help
// (scripts/cli-help.ts) and the check of a command line (scripts/cli-options.ts) are both read from here, and each
// script reads its own options and their defaults from its row.
import { DEFAULT_WORKERS } from '../contracts/areas.js';
import type { OptionSpec } from '../contracts/command-line.js';
import { MOCK_OPTIONS } from '../mock/cli-options.js';

export type { OptionSpec };

export interface CommandSpec {
  name: string;
  /** The script it runs, relative to the package's root; the npm script of the same name runs it too. */
  script: string;
  summary: string;
  /** What it does, for its --help. */
  description: string;
  usage: string;
  options: readonly OptionSpec[];
  /** Takes Playwright's run options too (PLAYWRIGHT_OPTIONS, or the ones named), passed on to `playwright test`. */
  playwright?: true | readonly string[];
  /** How many operands it takes (files, folders); none when undefined. */
  operands?: { min: number; max?: number };
  /** The names of the variables it reads: every row of VARIABLES for 'settings'. */
  variables: 'settings' | readonly string[];
  /** Defaults of its own that replace the configuration's where the variable is unset. */
  defaults?: Readonly<Record<string, string>>;
  /** Variables it refuses to run without (exit 2, one line naming them; requiredUnset). */
  required?: readonly string[];
  /** What an unset variable means for this command, where it differs from the configuration's default. */
  unsetMeans?: Readonly<Record<string, string>>;
  exitCodes: ReadonlyArray<readonly [number, string]>;
  example: string;
}

/** The command, as package.json's "bin" names it. */
export const COMMAND = 'payment-transfer-conformance';

/**
 * Certification's sandbox defaults, applied only where the variable is unset. TIME_BUDGET: the whole run, ten
 * minutes (what a merchant waits for), shared by every check at RATE_LIMIT; FC_NUM_RUNS set instead fixes the
 * examples per property, and the budget is ignored.
 */
export const CERTIFY_DEFAULTS = { RATE_LIMIT: '5', REQUEST_TIMEOUT: '15', TIME_BUDGET: '600' } as const;

/** Every subcommand's own. */
export const COMMON_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'settings',
    value: 'FILE',
    multiple: true,
    // Node 20 reads an --env-file anywhere on its own command line (`node bin/… --env-file x` exits 9).
    formerly: 'env-file',
    meaning:
      'read variables from FILE (KEY=value lines, as .env files and CI variables keep them); the environment wins over the file, a later file over an earlier',
  },
  { name: 'help', short: 'h', meaning: 'this text' },
  { name: 'version', short: 'V', meaning: "the suite's version" },
];

/** The options of `playwright test` the gate and certification pass on (others would bypass their checks: --config, --ui). */
export const PLAYWRIGHT_OPTIONS: readonly OptionSpec[] = [
  { name: 'project', value: 'AREA', multiple: true, meaning: 'only these areas (several allowed, * matches any characters)' },
  { name: 'grep', short: 'g', value: 'REGEX', meaning: 'only the checks whose title matches (@documented, @profile: by kind)' },
  { name: 'grep-invert', short: 'G', value: 'REGEX', meaning: 'leave out the checks whose title matches' },
  { name: 'workers', short: 'j', value: 'N', valueForm: 'workers', default: String(DEFAULT_WORKERS), meaning: 'workers' },
  { name: 'reporter', value: 'NAME', meaning: "console reporter instead of the configuration's" },
  { name: 'retries', value: 'N', valueForm: 'count', meaning: 'tries again of a failed check' },
  { name: 'repeat-each', value: 'N', valueForm: 'count', meaning: 'run each check N times' },
  { name: 'max-failures', value: 'N', valueForm: 'count', meaning: 'stop after N failures' },
  { name: 'shard', value: 'I/N', valueForm: 'shard', meaning: 'run shard I of N: its reports, and a blob report in reports/blobs/shard-I for merge-reports' },
  { name: 'timeout', value: 'MS', valueForm: 'count', meaning: 'time limit of one check' },
  { name: 'global-timeout', value: 'MS', valueForm: 'count', meaning: 'time limit of the run' },
  { name: 'output', value: 'DIR', meaning: 'folder of the test artefacts' },
  { name: 'trace', value: 'MODE', meaning: "Playwright's trace (on, off, retain-on-failure)" },
  { name: 'headed', meaning: 'show the browser (with PTS_SYSTEM_CHROMIUM=/usr/bin/chromium)' },
  { name: 'list', meaning: 'list the checks, run none' },
  { name: 'quiet', meaning: "no check's console output" },
  { name: 'pass-with-no-tests', meaning: 'exit 0 when the selection is empty' },
  { name: 'forbid-only', meaning: 'fail on a test.only left behind' },
  { name: 'fail-on-flaky-tests', meaning: 'fail when a check passed only on a retry' },
];

const GATE_EXIT: CommandSpec['exitCodes'] = [
  [0, 'every check passed (with a baseline: every failure is an accepted one)'],
  [1, 'conformance failures (with a baseline: a failure the baseline does not accept)'],
  [
    2,
    'setup problem, nothing judged: a variable, the profile, the provider unreachable, no Chromium, an unknown area, tag or option; ' +
      'or an incomplete run (more than 5 % of the checks not judged: the provider was unavailable)',
  ],
];

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'conformance',
    script: 'scripts/conformance.ts',
    summary: 'the CI gate: every check against BASE_URL, or the embedded reference provider',
    description:
      'Runs the conformance checks of the chosen areas (all by default) against the provider at BASE_URL, or against the ' +
      'embedded reference provider when BASE_URL is unset. Before any request it checks the settings, the profile, a ' +
      'Chromium for the browser areas and that the provider answers. Reports go to reports/ in the current folder ' +
      '(PTS_REPORTS_DIR): summary.json, requirements.md, job-summary.md, junit.xml, html/, allure-results/.',
    usage: '[--project AREA ...] [--grep REGEX] [options]',
    options: [{ name: 'baseline', value: 'FILE', meaning: 'known failures the gate accepts (or BASELINE; docs/ci-gate.md)' }],
    playwright: true,
    variables: 'settings',
    exitCodes: GATE_EXIT,
    example: 'conformance --project=invoice --grep @documented',
  },
  {
    name: 'certify',
    script: 'scripts/certify.ts',
    summary: "a merchant's certification against BASE_URL: a signed, checksummed folder to share",
    description:
      "Runs the checks against the provider under test (BASE_URL, with the merchant's API_KEY and CRYPTO_KEY) with " +
      'settings for a live sandbox, one worker and no retries, and writes reports/certification/ (or --out): ' +
      'certificate.md (CERTIFIED / NOT CERTIFIED / INCOMPLETE), summary.json, requirements.md, environment.json (the key ' +
      'masked), binding.json and ledger.json (what ties the run to the sandbox), run/, manifest.sha256 and, with ' +
      "XSIGN_PRIVATE_KEY, manifest.sha256.p7s: the manifest signed by the merchant's key, which verify-certificate checks. " +
      'Only documented checks decide the verdict; profile failures are reported. Depth: the run sends about ' +
      'TIME_BUDGET × RATE_LIMIT requests: the other checks first take what they need, the property checks share the ' +
      'rest (value classes first, then random examples); certificate.md reports the requests each area got.',
    usage: '[--out DIR] [--project AREA ...] [options]',
    options: [{ name: 'out', value: 'DIR', default: 'reports/certification', meaning: 'the certification folder (replaced only if empty or an earlier one)' }],
    // One worker, no retries, no shards: the run the certificate describes is the whole of one run.
    playwright: ['project', 'grep', 'grep-invert', 'reporter', 'timeout', 'trace', 'headed', 'quiet'],
    variables: 'settings',
    defaults: CERTIFY_DEFAULTS,
    required: ['BASE_URL'],
    exitCodes: [
      [0, 'CERTIFIED: every documented check passed'],
      [1, 'NOT CERTIFIED: a documented check failed (or none ran)'],
      [
        2,
        'setup problem (BASE_URL or the keys missing, provider unreachable, an unknown area, tag or option, a secret found in the folder), or INCOMPLETE: run it again',
      ],
    ],
    example: 'certify --settings sandbox.env',
  },
  {
    name: 'verify-certificate',
    script: 'scripts/verify-certificate.ts',
    summary: "the provider's check of a merchant's certification folder: signature, files, ledger against the sandbox",
    description:
      'Checks a certification folder that certify wrote (docs/provider-verification.md): the detached CMS signature of ' +
      "its manifest by the merchant's X-Sign key (compared with --public-key, the provider's own copy), every file " +
      'against the manifest, and, with BASE_URL, API_KEY and CRYPTO_KEY of the sandbox set, a sample of the ' +
      "ledger's payments against the status method (same id and created_at). Without them the ledger is not checked " +
      'against the sandbox, and one line says so.',
    usage: 'DIR --public-key FILE [--sample N|all]',
    options: [
      { name: 'public-key', value: 'FILE', meaning: "the merchant's X-Sign public key as the provider holds it (PEM)" },
      { name: 'sample', value: 'N', default: '25', meaning: "how many of the ledger's payments to ask the sandbox about, or all" },
    ],
    operands: { min: 1, max: 1 },
    variables: ['BASE_URL', 'API_KEY', 'CRYPTO_KEY', 'REQUEST_TIMEOUT'],
    unsetMeans: {
      BASE_URL: 'unset: the ledger is not checked against the sandbox, and one line says so',
      API_KEY: 'required with BASE_URL',
      CRYPTO_KEY: 'required with BASE_URL',
    },
    exitCodes: [
      [0, 'verified'],
      [1, 'refused: a bad signature, another key, a changed file, a ledger entry the sandbox disagrees with (the first on one line)'],
      [2, 'setup problem: no folder, an unsigned folder, an unreadable key, a sandbox that did not answer the sample'],
    ],
    example: 'verify-certificate merchant-42/ --public-key merchant-42.pub.pem',
  },
  {
    name: 'compare',
    script: 'scripts/compare.ts',
    summary: 'the differences between two runs (failures, rule verdicts, latency), or the trend across releases',
    description:
      'Compares two runs (OLD and NEW: summary.json files or report folders holding one, of older suite versions too), ' +
      'prints new failures, fixed checks, rule status changes, changed response shapes and the p50/p95/p99 latency of each ' +
      'operation and page action, old → new, and writes compare.md and compare.json to --out (default PTS_REPORTS_DIR, reports/). ' +
      "A p95 grown past the OLD run's threshold (the profile's latency.p95Growth, which its summary.json records) is a " +
      'latency regression: reported, and failing only where that profile says latency.gate fail. With --trend, any number ' +
      'of runs, oldest first: the last two are compared, and trend.html beside compare.md draws p95 per operation and the ' +
      'checks by verdict across all of them.',
    usage: 'OLD NEW [--fail-on-new] [--out DIR] | --trend RUN1 RUN2 ... RUNn',
    options: [
      {
        name: 'fail-on-new',
        meaning: "exit 1 when NEW has a failure OLD did not have, or a latency regression and the OLD run's profile says latency.gate fail",
      },
      { name: 'out', value: 'DIR', meaning: 'where compare.md and compare.json go (default: PTS_REPORTS_DIR, or reports)' },
      { name: 'trend', meaning: 'take two runs or more, oldest first: compare the last two, and write trend.html, trend.json and their charts' },
    ],
    operands: { min: 2 },
    variables: ['PTS_REPORTS_DIR'],
    exitCodes: [
      [0, 'compared (also when there are new failures or latency regressions)'],
      [1, "new failures, with --fail-on-new; or latency regressions, with --fail-on-new and the OLD run's latency.gate fail"],
      [2, 'an input that cannot be read, more than two runs without --trend, or an unknown option'],
    ],
    example: 'compare reports-1.4/ reports/ --fail-on-new',
  },
  {
    name: 'report',
    script: 'scripts/report.ts',
    summary: 'the Allure report of the last run: one file that opens from disk, and a folder',
    description:
      'Builds the Allure report from reports/allure-results twice: reports/allure-single-file/index.html (one file, ' +
      'opens from disk, the one to share) and reports/allure-report/. Keep reports/allure-history.jsonl between runs ' +
      'and the trends carry over.',
    usage: '[--history-limit N]',
    options: [{ name: 'history-limit', value: 'N', valueForm: 'count', default: '50', meaning: 'runs of history to keep' }],
    variables: ['PTS_REPORTS_DIR'],
    exitCodes: [
      [0, 'reports written'],
      [1, 'allure failed'],
      [2, 'no results to report, or an unknown option'],
    ],
    example: 'report',
  },
  {
    name: 'merge-reports',
    script: 'scripts/merge-reports.ts',
    summary: "merges the shards of a gate run into one run's reports, and applies the gate to it",
    description:
      'Merges the blob reports of the shards of one gate run (conformance --shard=I/N writes reports/blobs/shard-I) into one ' +
      'set of reports in reports/ (PTS_REPORTS_DIR): summary.json, job-summary.md, requirements, junit, html, allure results; ' +
      'then applies the gate to the merged run, as conformance does to an unsharded one: the exit code, the incomplete run ' +
      '(more than 5 % not judged), the baseline. A shard missing from the blob reports is an incomplete run. ' +
      'Default input: every folder under reports/blobs/.',
    usage: '[DIR|ZIP ...] [--baseline FILE] [--reporter NAME]',
    options: [
      { name: 'baseline', value: 'FILE', meaning: 'known failures the gate accepts (or BASELINE; docs/ci-gate.md)' },
      { name: 'reporter', value: 'NAME', meaning: "console reporter instead of the configuration's (the report files are written all the same)" },
    ],
    operands: { min: 0 },
    variables: ['PTS_REPORTS_DIR', 'BASELINE'],
    exitCodes: [
      [0, 'merged; every check passed (with a baseline: every failure is an accepted one)'],
      [1, 'merged; conformance failures (with a baseline: a failure the baseline does not accept)'],
      [
        2,
        'no blob report, a shard missing or given twice, a merge that failed or wrote no summary, a bad baseline, an unknown option; ' +
          'or an incomplete run (more than 5 % of the merged checks not judged)',
      ],
    ],
    example: 'merge-reports reports/blobs --baseline .ci/conformance-baseline.json',
  },
  {
    name: 'mock',
    script: 'mock/cli.ts',
    summary: 'the reference provider, on its own, with its fault and variation catalogs',
    description:
      'Starts the reference provider and serves until stopped (Ctrl-C, SIGTERM). It prints its address first ' +
      '(`listening URL`), then the credentials, for this local console only, and the variables to point the suite at it. ' +
      'Each option may be given in its variable instead (PTS_MOCK_...); the option wins.',
    usage: '[options]',
    options: MOCK_OPTIONS,
    variables: [],
    exitCodes: [
      [0, 'stopped by a signal, or a list printed'],
      [2, 'a bad option or value, a fault or variation it does not have, a port in use'],
    ],
    example: 'mock --port 8080 --faults invoice-amount-max-off-by-one',
  },
];

/** The options of the subcommand's own row (not Playwright's nor the common ones): what its script parses. */
export function ownOptionsOf(name: string): readonly OptionSpec[] {
  const spec = commandNamed(name);
  if (spec === undefined) throw new Error(`no command named ${name}`);
  return spec.options;
}

/** The variables `spec` requires that `env` leaves unset or empty. */
export function requiredUnset(spec: CommandSpec, env: NodeJS.ProcessEnv): string[] {
  return (spec.required ?? []).filter((name) => !env[name]?.trim());
}

/** The subcommand of that name, or undefined. */
export function commandNamed(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}
