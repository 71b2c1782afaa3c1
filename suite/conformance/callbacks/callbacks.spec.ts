// Callbacks of settled payments (the document's payload rule, the profile's delivery rules).
import { callbackRedelivered, noCallbackAfterFinalState, settledPaymentCallback } from '../../checks/callbacks.js';
import { declareChecks, test } from '../../runner/declarations.js';

// The area runs on one worker, in this order: the checks that mostly listen first, while the other areas keep
// the cores busy; those that press a batch of pages last, when the cores are free.
const CHECKS = [
  noCallbackAfterFinalState('deposited'),
  noCallbackAfterFinalState('declined'),
  settledPaymentCallback('declined'),
  settledPaymentCallback('deposited'),
  callbackRedelivered(),
];

declareChecks('callbacks', CHECKS, (...d) => test(...d));
