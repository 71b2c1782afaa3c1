// The checks the document states alike for both signed payment operations (invoice, account to card):
// one list, so that the two spec tables cannot drift apart.
import { successBodyMatchesSchema, successSentAsJson, validRequestAccepted } from './acceptance.js';
import { amountEdgeAccepted, amountNotIntegerRejected, amountOutOfRangeRejected, validAmountEdges } from './amounts.js';
import type { Check } from '../harness/check.js';
import type { PaymentOperation } from '../../contracts/operations.js';
import { duplicateTransactionRejected, unknownApiKeyRejected } from './credentials.js';
import { anyDigitFlipRejected, documentedDigestAccepted, leaveOneOutDigestsRejected, tamperedDigestsRejected, upperCaseDigestAccepted } from './digest.js';
import { FORMAT_RULES, wrongFormatRejected } from './formats.js';
import { malformedJsonRejected, messageErrorShape, nonObjectJsonRejected } from './malformed.js';
import { createdAtIsRequestTime, errorFieldsNullWithoutError, newPaymentState, transactionEchoed } from './payment-fields.js';
import {
  blankTextTakenEitherWay,
  missingFieldReported,
  nullEmptyOrWrongTypeReported,
  requiredFields,
  severalMissingFieldsReported,
} from './required-fields.js';
import { cryptoKeyNeverDisclosed, noServerErrorOnReplacedField, noServerFailureOnAnyTextClass } from './robustness.js';
import { answersSentAsJson, otherMethodsRefused, versionedPath } from './transport.js';

export function paymentOperationChecks(op: PaymentOperation): Check[] {
  return [
    // Acceptance and the shape of the answer
    validRequestAccepted(op),
    successBodyMatchesSchema(op),
    successSentAsJson(op),
    transactionEchoed(op),
    newPaymentState(op),
    errorFieldsNullWithoutError(op),
    createdAtIsRequestTime(op),
    // Amount limits
    ...validAmountEdges(op).map((edge) => amountEdgeAccepted(op, edge)),
    amountOutOfRangeRejected(op),
    amountNotIntegerRejected(op),
    // Required fields and formats
    ...requiredFields(op).flatMap((field) => [missingFieldReported(op, field), nullEmptyOrWrongTypeReported(op, field)]),
    severalMissingFieldsReported(op),
    blankTextTakenEitherWay(op),
    ...FORMAT_RULES[op].map(([rule]) => wrongFormatRejected(op, rule)),
    // The sha256 signature, the api_key, the transaction
    documentedDigestAccepted(op),
    tamperedDigestsRejected(op),
    leaveOneOutDigestsRejected(op),
    anyDigitFlipRejected(op),
    upperCaseDigestAccepted(op),
    unknownApiKeyRejected(op),
    duplicateTransactionRejected(op),
    // Bodies that are not JSON objects, transport, robustness
    malformedJsonRejected(op),
    nonObjectJsonRejected(op),
    messageErrorShape(op),
    otherMethodsRefused(op),
    answersSentAsJson(op),
    versionedPath(op),
    noServerErrorOnReplacedField(op),
    noServerFailureOnAnyTextClass(op),
    cryptoKeyNeverDisclosed(op),
  ];
}
