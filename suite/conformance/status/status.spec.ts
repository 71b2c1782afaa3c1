// The payment status method (profile).
import {
  statusBadFieldReported,
  statusMissingFieldReported,
  statusOfNewInvoice,
  statusOfUnknownTransaction,
  statusUpperCaseSignatureAccepted,
  statusWrongSignatureRejected,
} from '../../checks/status.js';
import { answersSentAsJson, otherMethodsRefused } from '../../checks/transport.js';
import { hostileInputChecks } from '../../checks/hostile-input-checks.js';
import { spellingsOfInvalidRequestRefused, spellingsOfValidRequestAgree } from '../../checks/spellings.js';
import { acceptNegotiatedOrIgnored, contentCodingsDecodedOrRefused, otherMediaTypesJudgedAsJson } from '../../checks/negotiation.js';
import { otherMerchantKeysRefused, otherMerchantStatusRevealsNothing } from '../../checks/merchant-isolation.js';
import { declareChecks } from '../../runner/declarations.js';
import { answerHeadersSafe } from '../../checks/passive-answers.js';
import { expectContinueAnswered } from '../../checks/expect-continue.js';
import { apiKeySpellingsRefused, fieldNameSpellingsRefused } from '../../checks/equivalence.js';
import { http10RequestAnswered } from '../../checks/http10.js';

const CHECKS = [
  statusOfNewInvoice(),
  statusOfUnknownTransaction(),
  statusWrongSignatureRejected(),
  statusUpperCaseSignatureAccepted(),
  statusMissingFieldReported(),
  statusBadFieldReported(),
  otherMethodsRefused('status'),
  answersSentAsJson('status'),
  // Hostile input (docs/security-probes.md)
  ...hostileInputChecks('status'),
  // Passive look at the answers (docs/security/passive-look.md)
  answerHeadersSafe('status'),
  // The same request spelled another way (docs/security/input.md)
  spellingsOfValidRequestAgree('status'),
  spellingsOfInvalidRequestRefused('status'),
  expectContinueAnswered('status'),
  http10RequestAnswered('status'),
  // Security decisions under equivalence (docs/security/equivalence.md)
  apiKeySpellingsRefused('status'),
  fieldNameSpellingsRefused('status'),
  // Content negotiation and content coding (docs/security/methods.md)
  otherMediaTypesJudgedAsJson('status'),
  contentCodingsDecodedOrRefused('status'),
  acceptNegotiatedOrIgnored('status'),
  // Two merchants: one merchant's payments out of the other's reach (docs/security/isolation.md)
  otherMerchantStatusRevealsNothing(),
  otherMerchantKeysRefused('status'),
];

declareChecks('status', CHECKS, import.meta.url);
