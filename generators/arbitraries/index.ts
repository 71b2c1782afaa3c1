/** The arbitraries of the suite, one per file. */
export { uuid } from './uuid.js';
export { luhnPan, isLuhnValid, luhnCheckDigit, withLuhnDigit, CARD_SCHEMES, type LuhnPanConstraints, type CardScheme } from './luhnPan.js';
export { phone, COUNTRY_CODES, type PhoneConstraints } from './phone.js';
export { personName, type PersonNameConstraints } from './personName.js';
export { description, type DescriptionConstraints } from './description.js';
export { returnUrl, type ReturnUrlConstraints } from './returnUrl.js';
export { clientIp, DEFAULT_ANTIFRAUD_IP, type ClientIpConstraints } from './clientIp.js';
export { clientId, type ClientIdConstraints } from './clientId.js';
export { payloadExtras, RESERVED_PAYLOAD_KEYS, type PayloadExtrasConstraints, type JsonValue } from './payloadExtras.js';
export { amount, type AmountConstraints } from './amount.js';
export { invoiceAmount, type InvoiceAmountConstraints } from './invoiceAmount.js';
export { account2cardAmount, type Account2CardAmountConstraints } from './account2cardAmount.js';
export { invoiceRequest, type InvoiceRequestConstraints } from './invoiceRequest.js';
export { account2cardRequest, type Account2CardRequestConstraints } from './account2cardRequest.js';
export { statusRequest } from './statusRequest.js';
export { uploadRequest, vinCheckDigit, vehiclesCsv, type UploadRequestValue, type UploadRequestConstraints, type Vehicle } from './uploadRequest.js';
