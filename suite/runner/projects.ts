// The conformance projects, one per area of the interface, and whole-run, the invariants over every payment
// the run created (the teardown of the others: it runs after them); each runs alone with --project. Names
// for the suite's side of the registry (contracts/areas.ts), which is where they are listed.
import { CONFORMANCE_AREAS, WHOLE_RUN_AREA, type AreaName } from '../../contracts/areas.js';

export const CONFORMANCE_PROJECTS: readonly AreaName[] = CONFORMANCE_AREAS;

/** The project that judges the whole run once the others have finished. */
export const WHOLE_RUN_PROJECT = WHOLE_RUN_AREA;
