/* eslint-disable */
/**
 * GENERATED FILE, DO NOT EDIT.
 * Generated from contracts/schemas/**.schema.json by contracts/gen-types.ts
 * (npm run contracts:types). Edit the schemas, then regenerate.
 */

/**
 * Payment state (States and transitions).
 */
export type PaymentState = 'processing' | 'declined' | 'deposited';
/**
 * Recipient details, exactly one of two shapes: transfer to a card ({card_pan}) or via the fast payment system ({phone, holder}). Resources / credentials object.
 */
export type Credentials = CardCredentials | FpsCredentials;
/**
 * A documented payment whose credentials are the card shape.
 */
export type CardPayment = Payment & {
  credentials: CardCredentials;
};

/**
 * Each contract schema name and the type of a document valid against it.
 */
export interface SchemaTypeMap {
  common: Common;
  'invoice-request': InvoiceRequest;
  'invoice-response': InvoiceResponse;
  payment: Payment;
  credentials: Credentials;
  deeplink: Deeplink;
  'validation-error': ValidationErrorBody;
  'message-error': MessageErrorBody;
  'account2card-request': Account2CardRequest;
  'upload-request': UploadRequest;
  'account2card-response': Account2CardResponse;
  'status-request': StatusRequest;
  'status-response': StatusResponse;
  callback: CallbackBody;
  'upload-response': UploadResponse;
  profile: Profile;
  'profile-override': ProfileOverride;
}
/**
 * Shared pieces of the Payment Transfer Service interface document (payment-transfer-service.md). Referenced by the other schemas; the root accepts anything.
 */
export interface Common {
  [k: string]: unknown;
}
/**
 * Request body of POST /api/v1/payments/card2account/invoice (Endpoints / 1. Invoice payment). The document lists every top-level field, so no other is accepted; payload accepts any merchant parameters besides client_id and client_ip.
 */
export interface InvoiceRequest {
  /**
   * Object key issued by the manager.
   */
  api_key: string;
  /**
   * A UUID in its canonical textual form (8-4-4-4-12 hexadecimal digits). Document: 'string, UUID'.
   */
  transaction: string;
  /**
   * A sha256 digest written as 64 hexadecimal characters (Authentication).
   */
  signature: string;
  /**
   * Invoice amount in kopecks: 100 to 400 000 rubles inclusive (Limits).
   */
  amount: number;
  /**
   * Payment description.
   */
  description: string;
  /**
   * An absolute URL. Document: 'string, URL'.
   */
  return_url: string;
  payload: InvoicePayload;
}
/**
 * User information; any further merchant parameters are allowed and arrive in callbacks.
 */
export interface InvoicePayload {
  /**
   * User identifier in the merchant's system.
   */
  client_id: string;
  /**
   * User's IP address (that it is an IPv4 or IPv6 address is a profile rule).
   */
  client_ip: string;
  [k: string]: unknown;
}
/**
 * Success body of the invoice payment (Resources / Payment).
 */
export interface InvoiceResponse {
  /**
   * A UUID in its canonical textual form (8-4-4-4-12 hexadecimal digits). Document: 'string, UUID'.
   */
  transaction: string;
  /**
   * An absolute URL. Document: 'string, URL'.
   */
  redirect_url: string;
  payment: Payment;
  deeplink: Deeplink;
}
/**
 * The payment object (Resources / payment object). error_code and error_description are always present, null when there is no error.
 */
export interface Payment {
  /**
   * Payment identifier in the service.
   */
  id: number;
  state: PaymentState;
  /**
   * Error code; null when there is no error. The list of codes is not shown, so any non-empty string or any integer is accepted.
   */
  error_code: null | string | number;
  /**
   * Error description; null when there is no error.
   */
  error_description: string | null;
  credentials: Credentials;
  /**
   * Creation timestamp, shape YYYYMMDDTHHMMSS.ffffffZ. The pattern checks the shape for any JSON Schema tool; the custom format pts-created-at (contracts/ajv.ts) also checks that it is a real calendar date and time.
   */
  created_at: string;
}
/**
 * Transfer to a card.
 */
export interface CardCredentials {
  /**
   * Recipient card number.
   */
  card_pan: string;
}
/**
 * Transfer via the fast payment system.
 */
export interface FpsCredentials {
  /**
   * Recipient phone number: digits with country prefix, no plus sign.
   */
  phone: string;
  /**
   * Recipient full name.
   */
  holder: string;
}
/**
 * Map of deeplink addresses (Resources / deeplink object): keys <BANK>_FOREIGN with an upper-case bank name (words may be joined by underscores: CREDIT_EUROPE_BANK_FOREIGN), values absolute URLs (an app scheme is a URL too).
 */
export interface Deeplink {
  [k: string]: string;
}
/**
 * Validation failure body (Errors): keys are the names of the invalid fields, values are arrays of message strings.
 */
export interface ValidationErrorBody {
  /**
   * @minItems 1
   */
  [k: string]: string[];
}
/**
 * Other error bodies (Errors): a JSON object with a single field message, a string.
 */
export interface MessageErrorBody {
  message: string;
}
/**
 * Request body of POST /api/v1/payments/account2card (Endpoints / 2. Account to card payment). The X-Sign header is described in openapi.json.
 */
export interface Account2CardRequest {
  /**
   * Object key issued by the manager.
   */
  api_key: string;
  /**
   * A UUID in its canonical textual form (8-4-4-4-12 hexadecimal digits). Document: 'string, UUID'.
   */
  transaction: string;
  /**
   * A sha256 digest written as 64 hexadecimal characters (Authentication).
   */
  signature: string;
  /**
   * Account to card amount in kopecks: 1 000 to 15 000 rubles inclusive (Limits).
   */
  amount: number;
  /**
   * Payer's full name.
   */
  payer_fio: string;
  /**
   * Payer's phone number (its digit rules are a profile rule).
   */
  payer_phone: string;
  /**
   * Recipient card number (Luhn and length are a profile rule).
   */
  recipient_pan: string;
}
/**
 * Parameters of POST /api/v1/psa/upload-transports (Endpoints / 3. Vehicle file upload), described as the parts of a form in OpenAPI style. The encoding is not shown by the document; the default profile sends multipart/form-data.
 */
export interface UploadRequest {
  /**
   * Object key issued by the manager.
   */
  api_key: string;
  /**
   * File with the data.
   */
  file: string;
}
/**
 * PROFILE (defaults.md, not the interface document, which says the response body is not shown): success body of the account to card payment, {transaction, payment} where payment has the documented payment fields and credentials {card_pan}.
 */
export interface Account2CardResponse {
  /**
   * A UUID in its canonical textual form (8-4-4-4-12 hexadecimal digits). Document: 'string, UUID'.
   */
  transaction: string;
  payment: CardPayment;
}
/**
 * PROFILE (defaults.md, not the interface document, which does not show the status method): body of POST /api/v1/payments/status, signature = sha256(api_key + transaction + crypto_key).
 */
export interface StatusRequest {
  /**
   * Object key issued by the manager.
   */
  api_key: string;
  /**
   * A UUID in its canonical textual form (8-4-4-4-12 hexadecimal digits). Document: 'string, UUID'.
   */
  transaction: string;
  /**
   * A sha256 digest written as 64 hexadecimal characters (Authentication).
   */
  signature: string;
}
/**
 * PROFILE (defaults.md, not the interface document): success body of the payment status method, {transaction, payment} as in the invoice response.
 */
export interface StatusResponse {
  /**
   * A UUID in its canonical textual form (8-4-4-4-12 hexadecimal digits). Document: 'string, UUID'.
   */
  transaction: string;
  payment: Payment;
}
/**
 * PROFILE (defaults.md, not the interface document, which does not show the callback body): JSON callback {transaction, payment, payload}. That payload equals the invoice request's payload is checked by the conformance tests, not by this schema.
 */
export interface CallbackBody {
  /**
   * A UUID in its canonical textual form (8-4-4-4-12 hexadecimal digits). Document: 'string, UUID'.
   */
  transaction: string;
  payment: Payment;
  /**
   * Every payload.* parameter of the invoice request, unchanged.
   */
  payload: {
    [k: string]: unknown;
  };
}
/**
 * PROFILE (defaults.md, not the interface document, which does not show the upload response): success body {message: non-empty string} and nothing else.
 */
export interface UploadResponse {
  message: string;
}
/**
 * PROFILE (defaults.md, not the interface document): a complete profile, i.e. profile.default.json or the result of merging a PROFILE override file over it. Every key is required here; profile-override.schema.json is generated from this file by contracts/gen-types.ts with every 'required' removed. Unknown keys are rejected.
 */
export interface Profile {
  /**
   * Optional editor hint; ignored.
   */
  $schema?: string;
  /**
   * Free text; ignored.
   */
  $comment?: string;
  paths: ProfilePaths;
  http: ProfileHttp;
  validation: ProfileValidation;
  invoice: ProfileInvoice;
  antifraud: ProfileAntifraud;
  account2card: ProfileAccount2Card;
  upload: ProfileUpload;
  status: ProfileStatus;
  paymentPage: ProfilePaymentPage;
  callbacks: ProfileCallbacks;
  security: ProfileSecurity;
  gate: ProfileGate;
  latency: ProfileLatency;
}
/**
 * Request paths of the operations, relative to BASE_URL.
 */
export interface ProfilePaths {
  /**
   * A request path, starting with '/'.
   */
  invoice: string;
  /**
   * A request path, starting with '/'.
   */
  account2card: string;
  /**
   * A request path, starting with '/'.
   */
  upload: string;
  /**
   * A request path, starting with '/'.
   */
  status: string;
}
/**
 * Transport choices and the HTTP status code of each kind of response.
 */
export interface ProfileHttp {
  /**
   * JSON bodies carry Content-Type application/json.
   */
  jsonContentType: boolean;
  /**
   * An HTTP status code.
   */
  methodNotAllowed: number;
  /**
   * An HTTP status code.
   */
  success: number;
  /**
   * An HTTP status code.
   */
  validation: number;
  /**
   * An HTTP status code.
   */
  malformed: number;
  /**
   * An HTTP status code.
   */
  unauthorized: number;
  /**
   * An HTTP status code.
   */
  antifraud: number;
  /**
   * An HTTP status code.
   */
  notFound: number;
  /**
   * An HTTP status code.
   */
  serverError: number;
  /**
   * Statuses whose answer carrying a Retry-After header means: not now, ask again after that long. Such an answer is waited out and the request sent again; it is no verdict on the provider (429 is waited out with or without the header).
   *
   * Items: An HTTP status code.
   */
  retryAfter: number[];
}
/**
 * How validation failures are reported.
 */
export interface ProfileValidation {
  /**
   * Every invalid field is reported, not only the first.
   */
  reportsAllFields: boolean;
  /**
   * Separator in the names of nested fields (payload.client_id).
   */
  nestedSeparator: string;
  /**
   * Case-insensitive regular expression that a 'required' message matches.
   */
  requiredPattern: string;
  nullIsMissing: boolean;
  emptyStringIsMissing: boolean;
  /**
   * A required text field (description, payload.client_id, payer_fio) holding only whitespace: either (the default: defaults.md counts a missing field, null and the empty string as missing and says nothing of ' ', so a provider may take it as given or trim it to missing), false (taken as given: accepted), true (missing: refused with a 'required' message keyed by the field).
   */
  blankTextIsMissing: 'either' | boolean;
  /**
   * The hex digits of signature are compared without regard to letter case.
   */
  signatureCaseInsensitive: boolean;
  /**
   * A transaction already used on the same operation is a validation failure.
   */
  duplicateTransactionRejected: boolean;
}
export interface ProfileInvoice {
  initialState: PaymentState;
  /**
   * Number of deeplinks in an invoice response.
   */
  deeplinkCount: number;
  /**
   * Largest accepted difference between created_at and the suite's clock.
   */
  createdAtToleranceSeconds: number;
}
export interface ProfileAntifraud {
  /**
   * payload.client_ip that makes the provider refuse an invoice on anti-fraud grounds; null when no trigger is known (the check is skipped).
   */
  invoiceClientIp: string | null;
}
export interface ProfileAccount2Card {
  /**
   * Encoding of the X-Sign value.
   */
  xSignEncoding: 'base64' | 'base64url' | 'hex';
  /**
   * X-Sign is checked before the body fields are validated.
   */
  xSignCheckedFirst: boolean;
  /**
   * Success carries the body {transaction, payment}.
   */
  successBody: boolean;
}
export interface ProfileUpload {
  /**
   * Request encoding of the upload.
   */
  encoding: 'multipart/form-data';
  /**
   * Largest accepted file size in bytes.
   */
  maxFileBytes: number;
}
export interface ProfileStatus {
  /**
   * The provider offers the payment status method at paths.status.
   */
  enabled: boolean;
}
export interface ProfilePaymentPage {
  /**
   * redirect_url opens a page that a browser can drive.
   */
  enabled: boolean;
  /**
   * Accessible name of the Pay button.
   */
  payButton: string;
  /**
   * Accessible name of the Decline button.
   */
  declineButton: string;
  /**
   * Longest time the page may take to show its content after load, and a press to show in the payment status; a check that shows a state does not change watches the status this long.
   */
  settleSeconds: number;
}
export interface ProfileCallbacks {
  /**
   * The provider delivers callbacks.
   */
  enabled: boolean;
  /**
   * Least number of deliveries of a callback not answered 2xx.
   */
  minDeliveries: number;
  /**
   * Longest time an expected callback may take to arrive: how long the suite waits for one before it fails.
   */
  waitSeconds: number;
  /**
   * How long the suite listens, after the callbacks it expects, to show that no further callback (with another state) comes.
   */
  quietSeconds: number;
}
/**
 * The passive look at every answer and page (docs/security-probes.md): which findings fail the gate and which are reported as warnings.
 */
export interface ProfileSecurity {
  findings: ProfileSecurityFindings;
}
/**
 * Finding name -> fail (the check fails naming its rule), warn (the check passes; the reports list a warning) or off (not looked for).
 */
export interface ProfileSecurityFindings {
  /**
   * A page of another origin can show the payment page in a frame and reach its Pay button (PRO-SEC-PAGE-NO-FRAMING).
   */
  framing: 'fail' | 'warn' | 'off';
  /**
   * A shared cache may store the payment page or the answer to a press: public, s-maxage, or max-age above 0 without private or no-store (PRO-SEC-PAGE-NO-SHARED-CACHE).
   */
  sharedCache: 'fail' | 'warn' | 'off';
  /**
   * The payment page or the answer to a press lacks Cache-Control no-store: no shared cache keeps it, but a browser may (PRO-SEC-PAGE-NO-SHARED-CACHE).
   */
  noStore: 'fail' | 'warn' | 'off';
  /**
   * The payment page or a JSON answer lacks X-Content-Type-Options: nosniff (PRO-SEC-CONTENT-TYPE-NOSNIFF).
   */
  nosniff: 'fail' | 'warn' | 'off';
  /**
   * The payment page's Content-Type is not text/html with a charset (PRO-SEC-CONTENT-TYPE-NOSNIFF).
   */
  htmlCharset: 'fail' | 'warn' | 'off';
  /**
   * An answer tells a version in Server, or anything in X-Powered-By (PRO-SEC-NO-VERSION-BANNER).
   */
  versionBanner: 'fail' | 'warn' | 'off';
  /**
   * An API answer lets an arbitrary origin, or *, read it with credentials (PRO-SEC-CORS-NO-CREDENTIALED-ORIGIN).
   */
  corsCredentials: 'fail' | 'warn' | 'off';
  /**
   * A cookie the payment page sets lacks HttpOnly, SameSite or, on https, Secure (PRO-SEC-PAGE-COOKIE-FLAGS).
   */
  cookieFlags: 'fail' | 'warn' | 'off';
  /**
   * An origin of the provider serves version-control metadata: .git, .svn or .hg content (PRO-SEC-NO-REPOSITORY-METADATA).
   */
  repositoryMetadata: 'fail' | 'warn' | 'off';
  /**
   * A directory of the provider's origins answers with a listing of its files (PRO-SEC-NO-DIRECTORY-LISTING).
   */
  directoryListing: 'fail' | 'warn' | 'off';
  /**
   * An origin of the provider serves a documentation, monitoring or debug endpoint: an OpenAPI or Swagger document, Spring actuator, Prometheus metrics, a debug page, server-status (PRO-SEC-NO-EXPOSED-ENDPOINTS); set off when it is published on purpose.
   */
  docsEndpoint: 'fail' | 'warn' | 'off';
  /**
   * An origin of the provider serves an environment or configuration file whose values look like secrets: .env, /actuator/env (PRO-SEC-NO-EXPOSED-ENDPOINTS).
   */
  secretsFile: 'fail' | 'warn' | 'off';
  /**
   * An origin of the provider serves a backup or editor copy of the page or its assets (.bak, ~, .old), package.json or web.config (PRO-SEC-NO-BACKUP-FILES).
   */
  backupFile: 'fail' | 'warn' | 'off';
  /**
   * A document answer of the payment page lacks an enforced Content-Security-Policy with object-src 'none' (or default-src 'none') and base-uri 'none' or 'self' (PRO-SEC-PAGE-CSP).
   */
  cspPolicy: 'fail' | 'warn' | 'off';
  /**
   * The payment page's Content-Security-Policy, enforced or report-only, names no report-to or report-uri (PRO-SEC-PAGE-CSP-REPORT).
   */
  cspReport: 'fail' | 'warn' | 'off';
  /**
   * A document answer of the payment page lacks Cross-Origin-Opener-Policy same-origin or same-origin-allow-popups (PRO-SEC-PAGE-COOP).
   */
  coop: 'fail' | 'warn' | 'off';
  /**
   * A cookie the payment page sets is named without the __Host- prefix, or without __Secure- when shared through Domain (PRO-SEC-PAGE-COOKIE-PREFIX).
   */
  cookiePrefix: 'fail' | 'warn' | 'off';
  /**
   * A cookie the payment page sets has a name and value over 4096 bytes together (PRO-SEC-PAGE-COOKIE-SIZE).
   */
  cookieSize: 'fail' | 'warn' | 'off';
  /**
   * An https answer of the page or the API lacks Strict-Transport-Security with max-age of a year or more; http answers are not judged (PRO-SEC-HSTS).
   */
  hsts: 'fail' | 'warn' | 'off';
  /**
   * The payment page loads a script or stylesheet from another origin without an integrity attribute (PRO-SEC-PAGE-SRI).
   */
  subresourceIntegrity: 'fail' | 'warn' | 'off';
  /**
   * The payment page holds an object, embed or applet element (PRO-SEC-PAGE-NO-PLUGINS).
   */
  pluginContent: 'fail' | 'warn' | 'off';
  /**
   * A request the payment page makes to another origin (a subresource, the navigation to return_url) carries a Referer with the page's path or query (PRO-SEC-PAGE-REFERRER).
   */
  referrer: 'fail' | 'warn' | 'off';
  /**
   * A script of the page's own origin, at an address without the page's token, holds the recipient or the token when fetched without cookies and Referer (PRO-SEC-PAGE-SCRIPT-NO-DATA).
   */
  scriptData: 'fail' | 'warn' | 'off';
  /**
   * A page address with a callback or jsonp parameter answers a script calling that name (PRO-SEC-PAGE-NO-JSONP).
   */
  jsonp: 'fail' | 'warn' | 'off';
  /**
   * The payment page fetched as another site's no-cors script or image is answered 2xx without Cross-Origin-Resource-Policy same-origin or same-site (PRO-SEC-PAGE-CORP).
   */
  crossOriginResource: 'fail' | 'warn' | 'off';
}
/**
 * What a failure does to the gate (docs/rules.md): a rule whose basis is the document, a choice of this profile, a MUST of a standard or a defect fails; a rule whose basis is advice (a SHOULD, a MAY, hardening, the suite's reading of a standard) warns.
 */
export interface ProfileGate {
  /**
   * What a failure of an advice rule, and a finding at warn, does: warn (the check stops there and passes; the reports list it) or fail (the stricter gate).
   */
  advice: 'warn' | 'fail';
  /**
   * Rule ID (contracts/requirements.json) -> fail or warn: every failure naming that rule does so, whatever its basis and its findings' levels.
   */
  rules: {
    [k: string]: 'fail' | 'warn';
  };
}
/**
 * Not a rule of the provider and no check's expectation: when `compare` reports a latency regression between two runs. summary.json records the run's latency section, and compare applies the baseline's (the OLD run's).
 */
export interface ProfileLatency {
  p95Growth: ProfileLatencyGrowth;
  /**
   * What a latency regression does to compare: warn (reported in compare.md, compare.json and the console; the exit code does not change) or fail (compare --fail-on-new exits 1, as for a new failure).
   */
  gate: 'warn' | 'fail';
}
/**
 * An operation's (or a page action's) p95 latency has grown when the new run's exceeds both the baseline's p95 times ratio and the baseline's p95 plus ms: the second bound keeps the noise of a few-millisecond operation from counting.
 */
export interface ProfileLatencyGrowth {
  /**
   * Largest p95 of the new run, as a multiple of the baseline's, that is no growth.
   */
  ratio: number;
  /**
   * Largest p95 of the new run above the baseline's, in milliseconds, that is no growth.
   */
  ms: number;
}
/**
 * PROFILE (defaults.md, not the interface document): a PROFILE override file, deep-merged over profile.default.json. GENERATED from profile.schema.json by contracts/gen-types.ts, do not edit: the same keys and rules, none required, unknown keys rejected.
 */
export interface ProfileOverride {
  /**
   * Optional editor hint; ignored.
   */
  $schema?: string;
  /**
   * Free text; ignored.
   */
  $comment?: string;
  /**
   * Request paths of the operations, relative to BASE_URL.
   */
  paths?: {
    /**
     * A request path, starting with '/'.
     */
    invoice?: string;
    /**
     * A request path, starting with '/'.
     */
    account2card?: string;
    /**
     * A request path, starting with '/'.
     */
    upload?: string;
    /**
     * A request path, starting with '/'.
     */
    status?: string;
  };
  /**
   * Transport choices and the HTTP status code of each kind of response.
   */
  http?: {
    /**
     * JSON bodies carry Content-Type application/json.
     */
    jsonContentType?: boolean;
    /**
     * An HTTP status code.
     */
    methodNotAllowed?: number;
    /**
     * An HTTP status code.
     */
    success?: number;
    /**
     * An HTTP status code.
     */
    validation?: number;
    /**
     * An HTTP status code.
     */
    malformed?: number;
    /**
     * An HTTP status code.
     */
    unauthorized?: number;
    /**
     * An HTTP status code.
     */
    antifraud?: number;
    /**
     * An HTTP status code.
     */
    notFound?: number;
    /**
     * An HTTP status code.
     */
    serverError?: number;
    /**
     * Statuses whose answer carrying a Retry-After header means: not now, ask again after that long. Such an answer is waited out and the request sent again; it is no verdict on the provider (429 is waited out with or without the header).
     *
     * Items: An HTTP status code.
     */
    retryAfter?: number[];
  };
  /**
   * How validation failures are reported.
   */
  validation?: {
    /**
     * Every invalid field is reported, not only the first.
     */
    reportsAllFields?: boolean;
    /**
     * Separator in the names of nested fields (payload.client_id).
     */
    nestedSeparator?: string;
    /**
     * Case-insensitive regular expression that a 'required' message matches.
     */
    requiredPattern?: string;
    nullIsMissing?: boolean;
    emptyStringIsMissing?: boolean;
    /**
     * A required text field (description, payload.client_id, payer_fio) holding only whitespace: either (the default: defaults.md counts a missing field, null and the empty string as missing and says nothing of ' ', so a provider may take it as given or trim it to missing), false (taken as given: accepted), true (missing: refused with a 'required' message keyed by the field).
     */
    blankTextIsMissing?: 'either' | boolean;
    /**
     * The hex digits of signature are compared without regard to letter case.
     */
    signatureCaseInsensitive?: boolean;
    /**
     * A transaction already used on the same operation is a validation failure.
     */
    duplicateTransactionRejected?: boolean;
  };
  invoice?: {
    initialState?: PaymentState;
    /**
     * Number of deeplinks in an invoice response.
     */
    deeplinkCount?: number;
    /**
     * Largest accepted difference between created_at and the suite's clock.
     */
    createdAtToleranceSeconds?: number;
  };
  antifraud?: {
    /**
     * payload.client_ip that makes the provider refuse an invoice on anti-fraud grounds; null when no trigger is known (the check is skipped).
     */
    invoiceClientIp?: string | null;
  };
  account2card?: {
    /**
     * Encoding of the X-Sign value.
     */
    xSignEncoding?: 'base64' | 'base64url' | 'hex';
    /**
     * X-Sign is checked before the body fields are validated.
     */
    xSignCheckedFirst?: boolean;
    /**
     * Success carries the body {transaction, payment}.
     */
    successBody?: boolean;
  };
  upload?: {
    /**
     * Request encoding of the upload.
     */
    encoding?: 'multipart/form-data';
    /**
     * Largest accepted file size in bytes.
     */
    maxFileBytes?: number;
  };
  status?: {
    /**
     * The provider offers the payment status method at paths.status.
     */
    enabled?: boolean;
  };
  paymentPage?: {
    /**
     * redirect_url opens a page that a browser can drive.
     */
    enabled?: boolean;
    /**
     * Accessible name of the Pay button.
     */
    payButton?: string;
    /**
     * Accessible name of the Decline button.
     */
    declineButton?: string;
    /**
     * Longest time the page may take to show its content after load, and a press to show in the payment status; a check that shows a state does not change watches the status this long.
     */
    settleSeconds?: number;
  };
  callbacks?: {
    /**
     * The provider delivers callbacks.
     */
    enabled?: boolean;
    /**
     * Least number of deliveries of a callback not answered 2xx.
     */
    minDeliveries?: number;
    /**
     * Longest time an expected callback may take to arrive: how long the suite waits for one before it fails.
     */
    waitSeconds?: number;
    /**
     * How long the suite listens, after the callbacks it expects, to show that no further callback (with another state) comes.
     */
    quietSeconds?: number;
  };
  /**
   * The passive look at every answer and page (docs/security-probes.md): which findings fail the gate and which are reported as warnings.
   */
  security?: {
    /**
     * Finding name -> fail (the check fails naming its rule), warn (the check passes; the reports list a warning) or off (not looked for).
     */
    findings?: {
      /**
       * A page of another origin can show the payment page in a frame and reach its Pay button (PRO-SEC-PAGE-NO-FRAMING).
       */
      framing?: 'fail' | 'warn' | 'off';
      /**
       * A shared cache may store the payment page or the answer to a press: public, s-maxage, or max-age above 0 without private or no-store (PRO-SEC-PAGE-NO-SHARED-CACHE).
       */
      sharedCache?: 'fail' | 'warn' | 'off';
      /**
       * The payment page or the answer to a press lacks Cache-Control no-store: no shared cache keeps it, but a browser may (PRO-SEC-PAGE-NO-SHARED-CACHE).
       */
      noStore?: 'fail' | 'warn' | 'off';
      /**
       * The payment page or a JSON answer lacks X-Content-Type-Options: nosniff (PRO-SEC-CONTENT-TYPE-NOSNIFF).
       */
      nosniff?: 'fail' | 'warn' | 'off';
      /**
       * The payment page's Content-Type is not text/html with a charset (PRO-SEC-CONTENT-TYPE-NOSNIFF).
       */
      htmlCharset?: 'fail' | 'warn' | 'off';
      /**
       * An answer tells a version in Server, or anything in X-Powered-By (PRO-SEC-NO-VERSION-BANNER).
       */
      versionBanner?: 'fail' | 'warn' | 'off';
      /**
       * An API answer lets an arbitrary origin, or *, read it with credentials (PRO-SEC-CORS-NO-CREDENTIALED-ORIGIN).
       */
      corsCredentials?: 'fail' | 'warn' | 'off';
      /**
       * A cookie the payment page sets lacks HttpOnly, SameSite or, on https, Secure (PRO-SEC-PAGE-COOKIE-FLAGS).
       */
      cookieFlags?: 'fail' | 'warn' | 'off';
      /**
       * An origin of the provider serves version-control metadata: .git, .svn or .hg content (PRO-SEC-NO-REPOSITORY-METADATA).
       */
      repositoryMetadata?: 'fail' | 'warn' | 'off';
      /**
       * A directory of the provider's origins answers with a listing of its files (PRO-SEC-NO-DIRECTORY-LISTING).
       */
      directoryListing?: 'fail' | 'warn' | 'off';
      /**
       * An origin of the provider serves a documentation, monitoring or debug endpoint: an OpenAPI or Swagger document, Spring actuator, Prometheus metrics, a debug page, server-status (PRO-SEC-NO-EXPOSED-ENDPOINTS); set off when it is published on purpose.
       */
      docsEndpoint?: 'fail' | 'warn' | 'off';
      /**
       * An origin of the provider serves an environment or configuration file whose values look like secrets: .env, /actuator/env (PRO-SEC-NO-EXPOSED-ENDPOINTS).
       */
      secretsFile?: 'fail' | 'warn' | 'off';
      /**
       * An origin of the provider serves a backup or editor copy of the page or its assets (.bak, ~, .old), package.json or web.config (PRO-SEC-NO-BACKUP-FILES).
       */
      backupFile?: 'fail' | 'warn' | 'off';
      /**
       * A document answer of the payment page lacks an enforced Content-Security-Policy with object-src 'none' (or default-src 'none') and base-uri 'none' or 'self' (PRO-SEC-PAGE-CSP).
       */
      cspPolicy?: 'fail' | 'warn' | 'off';
      /**
       * The payment page's Content-Security-Policy, enforced or report-only, names no report-to or report-uri (PRO-SEC-PAGE-CSP-REPORT).
       */
      cspReport?: 'fail' | 'warn' | 'off';
      /**
       * A document answer of the payment page lacks Cross-Origin-Opener-Policy same-origin or same-origin-allow-popups (PRO-SEC-PAGE-COOP).
       */
      coop?: 'fail' | 'warn' | 'off';
      /**
       * A cookie the payment page sets is named without the __Host- prefix, or without __Secure- when shared through Domain (PRO-SEC-PAGE-COOKIE-PREFIX).
       */
      cookiePrefix?: 'fail' | 'warn' | 'off';
      /**
       * A cookie the payment page sets has a name and value over 4096 bytes together (PRO-SEC-PAGE-COOKIE-SIZE).
       */
      cookieSize?: 'fail' | 'warn' | 'off';
      /**
       * An https answer of the page or the API lacks Strict-Transport-Security with max-age of a year or more; http answers are not judged (PRO-SEC-HSTS).
       */
      hsts?: 'fail' | 'warn' | 'off';
      /**
       * The payment page loads a script or stylesheet from another origin without an integrity attribute (PRO-SEC-PAGE-SRI).
       */
      subresourceIntegrity?: 'fail' | 'warn' | 'off';
      /**
       * The payment page holds an object, embed or applet element (PRO-SEC-PAGE-NO-PLUGINS).
       */
      pluginContent?: 'fail' | 'warn' | 'off';
      /**
       * A request the payment page makes to another origin (a subresource, the navigation to return_url) carries a Referer with the page's path or query (PRO-SEC-PAGE-REFERRER).
       */
      referrer?: 'fail' | 'warn' | 'off';
      /**
       * A script of the page's own origin, at an address without the page's token, holds the recipient or the token when fetched without cookies and Referer (PRO-SEC-PAGE-SCRIPT-NO-DATA).
       */
      scriptData?: 'fail' | 'warn' | 'off';
      /**
       * A page address with a callback or jsonp parameter answers a script calling that name (PRO-SEC-PAGE-NO-JSONP).
       */
      jsonp?: 'fail' | 'warn' | 'off';
      /**
       * The payment page fetched as another site's no-cors script or image is answered 2xx without Cross-Origin-Resource-Policy same-origin or same-site (PRO-SEC-PAGE-CORP).
       */
      crossOriginResource?: 'fail' | 'warn' | 'off';
    };
  };
  /**
   * What a failure does to the gate (docs/rules.md): a rule whose basis is the document, a choice of this profile, a MUST of a standard or a defect fails; a rule whose basis is advice (a SHOULD, a MAY, hardening, the suite's reading of a standard) warns.
   */
  gate?: {
    /**
     * What a failure of an advice rule, and a finding at warn, does: warn (the check stops there and passes; the reports list it) or fail (the stricter gate).
     */
    advice?: 'warn' | 'fail';
    /**
     * Rule ID (contracts/requirements.json) -> fail or warn: every failure naming that rule does so, whatever its basis and its findings' levels.
     */
    rules?: {
      [k: string]: 'fail' | 'warn';
    };
  };
  /**
   * Not a rule of the provider and no check's expectation: when `compare` reports a latency regression between two runs. summary.json records the run's latency section, and compare applies the baseline's (the OLD run's).
   */
  latency?: {
    /**
     * An operation's (or a page action's) p95 latency has grown when the new run's exceeds both the baseline's p95 times ratio and the baseline's p95 plus ms: the second bound keeps the noise of a few-millisecond operation from counting.
     */
    p95Growth?: {
      /**
       * Largest p95 of the new run, as a multiple of the baseline's, that is no growth.
       */
      ratio?: number;
      /**
       * Largest p95 of the new run above the baseline's, in milliseconds, that is no growth.
       */
      ms?: number;
    };
    /**
     * What a latency regression does to compare: warn (reported in compare.md, compare.json and the console; the exit code does not change) or fail (compare --fail-on-new exits 1, as for a new failure).
     */
    gate?: 'warn' | 'fail';
  };
}
