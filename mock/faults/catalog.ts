/**
 * The fault catalog: named, realistic deviations of the reference provider, each from ONE
 * rule. A fault is switched on by name (ProviderOptions.faults, CLI --faults). Where the code it
 * concerns has a seam (mock/seams/: how answers are written, the page's protections, the validation
 * style), it is an entry of that seam's table, and the clean code never names it; elsewhere it is
 * still a guarded branch (`if (faults.has('signature-prefix-only'))`). `rule` is the requirement
 * ID (see contracts/requirements.json) that a conforming suite must report as broken.
 */

export interface FaultDefinition {
  name: string;
  /** Requirement ID of the one rule this fault breaks. */
  rule: string;
  description: string;
}

const entries = [
  // Authentication: the sha256 signature
  { name: 'accept-any-signature', rule: 'DOC-AUTH-INV-DIGEST', description: 'Invoice: any non-empty signature is accepted; the digest is never compared.' },
  {
    name: 'signature-prefix-only',
    rule: 'DOC-AUTH-INV-DIGEST',
    description: 'Invoice: only the first 8 hex digits of the signature are compared with the digest.',
  },
  {
    name: 'signature-ignores-amount',
    rule: 'DOC-AUTH-INV-DIGEST',
    description: 'Invoice: a signature computed without amount, sha256(api_key + transaction + crypto_key), is also accepted.',
  },
  {
    name: 'a2c-signature-ignores-pan',
    rule: 'DOC-AUTH-A2C-DIGEST',
    description: 'Account to card: a signature computed without recipient_pan is also accepted.',
  },
  {
    name: 'signature-case-sensitive',
    rule: 'PRO-VAL-SIGNATURE',
    description: 'The signature is compared case-sensitively: upper-case hex digits are refused.',
  },
  {
    name: 'leaks-crypto-key',
    rule: 'DOC-AUTH-CRYPTO_KEY-SECRET',
    description: 'The 422 signature message shows the expected digest input, crypto_key included.',
  },
  {
    name: 'unknown-api-key-accepted',
    rule: 'DOC-AUTH-API_KEY',
    description: 'An unknown api_key is taken as the first configured merchant (its crypto_key is used for the digest).',
  },
  { name: 'xsign-not-verified', rule: 'DOC-AUTH-A2C-XSIGN', description: 'Account to card: the X-Sign header is not checked at all, a missing one included.' },
  {
    name: 'xsign-after-validation',
    rule: 'PRO-A2C-XSIGN-401',
    description: 'Account to card: X-Sign is checked after the body fields are validated (an invalid body without X-Sign gets 422, not 401).',
  },

  // Limits and types
  { name: 'invoice-amount-max-off-by-one', rule: 'DOC-LIMIT-INV-AMOUNT', description: 'Invoice: amount 40000001 is accepted (upper bound off by one).' },
  { name: 'invoice-amount-min-exclusive', rule: 'DOC-LIMIT-INV-AMOUNT', description: 'Invoice: amount 10000 is refused (lower bound exclusive).' },
  { name: 'a2c-amount-max-off-by-one', rule: 'DOC-LIMIT-A2C-AMOUNT', description: 'Account to card: amount 1500001 is accepted (upper bound off by one).' },
  {
    name: 'amount-accepts-fraction',
    rule: 'DOC-INV-REQ-AMOUNT',
    description: 'A fractional amount such as 10000.5 is accepted (the document types amount as an integer).',
  },
  {
    name: 'wrong-type-400',
    rule: 'PRO-VAL-TYPES',
    description:
      'A field of the wrong type (a number where a string is due, a string or a fraction for amount, an array for payload) is refused with 400 {message}, a deserialisation error, instead of a validation failure keyed by the field.',
  },
  { name: 'amount-accepts-numeric-string', rule: 'DOC-INV-REQ-AMOUNT', description: 'Invoice: an amount sent as a numeric string ("15000") is accepted.' },

  // Validation failures
  {
    name: 'validation-values-strings',
    rule: 'DOC-ERR-VALIDATION-SHAPE',
    description: 'Validation body values are single strings instead of arrays of strings.',
  },
  { name: 'validation-wrapped', rule: 'DOC-ERR-VALIDATION-SHAPE', description: 'Validation body is wrapped: {message, errors: {field: [..]}}.' },
  { name: 'validation-first-field-only', rule: 'PRO-VAL-ALL-FIELDS', description: 'Only the first invalid field is reported.' },
  { name: 'validation-underscore-names', rule: 'PRO-VAL-DOT-NAMES', description: 'Nested fields are named with an underscore (payload_client_id).' },
  {
    name: 'required-message-missing',
    rule: 'DOC-ERR-VALIDATION-REQUIRED',
    description: 'A missing field gets "The X field is missing." (no word "required").',
  },
  { name: 'empty-string-accepted', rule: 'PRO-VAL-MISSING', description: 'An empty string counts as present (description "" is accepted).' },
  { name: 'client-ip-not-validated', rule: 'PRO-VAL-CLIENT_IP', description: 'Invoice: any string is accepted as payload.client_ip.' },
  { name: 'luhn-not-checked', rule: 'PRO-VAL-RECIPIENT_PAN', description: 'Account to card: recipient_pan is not Luhn-checked (digits and length only).' },
  {
    name: 'payer-phone-not-validated',
    rule: 'PRO-VAL-PAYER_PHONE',
    description: 'Account to card: payer_phone is not checked (letters, too few digits are accepted).',
  },
  {
    name: 'payload-array-accepted',
    rule: 'PRO-VAL-PAYLOAD-OBJECT',
    description: 'Invoice: a JSON array as payload is taken as an object (only its missing client_id and client_ip are reported).',
  },
  { name: 'return-url-not-validated', rule: 'PRO-VAL-RETURN_URL', description: 'Invoice: any string is accepted as return_url.' },
  { name: 'transaction-uuid-not-checked', rule: 'PRO-VAL-TRANSACTION-UUID', description: 'Any string is accepted as transaction.' },
  {
    name: 'payload-extra-rejected',
    rule: 'DOC-INV-REQ-PAYLOAD-EXTRA',
    description: 'Invoice: payload keys other than client_id and client_ip are refused (422 keyed payload.<key>).',
  },
  {
    name: 'duplicate-transaction-accepted',
    rule: 'PRO-VAL-DUPLICATE-TRANSACTION',
    description: 'A transaction already used by the merchant on the operation is accepted again.',
  },
  { name: 'validation-status-400', rule: 'PRO-VAL-STATUS', description: 'Validation failures are answered with HTTP 400 instead of 422.' },

  // Invoice response
  { name: 'invoice-status-201', rule: 'PRO-INV-SUCCESS', description: 'Invoice success is HTTP 201 instead of 200.' },
  { name: 'created-at-iso', rule: 'DOC-PAY-CREATED_AT', description: 'created_at is ISO 8601 (2024-01-01T00:00:00.000Z).' },
  {
    name: 'created-at-local-time',
    rule: 'DOC-PAY-CREATED_AT',
    description: 'created_at is Moscow time (UTC+3) but still marked Z: right shape, three hours off.',
  },
  { name: 'created-at-millis', rule: 'DOC-PAY-CREATED_AT', description: 'created_at has three fractional digits instead of six.' },
  { name: 'state-pending', rule: 'DOC-STATE-NEW-PROCESSING', description: 'A new payment has state "pending".' },
  {
    name: 'error-code-omitted',
    rule: 'DOC-ERR-PAYMENT-NULLS',
    description: 'A payment without error has no error_code/error_description keys instead of nulls.',
  },
  {
    name: 'transaction-not-echoed',
    rule: 'DOC-INV-RES-TRANSACTION',
    description: 'Invoice: the response carries a new transaction UUID instead of the request one.',
  },
  { name: 'deeplink-lowercase-keys', rule: 'DOC-DEEPLINK-KEYS', description: 'Deeplink keys are lower case (sberbank_foreign).' },
  { name: 'deeplink-two', rule: 'PRO-INV-DEEPLINK-COUNT', description: 'The invoice response carries two deeplinks instead of three.' },
  { name: 'fps-phone-plus', rule: 'DOC-CRED-FPS', description: 'Fast-payment-system credentials carry the phone with a leading plus.' },

  // Account to card response
  {
    name: 'a2c-credentials-wrong',
    rule: 'PRO-A2C-SUCCESS',
    description: 'Account to card: credentials.card_pan is the masked recipient_pan, not the recipient_pan.',
  },
  { name: 'a2c-state-created', rule: 'DOC-PAY-STATE', description: 'Account to card: a new payment has state "created", not one of the documented three.' },

  // Other failures and transport
  { name: 'antifraud-status-200', rule: 'PRO-ERR-ANTIFRAUD', description: 'The anti-fraud refusal is answered with HTTP 200 (body unchanged).' },
  { name: 'message-error-extra-field', rule: 'PRO-ERR-MESSAGE-ONLY', description: 'Message errors carry an extra field: {message, code}.' },
  { name: 'malformed-json-500', rule: 'PRO-ERR-MALFORMED', description: 'A body that is not valid JSON gets HTTP 500 instead of 400.' },
  { name: 'content-type-text-plain', rule: 'PRO-HTTP-CONTENT-TYPE', description: 'JSON responses are sent with Content-Type text/plain.' },
  {
    name: 'unversioned-paths',
    rule: 'DOC-VER-PATH',
    description: 'The operations are served under /api/ without the version (/api/payments/...); /api/v1/... is 404.',
  },
  { name: 'get-allowed', rule: 'PRO-HTTP-405', description: 'GET on a documented path is handled like POST instead of 405.' },
  { name: 'crash-on-deep-json', rule: 'PRO-ERR-SERVER', description: 'Invoice: a payload nested deeper than 32 levels makes the provider fail (HTTP 500).' },

  // Upload
  { name: 'upload-no-size-limit', rule: 'PRO-UPL-MAX-SIZE', description: 'Upload: files over 10 MiB are accepted.' },
  {
    name: 'upload-requires-signature',
    rule: 'DOC-AUTH-UPL-NO-SIGNATURE',
    description: 'Upload: a request without a signature part is refused (422 keyed signature), as if it were a signed operation.',
  },
  { name: 'upload-status-201', rule: 'PRO-UPL-SUCCESS', description: 'Upload: an accepted file is answered with HTTP 201 instead of 200.' },
  { name: 'upload-unknown-key-accepted', rule: 'DOC-AUTH-API_KEY', description: 'Upload: an unknown api_key is accepted.' },
  {
    name: 'upload-validation-400',
    rule: 'PRO-UPL-VALIDATION',
    description: 'Upload: refusals (missing or unknown api_key, missing file, file too large) are answered 400 {message} instead of 422 keyed by the field.',
  },

  // Status
  {
    name: 'status-id-string',
    rule: 'PRO-STATUS-SUCCESS',
    description: 'Status: payment.id is sent as a string ("42") while the invoice answer had the number.',
  },
  { name: 'status-unknown-200', rule: 'PRO-STATUS-NOT-FOUND', description: 'Status: an unknown transaction gets HTTP 200 {message} instead of 404.' },
  {
    name: 'status-transaction-lower-cased',
    rule: 'PRO-STATUS-SUCCESS',
    description:
      'Status: the answer carries the transaction as a uuid column of the payments table gives it back, in lower case (the merchant sent it in upper or mixed case).',
  },

  // Payment page and states
  {
    name: 'page-amount-in-kopecks',
    rule: 'PRO-PAGE-CONTENT',
    description: 'The payment page shows the amount in kopecks as if they were rubles (123 456,00 ₽ for 123456 kopecks).',
  },
  {
    name: 'page-kopecks-unpadded',
    rule: 'PRO-PAGE-CONTENT',
    description: 'The payment page writes the kopecks unpadded: 10.05 rubles as "10,5 ₽" (and 100.00 as "100,0 ₽").',
  },
  {
    name: 'page-thousands-from-left',
    rule: 'PRO-PAGE-CONTENT',
    description: 'The payment page groups the rubles in threes from the left: 1 234,56 rubles as "123 4,56 ₽", 12 345,00 as "123 45,00 ₽".',
  },
  { name: 'pay-declines', rule: 'PRO-PAGE-PAY', description: 'The Pay button moves the payment to declined.' },
  { name: 'decline-null-error', rule: 'PRO-PAGE-DECLINE', description: 'Decline leaves error_code and error_description null.' },
  { name: 'final-state-changes', rule: 'PRO-STATE-FINAL', description: 'A second press on the page changes a final state again.' },

  // Callbacks
  {
    name: 'callback-drops-payload',
    rule: 'DOC-EVT-CALLBACK-PAYLOAD',
    description: "Callbacks carry only payload.client_id and payload.client_ip; the merchant's other parameters are dropped.",
  },
  { name: 'callback-stringifies-numbers', rule: 'PRO-CB-PAYLOAD-UNCHANGED', description: 'Callbacks send number and boolean payload values as strings.' },
  { name: 'callback-no-retry', rule: 'PRO-CB-RETRY', description: 'A callback is tried once, never again.' },
  {
    name: 'callback-floats-14-digits',
    rule: 'PRO-CB-PAYLOAD-UNCHANGED',
    description:
      'Callbacks write payload numbers with a point or an exponent to 14 significant digits (json_encode of PHP before 7.1): 3.141592653589793 becomes 3.1415926535898.',
  },
  {
    name: 'callback-long-strings-cut',
    rule: 'PRO-CB-PAYLOAD-UNCHANGED',
    description: 'Callbacks cut string payload parameters to their first 4 096 characters (stored in a VARCHAR(4096) column).',
  },
  {
    name: 'callback-max-50-parameters',
    rule: 'DOC-EVT-CALLBACK-PAYLOAD',
    description: 'Callbacks carry client_id, client_ip and the first 50 other payload parameters only (a store of at most 50 merchant parameters).',
  },
  {
    name: 'callback-dotted-keys-nested',
    rule: 'DOC-EVT-CALLBACK-PAYLOAD',
    description: 'Callbacks rebuild the payload from dotted paths: a parameter named "a.b" comes back as {"a": {"b": …}}.',
  },
  {
    name: 'callback-single-element-arrays-unwrapped',
    rule: 'PRO-CB-PAYLOAD-UNCHANGED',
    description: 'Callbacks send an array of one element as that element, at any depth (the payload makes a round trip through XML).',
  },
  {
    name: 'callback-transaction-lower-cased',
    rule: 'PRO-CB-DELIVERY',
    description:
      'Callbacks carry the transaction as a uuid column of the payments table gives it back, in lower case (the merchant sent it in upper or mixed case).',
  },
  {
    name: 'callback-retry-rebuilt-from-store',
    rule: 'PRO-CB-RETRY',
    description:
      'Re-deliveries of a callback are built again from the stored payment, whose payload numbers went through a DOUBLE column printed with 15 significant digits: 9007199254740991 comes back as 9007199254740990.',
  },

  // Hostile input (docs/security-probes.md)
  {
    name: 'page-description-unescaped',
    rule: 'PRO-SEC-PAGE-TEXT-INERT',
    description:
      "The payment page writes the description into its HTML unescaped (a template's raw output): markup the merchant sent runs on the payer's page.",
  },
  {
    name: 'location-header-split',
    rule: 'PRO-SEC-RETURN-URL-NO-HEADER-SPLIT',
    description:
      'return_url is checked after removing CR and LF (as the URL Standard does) but stored as sent, and after a press the page redirects (303) with the stored value written into Location: a CR LF in it starts a header of its own.',
  },
  {
    name: 'error-stack-trace',
    rule: 'PRO-SEC-ERROR-NO-INTERNALS',
    description: "A body that is not valid JSON is answered 400 {message} with the parser's exception and stack trace as the message.",
  },
  {
    name: 'signature-oracle',
    rule: 'PRO-SEC-SIGNATURE-NO-ORACLE',
    description: 'A wrong signature is refused keyed signature with the expected one in the message ("Invalid signature, expected 9f86d0…").',
  },
  {
    name: 'signature-hmac-accepted',
    rule: 'DOC-AUTH-INV-DIGEST',
    description: 'Invoice: an HMAC-SHA256 of api_key + transaction + amount keyed with crypto_key is accepted beside the documented digest.',
  },
  {
    name: 'signature-array-coerced',
    rule: 'DOC-INV-REQ-SIGNATURE',
    description: 'The signature is read with String(value): an array holding the right digest (["9f86…"]) is accepted as that digest.',
  },
  {
    name: 'xsign-pss-accepted',
    rule: 'PRO-A2C-XSIGN-FORMAT',
    description: 'Account to card: an X-Sign made with RSA-PSS is accepted beside PKCS#1 v1.5 (the verifier tries both paddings).',
  },
  {
    name: 'amount-int32-wraps',
    rule: 'DOC-LIMIT-INV-AMOUNT',
    description: 'The amount is taken into a 32-bit integer before its range check: 4294977296 (2^32 + 10 000) is accepted as 10 000.',
  },
  {
    name: 'amount-exponent-crash',
    rule: 'PRO-ERR-SERVER',
    description: 'An amount written with an exponent (1e4, a valid JSON number) makes the provider fail with 500: its integer parser throws on the literal.',
  },
  {
    name: 'return-url-regex-unanchored',
    rule: 'PRO-VAL-RETURN_URL',
    description: 'Invoice: return_url is checked with an unanchored pattern (https?://…): javascript:alert(1)//https://shop.example/ is accepted.',
  },
  {
    name: 'client-ip-accepts-cidr',
    rule: 'PRO-VAL-CLIENT_IP',
    description: 'Invoice: payload.client_ip is checked as a database inet value: an address with a prefix length (198.51.100.7/24) is accepted.',
  },

  // Concurrency: check and act apart by a simulated round trip (the clean provider does both at once)
  {
    name: 'duplicate-check-not-atomic',
    rule: 'PRO-VAL-DUPLICATE-TRANSACTION',
    description:
      'The duplicate check and the store are apart by a simulated database round trip (5 ms): identical requests arriving together all pass the check.',
  },
  {
    name: 'press-not-atomic',
    rule: 'PRO-STATE-FINAL',
    description:
      'A page press reads the state, waits a simulated round trip (40 ms), then applies it unchecked: Pay and Decline pressed together both take effect (two callbacks with different states, the last one wins).',
  },
  {
    name: 'callback-before-store',
    rule: 'PRO-CB-STATUS-AT-ARRIVAL',
    description:
      'The callback of a press is sent before the new state is stored (stored 500 ms later): the status asked when the callback arrives still says processing.',
  },
  {
    name: 'status-lags',
    rule: 'PRO-CB-STATUS-AT-ARRIVAL',
    description: 'The status method answers from a replica 700 ms behind: right after a press and its callback it still reports the old state.',
  },
  {
    name: 'ids-reused-under-load',
    rule: 'DOC-PAY-ID-UNIQUE',
    description: 'Invoice: the id is read before a simulated round trip (5 ms) and taken after it, so invoices created at the same moment get the same id.',
  },

  // Across the whole run: what a provider keeps of its payments, and what one payment means to the next
  {
    name: 'ids-per-operation',
    rule: 'DOC-PAY-ID-UNIQUE',
    description:
      'Invoices and account-to-card payments are numbered by sequences of their own (a table each, both from 1): an account-to-card payment carries the id of an invoice.',
  },
  {
    name: 'store-keeps-recent-only',
    rule: 'PRO-PAY-STAYS-KNOWN',
    description:
      'Payments are kept in a store of the 200 most recent, the oldest dropped whatever its state: an early payment asked about late gets 404 from the status method, and its page is unknown (the duplicate check keeps an index of its own).',
  },
  {
    name: 'status-created-at-rebuilt',
    rule: 'PRO-PAY-STAYS-KNOWN',
    description:
      'The status of a payment no longer among the 200 most recent is rebuilt from an archive that keeps no created_at: it reports the time of the question as created_at.',
  },
  {
    name: 'created-at-nodes-skewed',
    rule: 'DOC-PAY-CREATED_AT-ORDER',
    description:
      "Payments are created by two nodes in turn whose clocks are 4 minutes fast and 4 minutes slow (each within the profile's 5-minute tolerance): a payment created after another may be stamped 8 minutes before it.",
  },
  {
    name: 'duplicate-check-forgets-final',
    rule: 'PRO-VAL-DUPLICATE-TRANSACTION',
    description:
      'The duplicate check looks at payments still in processing only: once a payment is paid or declined, its transaction can be used again (meant as a retry).',
  },
  {
    name: 'duplicate-check-across-operations',
    rule: 'PRO-VAL-TRANSACTION-PER-OPERATION',
    description:
      'The duplicate check is per merchant, not per operation: an account-to-card payment with the transaction of an invoice is refused keyed transaction, and the other way round.',
  },

  // A provider that fails on one input (mock/faults/front.ts): every time, whatever came before
  {
    name: 'gateway-502-on-markup',
    rule: 'PRO-ERR-SERVER',
    description:
      'Invoice: a description with a "<" in it kills the worker (a sanitiser that crashes on markup); the front answers 502 Bad Gateway, every time.',
  },
  {
    name: 'gateway-504-on-long-text',
    rule: 'PRO-ERR-SERVER',
    description:
      'Invoice: a payload.client_id longer than 8 192 characters hangs the worker (a pattern that backtracks without end); the front answers 504 Gateway Time-out after 1 s, every time.',
  },
  {
    name: 'reset-on-control-characters',
    rule: 'PRO-ERR-SERVER',
    description:
      'Invoice: a description with a control character (U+0000 to U+001F) crashes the worker process (a native library reading a C string); the connection is closed without an answer, every time.',
  },

  // Fields the merchant does not own (mass assignment), language-special keys, hostile upload file names
  {
    name: 'invoice-state-from-request',
    rule: 'PRO-SEC-OWNED-FIELDS-NOT-TAKEN',
    description:
      'Invoice: the request is bound onto the payment record as it comes, so a state it carries (at the top level or under payment) is taken: a merchant creates a payment that is already paid.',
  },
  {
    name: 'a2c-credentials-from-request',
    rule: 'PRO-SEC-OWNED-FIELDS-NOT-TAKEN',
    description:
      'Account to card: credentials the request carries (at the top level or under payment) are taken for the payment: the answer and the record name a recipient other than recipient_pan.',
  },
  {
    name: 'callback-payload-copied-by-key',
    rule: 'DOC-EVT-CALLBACK-PAYLOAD',
    description:
      "The callback payload is a deep copy made key by key (out[k] = v): a __proto__ parameter sets the copy's prototype instead of being a key, so it is missing from the callback, at the top level and nested.",
  },
  {
    name: 'upload-writes-file-name',
    rule: 'PRO-ROBUST-NO-SERVER-ERROR',
    description:
      'Upload: the file is written under the name the client gave it in /var/pts/uploads; a name that leads out of that folder (../../etc/passwd, an absolute path), a segment over 255 bytes or a NUL makes the write fail with 500.',
  },
  {
    name: 'upload-answer-quotes-path',
    rule: 'PRO-SEC-UPLOAD-FILE-NAME',
    description: 'Upload: the success message tells where the file was written: "File accepted (saved as /var/pts/uploads/vehicles.csv)".',
  },

  // Passive look at answers and pages (docs/security-probes.md)
  {
    name: 'page-framable',
    rule: 'PRO-SEC-PAGE-NO-FRAMING',
    description: 'The payment page sends no framing protection (no X-Frame-Options, no CSP frame-ancestors): any site can show it in a frame.',
  },
  {
    name: 'page-cache-public',
    rule: 'PRO-SEC-PAGE-NO-SHARED-CACHE',
    description:
      'The payment page and the answers to a press are served `Cache-Control: public, max-age=3600`: a shared cache may keep the card data for an hour.',
  },
  {
    name: 'api-cors-reflects-origin',
    rule: 'PRO-SEC-CORS-NO-CREDENTIALED-ORIGIN',
    description:
      "Every answer reflects the request's Origin in Access-Control-Allow-Origin with Access-Control-Allow-Credentials: true: any site may read it with the user's credentials.",
  },

  // Every address the provider hands out, followed and tampered (docs/security-probes.md)
  {
    name: 'press-answers-get',
    rule: 'PRO-SEC-SAFE-METHODS',
    description:
      "The page's press routes also answer GET and apply it (a route registered for any method): a link preview or a crawler that fetches a form's action pays the payment.",
  },
  {
    name: 'deeplink-previous-token',
    rule: 'PRO-SEC-ADDRESS-OWN-PAYMENT',
    description:
      "An invoice's deeplinks are built from a cached page address, the previous invoice's: they lead to another payment's page (the first invoice's lead to its own).",
  },
  {
    name: 'press-form-payment-id',
    rule: 'PRO-SEC-PRESS-OWN-PAYMENT',
    description:
      "The page's forms carry a hidden payment_id, and a press is applied to the payment it names (of the same merchant) instead of the page's own: a payer who edits it pays or declines another payment.",
  },
  {
    name: 'page-by-id',
    rule: 'PRO-SEC-ADDRESS-OWN-PAYMENT',
    description:
      "The page route also takes a payment's id in place of its page token (a lookup that falls back to the primary key): /pay/<id> opens that payment's page, and any payer who counts reaches another's.",
  },

  // Callback refusals and merchant addresses (canaries)
  {
    name: 'callback-4xx-final',
    rule: 'PRO-CB-RETRY',
    description: "A callback answered 4xx is never delivered again (taken as the merchant's final word); only a 5xx or a failed try is retried.",
  },
  {
    name: 'callback-reset-final',
    rule: 'PRO-CB-RETRY',
    description:
      'A callback whose connection is reset without an answer is never delivered again (the address taken as gone); a status or a timeout is retried.',
  },
  {
    name: 'return-url-fetched',
    rule: 'PRO-SEC-NO-SSRF',
    description:
      'Invoice: return_url is requested by the provider itself (GET, 2 s at most) before the invoice is created, "to check that it answers": a merchant address of any host, loopback and metadata ones included, is fetched from the server.',
  },
  {
    name: 'return-url-rebuilt',
    rule: 'PRO-PAGE-RETURN-DESTINATION',
    description:
      'After a press the payer is sent back (the link of the result page, the redirect) to return_url rebuilt from its parsed origin and decoded path: the query string and the fragment are lost, %2F becomes a slash.',
  },

  // The same request spelled another way, near misses, and created_at over time (docs/security-probes.md, spellings)
  {
    name: 'json-duplicate-keys-split',
    rule: 'PRO-SEC-ONE-READING',
    description:
      'A name given twice in a JSON body is read two ways: the validation and the signature check take the first (a streaming reader), the payment is made from the last (JSON.parse): a body signed for one transaction creates the payment of another.',
  },
  {
    name: 'path-alias-skips-signature',
    rule: 'DOC-AUTH-INV-DIGEST',
    description:
      'The invoice path with a trailing slash is an alias registered apart from the signature middleware: there the digest is never compared (a wrong signature is accepted).',
  },
  {
    name: 'upload-limit-content-length-only',
    rule: 'PRO-UPL-MAX-SIZE',
    description: 'Upload: the file size limit is checked from the Content-Length header only: a file over 10 MiB sent chunked (no Content-Length) is accepted.',
  },
  {
    name: 'chunked-created-then-refused',
    rule: 'PRO-HTTP-SAME-REQUEST',
    description:
      'A JSON request with a chunked body (no Content-Length) is carried out, the payment stored, and then answered 400 by an audit layer that needs Content-Length: the merchant is told no while the payment exists.',
  },
  {
    name: 'created-at-clock-cached',
    rule: 'PRO-PAY-CREATED_AT-CLOCK',
    description:
      'created_at comes from a clock read once a minute and kept: payments created seconds apart carry the same stamp (within the tolerance of the moment, but not keeping time).',
  },

  // What the provider exposes besides its operations (docs/security-probes.md, deployment leaks)
  {
    name: 'git-directory-served',
    rule: 'PRO-SEC-NO-REPOSITORY-METADATA',
    description: 'The working tree was deployed to the web root with its .git directory: GET /.git/HEAD and /.git/config give the repository files.',
  },
  {
    name: 'page-directory-autoindex',
    rule: 'PRO-SEC-NO-DIRECTORY-LISTING',
    description: 'The web server\'s autoindex is on for the directory of the payment pages: GET /pay/ answers an nginx "Index of /pay/" listing.',
  },
  {
    name: 'env-file-served',
    rule: 'PRO-SEC-NO-EXPOSED-ENDPOINTS',
    description: "The deployment's environment file is served: GET /.env gives DATABASE_URL with its password and the merchant signing secret.",
  },
  {
    name: 'api-v0-skips-signature',
    rule: 'PRO-SEC-NO-STALE-API-VERSION',
    description:
      'An older version of the invoice operation is still routed at /api/v0/payments/card2account/invoice, from before the signature was checked: a wrongly signed invoice sent there is carried out.',
  },
  // Methods other than POST on the API paths, and CONNECT (mock/methods.ts)
  {
    name: 'options-carried-out',
    rule: 'PRO-SEC-ONLY-POST-CARRIED-OUT',
    description:
      'OPTIONS on an operation path is carried out like POST (a router that matches the path alone): a signed body sent with OPTIONS creates the payment.',
  },
  {
    name: 'head-carried-out',
    rule: 'PRO-SEC-ONLY-POST-CARRIED-OUT',
    description:
      'HEAD on an operation path is routed to the POST handler and carried out (the answer without its body): a signed body sent with HEAD creates the payment.',
  },
  {
    name: 'trace-echoed',
    rule: 'PRO-SEC-NO-TRACE',
    description: 'TRACE on an operation path is answered 200 message/http with the request looped back, its header fields (X-Sign, credentials) included.',
  },
  {
    name: 'method-405-without-allow',
    rule: 'PRO-HTTP-405-ALLOW',
    description: 'A method other than POST on an operation path gets 405 without an Allow header.',
  },
  {
    name: 'connect-tunnel',
    rule: 'PRO-SEC-NO-CONNECT-TUNNEL',
    description: 'CONNECT to the provider, for any host:port, is answered 200 Connection established (an open proxy).',
  },
  // Header fields only a proxy may set, taken from the client (mock/forwarded.ts)
  {
    name: 'redirect-url-from-forwarded-host',
    rule: 'PRO-SEC-FORWARDED-HOST-IGNORED',
    description:
      "The invoice's redirect_url and deeplinks are built from the request's X-Forwarded-Host and X-Forwarded-Proto (a framework's request origin): a client that sends them hands the payer a payment link to its own host.",
  },
  {
    name: 'antifraud-reads-forwarded-for',
    rule: 'PRO-SEC-FORWARDED-FOR-IGNORED',
    description:
      "The anti-fraud judges the first address of X-Forwarded-For (else X-Real-IP) instead of payload.client_ip: a merchant's request from the trigger address passes with an ordinary address in the header.",
  },
  // Outgoing addresses too long for their receiver (ASVS 4.2.5)
  {
    name: 'return-url-truncated',
    rule: 'PRO-PAGE-RETURN-DESTINATION',
    description:
      'return_url is accepted at any length but kept in a 2048-character column: after a press the payer is sent to its first 2048 characters (a long return_url, its query cut off).',
  },

  // The page's headers and DOM beyond the passive set (docs/security-probes.md): warnings by default, killed under
  // contracts/profiles/matrix-strict.json, which fails them (their rules are advice: docs/rules.md)
  {
    name: 'page-csp-without-object-src',
    rule: 'PRO-SEC-PAGE-CSP',
    description: "The payment page's CSP is `frame-ancestors 'none'; report-uri /csp-reports` only: no object-src 'none', no base-uri.",
  },
  {
    name: 'page-csp-no-report',
    rule: 'PRO-SEC-PAGE-CSP-REPORT',
    description: "The payment page's CSP names no report location (no report-uri, no report-to): violations go unseen.",
  },
  {
    name: 'page-no-coop',
    rule: 'PRO-SEC-PAGE-COOP',
    description: 'The payment page sends no Cross-Origin-Opener-Policy: a cross-origin opener keeps a handle on it.',
  },
  {
    name: 'page-cookie-unprefixed',
    rule: 'PRO-SEC-PAGE-COOKIE-PREFIX',
    description: 'The payment page sets `pts_session=…; Path=/; HttpOnly; SameSite=Lax`: flags right, but no __Host- prefix.',
  },
  {
    name: 'page-cookie-oversized',
    rule: 'PRO-SEC-PAGE-COOKIE-SIZE',
    description: 'The payment page sets a __Host- cookie whose value is 5000 bytes: browsers drop it.',
  },
  {
    name: 'page-merchant-script-without-integrity',
    rule: 'PRO-SEC-PAGE-SRI',
    description: "The payment page loads the merchant's widget script from return_url's origin without an integrity attribute.",
  },
  {
    name: 'page-embeds-plugin',
    rule: 'PRO-SEC-PAGE-NO-PLUGINS',
    description: 'The payment page holds a Flash receipt widget: `<embed type="application/x-shockwave-flash">`.',
  },

  // Archives in the vehicle file upload (docs/security-probes.md)
  {
    name: 'upload-unpacks-gzip',
    rule: 'PRO-SEC-UPLOAD-ARCHIVE-BOUNDED',
    description:
      "Upload: a gzip file is inflated whole in memory before it is read, with no bound of its own; past the worker's buffers (twice the file limit) the inflation fails and the upload gets 500.",
  },
  {
    name: 'upload-zip-path-in-error',
    rule: 'PRO-SEC-UPLOAD-ARCHIVE-PATHS',
    description:
      'Upload: a zip is unpacked under /var/pts/unpacked/<time>/, and an entry that leads out of it (../, an absolute path, a symbolic link) is refused keyed file with a message that quotes the resolved path and the folder.',
  },
  // What the page lets other origins learn: Referer, script inclusion, JSONP, CORP (docs/security-probes.md)
  {
    name: 'page-referrer-unsafe-url',
    rule: 'PRO-SEC-PAGE-REFERRER',
    description:
      "The page's answers send `Referrer-Policy: unsafe-url`: the payer's way back to return_url carries the page address, its token included, as Referer.",
  },
  {
    name: 'page-script-embeds-payment',
    rule: 'PRO-SEC-PAGE-SCRIPT-NO-DATA',
    description:
      'The page loads its data from `/pay-assets/payment-<id>.js` (`window.PTS_PAYMENT = {…credentials…, page_token}`), a script any site can include by the payment id.',
  },
  {
    name: 'page-jsonp-callback',
    rule: 'PRO-SEC-PAGE-NO-JSONP',
    description: "The page address with `?callback=` or `?jsonp=` answers `/**/ typeof cb === 'function' && cb({…payment…})` as application/javascript.",
  },
  {
    name: 'page-no-corp',
    rule: 'PRO-SEC-PAGE-CORP',
    description: 'The page sends no Cross-Origin-Resource-Policy and checks no Sec-Fetch header: another site may load it as a script or an image.',
  },
  // Content negotiation and content coding (RFC 9110 8.3, 8.4, 12.5.1; docs/security-probes.md)
  {
    name: 'other-media-type-skips-signature',
    rule: 'DOC-AUTH-INV-DIGEST',
    description:
      'Invoice: a body sent as text/plain is read as JSON by a second route, registered apart from the signature middleware: its digest is never compared.',
  },
  {
    name: 'gzip-body-signature-skipped',
    rule: 'DOC-AUTH-INV-DIGEST',
    description:
      'Invoice: a body with Content-Encoding: gzip is decoded by a layer placed after the signature middleware, which saw no JSON and let it through: its digest is never compared.',
  },
  {
    name: 'content-encoding-ignored-carried-out',
    rule: 'PRO-HTTP-UNKNOWN-CODING-REFUSED',
    description:
      'Content-Encoding is ignored: the body is read as if uncoded, so a JSON body declared x-pts-unknown is carried out (and a gzip one refused as malformed).',
  },
  {
    name: 'accept-406-after-create',
    rule: 'PRO-HTTP-ACCEPT',
    description:
      "A request whose Accept does not take application/json is carried out, then the answer's serializer refuses it 406: the merchant, told nothing was done, sends it again (a double payment).",
  },
  {
    name: 'media-type-refused-after-create',
    rule: 'PRO-HTTP-MEDIA-TYPE',
    description:
      'A JSON body sent with another media type (text/plain, form-urlencoded, application/xml) is carried out, then a content-type filter placed after the handler answers 415: the merchant, told nothing was done, sends it again.',
  },
  {
    name: 'accept-xml-server-error',
    rule: 'PRO-ROBUST-NO-SERVER-ERROR',
    description: 'An Accept naming application/xml picks an XML serializer the operations do not have: HTTP 500 Unknown error.',
  },
  // Request framing (mock/framing-front.ts; the parser's option in server.ts): request smuggling
  {
    name: 'front-frames-by-content-length',
    rule: 'PRO-SEC-REQUEST-FRAMING',
    description:
      'A front before the provider frames a request by its Content-Length even beside Transfer-Encoding, and forwards the rest of the bytes as the next request (CL.TE smuggling).',
  },
  {
    name: 'front-duplicate-content-length-first',
    rule: 'PRO-SEC-REQUEST-FRAMING',
    description: 'A front before the provider takes the first of two differing Content-Length values and forwards the rest of the bytes as the next request.',
  },
  {
    name: 'http-parser-lenient',
    rule: 'PRO-SEC-REQUEST-FRAMING',
    description:
      "The provider's HTTP parser is lenient (node's insecureHTTPParser): Transfer-Encoding with Content-Length is framed chunked and the connection kept open, so the bytes after the chunked body are served as a request.",
  },
  {
    name: 'answer-length-in-characters',
    rule: 'PRO-SEC-ANSWER-FRAMING',
    description:
      "Every answer's Content-Length counts the characters of its text, not its bytes: an answer with Cyrillic (the fast payment system holder's name) ends before its last bytes, which the connection then reads as the start of the next answer.",
  },
  // The page's own script against hostile input (ASVS 3.2.3, 3.5.5)
  {
    name: 'page-clobberable-config',
    rule: 'PRO-SEC-PAGE-NO-DOM-CLOBBERING',
    description:
      'The payment page renders the description as rich text (an allow-list sanitizer: no script, handler, data attribute or javascript: address, but ids and names kept), and its script posts Pay itself and sends the payer to `window.pageConfig.returnUrl` when that is set: an element of the description named pageConfig takes its place.',
  },
  {
    name: 'page-postmessage-pays',
    rule: 'PRO-SEC-PAGE-POSTMESSAGE',
    description:
      'The payment page\'s message listener (a wallet integration) presses the form a message names (`{action:"pay"}`, `{type:"decline"}`, `"pay"`, JSON text) whatever window sent it: it never checks event.origin.',
  },
  // HTTP/2 downgrade (mock/h2-front.ts): an h2 front that writes HTTP/1.1 to the provider copies what RFC 9113 8.2 refuses
  {
    name: 'h2-front-copies-transfer-encoding',
    rule: 'PRO-SEC-H2-DOWNGRADE',
    description:
      'An HTTP/2 front before the provider copies connection-specific fields (transfer-encoding: chunked among them) into the HTTP/1.1 request it writes: the provider reads the DATA as chunked, and the bytes after its last chunk as the next request (H2.TE smuggling).',
  },
  {
    name: 'h2-front-trusts-content-length',
    rule: 'PRO-SEC-H2-DOWNGRADE',
    description:
      "An HTTP/2 front before the provider copies the client's content-length into the HTTP/1.1 request it writes without comparing it with the DATA: the bytes after that length are the next request (H2.CL smuggling).",
  },
  {
    name: 'h2-front-crlf-in-value',
    rule: 'PRO-SEC-H2-DOWNGRADE',
    description:
      'An HTTP/2 front before the provider copies field values and :path with their CR and LF into the HTTP/1.1 request it writes: a value ending the head, or a :path carrying lines, makes what follows a request of its own (CR LF injection smuggling).',
  },
  // Two merchants: one merchant's payments out of another's reach (API1:2023, ASVS 8.2.2)
  {
    name: 'status-ignores-merchant',
    rule: 'PRO-SEC-MERCHANT-STATUS-ISOLATION',
    description:
      "The status method looks the payment up by its transaction alone (the api_key and signature only authenticate the caller): a merchant asking about another merchant's transaction gets that merchant's payment.",
  },
  {
    name: 'payment-index-shared-across-merchants',
    rule: 'PRO-SEC-MERCHANT-TRANSACTION-ISOLATION',
    description:
      "The lookup table of payments by transaction is shared by the merchants: a payment another merchant makes with a transaction already used takes the first merchant's payment's place, and the first merchant's status reports the other's payment.",
  },
  {
    name: 'signature-any-merchant-key',
    rule: 'PRO-SEC-MERCHANT-KEYS-BOUND',
    description:
      "The sha256 signature is checked against every merchant's crypto_key (a shared key ring), not the one of the request's api_key: a request signed with another merchant's crypto_key is carried out.",
  },
  // Faults of the first blind round (tests/blind/FAULTS.md), of kinds the catalogue lacked
  {
    name: 'api-key-letter-case-ignored',
    rule: 'DOC-AUTH-API_KEY',
    description:
      "The merchant is looked up by api_key without regard to letter case (a case-insensitive collation): another spelling of a merchant's key, signed over as sent, is that merchant.",
  },
  {
    name: 'status-answers-cached',
    rule: 'PRO-PAGE-PAY',
    description: 'Status answers are kept 30 s per transaction: a merchant that asked once while the payer was on the page keeps reading processing after Pay.',
  },
  {
    name: 'upload-limit-decimal-mb',
    rule: 'PRO-UPL-MAX-SIZE',
    description: 'Upload: the limit is 10 MB (10 000 000 bytes), not 10 MiB: a file between the two is refused.',
  },
  {
    name: 'created-at-month-early',
    rule: 'DOC-PAY-CREATED_AT',
    description: "created_at's month is the zero-based getUTCMonth() without + 1: the shape holds, the date is a month early (or month 00).",
  },
  {
    name: 'xsign-over-reserialized-body',
    rule: 'PRO-A2C-XSIGN-FORMAT',
    description:
      'Account to card: X-Sign is verified over the parsed body written again (JSON.stringify), not over the bytes sent: a correctly signed body with other spacing or escapes is refused.',
  },
  {
    name: 'callback-payload-drops-falsy',
    rule: 'DOC-EVT-CALLBACK-PAYLOAD',
    description: 'Callbacks leave out the payload parameters whose value is null, false, 0 or "" (a filter that "cleans up" empty values).',
  },
  {
    name: 'payment-id-from-clock',
    rule: 'DOC-PAY-ID-UNIQUE',
    description: "A new payment's id is the time in milliseconds: payments created in the same millisecond share it.",
  },
  {
    name: 'page-description-attribute-breakout',
    rule: 'PRO-SEC-PAGE-TEXT-INERT',
    description:
      'The payment page shows the description as escaped text and again in a title attribute escaped for < > & only: a quote in it ends the attribute, and what follows becomes attributes of the element.',
  },
  {
    name: 'status-pan-masked',
    rule: 'PRO-STATUS-SUCCESS',
    description: 'Status answers mask card_pan (first 6, last 4): the payment differs from the one the invoice answer gave.',
  },
  {
    name: 'xsign-header-exact-case',
    rule: 'PRO-HTTP-HEADER-NAME-CASE',
    description: 'X-Sign is looked up by its exact spelling: x-sign or X-SIGN (every HTTP/2 client sends x-sign) gets 401.',
  },
  {
    name: 'antifraud-refusal-stored',
    rule: 'PRO-REFUSAL-NO-EFFECT',
    description: 'An anti-fraud refusal (403) is still stored as a declined payment: the status method knows it, and a callback tells of it.',
  },
  {
    name: 'page-token-prefix',
    rule: 'PRO-SEC-PAGE-TOKEN-EXACT',
    description: 'The payment page opens for any first 8 or more characters of its token ("short links"): a token cut short is a page.',
  },
  {
    name: 'callback-follows-redirect',
    rule: 'PRO-CB-NO-REDIRECT-FOLLOWED',
    description: "A callback answered with a redirect is re-posted where the redirect points (the HTTP client's default), and counts as delivered there.",
  },
  {
    name: 'transaction-case-sensitive',
    rule: 'PRO-VAL-DUPLICATE-TRANSACTION-CASE',
    description: 'Transactions compare as written: a used UUID sent in upper case is a new transaction, and a second payment is made.',
  },
  // The merchant's endpoint as real ones behave (suite/checks/callbacks.ts)
  {
    name: 'callback-retries-back-to-back',
    rule: 'PRO-CB-RETRY-SPACED',
    description: "A refused callback is delivered again at once, with no pause: every try is spent within milliseconds of the merchant's trouble.",
  },
  {
    name: 'callback-try-without-timeout',
    rule: 'PRO-CB-TRY-TIMEOUT',
    description:
      "A callback try has no time limit of the provider's own: one the merchant's endpoint never answers is held for 300 s (the HTTP client's header time limit) before it is delivered again.",
  },
  {
    name: 'merchant-shared-across-requests',
    rule: 'PRO-SEC-MERCHANT-STATUS-ISOLATION',
    description:
      "Invoice: the merchant being served is kept in a variable all requests share and read again after a database round trip: two merchants' invoices at once are filed under one of them.",
  },
  // Blind round 4's kinds the catalogue lacked (tests/blind/FAULTS.md)
  {
    name: 'transaction-uuid-v4-only',
    rule: 'PRO-INV-SUCCESS',
    description:
      'transaction must be a version 4 UUID: a merchant whose UUIDs are version 1 or 7 (time-ordered, for its database) is refused keyed transaction.',
  },
  {
    name: 'client-ip-ipv6-full-form-only',
    rule: 'PRO-INV-SUCCESS',
    description:
      'payload.client_ip in IPv6 is taken only as eight groups: the compressed forms every system writes (2001:db8::1, ::1, ::ffff:1.2.3.4) are refused.',
  },
  // Security decisions under equivalence (suite/checks/equivalence.ts)
  {
    name: 'json-names-case-folded',
    rule: 'PRO-VAL-FIELD-NAME-EXACT',
    description: 'Member names are read without regard to letter case: a request without amount but with Amount is taken as if amount were there.',
  },
  {
    name: 'api-key-normalised',
    rule: 'PRO-SEC-API-KEY-EXACT',
    description:
      "api_key is looked up after NFKC normalisation, invisible characters removed and whitespace trimmed: the merchant's key padded or in fullwidth characters is taken as the key.",
  },
  {
    name: 'antifraud-compares-text',
    rule: 'PRO-SEC-ANTIFRAUD-ADDRESS-FORMS',
    description:
      'The anti-fraud trigger is compared as text: the same address written as its IPv4-mapped IPv6 address (::ffff:203.0.113.66) is an ordinary payer.',
  },
  // Requests as real clients send them (suite/checks/expect-continue.ts, suite/checks/http10.ts)
  {
    name: 'chunked-to-http10',
    rule: 'PRO-HTTP-10-NO-TRANSFER-CODING',
    description: 'JSON answers name Transfer-Encoding: chunked themselves, also to a request of HTTP/1.0, whose client cannot read it.',
  },
  {
    name: 'expect-continue-unanswered',
    rule: 'PRO-HTTP-EXPECT-CONTINUE',
    description:
      'A request with Expect: 100-continue gets no 100 Continue: the provider waits for the body, which the client holds back until its own wait ends.',
  },
  // The cost of an input (suite/checks/input-cost.ts, the time of every answer: suite/checks/oracle-checks.ts)
  {
    name: 'status-waits-for-replica',
    rule: 'PRO-ROBUST-INPUT-COST',
    description: 'Every status request waits two seconds before it is answered (a sleep once added to let a lagging replica catch up).',
  },
  {
    name: 'return-url-backtracking',
    rule: 'PRO-ROBUST-INPUT-COST',
    description:
      'Invoice: return_url is matched by a URL expression that backtracks: a run of host characters followed by an unexpected one costs time that doubles with each character (20 of them, half a second).',
  },
  {
    name: 'payload-copied-quadratically',
    rule: 'PRO-ROBUST-INPUT-COST',
    description:
      'Invoice: the merchant payload is copied member by member, each copy spreading the last: time grows with the square of its members (4 096 of them, a third of a second).',
  },
  // The page in payers' conditions (suite/checks/page-conditions.ts)
  {
    name: 'page-labels-translated-alone',
    rule: 'PRO-A11Y-WCAG',
    description:
      'For a browser asking for Russian the buttons get Russian aria-labels while their text stays Pay and Decline: what a speech-input user says is not their name (WCAG 2.5.3).',
  },
  {
    name: 'page-pay-not-focusable',
    rule: 'PRO-A11Y-KEYBOARD',
    description: 'Pay is a div with a click handler: the mouse pays, the Tab key never reaches it.',
  },
  {
    name: 'page-pay-covered-on-phone',
    rule: 'PRO-A11Y-SCREENS',
    description: 'Under 400 CSS pixels wide an "open in our app" banner covers the whole page, Pay included.',
  },
  {
    name: 'page-amount-low-contrast-dark',
    rule: 'PRO-A11Y-WCAG',
    description: 'In a dark colour scheme the amount keeps its near-black brand colour on a near-black background.',
  },
  {
    name: 'page-beacon-token',
    rule: 'PRO-SEC-PAGE-NO-DATA-ELSEWHERE',
    description: "An analytics pixel of another site is sent the page's whole address, its token included.",
  },
  {
    name: 'page-stored-name-into-html',
    rule: 'PRO-SEC-PAGE-STORED-INERT',
    description: 'A page script greets a returning payer by the name kept in localStorage, written into the page as HTML.',
  },
  {
    name: 'page-address-into-html',
    rule: 'PRO-SEC-PAGE-ADDRESS-INERT',
    description: 'A page script writes the address\'s bank parameter into the page as HTML ("Opened from the … app").',
  },
  // Faults the oracles over every exchange find (suite/harness/oracles/)
  {
    name: 'answers-in-windows-1251',
    rule: 'PRO-JSON-UTF8',
    description: 'Answers are encoded in windows-1251 (a legacy stack), still labelled UTF-8: the holder name of fast-payment credentials is no UTF-8.',
  },
  {
    name: 'status-id-written-twice',
    rule: 'PRO-JSON-INTEROPERABLE',
    description:
      "The status answer writes the payment's id twice, as the row's text and as a number: JSON.parse reads the number, a streaming parser the text.",
  },
  {
    name: 'status-answers-public',
    rule: 'PRO-SEC-ANSWER-NO-SHARED-CACHE',
    description:
      'Status answers carry Cache-Control: public, max-age=60 and a Content-Location naming the status path: a shared cache may keep a payment for the next caller.',
  },
  // One fault for each rule the passive look at the page judges alone
  {
    name: 'answers-without-nosniff',
    rule: 'PRO-SEC-CONTENT-TYPE-NOSNIFF',
    description: 'No answer carries X-Content-Type-Options: nosniff (a browser may sniff the payment page or a JSON answer as another type).',
  },
  {
    name: 'page-version-banner',
    rule: 'PRO-SEC-NO-VERSION-BANNER',
    description: 'The payment page and the answers to a press carry Server: Apache/2.4.41 (Ubuntu) and X-Powered-By: PHP/7.4.3.',
  },
  {
    name: 'page-cookie-without-flags',
    rule: 'PRO-SEC-PAGE-COOKIE-FLAGS',
    description: 'The payment page sets a session cookie without HttpOnly, SameSite or Secure.',
  },
] as const satisfies readonly FaultDefinition[];

export type FaultName = (typeof entries)[number]['name'];

export const faultCatalog: readonly FaultDefinition[] = Object.freeze(entries.map((e) => Object.freeze({ ...e })));

const known = new Set<string>(entries.map((e) => e.name));

/** The faults switched on for one provider; `has` only takes catalog names (checked by tsc). */
export class FaultSet {
  readonly names: readonly string[];
  private readonly set: ReadonlySet<string>;

  constructor(names: readonly string[] = []) {
    const unknown = names.filter((n) => !known.has(n));
    if (unknown.length > 0) {
      throw new Error(`startProvider: unknown fault name(s): ${unknown.join(', ')} (see faultCatalog)`);
    }
    this.names = Object.freeze([...new Set(names)]);
    this.set = new Set(this.names);
  }

  has(name: FaultName): boolean {
    return this.set.has(name);
  }
}
