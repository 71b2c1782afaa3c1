// The conformance projects, one per area of the interface; each runs alone with --project.
export const CONFORMANCE_PROJECTS = ['invoice', 'account2card', 'upload', 'status', 'callbacks', 'payment-page', 'lifecycle'] as const;
export type ConformanceProject = (typeof CONFORMANCE_PROJECTS)[number];
