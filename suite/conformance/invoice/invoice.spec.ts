// The invoice payment (Endpoints 1): the checks shared with account to card, and the invoice's own.
import { paymentOperationChecks } from '../../checks/payment-operation-checks.js';
import { antifraudRefused, credentialsShape, deeplinkCount, deeplinkKeys, payloadExtrasAccepted } from '../../checks/invoice-answer.js';
import { noServerErrorOnOddPayloads } from '../../checks/robustness.js';
import { clientIpNotationsJudged, unsafeReturnUrlsRefused } from '../../checks/address-forms.js';
import { hostileInputChecks } from '../../checks/hostile-input-checks.js';
import { spellingsOfInvalidRequestRefused, spellingsOfValidRequestAgree } from '../../checks/spellings.js';
import { nearMissesCarriedOutAsValidated } from '../../checks/near-misses.js';
import { declareChecks, test } from '../../runner/declarations.js';

const CHECKS = [
  ...paymentOperationChecks('invoice'),
  deeplinkCount(),
  deeplinkKeys(),
  credentialsShape(),
  payloadExtrasAccepted(),
  antifraudRefused(),
  noServerErrorOnOddPayloads(),
  // Hostile input (docs/security-probes.md)
  ...hostileInputChecks('invoice'),
  unsafeReturnUrlsRefused(),
  clientIpNotationsJudged(),
  // The same request spelled another way, and near misses (docs/security-probes.md)
  spellingsOfValidRequestAgree('invoice'),
  spellingsOfInvalidRequestRefused('invoice'),
  nearMissesCarriedOutAsValidated('invoice'),
];

declareChecks('invoice', CHECKS, (...d) => test(...d));
