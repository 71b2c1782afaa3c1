/** Invalid request variants: each names the rule it breaks and the keys a provider must report. */
export type { InvalidVariant, SignatureTampering, AcceptedSignatureVariant, XSignTampering } from './types.js';
export { kindOf } from './types.js';
export { REQUIRED_FIELDS, DIGEST_FIELDS, digestAsSent, getField, setField } from './body.js';
export { apiKeySpellings, unknownApiKeys } from './api-key.js';
export { missingFieldVariants, blankTextVariants, BLANK_TEXTS, type BlankTextVariant } from './missing.js';
export { addressSpellings, formatVariants, unsafeReturnUrlVariants, notAnAddressVariants, OPEN_ADDRESSES, ODD_VALID_ADDRESSES } from './format.js';
export { amountVariants, storageWidthVariants, amountLiteralBodies, type AmountLiteralBody } from './amount.js';
export {
  signatureTamperings,
  leaveOneOutTamperings,
  acceptedSignatureVariants,
  otherSchemeSignatures,
  otherTypeSignatures,
  flipHexDigit,
  type SignatureTamperingOptions,
} from './signature.js';
export { digitFlips, applyDigitFlip, type DigitFlip } from './signatureDigitFlip.js';
export { xSignTamperings, otherXSignSchemes } from './xsign.js';
