// binding.json: the facts that tie a certification folder to one run against one sandbox, in one file the
// manifest covers (so the merchant's signature over the manifest covers them): the suite version and the digest
// of its lock file, the profile digest, the seed, the base URL, the time span, every verdict, and the run's ledger
// (ledger.json beside it: each payment's transaction, id and created_at, which the provider's status method can
// confirm). No secret: the API key is not in it, the crypto key never is.
import { createHash, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LedgerExport } from '../../contracts/run-protocol.js';
import { keyFingerprint } from '../../reporting/certificate-signature.js';
import { REPO_ROOT } from '../../reporting/reports-dir.js';
import type { Summary } from '../../reporting/summary-file.js';
import { failedRuleOfCheck } from '../../reporting/summary-model.js';

export const BINDING = 'binding.json';
export const LEDGER = 'ledger.json';

export interface Binding {
  suiteVersion: string;
  /** sha256 of package-lock.json: the exact dependencies the suite ran with. */
  packageLockSha256: string | null;
  profileDigest: string;
  fcSeed: number | string | null;
  baseUrl: string;
  startedAt: string;
  finishedAt: string;
  verdict: string;
  /** sha256 of the SubjectPublicKeyInfo of the key that signs the manifest; null: the folder is not signed. */
  signingKeySha256: string | null;
  ledger: { file: string; payments: number };
  checks: { id: string; status: string; failedRule?: string }[];
  rules: Record<string, string>;
}

function lockDigest(): string | null {
  try {
    return createHash('sha256')
      .update(readFileSync(join(REPO_ROOT, 'package-lock.json')))
      .digest('hex');
  } catch {
    return null;
  }
}

export function bindingOf(o: {
  summary: Summary;
  suiteVersion: string;
  profileDigest: string;
  fcSeed: number | string | null;
  baseUrl: string;
  startedAt: Date;
  finishedAt: Date;
  verdict: string;
  signingKey: KeyObject | undefined;
  ledger: LedgerExport;
}): Binding {
  return {
    suiteVersion: o.suiteVersion,
    packageLockSha256: lockDigest(),
    profileDigest: o.profileDigest,
    fcSeed: o.fcSeed,
    baseUrl: o.baseUrl,
    startedAt: o.startedAt.toISOString(),
    finishedAt: o.finishedAt.toISOString(),
    verdict: o.verdict,
    signingKeySha256: o.signingKey ? keyFingerprint(o.signingKey) : null,
    ledger: { file: LEDGER, payments: o.ledger.payments.length },
    checks: o.summary.checks.map((c) => {
      const failedRule = c.status === 'failed' ? failedRuleOfCheck(c) : undefined;
      return { id: c.id, status: c.status, ...(failedRule ? { failedRule } : {}) };
    }),
    rules: Object.fromEntries(Object.entries(o.summary.rules).map(([id, r]) => [id, r.status])),
  };
}
