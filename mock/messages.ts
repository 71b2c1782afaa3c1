/**
 * The wording of every message the provider writes, chosen once per provider: English (the default),
 * another English wording (variation validation-other-wording) or Russian (variation messages-russian,
 * which wins when both are on). The profile's requiredPattern is honoured: when the chosen "required"
 * message does not match it, the pattern itself is written into the message (it must then be a plain word).
 */
import type { ErrorName } from './errors.js';

export interface Wording {
  required(field: string): string;
  string(field: string): string;
  integer(field: string): string;
  object(field: string): string;
  /** "" where the profile does not count it missing (emptyStringIsMissing false). */
  notEmpty(field: string): string;
  uuid(field: string): string;
  url(field: string): string;
  ip(field: string): string;
  phone(field: string): string;
  panDigits(field: string): string;
  panLuhn(field: string): string;
  range(field: string, min: number, max: number): string;
  notAllowed(field: string): string;
  fileTooLarge(max: number): string;
  unknownApiKey: string;
  invalidSignature: string;
  /** Variation validation-reports-signature: the digest cannot be computed or verified. */
  signatureUnverifiable: string;
  duplicate: string;
  /** Second message of every field (variation validation-several-messages). */
  seeDocs: string;
  uploadAccepted: string;
  /** Account to card success without a body (profile account2card.successBody false). */
  paymentAccepted: string;
  errors: Record<ErrorName, string>;
}

const ENGLISH_ERRORS: Record<ErrorName, string> = {
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed; use POST',
  unsupportedMediaType: 'Unsupported content type; send application/json',
  unsupportedMediaTypeUpload: 'Unsupported content type; send multipart/form-data',
  unsupportedContentCoding: 'Unsupported content coding; send the body uncoded',
  notAcceptable: 'Not acceptable; this operation answers application/json',
  payloadTooLarge: 'Request body too large',
  malformedJson: 'Request body is not valid JSON',
  notAnObject: 'Request body must be a JSON object',
  malformedMultipart: 'Malformed multipart/form-data body',
  badRequest: 'Bad request',
  headersTooLarge: 'Request headers too large',
  xSignMissing: 'Missing X-Sign header',
  xSignInvalid: 'Invalid X-Sign signature',
  antiFraud: 'Anti-fraud refusal',
  paymentNotFound: 'Payment not found',
  pageNotFound: 'Payment page not found',
  finalState: 'Payment is already in a final state',
  rateLimited: 'Too many requests; retry later',
  wrongType: 'Could not deserialize the request body: a field has the wrong type',
  uploadInvalid: 'Invalid upload request',
  unknown: 'Unknown error',
};

const ENGLISH: Wording = {
  required: (f) => `The ${f} field is required.`,
  string: (f) => `The ${f} must be a string.`,
  integer: (f) => `The ${f} must be an integer.`,
  object: (f) => `The ${f} must be an object.`,
  notEmpty: (f) => `The ${f} must not be empty.`,
  uuid: (f) => `The ${f} must be a valid UUID.`,
  url: (f) => `The ${f} must be an absolute http or https URL.`,
  ip: (f) => `The ${f} must be a valid IPv4 or IPv6 address.`,
  phone: (f) => `The ${f} must be 10 to 15 digits, optionally preceded by +.`,
  panDigits: (f) => `The ${f} must be 13 to 19 digits.`,
  panLuhn: (f) => `The ${f} is not a valid card number.`,
  range: (f, min, max) => `The ${f} must be between ${min} and ${max}.`,
  notAllowed: (f) => `The ${f} field is not allowed.`,
  fileTooLarge: (max) => `The file may not be greater than ${max} bytes.`,
  unknownApiKey: 'Unknown api_key.',
  invalidSignature: 'Invalid signature.',
  signatureUnverifiable: 'The signature cannot be verified over invalid fields.',
  duplicate: 'The transaction has already been taken.',
  seeDocs: 'See the API documentation.',
  uploadAccepted: 'File accepted',
  paymentAccepted: 'Payment accepted',
  errors: ENGLISH_ERRORS,
};

const OTHER_WORDING: Wording = {
  ...ENGLISH,
  required: (f) => `REQUIRED: ${f} must be provided`,
  string: (f) => `Value of ${f} has the wrong type (text expected)`,
  integer: (f) => `Value of ${f} has the wrong type (whole number expected)`,
  object: (f) => `Value of ${f} has the wrong type (object expected)`,
  notEmpty: (f) => `Value of ${f} is empty`,
  uuid: (f) => `Value of ${f} is not acceptable`,
  url: (f) => `Value of ${f} is not acceptable`,
  ip: (f) => `Value of ${f} is not acceptable`,
  phone: (f) => `Value of ${f} is not acceptable`,
  panDigits: (f) => `Value of ${f} is not acceptable`,
  panLuhn: (f) => `Value of ${f} fails the checksum`,
  range: (f, min, max) => `Value of ${f} is out of range [${min}, ${max}]`,
  unknownApiKey: 'api_key is not recognised',
  invalidSignature: 'Signature mismatch',
  signatureUnverifiable: 'Signature cannot match an invalid request',
  duplicate: 'Duplicate transaction',
};

const RUSSIAN: Wording = {
  required: (f) => `Поле ${f} обязательно (required)`,
  string: (f) => `Поле ${f} должно быть строкой`,
  integer: (f) => `Поле ${f} должно быть целым числом`,
  object: (f) => `Поле ${f} должно быть объектом`,
  notEmpty: (f) => `Поле ${f} не должно быть пустым`,
  uuid: (f) => `Поле ${f} должно быть UUID`,
  url: (f) => `Поле ${f} должно быть абсолютным адресом http или https`,
  ip: (f) => `Поле ${f} должно быть адресом IPv4 или IPv6`,
  phone: (f) => `Поле ${f} должно содержать от 10 до 15 цифр`,
  panDigits: (f) => `Поле ${f} должно содержать от 13 до 19 цифр`,
  panLuhn: (f) => `Поле ${f} не является номером карты`,
  range: (f, min, max) => `Поле ${f} должно быть от ${min} до ${max}`,
  notAllowed: (f) => `Поле ${f} не допускается`,
  fileTooLarge: (max) => `Файл больше ${max} байт`,
  unknownApiKey: 'Неизвестный api_key',
  invalidSignature: 'Неверная подпись',
  signatureUnverifiable: 'Подпись не может быть проверена',
  duplicate: 'Транзакция уже использована',
  seeDocs: 'См. документацию API.',
  uploadAccepted: 'Файл принят',
  paymentAccepted: 'Платёж принят',
  errors: {
    notFound: 'Не найдено',
    methodNotAllowed: 'Метод не поддерживается; используйте POST',
    unsupportedMediaType: 'Неподдерживаемый тип содержимого; отправьте application/json',
    unsupportedMediaTypeUpload: 'Неподдерживаемый тип содержимого; отправьте multipart/form-data',
    unsupportedContentCoding: 'Неподдерживаемое кодирование содержимого; отправьте тело без кодирования',
    notAcceptable: 'Неприемлемый тип ответа; операция отвечает application/json',
    payloadTooLarge: 'Слишком большое тело запроса',
    malformedJson: 'Тело запроса не является корректным JSON',
    notAnObject: 'Тело запроса должно быть объектом JSON',
    malformedMultipart: 'Повреждённое тело multipart/form-data',
    badRequest: 'Некорректный запрос',
    headersTooLarge: 'Слишком большие заголовки запроса',
    xSignMissing: 'Нет заголовка X-Sign',
    xSignInvalid: 'Неверная подпись X-Sign',
    antiFraud: 'Отказ антифрод-системы',
    paymentNotFound: 'Платёж не найден',
    pageNotFound: 'Страница оплаты не найдена',
    finalState: 'Платёж уже в конечном состоянии',
    rateLimited: 'Слишком много запросов; повторите позже',
    wrongType: 'Не удалось разобрать тело запроса: поле неверного типа',
    uploadInvalid: 'Некорректный запрос загрузки',
    unknown: 'Неизвестная ошибка',
  },
};

type WordingName = 'english' | 'other' | 'russian';

/** The wording of one provider; `requiredPattern` is the profile's (case-insensitive). */
export function wording(name: WordingName, requiredPattern: string): Wording {
  const base = name === 'russian' ? RUSSIAN : name === 'other' ? OTHER_WORDING : ENGLISH;
  if (new RegExp(requiredPattern, 'i').test(base.required('x'))) return base;
  return { ...base, required: (f) => `Поле ${f} ${requiredPattern}` };
}

/**
 * Variation messages-detailed: the same answers, saying more without revealing anything: the scheme a signature
 * did not match, where to look, what was expected (the malformed answer adds where the body stops being JSON).
 */
export function detailed(base: Wording): Wording {
  return {
    ...base,
    integer: (f) => `${base.integer(f)} Send a whole number of kopecks, without quotes.`,
    uuid: (f) => `${base.uuid(f)} Example: 3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f.`,
    unknownApiKey: `${base.unknownApiKey} No merchant has this object key; ask your manager for yours.`,
    invalidSignature: `${base.invalidSignature} It does not match sha256(api_key + transaction + amount [+ recipient_pan] + crypto_key), 64 hex digits in either letter case.`,
    errors: {
      ...base.errors,
      notFound: `${base.errors.notFound}: no operation at this path; the operations live under /api/v1/.`,
      methodNotAllowed: `${base.errors.methodNotAllowed} (see the Allow header).`,
      unsupportedMediaType: `${base.errors.unsupportedMediaType} (the body must be a JSON object).`,
      xSignMissing: `${base.errors.xSignMissing}: sign the exact body bytes with RSASSA-PKCS1-v1_5 SHA-256 and send the signature in base64.`,
      xSignInvalid: `${base.errors.xSignInvalid}: the signature does not verify over the exact body bytes with the public key on file for this merchant.`,
      paymentNotFound: `${base.errors.paymentNotFound}: no payment of this merchant has this transaction (request id 7c9e6679-7425-40de-944b-e07fc1f90ae7).`,
    },
  };
}
