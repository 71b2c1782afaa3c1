// The run's verdict in a few words, as the job summary's heading and the overview's first line say it.
import type { Summary } from './summary-model.js';

export function runVerdict(s: Pick<Summary, 'totals' | 'rules' | 'checks'> & Partial<Pick<Summary, 'warnings'>>): string {
  const t = s.totals;
  const failedRules = Object.values(s.rules).filter((r) => r.status === 'failed').length;
  const notJudged = s.checks.filter((c) => c.status === 'not judged').length;
  const warnings = s.warnings?.length ?? 0;
  return `${t.failed === 0 ? 'passed' : `${t.failed} check(s) failed, ${failedRules} rule(s) failed`}${notJudged ? `, ${notJudged} not judged` : ''}${warnings ? `, ${warnings} warning(s)` : ''}`;
}
