// How many checks a selection runs, property checks apart: Playwright's `--list` of it, before the run, for the
// depth that TIME_BUDGET buys (scripts/conformance.ts: a time per property; scripts/certify.ts: a whole-run plan).
import type { TopUp } from '../../contracts/run-protocol.js';
import type { RunOutcomes } from '../../reporting/playwright-json.js';
import { CONFORMANCE_PROJECTS } from '../../suite/runner/projects.js';
import { childEnv, runSuite } from '../child-run.js';

export interface Listing {
  properties: number;
  others: number;
  /** The other checks that declare their cost, the sum of what they declare, and a top-up of the run's payments one declares. */
  declared: number;
  reserved: number;
  topUp?: TopUp;
}

/** The checks of `selection` (Playwright's arguments), listed without running them. */
export async function listChecks(selection: readonly string[], env: NodeJS.ProcessEnv): Promise<Listing> {
  const listing = await runSuite({ args: [...selection, '--list'], env });
  listing.cleanup();
  const outcomes = listing.report?.outcomes ?? [];
  const properties = outcomes.filter((o) => o.property).length;
  const declared = outcomes.flatMap((o) => (o.property || o.declaredRequests === undefined ? [] : [o.declaredRequests]));
  const topUp = declared.flatMap((d) => (d.topUp ? [d.topUp] : [])).sort((a, b) => b.followers - a.followers)[0];
  return {
    properties,
    others: outcomes.length - properties,
    declared: declared.length,
    reserved: declared.reduce((n, d) => n + d.about, 0),
    ...(topUp !== undefined ? { topUp } : {}),
  };
}

/**
 * Every check of the conformance areas as collected (`--list` in a clean child, nothing run), each with its rules and
 * check function: the one index of which check judges which rule (the traceability gate, docs/security-catalogue.md).
 */
export async function listConformance(): Promise<RunOutcomes> {
  const run = await runSuite({ args: ['--list', ...CONFORMANCE_PROJECTS.map((p) => `--project=${p}`)], env: childEnv(), boundMs: 120_000 });
  run.cleanup();
  if (!run.report) throw new Error(`playwright --list gave no report (exit ${run.code}): ${run.reportError}`);
  return run.report;
}
