// Callbacks of settled payments (the document's payload rule, the profile's delivery rules).
import { callbackRedelivered, noCallbackAfterFinalState, settledPaymentCallback } from '../../checks/callbacks.js';
import { declarations, test } from '../../runner/declarations.js';

const CHECKS = [
  settledPaymentCallback('deposited'),
  settledPaymentCallback('declined'),
  noCallbackAfterFinalState('deposited'),
  noCallbackAfterFinalState('declined'),
  callbackRedelivered(),
];

for (const d of declarations('callbacks', CHECKS)) test(...d);
