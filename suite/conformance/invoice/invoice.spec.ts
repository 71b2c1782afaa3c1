// The invoice payment (Endpoints 1): the checks shared with account to card, and the invoice's own.
import { paymentOperationChecks } from '../../checks/payment-operation-checks.js';
import { antifraudRefused, credentialsShape, deeplinkCount, deeplinkKeys, payloadExtrasAccepted } from '../../checks/invoice-answer.js';
import { noServerErrorOnOddPayloads } from '../../checks/robustness.js';
import { clientIpNotationsJudged, unsafeReturnUrlsRefused } from '../../checks/address-forms.js';
import { hostileInputChecks } from '../../checks/hostile-input-checks.js';
import { ownedFieldsNotTaken } from '../../checks/owned-fields.js';
import { merchantAddressesNotFetched } from '../../checks/canaries.js';
import { spellingsOfInvalidRequestRefused, spellingsOfValidRequestAgree } from '../../checks/spellings.js';
import { nearMissesCarriedOutAsValidated } from '../../checks/near-misses.js';
import { connectNotTunnelled, methodRefusalsListAllow, otherMethodTokensNotCarriedOut, traceRefused } from '../../checks/methods.js';
import { acceptNegotiatedOrIgnored, contentCodingsDecodedOrRefused, otherMediaTypesJudgedAsJson } from '../../checks/negotiation.js';
import { merchantsAtOnceKeepTheirPayments, otherMerchantKeysRefused, otherMerchantTransactionTouchesNothing } from '../../checks/merchant-isolation.js';
import { declareChecks } from '../../runner/declarations.js';
import { ambiguousFramingSmugglesNothing, answersFramedByTheirLength } from '../../checks/framing.js';
import { answerHeadersSafe } from '../../checks/passive-answers.js';
import { nothingExposedBesideOperations } from '../../checks/deployment-exposure.js';
import { siblingVersionsRefuseWhatV1Refuses } from '../../checks/sibling-versions.js';
import { antifraudIgnoresForwardedFor, handedOutAddressesIgnoreForwardedHost } from '../../checks/intermediary-headers.js';
import { apiRefusedOverPlainHttp } from '../../checks/plain-http.js';
import { h2DowngradeSmugglesNothing } from '../../checks/h2-downgrade.js';
import { expectContinueAnswered } from '../../checks/expect-continue.js';
import { antifraudTriggerSpellingsRefused, apiKeySpellingsRefused, fieldNameSpellingsRefused } from '../../checks/equivalence.js';
import { http10RequestAnswered } from '../../checks/http10.js';

const CHECKS = [
  // Out-of-band canaries: the merchant's addresses are never requested by the provider (SSRF). First: the whole run's
  // judgement of its canaries listens out the profile's quiet time after the last one issued, which then passes during the run.
  merchantAddressesNotFetched(),
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
  // Fields the merchant does not own (docs/security/input.md)
  ownedFieldsNotTaken('invoice'),
  // Passive look at the answers (docs/security/passive-look.md)
  answerHeadersSafe('invoice'),
  // The same request spelled another way, and near misses (docs/security/input.md)
  spellingsOfValidRequestAgree('invoice'),
  spellingsOfInvalidRequestRefused('invoice'),
  expectContinueAnswered('invoice'),
  http10RequestAnswered('invoice'),
  // Security decisions under equivalence (docs/security/equivalence.md)
  apiKeySpellingsRefused('invoice'),
  fieldNameSpellingsRefused('invoice'),
  antifraudTriggerSpellingsRefused(),
  nearMissesCarriedOutAsValidated('invoice'),
  // What the provider exposes besides its operations (docs/security/exposure.md)
  nothingExposedBesideOperations(),
  siblingVersionsRefuseWhatV1Refuses(),
  // Methods other than POST, and CONNECT (docs/security/methods.md)
  otherMethodTokensNotCarriedOut('invoice'),
  traceRefused('invoice'),
  methodRefusalsListAllow('invoice'),
  connectNotTunnelled(),
  // Header fields only a proxy may set (docs/security/transport.md)
  handedOutAddressesIgnoreForwardedHost(),
  antifraudIgnoresForwardedFor(),
  // Content negotiation and content coding (docs/security/methods.md)
  otherMediaTypesJudgedAsJson('invoice'),
  contentCodingsDecodedOrRefused('invoice'),
  acceptNegotiatedOrIgnored('invoice'),
  // Request framing on a bare connection: request smuggling (docs/security/transport.md)
  ambiguousFramingSmugglesNothing(),
  answersFramedByTheirLength(),
  // The API over plain http beside an https BASE_URL (docs/security/transport.md, ASVS 4.1.2)
  apiRefusedOverPlainHttp(),
  // HTTP/2 downgrade smuggling, only where the provider speaks h2 (docs/security/transport.md)
  h2DowngradeSmugglesNothing(),
  // Two merchants: one merchant's payments out of the other's reach (docs/security/isolation.md)
  otherMerchantTransactionTouchesNothing('invoice'),
  otherMerchantKeysRefused('invoice'),
  merchantsAtOnceKeepTheirPayments(),
];

declareChecks('invoice', CHECKS, import.meta.url);
