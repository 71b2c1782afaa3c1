// Moved to reporting/manifest.ts; kept for tests/reliability/leak-scan.ts until it imports that module directly.
export * from '../../reporting/manifest.js';
