// How much of a run could not be judged because the provider was unavailable (connections refused or reset,
// bodies cut short, gateway answers, also after the tries allowed), and whether that is too much for a verdict.
// The gate then exits 2 with one line, and certification says incomplete rather than not certified.
import { notJudgedCause, OUT_OF_REACH } from '../../contracts/run-protocol.js';
import type { Summary } from '../../reporting/summary-file.js';

/** Above this share of the checks that ran, a run is incomplete: too little of it was judged to call it a verdict. */
export const NOT_JUDGED_LIMIT = 0.05;

/** Whether `notJudged` of `ran` checks is more than a run may leave unjudged and still be a verdict. */
export function isIncomplete(notJudged: number, ran: number): boolean {
  return notJudged > 0 && notJudged > NOT_JUDGED_LIMIT * ran;
}

export interface Unavailability {
  notJudged: number;
  /** Checks that ran to a verdict or to not judged (the profile's skips aside). */
  ran: number;
  failed: number;
  /** More than NOT_JUDGED_LIMIT of `ran` not judged. */
  incomplete: boolean;
  /** One line for the console: what was not judged and why (the first check's reason). */
  line?: string;
}

/** The first reason, as the console shows it: out of reach says so itself; else the provider was unavailable. */
function reasonOf(why: string | undefined): string {
  if (why === undefined) return 'the provider was unavailable';
  return notJudgedCause(why) === OUT_OF_REACH ? why : `the provider was unavailable: ${why}`;
}

export function unavailability(summary: Pick<Summary, 'checks'>): Unavailability {
  const notJudged = summary.checks.filter((c) => c.status === 'not judged');
  const ran = summary.checks.filter((c) => c.status !== 'skipped').length;
  const failed = summary.checks.filter((c) => c.status === 'failed').length;
  const incomplete = isIncomplete(notJudged.length, ran);
  const line =
    notJudged.length === 0
      ? undefined
      : `${notJudged.length} of ${ran} checks not judged (${reasonOf(notJudged[0].notJudged)})` +
        `${failed ? `; ${failed} failed` : ''}${incomplete ? `: more than ${NOT_JUDGED_LIMIT * 100} % not judged, the run is incomplete` : ''}`;
  return { notJudged: notJudged.length, ran, failed, incomplete, line };
}
