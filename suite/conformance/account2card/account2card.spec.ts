// The account to card payment (Endpoints 2): the checks shared with the invoice, its answer's card and X-Sign.
import { paymentOperationChecks } from '../../checks/payment-operation-checks.js';
import { cardCredentialsAreRecipientPan } from '../../checks/payment-fields.js';
import { transactionFreeOnOtherOperation } from '../../checks/credentials.js';
import {
  otherXSignSchemesRefused,
  xSignCheckedBeforeBody,
  xSignMissingOrForeignRefused,
  xSignOverExactBytesAccepted,
  xSignWrongFormatRefused,
} from '../../checks/xsign.js';
import { hostileInputChecks } from '../../checks/hostile-input-checks.js';
import { ownedFieldsNotTaken } from '../../checks/owned-fields.js';
import { spellingsOfInvalidRequestRefused, spellingsOfValidRequestAgree } from '../../checks/spellings.js';
import { nearMissesCarriedOutAsValidated } from '../../checks/near-misses.js';
import { methodRefusalsListAllow, otherMethodTokensNotCarriedOut, traceRefused } from '../../checks/methods.js';
import { acceptNegotiatedOrIgnored, contentCodingsDecodedOrRefused, otherMediaTypesJudgedAsJson } from '../../checks/negotiation.js';
import { otherMerchantKeysRefused, otherMerchantTransactionTouchesNothing } from '../../checks/merchant-isolation.js';
import { declareChecks } from '../../runner/declarations.js';
import { answerHeadersSafe } from '../../checks/passive-answers.js';
import { expectContinueAnswered } from '../../checks/expect-continue.js';
import { apiKeySpellingsRefused, fieldNameSpellingsRefused } from '../../checks/equivalence.js';
import { http10RequestAnswered } from '../../checks/http10.js';

const CHECKS = [
  ...paymentOperationChecks('account2card'),
  cardCredentialsAreRecipientPan(),
  transactionFreeOnOtherOperation(),
  xSignOverExactBytesAccepted(),
  xSignMissingOrForeignRefused(),
  xSignWrongFormatRefused(),
  xSignCheckedBeforeBody(),
  // Hostile input (docs/security-probes.md)
  ...hostileInputChecks('account2card'),
  otherXSignSchemesRefused(),
  // Fields the merchant does not own (docs/security/input.md)
  ownedFieldsNotTaken('account2card'),
  // Passive look at the answers (docs/security/passive-look.md)
  answerHeadersSafe('account2card'),
  // The same request spelled another way, and near misses (docs/security/input.md)
  spellingsOfValidRequestAgree('account2card'),
  spellingsOfInvalidRequestRefused('account2card'),
  expectContinueAnswered('account2card'),
  http10RequestAnswered('account2card'),
  // Security decisions under equivalence (docs/security/equivalence.md)
  apiKeySpellingsRefused('account2card'),
  fieldNameSpellingsRefused('account2card'),
  nearMissesCarriedOutAsValidated('account2card'),
  // Methods other than POST (docs/security/methods.md)
  otherMethodTokensNotCarriedOut('account2card'),
  traceRefused('account2card'),
  methodRefusalsListAllow('account2card'),
  // Content negotiation and content coding (docs/security/methods.md)
  otherMediaTypesJudgedAsJson('account2card'),
  contentCodingsDecodedOrRefused('account2card'),
  acceptNegotiatedOrIgnored('account2card'),
  // Two merchants: one merchant's payments out of the other's reach (docs/security/isolation.md)
  otherMerchantTransactionTouchesNothing('account2card'),
  otherMerchantKeysRefused('account2card'),
];

declareChecks('account2card', CHECKS, import.meta.url);
