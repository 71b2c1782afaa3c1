// Callbacks of settled payments (the document's payload rule, the profile's delivery rules).
import { callbackRedelivered, noCallbackAfterFinalState, settledPaymentCallback } from '../../checks/callbacks.js';
import { callbackRedeliveredAfterEachRefusal } from '../../checks/callback-refusals.js';
import { declareChecks } from '../../runner/declarations.js';

// The order is the dispatch order. The checks of one page each come first: in a kill target they are the cheapest
// to kill a callback fault, and the costly ones after them are not run once it is killed. Then the two that listen
// out the quiet time after a final state, then every class of refusal (eight pages pressed, and slow answers
// waited out), which only faults of redelivery need.
const CHECKS = [
  settledPaymentCallback('deposited'),
  settledPaymentCallback('declined'),
  callbackRedelivered(),
  noCallbackAfterFinalState('deposited'),
  noCallbackAfterFinalState('declined'),
  // Every class of refusal a merchant endpoint answers with (4xx, 5xx, slow, reset).
  callbackRedeliveredAfterEachRefusal(),
];

declareChecks('callbacks', CHECKS, import.meta.url);
