// Callbacks of settled payments (the document's payload rule, the profile's delivery rules).
import { callbackRedelivered, noCallbackAfterFinalState, settledPaymentCallback } from '../../checks/callbacks.js';
import { callbackRedeliveredAfterEachRefusal } from '../../checks/callback-refusals.js';
import { declareChecks } from '../../runner/declarations.js';

// The area runs on one worker, in this order: the checks that mostly listen first, while the other areas keep
// the cores busy; those that press a batch of pages last, when the cores are free.
const CHECKS = [
  // Every class of refusal a merchant endpoint answers with (4xx, 5xx, slow, reset): mostly listens to slow answers.
  callbackRedeliveredAfterEachRefusal(),
  noCallbackAfterFinalState('deposited'),
  noCallbackAfterFinalState('declined'),
  settledPaymentCallback('declined'),
  settledPaymentCallback('deposited'),
  callbackRedelivered(),
];

declareChecks('callbacks', CHECKS, import.meta.url);
