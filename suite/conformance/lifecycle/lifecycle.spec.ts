// Between requests: the lifecycle model over command sequences, and requests sent at once.
import { concurrentDuplicatesOneAccepted, concurrentInvoicesDistinct, payAndDeclineAtOnce, statusAgreesWhenCallbackArrives } from '../../checks/concurrency.js';
import { lifecycleFollowsModel } from '../../checks/lifecycle.js';
import { declareChecks } from '../../runner/declarations.js';

const CHECKS = [
  lifecycleFollowsModel(),
  concurrentDuplicatesOneAccepted('invoice'),
  concurrentDuplicatesOneAccepted('account2card'),
  concurrentInvoicesDistinct(),
  payAndDeclineAtOnce(),
  statusAgreesWhenCallbackArrives('deposited'),
  statusAgreesWhenCallbackArrives('declined'),
];

declareChecks('lifecycle', CHECKS, import.meta.url);
