// npm run certify against an embedded provider started here: a clean provider is CERTIFIED with a folder
// whose manifest verifies and which holds no secret; a fault on a documented rule is NOT CERTIFIED (exit 1);
// a profile failure alone does not fail certification; a secret in the folder and missing settings are exit 2.
import { test, expect } from '@playwright/test';
import { createHash, createPublicKey } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { childEnv, lines, runScript, startEmbedded, tempDir, type Embedded } from './gate-support.js';

const CERTIFY = 'scripts/certify.ts';
/** A certification's whole-run budget small enough for a test: 50 requests at certify's rate limit. */
const BUDGET_SECONDS = 10;
/** Two property checks of the area, which share the budget (no other check: nothing to expect, the division is exact). */
const DEPTH_PROPERTIES = 'the invoice response echoes the request transaction|a new invoice payment is returned with state processing';

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

async function certify(provider: Embedded, args: string[], extra: Record<string, string> = {}) {
  const out = tempDir('certify');
  const r = await runScript(CERTIFY, ['--out', out, ...args], childEnv({ ...provider.env, ...extra }));
  return { ...r, out };
}

test.describe('certify', () => {
  test('a clean provider is CERTIFIED; the folder verifies against its manifest and holds no secret', async () => {
    const provider = await startEmbedded();
    try {
      // Certify's depth: a whole-run budget (TIME_BUDGET × RATE_LIMIT requests), here a short one.
      const r = await certify(provider, ['--project=invoice', '-g', DEPTH_PROPERTIES], { TIME_BUDGET: String(BUDGET_SECONDS) });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain('certify: CERTIFIED');
      for (const f of [
        'summary.json',
        'requirements.md',
        'requirements.json',
        'environment.json',
        'certificate.md',
        'manifest.sha256',
        'manifest.sha256.p7s',
        'binding.json',
        'ledger.json',
        'spec/payment-transfer-service.html',
        'spec/defaults.html',
      ])
        expect(existsSync(join(r.out, f)), f).toBe(true);
      // requirements.md links into spec/ beside it, and each link points at an id of the HTML copy.
      const targets = [...readFileSync(join(r.out, 'requirements.md'), 'utf8').matchAll(/\]\((spec\/[^)#]+)#([^)]+)\)/g)];
      expect(targets.length).toBeGreaterThan(0);
      for (const [, file, id] of targets) expect(readFileSync(join(r.out, file), 'utf8'), `${file}#${id}`).toContain(`id="${id}"`);

      // Every file of the folder but the signature is in the manifest with its sha256, recomputed here.
      const manifest = readFileSync(join(r.out, 'manifest.sha256'), 'utf8').trim().split('\n');
      const listed = new Map(manifest.map((l) => [l.slice(66), l.slice(0, 64)]));
      expect(manifest.every((l) => /^[0-9a-f]{64} {2}\S/.test(l))).toBe(true);
      const files = allFiles(r.out)
        .filter((f) => f !== 'manifest.sha256' && f !== 'manifest.sha256.p7s')
        .sort();
      expect([...listed.keys()].sort()).toEqual(files);
      for (const f of files)
        expect(listed.get(f), f).toBe(
          createHash('sha256')
            .update(readFileSync(join(r.out, f)))
            .digest('hex'),
        );

      const env = JSON.parse(readFileSync(join(r.out, 'environment.json'), 'utf8'));
      expect(env).toMatchObject({
        baseUrl: provider.env.BASE_URL,
        rateLimit: 5,
        requestTimeoutSeconds: 15,
        fcNumRuns: null,
        timeBudgetSeconds: BUDGET_SECONDS,
        plannedRequests: BUDGET_SECONDS * 5,
        apiKey: `${provider.merchant.apiKey.slice(0, 4)}…`,
        verdict: 'CERTIFIED',
      });
      expect(env.node).toBe(process.version);
      expect(typeof env.fcSeed === 'number' || typeof env.fcSeed === 'string').toBe(true);
      expect(env.profileDigest).toMatch(/^[0-9a-f]{64}$/);

      const cert = readFileSync(join(r.out, 'certificate.md'), 'utf8');
      expect(cert).toContain('## Verdict: CERTIFIED');
      // The budget is used, within 10 %: the properties took what the other checks left; the certificate and the
      // console report the requests each area got and the examples each property ran.
      expect(env.requestsSent).toBeGreaterThanOrEqual(BUDGET_SECONDS * 5 * 0.9);
      expect(env.requestsSent).toBeLessThanOrEqual(BUDGET_SECONDS * 5 * 1.1);
      const depth = cert.split('## Depth: the requests each area got')[1]?.split('\n## ')[0] ?? '';
      expect(depth).toContain(`TIME_BUDGET ${BUDGET_SECONDS} s at RATE_LIMIT 5 requests/s: ${BUDGET_SECONDS * 5} requests planned, ${env.requestsSent} sent`);
      expect(depth).toMatch(new RegExp(`\\| invoice \\| \\d+ \\| ${env.requestsSent} \\| [1-9]\\d* \\| `));
      expect(r.stdout).toMatch(/^ {2}invoice: \d+ requests over \d+ checks; examples per property /m);
      expect(cert).toMatch(/\| documented \(decide the verdict\) \| \d+ \| \d+ \| 0 \| \d+ \|/);
      const summary = JSON.parse(readFileSync(join(r.out, 'summary.json'), 'utf8'));
      // The two properties: none of another area, none else.
      expect(summary.checks).toHaveLength(2);
      for (const c of summary.checks as { project: string; title: string }[])
        expect(`${c.project} ${c.title}`).toMatch(new RegExp(`^invoice (${DEPTH_PROPERTIES})`, 'i'));

      // No file carries the crypto key, the private key or the full API key in environment/certificate.
      const keyLine = provider.merchant.privateKeyPem.split('\n')[1];
      for (const f of allFiles(r.out)) {
        const text = readFileSync(join(r.out, f)).toString('latin1');
        expect(text.includes(provider.merchant.cryptoKey), `${f} holds CRYPTO_KEY`).toBe(false);
        expect(text.includes(keyLine), `${f} holds the private key`).toBe(false);
      }
      for (const f of ['environment.json', 'certificate.md']) expect(readFileSync(join(r.out, f), 'utf8')).not.toContain(provider.merchant.apiKey);

      // The provider accepts it: the merchant's signature, its key, the manifest, and the ledger against the sandbox.
      expect(cert).toContain('Signed: `manifest.sha256.p7s`');
      const publicKey = join(tempDir('certify-key'), 'merchant-public.pem');
      writeFileSync(publicKey, createPublicKey(provider.merchant.privateKeyPem).export({ type: 'spki', format: 'pem' }));
      const { XSIGN_PRIVATE_KEY: _unused, ...sandbox } = provider.env;
      const verified = await runScript('scripts/verify-certificate.ts', [r.out, '--public-key', publicKey], childEnv(sandbox));
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
      expect(lines(verified.stdout).at(-1)).toMatch(/^verify-certificate: VERIFIED: the sandbox at \S+ confirms \d+ of the ledger's \d+ payments/);
      const ledger = JSON.parse(readFileSync(join(r.out, 'ledger.json'), 'utf8'));
      expect(ledger.payments.length).toBeGreaterThan(0);
      for (const p of ledger.payments) expect(Object.keys(p).sort()).toEqual(['created_at', 'id', 'operation', 'state', 'transaction']);

      // A changed file no longer verifies (sha256sum -c, where the tool exists).
      writeFileSync(join(r.out, 'certificate.md'), cert.replace('CERTIFIED', 'CERTIFIED!'));
      const changed = createHash('sha256')
        .update(readFileSync(join(r.out, 'certificate.md')))
        .digest('hex');
      expect(changed).not.toBe(listed.get('certificate.md'));
      rmSync(r.out, { recursive: true, force: true });
    } finally {
      await provider.close();
    }
  });

  test('a fault on a documented rule is NOT CERTIFIED, exit 1, with the rule in the certificate', async () => {
    const provider = await startEmbedded(['created-at-millis']);
    try {
      const r = await certify(provider, ['--project=invoice', '-g', 'created_at has the shape|amount min'], { RATE_LIMIT: '50', FC_NUM_RUNS: '3' });
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(r.stdout).toContain('certify: NOT CERTIFIED');
      const cert = readFileSync(join(r.out, 'certificate.md'), 'utf8');
      expect(cert).toContain('## Verdict: NOT CERTIFIED');
      const failures = cert.split('## Documented failures')[1].split('## Profile failures')[0];
      expect(failures).toContain('DOC-PAY-CREATED_AT');
      expect(JSON.parse(readFileSync(join(r.out, 'environment.json'), 'utf8'))).toMatchObject({ rateLimit: 50, fcNumRuns: 3, verdict: 'NOT CERTIFIED' });
      expect(existsSync(join(r.out, 'manifest.sha256'))).toBe(true);
      rmSync(r.out, { recursive: true, force: true });
    } finally {
      await provider.close();
    }
  });

  test('a profile failure alone is reported but the provider is still CERTIFIED; without an X-Sign key the folder is unsigned, and says so', async () => {
    const provider = await startEmbedded(['deeplink-two']);
    try {
      const r = await certify(provider, ['--project=invoice', '-g', 'profile number of deeplinks|amount min'], {
        RATE_LIMIT: '50',
        FC_NUM_RUNS: '10',
        XSIGN_PRIVATE_KEY: '',
      });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const cert = readFileSync(join(r.out, 'certificate.md'), 'utf8');
      expect(cert).toContain('## Verdict: CERTIFIED');
      expect(cert).toContain('Unsigned: the run had no X-Sign key');
      expect(lines(r.stdout)).toContain('certify: the folder is NOT SIGNED: no XSIGN_PRIVATE_KEY, so the provider cannot verify it (certificate.md says so)');
      expect(existsSync(join(r.out, 'manifest.sha256.p7s'))).toBe(false);
      expect(JSON.parse(readFileSync(join(r.out, 'binding.json'), 'utf8')).signingKeySha256).toBeNull();
      const profileFailures = cert.split('## Profile failures')[1].split('## Skipped')[0];
      expect(profileFailures).toContain('PRO-INV-DEEPLINK-COUNT');
      rmSync(r.out, { recursive: true, force: true });
    } finally {
      await provider.close();
    }
  });

  test('a secret in the folder stops certify: exit 2, one line per finding, no manifest', async () => {
    const provider = await startEmbedded();
    try {
      // Arguments are written into certificate.md and environment.json: here one carries the crypto key.
      const r = await certify(provider, ['--project=invoice', '-g', `amount min|${provider.merchant.cryptoKey}`], { RATE_LIMIT: '50', FC_NUM_RUNS: '10' });
      expect(r.code, r.stdout + r.stderr).toBe(2);
      const found = lines(r.stderr).filter((l) => l.endsWith('; this folder must not be shared'));
      expect(found).toContain('certify: certificate.md holds the crypto key; this folder must not be shared');
      expect(found).toContain('certify: environment.json holds the crypto key; this folder must not be shared');
      expect(found.join('\n')).not.toContain(provider.merchant.cryptoKey);
      expect(existsSync(join(r.out, 'manifest.sha256'))).toBe(false);
      rmSync(r.out, { recursive: true, force: true });
    } finally {
      await provider.close();
    }
  });

  test('without BASE_URL, or with BASE_URL but no CRYPTO_KEY, certify exits 2 with one line', async () => {
    const none = await runScript(CERTIFY, ['--project=invoice'], childEnv());
    expect(none.code).toBe(2);
    expect(lines(none.stderr)).toEqual([expect.stringMatching(/^certify: BASE_URL is not set/)]);
    expect(lines(none.stdout)).toEqual([]);

    const partial = await runScript(CERTIFY, ['--project=invoice'], childEnv({ BASE_URL: 'http://127.0.0.1:9', API_KEY: 'abcdefgh' }));
    expect(partial.code).toBe(2);
    expect(lines(partial.stderr)).toEqual([expect.stringMatching(/^certify: .*CRYPTO_KEY must be set/)]);

    const unreachable = await runScript(
      CERTIFY,
      ['--project=invoice'],
      childEnv({ BASE_URL: 'http://127.0.0.1:9', API_KEY: 'abcdefgh', CRYPTO_KEY: 'secret-value' }),
    );
    expect(unreachable.code).toBe(2);
    expect(lines(unreachable.stderr)).toEqual([expect.stringMatching(/^certify: provider at BASE_URL=.* is unreachable/)]);
  });
});
