/** The arbitraries of the suite, one per file, and the value classes each draws. */
export { classed, classesOf, selectClasses, valueClass, type ValueClass, type ClassedConstraints } from './classed.js';
export { currentRunIndex, runIndexPlugin, streamRunIndexPlugin } from './runIndex.js';
export { breakDigitRuns, failLuhn, hasCardLikeDigits, longestDigitRun, MAX_FREE_TEXT_DIGIT_RUN } from './cardSafe.js';
export {
  freeTextClasses,
  plainWordsClass,
  textClassMembers,
  codePoints,
  isWellFormed,
  VERY_LONG_MIN,
  VERY_LONG_MAX,
  type FreeTextOptions,
  type TextMember,
} from './freeText.js';
export { uuid, uuidClasses, renewUuid, type UuidConstraints } from './uuid.js';
export { luhnPan, luhnPanClasses, isLuhnValid, luhnCheckDigit, withLuhnDigit, CARD_SCHEMES, type LuhnPanConstraints, type CardScheme } from './luhnPan.js';
export { phone, phoneClasses, COUNTRY_CODES, type PhoneConstraints } from './phone.js';
export { personName, personNameClasses, type PersonNameConstraints } from './personName.js';
export { description, descriptionClasses, type DescriptionConstraints } from './description.js';
export { returnUrl, returnUrlClasses, urlParts, type ReturnUrlConstraints } from './returnUrl.js';
export { clientIp, clientIpClasses, compressIpv6, addressMatcher, type ClientIpConstraints } from './clientIp.js';
export { DEFAULT_ANTIFRAUD_IP } from '../../contracts/operation-facts.js';
export { clientId, clientIdClasses, type ClientIdConstraints } from './clientId.js';
export {
  payloadExtras,
  payloadExtrasClasses,
  payloadExtrasCovering,
  jsonDepth,
  jsonValuesIn,
  RESERVED_PAYLOAD_KEYS,
  LANGUAGE_SPECIAL_KEYS,
  type PayloadExtrasConstraints,
  type PayloadExtrasCoveringConstraints,
  type CoveringExtras,
  type JsonValue,
} from './payloadExtras.js';
export { amount, amountClasses, rubleFormClasses, NEAR_EDGE, type AmountConstraints, type RubleFormConstraints } from './amount.js';
export { coveringValues, coveringRows, type CoveringConstraints, type RowClasses } from './covering.js';
export { invoiceAmount, type InvoiceAmountConstraints } from './invoiceAmount.js';
export { account2cardAmount, type Account2CardAmountConstraints } from './account2cardAmount.js';
export { invoiceRequest, type InvoiceRequestConstraints } from './invoiceRequest.js';
export { account2cardRequest, type Account2CardRequestConstraints } from './account2cardRequest.js';
export { statusRequest } from './statusRequest.js';
export {
  uploadRequest,
  uploadContentClasses,
  uploadFileNameClasses,
  uploadContentTypeClasses,
  vinCheckDigit,
  vehiclesCsv,
  DEFAULT_MAX_FILE_BYTES,
  type UploadRequestValue,
  type UploadRequestConstraints,
  type Vehicle,
  hostileFileNameClasses,
  HOSTILE_FILE_NAMES,
  type HostileFileName,
} from './uploadRequest.js';
