// Redaction lives in reporting/redact.ts (reports and failure messages share it); re-exported here for
// the harness and the self-tests, so there is one implementation and one set of registered secrets.
export * from '../../reporting/redact.js';
