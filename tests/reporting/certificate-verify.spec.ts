// The certificate a provider can verify (scripts/verify-certificate.ts, reporting/certificate-signature.ts): a small
// certification folder built here, its ledger made of real payments of an embedded provider, signed with the
// merchant's key. It verifies (by node-forge and node:crypto, and by `openssl cms -verify`); one byte changed in any
// file, a verdict changed with the manifest written again, another key, or a ledger entry the sandbox disagrees with
// (signed by the merchant itself) is refused; an unsigned folder is exit 2.
import { test, expect } from '@playwright/test';
import { createPublicKey, randomUUID } from 'node:crypto';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LedgerExport } from '../../contracts/run-protocol.js';
import { buildInvoiceRequest } from '../../generators/builders.js';
import { generateRsaKeyPair } from '../../generators/signing.js';
import { signDetached } from '../../reporting/certificate-signature.js';
import { MANIFEST, SIGNATURE, listFiles, writeManifest } from '../../reporting/manifest.js';
import { bindingOf, BINDING, LEDGER } from '../../scripts/certificate/binding.js';
import { checkFolder } from '../../scripts/certificate/folder-check.js';
import { runChildSync } from '../../scripts/child-run.js';
import { childEnv, fixtureSummary, lines, runScript, startEmbedded, tempDir, type Embedded } from './gate-support.js';

const VERIFY = 'scripts/verify-certificate.ts';

/** Three invoices created on the provider: the ledger the run would export. */
async function ledgerOf(provider: Embedded): Promise<LedgerExport> {
  const baseUrl = provider.env.BASE_URL;
  const payments: LedgerExport['payments'] = [];
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${baseUrl}/api/v1/payments/card2account/invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(buildInvoiceRequest(provider.merchant)),
    });
    expect(res.status).toBe(200);
    const { transaction, payment } = (await res.json()) as { transaction: string; payment: { id: unknown; created_at: unknown; state: unknown } };
    payments.push({ operation: 'invoice', transaction, id: payment.id, created_at: payment.created_at, state: payment.state });
  }
  return { baseUrl, payments };
}

/** The folder certify writes, in small: certificate, summary, binding, ledger, manifest, signature. */
function writeFolder(dir: string, ledger: LedgerExport, privateKeyPem: string): void {
  const summary = fixtureSummary([
    { title: 'amount min accepted', status: 'passed' },
    { title: 'amount max accepted', status: 'passed' },
  ]);
  writeFileSync(join(dir, 'certificate.md'), '# Payment Transfer Service: conformance certificate\n\n## Verdict: CERTIFIED\n');
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary, null, 2));
  writeFileSync(join(dir, LEDGER), JSON.stringify(ledger, null, 2));
  const binding = bindingOf({
    summary,
    suiteVersion: '0.3.0',
    profileDigest: 'ab'.repeat(32),
    fcSeed: 42,
    baseUrl: ledger.baseUrl,
    startedAt: new Date(Date.now() - 1000),
    finishedAt: new Date(),
    verdict: 'CERTIFIED',
    signingKey: createPublicKey(privateKeyPem),
    ledger,
  });
  writeFileSync(join(dir, BINDING), JSON.stringify(binding, null, 2));
  sign(dir, privateKeyPem);
}

function sign(dir: string, privateKeyPem: string): void {
  writeManifest(dir);
  writeFileSync(join(dir, SIGNATURE), signDetached(readFileSync(join(dir, MANIFEST)), privateKeyPem));
}

function copyOf(dir: string): string {
  const copy = tempDir('cert-copy');
  cpSync(dir, copy, { recursive: true });
  return copy;
}

function openssl(dir: string): number | null {
  return runChildSync('openssl', ['cms', '-verify', '-binary', '-inform', 'PEM', '-in', SIGNATURE, '-content', MANIFEST, '-noverify', '-out', '/dev/null'], {
    cwd: dir,
    env: process.env,
  }).code;
}
const hasOpenssl = runChildSync('openssl', ['version'], { env: process.env }).code === 0;

test.describe('a certificate the provider can verify', () => {
  let provider: Embedded;
  let dir: string;
  let publicKeyFile: string;
  const merchantKey = () => createPublicKey(provider.merchant.privateKeyPem);

  test.beforeAll(async () => {
    provider = await startEmbedded();
    dir = tempDir('cert');
    writeFolder(dir, await ledgerOf(provider), provider.merchant.privateKeyPem);
    publicKeyFile = join(tempDir('cert-key'), 'merchant-public.pem');
    writeFileSync(publicKeyFile, merchantKey().export({ type: 'spki', format: 'pem' }));
  });

  test.afterAll(async () => {
    await provider?.close();
  });

  test('openssl cms -verify accepts the signature', () => {
    test.skip(!hasOpenssl, 'openssl is not installed here: the signature is checked by verify-certificate alone');
    expect(openssl(dir)).toBe(0);
  });

  test('the signed folder verifies with verify-certificate, its ledger against the sandbox', async () => {
    const r = await runScript(
      VERIFY,
      [dir, '--public-key', publicKeyFile],
      childEnv({ BASE_URL: provider.env.BASE_URL, API_KEY: provider.env.API_KEY, CRYPTO_KEY: provider.env.CRYPTO_KEY }),
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([
      expect.stringMatching(/^verify-certificate: signature and manifest verified: .* verdict CERTIFIED, .* 3 payments in the ledger$/),
      `verify-certificate: VERIFIED: the sandbox at ${provider.env.BASE_URL} confirms 3 of the ledger's 3 payments (transaction, id, created_at)`,
    ]);
    expect(r.stdout + r.stderr).not.toContain(provider.merchant.cryptoKey);
  });

  test('one byte changed in any file is refused, by both', () => {
    for (const file of listFiles(dir).filter((f) => f !== SIGNATURE)) {
      const copy = copyOf(dir);
      const bytes = readFileSync(join(copy, file));
      bytes[Math.floor(bytes.length / 2)] ^= 0x01;
      writeFileSync(join(copy, file), bytes);
      expect(checkFolder(copy, merchantKey()).problems[0], file).toMatch(
        file === MANIFEST ? /manifest is not the one signed|malformed/ : `${file}: checksum differs`,
      );
      if (hasOpenssl && file === MANIFEST) expect(openssl(copy), file).not.toBe(0);
      rmSync(copy, { recursive: true, force: true });
    }
  });

  test('a verdict changed, the manifest written again but not signed, is refused by both', () => {
    const copy = copyOf(dir);
    for (const file of ['summary.json', BINDING]) writeFileSync(join(copy, file), readFileSync(join(copy, file), 'utf8').replace('"passed"', '"failed"'));
    writeManifest(copy);
    const problems = checkFolder(copy, merchantKey()).problems;
    expect(problems).toContain(`${SIGNATURE}: the manifest is not the one signed (its sha256 differs from the signed digest)`);
    if (hasOpenssl) expect(openssl(copy)).not.toBe(0);
    rmSync(copy, { recursive: true, force: true });
  });

  test("a folder signed by another key is refused given the merchant's key", () => {
    const copy = copyOf(dir);
    sign(copy, generateRsaKeyPair().privateKeyPem);
    expect(checkFolder(copy, merchantKey()).problems[0]).toMatch(/^manifest\.sha256\.p7s: signed by another key \(sha256 [0-9a-f]{16}…\), not the merchant's/);
    rmSync(copy, { recursive: true, force: true });
  });

  test('a ledger entry the sandbox disagrees with is refused, even signed by the merchant; unsigned, or without the sandbox, it says so', async () => {
    const copy = copyOf(dir);
    const ledger = JSON.parse(readFileSync(join(copy, LEDGER), 'utf8')) as LedgerExport;
    const unknown = ledger.payments[0];
    unknown.transaction = randomUUID();
    const changed = ledger.payments[1];
    const original = changed.created_at;
    changed.created_at = String(changed.created_at).replace(/\d(?=Z$)/, (d) => String((Number(d) + 1) % 10));
    writeFileSync(join(copy, LEDGER), JSON.stringify(ledger, null, 2));
    sign(copy, provider.merchant.privateKeyPem);
    expect(checkFolder(copy, merchantKey()).problems).toEqual([]);

    const sandbox = childEnv({ BASE_URL: provider.env.BASE_URL, API_KEY: provider.env.API_KEY, CRYPTO_KEY: provider.env.CRYPTO_KEY });
    const refused = await runScript(VERIFY, [copy, '--public-key', publicKeyFile], sandbox);
    expect(refused.code, refused.stdout + refused.stderr).toBe(1);
    const id = JSON.stringify(changed.id);
    expect(lines(refused.stdout).slice(1)).toEqual([
      `verify-certificate: REFUSED: payment ${unknown.transaction} (id ${JSON.stringify(unknown.id)}): the sandbox does not know this transaction (HTTP 404) (2 problems in all)`,
      `  payment ${changed.transaction} (id ${id}): the ledger says id ${id}, created_at "${changed.created_at}"; the sandbox says id ${id}, created_at "${original}"`,
      "verify-certificate: 2 of the 3 payments asked about (of the ledger's 3) disagree with the sandbox",
    ]);

    // Without the sandbox's settings only the signature and the manifest are checked, and one line says so.
    const offline = await runScript(VERIFY, [copy, '--public-key', publicKeyFile], childEnv());
    expect(offline.code, offline.stdout + offline.stderr).toBe(0);
    expect(lines(offline.stdout)[1]).toMatch(/^verify-certificate: the ledger was NOT checked against the sandbox/);

    rmSync(join(copy, SIGNATURE));
    const unsigned = await runScript(VERIFY, [copy, '--public-key', publicKeyFile], sandbox);
    expect(unsigned.code).toBe(2);
    expect(lines(unsigned.stderr)).toEqual([expect.stringMatching(/^verify-certificate: .* holds no manifest\.sha256\.p7s: the folder is unsigned/)]);
    rmSync(copy, { recursive: true, force: true });
  });
});
