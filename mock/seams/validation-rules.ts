// The seam of what validation decides on every request: what counts as missing, how signatures and transactions are
// compared, what a new payment's state is. The clean rules are the profile's (server.ts).
import type { Rules } from '../context.js';
import type { SeamTable, Writable } from './apply.js';

export const VALIDATION_RULE_SEAMS: SeamTable<Writable<Rules>> = {
  // Faults
  'empty-string-accepted': (r) => {
    r.emptyIsMissing = false;
    r.emptyAccepted = true;
  },
  'signature-case-sensitive': (r) => void (r.signatureCaseSensitive = true),
  'duplicate-transaction-accepted': (r) => void (r.rejectDuplicates = false),
  'xsign-after-validation': (r) => void (r.xSignFirst = false),
  'state-pending': (r) => void (r.invoiceState = 'pending'),
  'a2c-state-created': (r) => void (r.account2cardState = 'created'),
  // Variations
  'validation-reports-signature': (r) => void (r.reportsSignature = true),
  'blank-text-required': (r) => void (r.blankIsMissing = true),
  'return-url-whatwg': (r) => void (r.urlWhatwg = true),
  'return-url-private-ip-refused': (r) => void (r.refusePrivateIp = true),
  'a2c-deposited': (r) => void (r.account2cardState = 'deposited'),
  'unknown-fields-refused': (r) => void (r.refusesUnknownFields = true),
};
