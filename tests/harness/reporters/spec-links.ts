// Moved to reporting/spec-links.ts; kept for tests/harness/rule.ts until it imports that module directly.
export * from '../../../reporting/spec-links.js';
