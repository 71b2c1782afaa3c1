// The subcommands of the suite's command (scripts/cli.ts), one row each: the script it runs, its options, the
// variables it reads (rows of suite/runner/settings.ts's VARIABLES), its exit codes and an example. The help
// (scripts/cli-help.ts) and the check of a command line (scripts/cli-options.ts) are both read from here.

/** An option of a subcommand: `value` names its argument (a string option), none for a switch. */
export interface OptionSpec {
  name: string;
  short?: string;
  value?: string;
  /** What its value must be, checked before anything runs: a whole number (`count`), also a share (`workers`: 50%), `I/N`. */
  valueForm?: 'count' | 'workers' | 'shard';
  /** May be given more than once (`--project a --project b`), or take several values (Playwright's --project). */
  multiple?: true;
  meaning: string;
}

export interface CommandSpec {
  name: string;
  /** The script it runs, relative to the package's root; the npm script of the same name runs it too. */
  script: string;
  summary: string;
  /** What it does, for its --help. */
  description: string;
  usage: string;
  options: readonly OptionSpec[];
  /** Takes Playwright's run options too (PLAYWRIGHT_OPTIONS), passed on to `playwright test`. */
  playwright?: true;
  /** How many operands it takes (files, folders); none when undefined. */
  operands?: { min: number; max?: number };
  /** The names of the variables it reads: every row of VARIABLES for 'settings'. */
  variables: 'settings' | readonly string[];
  /** Defaults of its own that replace the configuration's where the variable is unset. */
  defaults?: Readonly<Record<string, string>>;
  exitCodes: ReadonlyArray<readonly [number, string]>;
  example: string;
  /** The script prints its own help (`--help` goes to it): the reference provider's lists its catalogs. */
  ownHelp?: true;
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
    name: 'env-file',
    value: 'FILE',
    multiple: true,
    meaning: "read variables from FILE (Node's KEY=value format); the environment wins over the file, a later file over an earlier",
  },
  { name: 'help', short: 'h', meaning: 'this text' },
  { name: 'version', short: 'V', meaning: "the suite's version" },
];

/** The options of `playwright test` the gate and certification pass on (others would bypass their checks: --config, --ui). */
export const PLAYWRIGHT_OPTIONS: readonly OptionSpec[] = [
  { name: 'project', value: 'AREA', multiple: true, meaning: 'only these areas (several allowed, * matches any characters)' },
  { name: 'grep', short: 'g', value: 'REGEX', meaning: 'only the checks whose title matches (@documented, @profile: by kind)' },
  { name: 'grep-invert', short: 'G', value: 'REGEX', meaning: 'leave out the checks whose title matches' },
  { name: 'workers', short: 'j', value: 'N', valueForm: 'workers', meaning: 'workers (default 6)' },
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
    options: [{ name: 'out', value: 'DIR', meaning: 'the certification folder (default reports/certification; replaced only if empty or an earlier one)' }],
    playwright: true,
    variables: 'settings',
    defaults: CERTIFY_DEFAULTS,
    exitCodes: [
      [0, 'CERTIFIED: every documented check passed'],
      [1, 'NOT CERTIFIED: a documented check failed (or none ran)'],
      [
        2,
        'setup problem (BASE_URL or the keys missing, provider unreachable, an unknown area, tag or option, a secret found in the folder), or INCOMPLETE: run it again',
      ],
    ],
    example: 'certify --env-file sandbox.env',
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
      { name: 'sample', value: 'N', meaning: "how many of the ledger's payments to ask the sandbox about, or all (default 25)" },
    ],
    operands: { min: 1, max: 1 },
    variables: ['BASE_URL', 'API_KEY', 'CRYPTO_KEY', 'REQUEST_TIMEOUT'],
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
    summary: 'the differences between two runs: new failures, fixed checks, rule status changes',
    description:
      'Compares two runs (OLD and NEW: summary.json files or report folders holding one, of older suite versions too), ' +
      'prints new failures, fixed checks, rule status changes and changed response shapes, and writes compare.md and ' +
      'compare.json to --out (default PTS_REPORTS_DIR, reports/).',
    usage: 'OLD NEW [--fail-on-new] [--out DIR]',
    options: [
      { name: 'fail-on-new', meaning: 'exit 1 when NEW has a failure OLD did not have' },
      { name: 'out', value: 'DIR', meaning: 'where compare.md and compare.json go' },
    ],
    operands: { min: 2, max: 2 },
    variables: ['PTS_REPORTS_DIR'],
    exitCodes: [
      [0, 'compared (also when there are new failures)'],
      [1, 'new failures, with --fail-on-new'],
      [2, 'an input that cannot be read, or an unknown option'],
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
    options: [{ name: 'history-limit', value: 'N', meaning: 'runs of history to keep (default 50)' }],
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
    description: 'Starts the reference provider.',
    usage: '[options]',
    options: [],
    variables: [],
    exitCodes: [],
    example: 'mock --port 8080',
    ownHelp: true,
  },
];

/** The subcommand of that name, or undefined. */
export function commandNamed(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}
