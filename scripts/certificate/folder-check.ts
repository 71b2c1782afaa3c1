// What the provider checks of a certification folder without the sandbox: the merchant's signature over the
// manifest (and that the signer's key is the merchant's key the provider holds), every file against the manifest,
// and that the facts binding the run (binding.json, ledger.json, summary.json) are there and agree.
import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LedgerExport } from '../../contracts/run-protocol.js';
import { keyFingerprint, sameKey, verifyDetachedSignature } from '../../reporting/certificate-signature.js';
import { MANIFEST, SIGNATURE, verifyManifest } from '../../reporting/manifest.js';
import { REPORT_FILES } from '../../reporting/reports-dir.js';
import { BINDING, LEDGER, type Binding } from './binding.js';

interface FolderCheck {
  /** Why the folder is refused, the first the most telling (empty: it verifies). */
  problems: string[];
  binding?: Binding;
  ledger?: LedgerExport;
  signingTime?: string;
}

function json<T>(dir: string, file: string, problems: string[]): T | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
  } catch (e) {
    problems.push(`${file}: ${existsSync(join(dir, file)) ? `not JSON (${(e as Error).message})` : 'missing, so the folder binds no run'}`);
    return undefined;
  }
}

/** Checks `dir` (which holds a manifest and its signature) against the merchant's public key. */
export function checkFolder(dir: string, merchantKey: KeyObject): FolderCheck {
  const problems: string[] = [];
  const signature = verifyDetachedSignature(readFileSync(join(dir, MANIFEST)), readFileSync(join(dir, SIGNATURE), 'utf8'));
  problems.push(...signature.problems.map((p) => `${SIGNATURE}: ${p}`));
  if (signature.signerKey && !sameKey(signature.signerKey, merchantKey))
    problems.push(
      `${SIGNATURE}: signed by another key (sha256 ${keyFingerprint(signature.signerKey).slice(0, 16)}…), not the merchant's (sha256 ${keyFingerprint(merchantKey).slice(0, 16)}…)`,
    );
  problems.push(...verifyManifest(dir).map((p) => `${MANIFEST}: ${p}`));

  const binding = json<Binding>(dir, BINDING, problems);
  const ledger = json<LedgerExport>(dir, LEDGER, problems);
  const summary = json<{ checks: { id: string; status: string }[] }>(dir, REPORT_FILES.summary, problems);
  const malformed = ledger && (!Array.isArray(ledger.payments) || ledger.payments.some((p) => typeof p?.transaction !== 'string'));
  if (malformed) problems.push(`${LEDGER}: not a list of payments, each with its transaction`);
  if (binding && !Array.isArray(binding.checks)) problems.push(`${BINDING}: lists no verdicts`);
  if (malformed || !Array.isArray(binding?.checks) || !Array.isArray(summary?.checks)) return { problems };
  if (binding && ledger && binding.baseUrl !== ledger.baseUrl) problems.push(`${BINDING}: names another base URL than ${LEDGER}`);
  if (binding && ledger && binding.ledger?.payments !== ledger.payments?.length)
    problems.push(`${BINDING}: says ${binding.ledger?.payments} payments, ${LEDGER} lists ${ledger.payments?.length}`);
  if (binding && summary) {
    const said = new Map(binding.checks.map((c) => [c.id, c.status]));
    const differs = summary.checks.find((c) => said.get(c.id) !== c.status);
    if (differs || said.size !== summary.checks.length)
      problems.push(
        `${BINDING}: its verdicts differ from ${REPORT_FILES.summary}'s${differs ? ` (${differs.id}: ${said.get(differs.id)} there, ${differs.status} here)` : ''}`,
      );
  }
  if (binding && signature.signerKey && binding.signingKeySha256 !== keyFingerprint(signature.signerKey))
    problems.push(`${BINDING}: names another signing key than the signature's`);
  return { problems, binding, ledger, signingTime: signature.signingTime };
}
