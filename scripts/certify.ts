// `npm run certify`: a merchant's certification run against a provider under test (BASE_URL), with settings
// for a live sandbox, and a shareable, checksummed folder reports/certification/:
//   certificate.md   verdict CERTIFIED / NOT CERTIFIED / INCOMPLETE, documented and profile checks, failures with rule IDs
//   summary.json     the run's summary (copy)         requirements.md/.json  rule traceability (copy)
//   spec/            the interface document and the profile description, which requirements.md links into
//   environment.json provider, suite version, profile digest, fc seed, date, node, rate limit (API key masked)
//   ledger.json      every payment the run created: operation, transaction, id, created_at, state (nothing else)
//   binding.json     what ties the folder to the run and the sandbox: suite version, lock-file digest, profile digest,
//                    seed, base URL, time span, every verdict, the ledger's size, the signing key's fingerprint
//   manifest.sha256  `sha256sum -c manifest.sha256` verifies every file of the folder
//   manifest.sha256.p7s  the merchant's detached CMS signature of the manifest, by its X-Sign key (XSIGN_PRIVATE_KEY);
//                    without that key the folder is unsigned (said on one line and in certificate.md; exit code
//                    unchanged) and the provider cannot verify it: `npm run verify-certificate` (docs/provider-verification.md)
//   run/             everything the reporters wrote during the run (PTS_REPORTS_DIR)
// Depth: unless FC_NUM_RUNS is set, the whole run shares TIME_BUDGET × RATE_LIMIT requests (default 600 s at 5/s):
// the checks that are not properties take what they need, the properties the rest (suite/harness/depth-plan.ts);
// certificate.md and the console report the requests each area got and the examples each property ran.
// Exit codes: 0 every documented check passed (profile failures are reported, they do not fail
// certification); 1 a documented check failed (or none ran); 2 setup problem (BASE_URL/API_KEY/CRYPTO_KEY
// missing, provider unreachable, bad profile, no Chromium for the browser checks, a run that produced no verdict,
// a secret or something unreadable found by the leak scan of the folder); 2 also for INCOMPLETE: a documented check
// could not be judged, or too many checks could not (the provider was unavailable): run it again.
// Options: --out DIR (default reports/certification). Other arguments go to Playwright, e.g. --project=invoice.
import { createPublicKey, randomInt } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { profileDigest } from '../contracts/profile.js';
import { CONFORMANCE_PROJECTS } from '../suite/runner/projects.js';
import { tunnelName } from '../suite/runner/callback-tunnel.js';
import { creatablePaymentOperations } from '../contracts/operations.js';
import { scanOutputs, secretsFor } from '../reporting/leak-scan.js';
import { writeManifest, MANIFEST, SIGNATURE } from '../reporting/manifest.js';
import { signDetached } from '../reporting/certificate-signature.js';
import { notJudgedCause, notJudgedExplained, OUT_OF_REACH, RUN_ENV, type DepthPlan, type LedgerExport } from '../contracts/run-protocol.js';
import { BINDING, LEDGER, bindingOf } from './certificate/binding.js';
import { depthLines, depthMarkdown, plannedRequests, requestsSent, type DepthSetting } from './certificate/depth.js';
import { cell } from '../reporting/markdown.js';
import { REPO_ROOT, REPORT_FILES } from '../reporting/reports-dir.js';
import { writeRequirements } from '../reporting/requirements-report.js';
import { writeSpecCopies } from '../reporting/spec-docs.js';
import { readSummary, type Summary, type SummaryCheck } from '../reporting/summary-file.js';
import { failedRuleOfCheck } from '../reporting/summary-model.js';
import { ownOptions } from './args.js';
import { PLAYWRIGHT_CLI, playwrightArgs, runChild } from './child-run.js';
import { optionDefault } from '../contracts/command-line.js';
import { CERTIFY_DEFAULTS, commandNamed, ownOptionsOf, requiredUnset } from './commands.js';
import { EXIT, SetupError, isSetupError, preflight } from './gate/preflight.js';
import { listChecks } from './gate/listing.js';
import { browserProjects, chosenAreas } from './gate/projects.js';
import { unavailability } from './gate/unavailability.js';

/** Sandbox defaults, applied only where the variable is unset (declared with the command, for its --help). */
export { CERTIFY_DEFAULTS };

const ROOT = REPO_ROOT.replace(/\/+$/, '');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

function maskKey(value: string | undefined): string | null {
  if (!value) return null;
  return value.length <= 8 ? '…' : `${value.slice(0, 4)}…`;
}

function playwrightVersion(): string | null {
  try {
    return (JSON.parse(readFileSync(join(dirname(PLAYWRIGHT_CLI), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

interface Counts {
  total: number;
  passed: number;
  failed: number;
  notJudged: number;
  skipped: number;
}

function count(checks: SummaryCheck[]): Counts {
  return {
    total: checks.length,
    passed: checks.filter((c) => c.status === 'passed' || c.status === 'flaky').length,
    failed: checks.filter((c) => c.status === 'failed').length,
    notJudged: checks.filter((c) => c.status === 'not judged').length,
    skipped: checks.filter((c) => c.status === 'skipped').length,
  };
}

/**
 * A documented check that failed: NOT CERTIFIED (a defect, whatever else happened). Else, when a documented check
 * could not be judged (a certificate speaks for every documented rule it ran), or a documented rule was judged by
 * none of its checks (the callbacks' payload rule when no callback can arrive, whose checks are profile checks), or
 * the gate would call the run incomplete: INCOMPLETE, run it again. Else CERTIFIED when some documented check passed.
 */
type CertificationVerdict = 'CERTIFIED' | 'NOT CERTIFIED' | 'INCOMPLETE';

/** A documented rule every check of which that ran was not judged. */
function documentedRuleNotJudged(summary: Summary): boolean {
  return Object.values(summary.rules).some((r) => r.kind === 'documented' && r.status === 'not judged');
}

function certificate(
  summary: Summary,
  env: Record<string, unknown>,
  verdict: CertificationVerdict,
  scope: string,
  signed: boolean,
  depth: DepthSetting,
): string {
  const documented = summary.checks.filter((c) => c.kind === 'documented');
  const profile = summary.checks.filter((c) => c.kind !== 'documented');
  const d = count(documented);
  const p = count(profile);
  const ruleCounts = (kind: string) => {
    const rs = Object.values(summary.rules).filter((r) => r.kind === kind);
    const n = (s: string) => rs.filter((r) => r.status === s).length;
    return `${n('passed')} passed, ${n('failed')} failed, ${n('not proven')} not proven, ${n('not judged')} not judged, ${n('not run')} not run, ${n('untestable')} untestable (of ${rs.length})`;
  };
  const failureTable = (checks: SummaryCheck[]) =>
    checks.length === 0
      ? ['None.']
      : [
          '| failed rule | check | failure |',
          '|---|---|---|',
          ...checks.map((c) => `| ${cell(failedRuleOfCheck(c) ?? 'none named (suite error)')} | ${cell(c.id)} | ${cell(c.failure)} |`),
        ];
  const skipped = summary.checks.filter((c) => c.status === 'skipped');
  const notJudged = summary.checks.filter((c) => c.status === 'not judged');
  const lines = [
    '# Payment Transfer Service: conformance certificate',
    '',
    `## Verdict: ${verdict}`,
    '',
    verdict === 'CERTIFIED'
      ? 'Every documented check passed against the provider below.'
      : verdict === 'INCOMPLETE'
        ? `${notJudged.length} check(s) could not be judged: ${[...new Set(notJudged.map((c) => notJudgedExplained(c.notJudged)))].join('; ')}. No documented check failed; ${notJudged.some((c) => notJudgedCause(c.notJudged) === OUT_OF_REACH) ? 'give the provider a way to reach the suite (docs/merchant-certification.md) and run' : 'run'} the certification again.`
        : documented.length === 0 || d.passed === 0
          ? 'No documented check passed in this run, so nothing can be certified.'
          : `${d.failed} documented check(s) failed: the provider does not follow the interface document there.`,
    '',
    '| | |',
    '|---|---|',
    `| Provider (BASE_URL) | ${cell(String(env.baseUrl))} |`,
    `| Date | ${cell(String(env.date))} |`,
    `| Suite version | ${cell(String(env.suiteVersion))} |`,
    `| Profile | ${cell(String(env.profile))}, digest \`${cell(String(env.profileDigest))}\` |`,
    `| fast-check | seed ${cell(String(env.fcSeed))}, ${'budgetSeconds' in depth ? `as many runs per property as its part of TIME_BUDGET ${depth.budgetSeconds} s allowed` : `${cell(String(env.fcNumRuns))} runs per property`} |`,
    `| Rate limit | ${cell(String(env.rateLimit))} requests/s, timeout ${cell(String(env.requestTimeoutSeconds))} s |`,
    `| Merchant API key | ${cell(String(env.apiKey))} |`,
    `| Scope | ${cell(scope)} |`,
    `| Signature | ${signed ? `signed by the merchant's X-Sign key (\`${SIGNATURE}\`)` : 'UNSIGNED: no X-Sign key, the provider cannot verify this folder'} |`,
    '',
    '## Checks',
    '',
    '| kind | total | passed | failed | not judged | skipped |',
    '|---|---|---|---|---|---|',
    `| documented (decide the verdict) | ${d.total} | ${d.passed} | ${d.failed} | ${d.notJudged} | ${d.skipped} |`,
    `| profile (reported only) | ${p.total} | ${p.passed} | ${p.failed} | ${p.notJudged} | ${p.skipped} |`,
    '',
    `Documented rules: ${ruleCounts('documented')}.`,
    `Profile rules: ${ruleCounts('profile')}.`,
    '',
    '## Documented failures (defects of the provider)',
    '',
    ...failureTable(documented.filter((c) => c.status === 'failed')),
    '',
    '## Profile failures (the provider differs from the profile in use; they do not affect the verdict)',
    '',
    ...failureTable(profile.filter((c) => c.status === 'failed')),
    '',
    `## Checks not judged (${notJudged.length})`,
    '',
    ...(notJudged.length === 0 ? ['None.'] : ['| check | why |', '|---|---|', ...notJudged.map((c) => `| ${cell(c.id)} | ${cell(c.notJudged)} |`)]),
    '',
    ...depthMarkdown(depth, summary),
    `## Skipped checks (${skipped.length})`,
    '',
    ...(skipped.length === 0 ? ['None.'] : ['| check | reason |', '|---|---|', ...skipped.map((c) => `| ${cell(c.id)} | ${cell(c.skipReason)} |`)]),
    '',
    '## Verifying this folder',
    '',
    ...(signed
      ? [
          `Signed: \`${SIGNATURE}\` is the merchant's detached CMS signature of \`${MANIFEST}\`, by its X-Sign key; the manifest lists every`,
          "file's sha256, and `binding.json` with `ledger.json` tie the run to the sandbox. The provider checks it with the merchant's public key:",
          '',
          '```sh',
          `openssl cms -verify -binary -inform PEM -in ${SIGNATURE} -content ${MANIFEST} -noverify -out /dev/null && sha256sum -c ${MANIFEST}`,
          'BASE_URL=… API_KEY=… CRYPTO_KEY=… npm run verify-certificate -- <this folder> --public-key merchant-public.pem',
          '```',
        ]
      : [
          'Unsigned: the run had no X-Sign key (XSIGN_PRIVATE_KEY), so nothing here proves to the provider that this folder is the one the',
          `run wrote (anyone can edit a file and write \`${MANIFEST}\` again). It only shows whether a file changed since:`,
          '',
          '```sh',
          `sha256sum -c ${MANIFEST}`,
          '```',
        ]),
    '',
    'Details of every check: `run/` (the reports of the run), `requirements.md` (rule by rule), `summary.json`.',
    `To replay: \`FC_SEED=${String(env.fcSeed)} ${'budgetSeconds' in depth ? `TIME_BUDGET=${depth.budgetSeconds}` : `FC_NUM_RUNS=${String(env.fcNumRuns)}`} BASE_URL=… API_KEY=… CRYPTO_KEY=… npm run certify${env.args && (env.args as string[]).length ? ` -- ${(env.args as string[]).join(' ')}` : ''}\`.`,
  ];
  return lines.join('\n') + '\n';
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  let out: string;
  let args: string[];
  try {
    const own = ownOptions(
      argv,
      ownOptionsOf('certify').map((o) => o.name),
    );
    out = resolve(own.values.out ?? optionDefault(ownOptionsOf('certify'), 'out'));
    args = own.rest;
    if (out === ROOT || out === resolve(ROOT, 'reports') || out === resolve('reports') || out === resolve('/'))
      throw new SetupError(`--out ${out} would replace a folder certify does not own`);
    // The folder is replaced whole: only an empty one, or an earlier certification (its manifest says so).
    if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, MANIFEST)))
      throw new SetupError(`--out ${out} is not empty and holds no earlier certification (no ${MANIFEST}): certify replaces only its own folders`);
    const missing = requiredUnset(commandNamed('certify')!, process.env);
    if (missing.length > 0)
      throw new SetupError(
        `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set: certification runs against the provider under test (set BASE_URL, API_KEY, CRYPTO_KEY and, for account-to-card, XSIGN_PRIVATE_KEY)`,
      );
  } catch (e) {
    if (isSetupError(e)) {
      console.error(`certify: ${e.message}`);
      return EXIT.setup;
    }
    throw e;
  }

  const runDir = join(out, 'run');
  // Global setup writes the run's payments there before it removes the ledger (the run's own, in a temporary folder).
  const env: NodeJS.ProcessEnv = { ...process.env, PTS_REPORTS_DIR: runDir, [RUN_ENV.ledgerExport]: join(out, LEDGER) };
  for (const [k, v] of Object.entries(CERTIFY_DEFAULTS)) if (!env[k]?.trim()) env[k] = v;
  // A fixed seed makes the certification run replayable; the certificate prints it.
  if (!env.FC_SEED?.trim()) env.FC_SEED = String(randomInt(0, 2 ** 31 - 1));

  let pre: Awaited<ReturnType<typeof preflight>>;
  try {
    pre = await preflight(env, browserProjects(chosenAreas(args)));
  } catch (e) {
    if (isSetupError(e)) {
      console.error(`certify: ${e.message}`);
      return EXIT.setup;
    }
    throw e;
  }
  const { settings, profile } = pre;

  rmSync(out, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const projects = args.some((a) => a.startsWith('--project')) ? [] : CONFORMANCE_PROJECTS.map((p) => `--project=${p}`);
  const output = args.some((a) => a.startsWith('--output')) ? [] : [`--output=${join(runDir, 'test-results')}`];
  // FC_NUM_RUNS fixes the examples per property; else the run shares TIME_BUDGET × RATE_LIMIT requests (a plan).
  const depth: DepthSetting =
    settings.fcNumRuns === undefined && settings.timeBudgetSeconds !== undefined && settings.rateLimit !== undefined
      ? { budgetSeconds: settings.timeBudgetSeconds, rate: settings.rateLimit }
      : { fcNumRuns: settings.fcNumRuns ?? null };
  const progressDir = 'budgetSeconds' in depth ? mkdtempSync(join(tmpdir(), 'pts-depth-')) : undefined;
  if (progressDir !== undefined) {
    const { topUp, ...listed } = await listChecks([...projects, ...args], env);
    const plan: DepthPlan = {
      requests: plannedRequests(depth)!,
      rate: settings.rateLimit!,
      ...listed,
      ...(topUp !== undefined ? { topUp: { ...topUp, ops: creatablePaymentOperations(profile, settings.xSignPrivateKeyPath !== undefined) } } : {}),
      progress: join(progressDir, 'progress.jsonl'),
    };
    env[RUN_ENV.depthPlan] = JSON.stringify(plan);
  }
  const started = Date.now();
  console.log(
    `certify: ${settings.baseUrl}, RATE_LIMIT=${env.RATE_LIMIT}, REQUEST_TIMEOUT=${env.REQUEST_TIMEOUT}, ${'budgetSeconds' in depth ? `TIME_BUDGET=${depth.budgetSeconds} (${plannedRequests(depth)} requests)` : `FC_NUM_RUNS=${env.FC_NUM_RUNS ?? 'default'}`}, FC_SEED=${env.FC_SEED}`,
  );
  const run = await runChild(process.execPath, playwrightArgs(['test', ...projects, '--retries=0', '--workers=1', ...output, ...args]), {
    env,
    console: true,
  }).finally(() => progressDir !== undefined && rmSync(progressDir, { recursive: true, force: true }));
  if (run.code !== 0 && run.code !== 1) {
    console.error(`certify: the Playwright run ended without a verdict (exit ${run.code ?? run.signal})`);
    return EXIT.setup;
  }
  let summary: Summary;
  try {
    summary = readSummary(join(runDir, 'summary.json'));
    if (summary.startedAt && Date.parse(summary.startedAt) < started - 5000) throw new Error(`${runDir}/summary.json is from an earlier run`);
  } catch (e) {
    console.error(`certify: no summary of the run: ${(e as Error).message}`);
    return EXIT.setup;
  }
  if (run.code === 1 && !summary.checks.some((c) => c.status === 'failed')) {
    console.error('certify: the run failed outside the checks (see the output above), so there is no verdict');
    return EXIT.setup;
  }
  let ledger: LedgerExport;
  try {
    ledger = JSON.parse(readFileSync(join(out, LEDGER), 'utf8')) as LedgerExport;
  } catch (e) {
    console.error(`certify: the run wrote no ledger of its payments (${(e as Error).message})`);
    return EXIT.setup;
  }

  copyFileSync(join(runDir, REPORT_FILES.summary), join(out, REPORT_FILES.summary));
  if (existsSync(join(runDir, REPORT_FILES.requirementsJson)) && existsSync(join(runDir, REPORT_FILES.requirementsMd))) {
    copyFileSync(join(runDir, REPORT_FILES.requirementsJson), join(out, REPORT_FILES.requirementsJson));
    copyFileSync(join(runDir, REPORT_FILES.requirementsMd), join(out, REPORT_FILES.requirementsMd));
  } else writeRequirements(out, summary, Object.keys(summary.projects ?? {})); // e.g. a run with other reporters (--reporter=…)
  // requirements.md links into spec/ beside it.
  if (existsSync(join(runDir, REPORT_FILES.spec))) cpSync(join(runDir, REPORT_FILES.spec), join(out, REPORT_FILES.spec), { recursive: true });
  else writeSpecCopies(out);

  const documented = summary.checks.filter((c) => c.kind === 'documented');
  const verdict: CertificationVerdict = documented.some((c) => c.status === 'failed')
    ? 'NOT CERTIFIED'
    : documented.some((c) => c.status === 'not judged') || documentedRuleNotJudged(summary) || unavailability(summary).incomplete
      ? 'INCOMPLETE'
      : documented.some((c) => c.status === 'passed' || c.status === 'flaky')
        ? 'CERTIFIED'
        : 'NOT CERTIFIED';
  const scope = args.length === 0 ? `full: projects ${CONFORMANCE_PROJECTS.join(', ')}` : `partial: ${[...projects, ...args].join(' ')}`;
  const environment = {
    baseUrl: settings.baseUrl,
    suiteVersion: summary.suiteVersion ?? pkg.version,
    profile: settings.profilePath ?? 'default',
    profileDigest: profileDigest(profile),
    fcSeed: summary.fcSeed ?? settings.fcSeed ?? null,
    fcNumRuns: settings.fcNumRuns ?? null,
    timeBudgetSeconds: 'budgetSeconds' in depth ? depth.budgetSeconds : null,
    plannedRequests: plannedRequests(depth) ?? null,
    requestsSent: requestsSent(summary),
    rateLimit: settings.rateLimit ?? null,
    requestTimeoutSeconds: settings.requestTimeoutSeconds,
    date: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    node: process.version,
    playwright: playwrightVersion(),
    platform: `${process.platform} ${process.arch}`,
    apiKey: maskKey(settings.apiKey),
    xSignPrivateKey: settings.xSignPrivateKeyPath ? 'provided' : 'not provided',
    callbackPort: settings.callbackPort ?? null,
    callbackHost: settings.callbackHost,
    callbackUrl: settings.callbackUrl ?? null,
    callbackRelay: settings.callbackRelay ?? null,
    callbackTunnel: settings.callbackTunnel !== undefined ? tunnelName(settings.callbackTunnel) : null,
    args,
    verdict,
  };
  const privateKeyPem = settings.xSignPrivateKeyPath ? readFileSync(settings.xSignPrivateKeyPath, 'utf8') : undefined;
  writeFileSync(join(out, 'environment.json'), JSON.stringify(environment, null, 2) + '\n');
  writeFileSync(join(out, 'certificate.md'), certificate(summary, environment, verdict, scope, privateKeyPem !== undefined, depth));
  const binding = bindingOf({
    summary,
    suiteVersion: environment.suiteVersion,
    profileDigest: environment.profileDigest,
    fcSeed: environment.fcSeed,
    baseUrl: settings.baseUrl ?? '',
    startedAt: new Date(started),
    finishedAt: new Date(started + environment.durationMs),
    verdict,
    signingKey: privateKeyPem === undefined ? undefined : createPublicKey(privateKeyPem),
    ledger,
  });
  writeFileSync(join(out, BINDING), JSON.stringify(binding, null, 2) + '\n');

  // No proxy here records the card numbers that crossed (pans: []); any Luhn-valid 16-digit run still counts.
  const secrets = secretsFor({ cryptoKey: settings.cryptoKey, privateKeyPem, pans: [] });
  // The second merchant's crypto key (CRYPTO_KEY_2, the two-merchant checks) must not be in the folder either.
  if (settings.cryptoKey2 !== undefined && settings.cryptoKey2.length >= 4)
    secrets.exact.push({ label: "the second merchant's crypto key", value: settings.cryptoKey2 });
  const { findings } = await scanOutputs([out], {}, secrets);
  if (findings.length) {
    for (const f of findings) console.error(`certify: ${f.where} holds ${f.what}; this folder must not be shared`);
    return EXIT.setup;
  }
  writeManifest(out);
  if (privateKeyPem === undefined)
    console.log(`certify: the folder is NOT SIGNED: no XSIGN_PRIVATE_KEY, so the provider cannot verify it (certificate.md says so)`);
  else {
    try {
      writeFileSync(join(out, SIGNATURE), signDetached(readFileSync(join(out, MANIFEST)), privateKeyPem));
    } catch (e) {
      console.error(`certify: the manifest could not be signed with XSIGN_PRIVATE_KEY (${(e as Error).message})`);
      return EXIT.setup;
    }
  }

  const d = count(documented);
  const p = count(summary.checks.filter((c) => c.kind !== 'documented'));
  console.log(
    `certify: ${verdict}: documented ${d.passed} passed, ${d.failed} failed, ${d.notJudged} not judged, ${d.skipped} skipped; profile ${p.passed} passed, ${p.failed} failed, ${p.notJudged} not judged, ${p.skipped} skipped`,
  );
  for (const line of depthLines(depth, summary)) console.log(line);
  const unjudged = unavailability(summary).line;
  if (unjudged !== undefined) console.log(`certify: ${unjudged}`);
  for (const c of documented.filter((c) => c.status === 'failed'))
    console.log(`  FAILED ${failedRuleOfCheck(c) ?? '(no rule named)'}: ${c.id}${c.failure ? ` — ${c.failure}` : ''}`);
  console.log(
    privateKeyPem === undefined
      ? `certify: ${out}/certificate.md (unsigned; check for changes with: cd ${out} && sha256sum -c ${MANIFEST})`
      : `certify: ${out}/certificate.md, signed (${SIGNATURE}); the provider verifies it with: npm run verify-certificate -- ${out} --public-key <merchant public key>`,
  );
  return verdict === 'CERTIFIED' ? EXIT.conformant : verdict === 'INCOMPLETE' ? EXIT.setup : EXIT.failures;
}

process.exitCode = await main();
