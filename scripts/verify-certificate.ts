// `npm run verify-certificate -- DIR --public-key FILE`: the provider's check of a merchant's certification folder
// (written by `npm run certify`, docs/provider-verification.md). FILE is the provider's own copy of the merchant's
// X-Sign public key (PEM: SubjectPublicKeyInfo, PKCS#1, or a certificate). It checks, in order:
//   1. manifest.sha256.p7s is a valid detached CMS signature of manifest.sha256, by that key (node-forge and
//      node:crypto here; `openssl cms -verify` checks the same signature);
//   2. every file of the folder against the manifest; binding.json, ledger.json and summary.json agree;
//   3. with BASE_URL, API_KEY, CRYPTO_KEY of the sandbox set: for a sample of the ledger's payments (--sample N,
//      default 25, drawn at random; --sample all asks about every one), the status method knows the transaction
//      with the same id and created_at.
//      Without them the ledger is not checked against the sandbox, and one line says so.
// Exit codes, as the gate's: 0 verified; 1 refused (bad signature, another key, a changed file, a ledger entry the
// sandbox disagrees with: the first problem on one line, with how many in all, then each); 2 setup problem (no
// folder, no signature (an unsigned folder), an unreadable key, bad settings, a sandbox that did not answer the
// sample: the ledger could not be judged, which is no refusal).
import { createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadProfile } from '../contracts/profile.js';
import { keyFingerprint } from '../reporting/certificate-signature.js';
import { MANIFEST, SIGNATURE } from '../reporting/manifest.js';
import { readSettings } from '../suite/runner/settings.js';
import { optionDefault, parseConfig } from '../contracts/command-line.js';
import { countValue, scriptArgs } from './args.js';
import { ownOptionsOf } from './commands.js';
import { checkFolder } from './certificate/folder-check.js';
import { checkLedger } from './certificate/ledger-check.js';
import { EXIT, SetupError, isSetupError } from './gate/preflight.js';

const SCRIPT = 'verify-certificate';
const OPTIONS = ownOptionsOf('verify-certificate');

function say(line: string): void {
  console.log(`${SCRIPT}: ${line}`);
}

/** The first problem on one line with how many in all, then every problem indented. */
function refuse(problems: string[]): number {
  console.log(`${SCRIPT}: REFUSED: ${problems[0]}${problems.length > 1 ? ` (${problems.length} problems in all)` : ''}`);
  for (const p of problems.slice(1)) console.log(`  ${p}`);
  return EXIT.failures;
}

function merchantKey(file: string): KeyObject {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new SetupError(`--public-key ${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (/PRIVATE KEY-----/.test(text)) throw new SetupError(`--public-key ${file} holds a private key: give the merchant's public key`);
  try {
    const key = createPublicKey(text);
    if (key.asymmetricKeyType !== 'rsa') throw new Error(`a ${key.asymmetricKeyType} key`);
    return key;
  } catch (e) {
    throw new SetupError(`--public-key ${file} is not an RSA public key in PEM (${(e as Error).message})`);
  }
}

async function main(argv: string[]): Promise<number> {
  let dir: string;
  let key: KeyObject;
  let sample: number;
  try {
    const parsed = scriptArgs(argv, parseConfig(OPTIONS));
    const values = parsed.values as { 'public-key'?: string; sample?: string };
    const positionals = parsed.positionals;
    if (positionals.length !== 1) throw new SetupError(`give one certification folder (got ${positionals.length}): npm run ${SCRIPT} -- DIR --public-key FILE`);
    if (!values['public-key']) throw new SetupError(`--public-key FILE is required: the merchant's X-Sign public key, as the provider holds it`);
    // Paths as the user typed them: npm runs scripts in the suite's folder, INIT_CWD is where npm was started.
    const here = process.env.INIT_CWD ?? process.cwd();
    dir = resolve(here, positionals[0]);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new SetupError(`${dir} is not a folder`);
    if (!existsSync(resolve(dir, MANIFEST))) throw new SetupError(`${dir} holds no ${MANIFEST}: not a certification folder`);
    if (!existsSync(resolve(dir, SIGNATURE)))
      throw new SetupError(`${dir} holds no ${SIGNATURE}: the folder is unsigned (certify ran without XSIGN_PRIVATE_KEY), so it cannot be verified`);
    key = merchantKey(resolve(here, values['public-key']));
    sample = values.sample === 'all' ? Number.POSITIVE_INFINITY : countValue(SCRIPT, '--sample', values.sample ?? optionDefault(OPTIONS, 'sample'))!;
  } catch (e) {
    if (isSetupError(e)) {
      console.error(`${SCRIPT}: ${e.message}`);
      return EXIT.setup;
    }
    throw e;
  }

  const folder = checkFolder(dir, key);
  if (folder.problems.length) return refuse(folder.problems);
  const { binding, ledger } = folder as Required<typeof folder>;
  say(
    `signature and manifest verified: signed ${folder.signingTime ?? '(no signing time)'} by the merchant's key (sha256 ${keyFingerprint(key).slice(0, 16)}…); ` +
      `run ${binding.startedAt} to ${binding.finishedAt} against ${binding.baseUrl}, verdict ${binding.verdict}, suite ${binding.suiteVersion}, ${ledger.payments.length} payments in the ledger`,
  );

  let settings: ReturnType<typeof readSettings>;
  let profile: ReturnType<typeof loadProfile>;
  try {
    settings = readSettings();
    profile = loadProfile(settings.profilePath);
  } catch (e) {
    if (isSetupError(e)) {
      console.error(`${SCRIPT}: ${e.message}`);
      return EXIT.setup;
    }
    throw e;
  }
  if (settings.baseUrl === undefined) {
    say('the ledger was NOT checked against the sandbox (set BASE_URL, API_KEY and CRYPTO_KEY of the sandbox to check it)');
    return EXIT.conformant;
  }
  if (!profile.status.enabled) {
    say('the ledger was NOT checked against the sandbox: the profile has no status method (status.enabled is false)');
    return EXIT.conformant;
  }
  if (settings.baseUrl !== binding.baseUrl) say(`note: the run was against ${binding.baseUrl}, the ledger is checked against ${settings.baseUrl}`);
  if (ledger.payments.length === 0) {
    say('the ledger lists no payment: nothing to check against the sandbox');
    return EXIT.conformant;
  }

  const judged = await checkLedger(ledger, settings, profile, sample);
  const of = `${judged.sampled} of the ledger's ${ledger.payments.length} payments`;
  if (judged.disagreements.length) {
    refuse(judged.disagreements);
    say(`${judged.disagreements.length} of the ${judged.sampled} payments asked about (of the ledger's ${ledger.payments.length}) disagree with the sandbox`);
    return EXIT.failures;
  }
  if (judged.notJudged.length) {
    console.error(
      `${SCRIPT}: the ledger could not be judged: ${judged.notJudged[0]} (${judged.notJudged.length} of ${judged.sampled} status requests got no usable answer); run it again`,
    );
    return EXIT.setup;
  }
  say(`VERIFIED: the sandbox at ${settings.baseUrl} confirms ${of} (transaction, id, created_at)`);
  return EXIT.conformant;
}

process.exitCode = await main(process.argv.slice(2));
