// The conformance projects, one per area of the interface, and whole-run, the invariants over every payment
// the run created (the teardown of the others: it runs after them); each runs alone with --project.
export const CONFORMANCE_PROJECTS = ['invoice', 'account2card', 'upload', 'status', 'callbacks', 'payment-page', 'lifecycle', 'whole-run'] as const;

/** The project that judges the whole run once the others have finished. */
export const WHOLE_RUN_PROJECT = 'whole-run';
export type ConformanceProject = (typeof CONFORMANCE_PROJECTS)[number];
