// Invariants over the whole run, judged at its end: this project is the teardown of every other area
// (playwright.config.ts), so it runs once they have finished, whatever their results, and reads the ledger of
// every payment they created. Alone (--project=whole-run) it judges the payments its checks create.
import {
  createdAtFollowsCreation,
  createdAtKeepsTime,
  paymentIdsUniqueAcrossRun,
  paymentsStayKnown,
  usedTransactionsStayUsed,
} from '../../checks/whole-run.js';
import { merchantAddressesNeverFetched } from '../../checks/canaries.js';
import { oracleChecks } from '../../checks/oracle-checks.js';
import { refusalsLeaveNoPayment } from '../../checks/refusal-effects.js';
import { declareChecks } from '../../runner/declarations.js';

const CHECKS = [
  paymentIdsUniqueAcrossRun(),
  paymentsStayKnown(),
  createdAtFollowsCreation(),
  usedTransactionsStayUsed(),
  // Out-of-band canaries of the whole run, after the profile's quiet time
  merchantAddressesNeverFetched(),
  // created_at over time (docs/how-it-works.md)
  createdAtKeepsTime(),
  // Every exchange of the run, as each oracle judges it
  ...oracleChecks(),
  refusalsLeaveNoPayment(),
];

declareChecks('whole-run', CHECKS, import.meta.url);
