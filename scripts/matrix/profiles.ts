// The profile variants as a matrix: each provider judged with its PROFILE (every check passes) and with
// the default profile (some check fails: the PROFILE made the difference).
import { PROFILE_VARIANTS } from './profile-variants.js';
import type { TestOutcome } from '../../reporting/playwright-json.js';
import { checkTitle } from './kill.js';

interface ProfileRow {
  variant: string;
  withProfile: { checks: number; passed: number; skipped: number; failures: string[] };
  /** `notRun`: checks not run once one had failed (the variant was told apart). */
  underDefault: { checks: number; failed: number; notRun: number; examples: string[] };
  ok: boolean;
}

export function profileRows(outcomes: readonly TestOutcome[]): ProfileRow[] {
  return PROFILE_VARIANTS.map((v) => {
    const judged = outcomes.filter((o) => o.target === `profile ${v.name}`);
    const observed = outcomes.filter((o) => o.target === `profile ${v.name} under the default profile`);
    const failures = judged.filter((o) => o.status !== 'passed' && o.status !== 'skipped').map((o) => `${checkTitle(o)}: ${o.message ?? o.status}`);
    const failed = observed.filter((o) => o.observed.length > 0);
    return {
      variant: v.name,
      withProfile: {
        checks: judged.length,
        passed: judged.filter((o) => o.status === 'passed').length,
        skipped: judged.filter((o) => o.status === 'skipped').length,
        failures,
      },
      underDefault: {
        checks: observed.length,
        failed: failed.length,
        notRun: observed.filter((o) => o.decided !== undefined).length,
        examples: failed.slice(0, 3).map((o) => `${checkTitle(o)}: ${o.observed[0]}`),
      },
      ok: judged.length > 0 && failures.length === 0 && failed.length > 0,
    };
  });
}

export function profileLines(rows: readonly ProfileRow[]): string[] {
  return rows.flatMap((r) => [
    `${r.ok ? 'ok  ' : 'FAIL'} profile variant ${r.variant}: with its PROFILE ${r.withProfile.passed}/${r.withProfile.checks} passed (${r.withProfile.skipped} skipped); under the default profile ${r.underDefault.failed}/${r.underDefault.checks - r.underDefault.notRun} checks fail${r.underDefault.notRun ? ` (${r.underDefault.notRun} not run once told apart)` : ''}`,
    ...r.withProfile.failures.map((f) => `  with its PROFILE: ${f}`),
    ...(r.underDefault.failed === 0 ? ['  under the default profile nothing failed: the variant does not differ where a check looks'] : []),
  ]);
}
