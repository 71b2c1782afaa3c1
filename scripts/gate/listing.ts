// How many checks a selection runs, property checks apart: Playwright's `--list` of it, before the run, for the
// depth that TIME_BUDGET buys (scripts/conformance.ts: a time per property; scripts/certify.ts: a whole-run plan).
import { runSuite } from '../child-run.js';

export interface Listing {
  properties: number;
  others: number;
}

/** The checks of `selection` (Playwright's arguments), listed without running them. */
export async function listChecks(selection: readonly string[], env: NodeJS.ProcessEnv): Promise<Listing> {
  const listing = await runSuite({ args: [...selection, '--list'], env });
  listing.cleanup();
  const outcomes = listing.report?.outcomes ?? [];
  const properties = outcomes.filter((o) => o.property).length;
  return { properties, others: outcomes.length - properties };
}
