// `npm run lint:openapi`: Redocly CLI's recommended rules (at severity error) find nothing in contracts/openapi.json,
// offline; and its example validation really runs against the external schemas (see contracts/redocly-plugin.js).
import { test, expect } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChildSync } from '../../scripts/child-run.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONTRACTS = join(ROOT, 'contracts');
const REDOCLY_PACKAGE = join(ROOT, 'node_modules/@redocly/cli');
const redoclyBin = join(REDOCLY_PACKAGE, (JSON.parse(readFileSync(join(REDOCLY_PACKAGE, 'package.json'), 'utf8')) as { bin: { redocly: string } }).bin.redocly);

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{ ruleId: string; message: string }>;
}

/** Runs redocly lint with the project's config on a contracts folder, as the npm script does (no telemetry, no update check). */
function lint(contractsDir: string): { status: number | null; report: LintReport; stderr: string } {
  const run = runChildSync(
    process.execPath,
    [redoclyBin, 'lint', '--config', join(contractsDir, 'redocly.yaml'), '--format=json', join(contractsDir, 'openapi.json')],
    {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      boundMs: 60_000,
      cwd: process.cwd(),
    },
  );
  return { status: run.code, report: JSON.parse(run.stdout) as LintReport, stderr: run.stderr };
}

test.describe('contracts: redocly lint contracts/openapi.json', () => {
  test('finds no problem: 0 errors, 0 warnings, nothing ignored', () => {
    test.setTimeout(60_000);
    const { status, report, stderr } = lint(CONTRACTS);
    expect(report.problems, stderr).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    expect(status).toBe(0);
  });

  test('reports an example that breaks its external schema (the example validation is not skipped)', () => {
    test.setTimeout(60_000);
    const dir = mkdtempSync(join(tmpdir(), 'pts-redocly-'));
    try {
      cpSync(CONTRACTS, dir, { recursive: true, filter: (src) => !src.endsWith('.ts') });
      const doc = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'));
      const card = doc.paths['/api/v1/payments/card2account/invoice'].post.responses['200'].content['application/json'].examples.card.value;
      card.deeplink = { property1: 'https://bank.example/' }; // what Prism made up without examples
      card.payment.state = 'paid';
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc, null, 2));
      const { status, report } = lint(dir);
      expect(status).toBe(1);
      const messages = report.problems.filter((p) => p.ruleId === 'no-invalid-media-type-examples').map((p) => p.message);
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/`deeplink` property property name must be valid/),
          expect.stringMatching(/`state` property must be equal to one of the allowed values/),
        ]),
      );
      expect(messages.join('\n')).not.toMatch(/can't resolve reference/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
