// Callbacks of settled payments (the document's payload rule, the profile's delivery rules).
import { callbackRedelivered, heldCallbackDeliveredAgain, noCallbackAfterFinalState, settledPaymentCallback } from '../../checks/callbacks.js';
import { declareChecks } from '../../runner/declarations.js';

// The order is the dispatch order. The checks of one page each come first: in a kill target they are the cheapest
// to kill a callback fault, and the costly ones after them are not run once it is killed. Redelivery presses the
// batch (every class of the payload's fields, every class of refusal: about eight pages, and slow answers waited
// out); then the two that listen out the quiet time after a final state.
const CHECKS = [
  settledPaymentCallback('deposited'),
  settledPaymentCallback('declined'),
  callbackRedelivered(),
  heldCallbackDeliveredAgain(),
  noCallbackAfterFinalState('deposited'),
  noCallbackAfterFinalState('declined'),
];

declareChecks('callbacks', CHECKS, import.meta.url);
