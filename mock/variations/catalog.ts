/**
 * The catalog of allowed variations: behaviours the interface document and the default profile permit
 * that the reference provider does not show by default. The mirror of the fault catalog: every
 * conformance check must pass against each of them (the variation matrix, `npm run variants`), since a
 * check that fails a correct provider is a false alarm.
 *
 * Each names the rule whose freedom it uses and the conformance areas whose checks see it first-hand (the
 * variation matrix runs those against it alone): a variation of the API's answers is seen by the API areas
 * (the browser areas read those answers through the same client, and meet every combinable variation in
 * the all-at-once run); a variation of the page by the page's checks; of callbacks by the callbacks'.
 * `rules` narrows further to the checks of those rules; `rulesIn` does so in the areas it names. `alone` marks one that is run only by itself, with why.
 */
import { API_AREAS, type AreaName } from '../../contracts/areas.js';
import type { RuleId } from '../../contracts/rule-ids.gen.js';
import { STACKS, stackVariation } from '../stacks/catalog.js';

/** A conformance area (contracts/areas.ts). */
export type Area = AreaName;

export interface VariationDefinition {
  readonly name: string;
  /** The rule (contracts/requirements.json) whose freedom the variation uses. */
  readonly rule: RuleId;
  readonly description: string;
  /** The areas whose checks see the variation first-hand; 'all' for every area. */
  readonly sees: readonly Area[] | 'all';
  /** Only the checks of these rules in those areas see it (a variation of timing, not of content). */
  readonly rules?: readonly RuleId[];
  /** In the areas named, only the checks of these rules see it (a variation of the API's answers that the page or
   * the callbacks show in one place). */
  readonly rulesIn?: Readonly<Partial<Record<Area, readonly RuleId[]>>>;
  /** Why it is not combined with the others in the all-at-once run, when it is not. */
  readonly alone?: string;
  /**
   * Combined, but another variation of the all-at-once run decides what this one changes: the ones that do (`by`),
   * and why. The all-at-once run does not show it, so the variation matrix runs it elsewhere: by itself, or with the
   * other hidden ones that none of them hides (`combinedUnhidden`).
   */
  readonly hiddenWhenCombined?: { readonly by: readonly string[]; readonly why: string };
}

const API: readonly Area[] = API_AREAS;
const PAGE: readonly Area[] = ['payment-page'];
/** Where and how the page is served: the whole-run checks open early pages again. */
const PAGE_SERVED: readonly Area[] = ['payment-page', 'whole-run'];
const PRESS: readonly Area[] = ['payment-page', 'callbacks'];
const PAYMENTS: readonly Area[] = ['invoice', 'status', 'payment-page', 'callbacks', 'whole-run'];
/**
 * A variation of how the page writes one thing is seen by the checks that read that thing, and only there: the
 * amount by the page's content, the addresses' own payment and the near misses (the checks that read it with
 * `rublesPattern`); the card and the description by the page's content (and the description by its inertness);
 * the framing and caching headers by the passive look. Every other check meets the combinable ones in the
 * all-at-once run.
 */
const AMOUNT_READERS = { sees: ['payment-page', 'invoice'], rules: ['PRO-PAGE-CONTENT', 'PRO-SEC-ADDRESS-OWN-PAYMENT', 'PRO-SEC-ONE-READING'] } as const;
const CARD_READERS = { sees: PAGE, rules: ['PRO-PAGE-CONTENT'] } as const;
const DESCRIPTION_READERS = { sees: PAGE, rules: ['PRO-PAGE-CONTENT', 'PRO-SEC-PAGE-TEXT-INERT', 'PRO-SEC-PAGE-NO-DOM-CLOBBERING'] } as const;
const HEADER_READERS = { sees: PAGE, rules: ['PRO-SEC-PAGE-NO-FRAMING', 'PRO-SEC-PAGE-NO-SHARED-CACHE'] } as const;
/** The page's CSP, COOP and cookies: the framing check and the passive look at the page read them (and COOP decides how the page-script check's messages reach the page). */
const PAGE_HEADER_READERS = {
  sees: PAGE,
  rules: [
    'PRO-SEC-PAGE-NO-FRAMING',
    'PRO-SEC-PAGE-CSP',
    'PRO-SEC-PAGE-COOP',
    'PRO-SEC-PAGE-COOKIE-PREFIX',
    'PRO-SEC-PAGE-COOKIE-FLAGS',
    'PRO-SEC-PAGE-POSTMESSAGE',
  ],
} as const;
/** HEAD and the other safe methods are sent by the crawl and the addresses' own payment. */
const SAFE_METHOD_READERS = { sees: PAGE, rules: ['PRO-SEC-SAFE-METHODS', 'PRO-SEC-ADDRESS-OWN-PAYMENT'] } as const;
/**
 * A variation of the payment's fields (credentials, names, phone numbers) reaches the page as the recipient it shows
 * and the callbacks as their payment object: there only the checks that read those see it (the page's content and
 * the addresses' own payment; the callbacks that report a final state), while the API areas run every check.
 */
const RECIPIENT_SEEN = {
  'payment-page': ['PRO-PAGE-CONTENT', 'PRO-SEC-ADDRESS-OWN-PAYMENT'],
  // The two that report a press's final state (the only callback checks declaring the press's rules).
  callbacks: ['PRO-PAGE-PAY', 'PRO-PAGE-DECLINE'],
} as const;
/** error_code and error_description are read where a payment is declined and where a final state is kept. */
const DECLINE_SEEN = { 'payment-page': ['PRO-PAGE-DECLINE', 'PRO-STATE-FINAL'], callbacks: ['PRO-PAGE-DECLINE', 'PRO-STATE-FINAL'] } as const;
/** Deeplinks are followed by the addresses' own payment and the crawl of every address. */
const DEEPLINKS_SEEN = { 'payment-page': ['PRO-SEC-ADDRESS-OWN-PAYMENT', 'PRO-SEC-SAFE-METHODS'] } as const;
/** What the origins serve besides the operations: read by the exposure probes of the invoice area only. */
const EXPOSURE_READERS = {
  sees: ['invoice'],
  rules: [
    'PRO-SEC-NO-REPOSITORY-METADATA',
    'PRO-SEC-NO-DIRECTORY-LISTING',
    'PRO-SEC-NO-EXPOSED-ENDPOINTS',
    'PRO-SEC-NO-BACKUP-FILES',
    'PRO-SEC-NO-STALE-API-VERSION',
  ],
} as const;
/** How the API paths meet methods other than POST, and CONNECT, is read by the checks of the method rules only. */
const METHOD_READERS = {
  sees: API,
  rules: ['PRO-SEC-ONLY-POST-CARRIED-OUT', 'PRO-SEC-NO-TRACE', 'PRO-SEC-NO-CONNECT-TUNNEL', 'PRO-HTTP-405-ALLOW', 'PRO-HTTP-405'],
} as const;
/** How the provider frames an ambiguous request is read by the framing check only (a bare connection of its own). */
const FRAMING_READERS = { sees: ['invoice'], rules: ['PRO-SEC-REQUEST-FRAMING'] } as const;
/** What the provider makes of the header fields a proxy sets is read by the checks of the intermediary rules only. */
const FORWARDING_READERS = { sees: ['invoice'], rules: ['PRO-SEC-FORWARDED-HOST-IGNORED', 'PRO-SEC-FORWARDED-FOR-IGNORED'] } as const;

/** A press and the page it opens from: the checks that open the page and press it. */
const PRESS_READERS = { sees: PAGE, rules: ['PRO-PAGE-CONTENT', 'PRO-PAGE-PAY', 'PRO-PAGE-DECLINE', 'PRO-PAGE-RETURN-DESTINATION'] } as const;

/** An h2 front before the provider is met by the checks of the HTTP/2 downgrade rule only: HTTP/1.1 passes through. */
const H2_READERS = { sees: ['invoice'], rules: ['PRO-SEC-H2-DOWNGRADE'] } as const;

const entries = [
  // JSON and transport
  {
    name: 'json-key-order',
    rule: 'DOC-INV-RES-PAYMENT',
    sees: API,
    description: 'Every JSON answer has its object keys in reverse order (payment before transaction, created_at first).',
  },
  { name: 'json-pretty', rule: 'DOC-INV-RES-PAYMENT', sees: API, description: 'Every JSON answer is pretty-printed (two-space indent, trailing newline).' },
  {
    name: 'json-unicode-escapes',
    rule: 'DOC-INV-RES-PAYMENT',
    sees: API,
    description: 'Every non-ASCII character of a JSON answer is written as a \\u escape (Cyrillic holder names, messages).',
  },
  {
    name: 'content-type-no-charset',
    hiddenWhenCombined: { by: ['content-type-letter-case'], why: 'with content-type-letter-case: Application/JSON' },
    rule: 'PRO-HTTP-CONTENT-TYPE',
    sees: API,
    description: 'JSON answers are `Content-Type: application/json` without a charset parameter.',
  },
  {
    name: 'content-type-letter-case',
    hiddenWhenCombined: { by: ['content-type-no-charset'], why: 'with content-type-no-charset: Application/JSON' },
    rule: 'PRO-HTTP-CONTENT-TYPE',
    sees: API,
    description: 'JSON answers are `Content-Type: Application/JSON; Charset=UTF-8` (media types are case-insensitive).',
  },
  {
    name: 'extra-headers',
    rule: 'PRO-HTTP-CONTENT-TYPE',
    sees: API,
    description: 'Every answer carries extra headers: X-Request-Id, Cache-Control: no-store, Strict-Transport-Security, Server, X-Powered-By, Vary.',
  },
  {
    name: 'connection-close',
    rule: 'DOC-HTTP-POST',
    sees: API,
    description: 'Every answer carries `Connection: close` and the connection is closed after it.',
  },
  {
    name: 'chunked',
    rule: 'DOC-HTTP-POST',
    sees: API,
    description: 'Every answer is sent with `Transfer-Encoding: chunked` in several chunks, no Content-Length.',
  },
  {
    name: 'keep-alive-1s',
    hiddenWhenCombined: { by: ['connection-close'], why: 'connection-close closes every connection at once' },
    rule: 'DOC-HTTP-POST',
    sees: API,
    description: 'Idle keep-alive connections are closed after one second (`Keep-Alive: timeout=1`).',
  },
  {
    name: 'keep-alive-500ms',
    hiddenWhenCombined: {
      by: ['connection-close', 'keep-alive-1s'],
      why: 'connection-close closes every connection at once; keep-alive-1s announces its own time',
    },
    rule: 'DOC-HTTP-POST',
    // The suite's pooled connections meet it in the API areas; the browser's and the whole run's in `npm run flake -- --hardest`.
    sees: API,
    description:
      "Idle keep-alive connections are closed 500 ms after their last answer, with no Keep-Alive header to say so (Go's http.Server IdleTimeout): a client that reuses one a moment late finds it closed.",
  },
  {
    name: 'slow',
    rule: 'DOC-HTTP-POST',
    sees: ['invoice', 'status', 'payment-page', 'whole-run'],
    rules: [
      'DOC-PAY-CREATED_AT',
      'PRO-STATUS-SUCCESS',
      'PRO-PAGE-PAY',
      'PRO-PAGE-DECLINE',
      'PRO-STATE-FINAL',
      'DOC-PAY-CREATED_AT-ORDER',
      'PRO-PAY-CREATED_AT-CLOCK',
    ],
    alone:
      'every answer waits 300 ms: combined with all checks it would make the run minutes long; alone it runs the checks a slow answer can affect (the clock of created_at, page and callback waits)',
    description: 'Every answer (API and page) is sent 300 ms late.',
  },
  // A real network in front of the provider (mock/network.ts): no rule is broken, and no check may fail for it
  {
    name: 'network-latency-50ms',
    rule: 'DOC-HTTP-POST',
    // The areas whose checks time what they see (created_at, the page's settling, races); the others share their client.
    sees: ['invoice', 'payment-page', 'lifecycle'],
    alone: 'every answer 50 ms late: the run is slower by as much as its requests wait in turn',
    description: 'Every answer (API and page) comes 50 ms late, as from a provider tens of milliseconds away.',
  },
  {
    name: 'network-drops',
    rule: 'DOC-HTTP-POST',
    sees: 'all',
    alone: 'a lost answer leaves a check not judged, and in the all-at-once run that check would then meet none of the other variations',
    description:
      'One request in 60 has its connection dropped without an answer, alternately before it is handled and after (the payment stored or the press applied, the answer lost).',
  },
  {
    name: 'network-503-bursts',
    rule: 'DOC-HTTP-POST',
    sees: ['invoice', 'status', 'payment-page'],
    alone: 'each burst is waited out (Retry-After: 1): combined with all checks it would make the run long',
    description: 'One request in 120 starts a burst of three answers 503 with `Retry-After: 1`, not handled, as a service down for a moment.',
  },
  {
    name: 'network-slow-sometimes',
    rule: 'DOC-HTTP-POST',
    sees: ['invoice', 'lifecycle'],
    alone: 'an answer 800 ms late now and then: combined it would only slow the all-at-once run',
    description: 'One request in 50 is answered 800 ms late.',
  },
  {
    name: 'rate-limit-429',
    rule: 'DOC-HTTP-POST',
    sees: API,
    alone: 'each 429 is waited out (Retry-After: 1): combined with all checks it would make the run long',
    description: 'Every 40th API request is answered 429 with `Retry-After: 1` and a {message} body, not processed.',
  },
  {
    name: 'rate-limit-429-pages',
    rule: 'DOC-HTTP-POST',
    // The page's loads and presses: the checks of the press and of the page's content (the others in `npm run flake -- --hardest`).
    ...PRESS_READERS,
    alone: 'each 429 is waited out (Retry-After: 1): combined with all checks it would make the run long',
    description:
      "Every 40th request to a payment page's address, a load or a press, is answered 429 with `Retry-After: 1` and a {message} body, not processed.",
  },

  // Validation answers
  {
    name: 'validation-other-wording',
    hiddenWhenCombined: { by: ['messages-russian'], why: 'messages-russian decides the wording' },
    rule: 'DOC-ERR-VALIDATION-REQUIRED',
    sees: API,
    description: 'Validation messages are worded differently: "REQUIRED: <field> must be provided", "Value of <field> is not acceptable", …',
  },
  {
    name: 'blank-text-required',
    rule: 'PRO-VAL-MISSING',
    sees: API,
    description:
      "A required text field (description, payload.client_id, payer_fio) of only whitespace is refused as missing (\"The description field is required.\"), as Laravel's required rule does (Illuminate\\Validation\\Concerns\\ValidatesAttributes::validateRequired: a string whose trim() is '' fails it); the value is stored untrimmed otherwise.",
  },
  {
    name: 'validation-several-messages',
    rule: 'DOC-ERR-VALIDATION-SHAPE',
    sees: API,
    description: 'Every invalid field gets two messages (the second: "See the API documentation.").',
  },
  {
    name: 'validation-field-order',
    hiddenWhenCombined: { by: ['json-key-order'], why: 'json-key-order reverses the fields back' },
    rule: 'DOC-ERR-VALIDATION-SHAPE',
    sees: API,
    description: 'Invalid fields are reported in reverse order.',
  },
  {
    name: 'validation-reports-signature',
    rule: 'PRO-VAL-ALL-FIELDS',
    sees: ['invoice', 'account2card'],
    description:
      'When the documented digest cannot be computed or verified (a field it is taken over absent, null or empty, or the api_key unknown), signature is reported as well. Narrowed from "a digest field invalid": a present but invalid field (amount out of range, transaction not a UUID, recipient_pan not a card number) leaves a correctly signed body\'s signature right, and the document keys the validation body by the names of the invalid fields only.',
  },
  {
    name: 'messages-russian',
    rule: 'DOC-ERR-MESSAGE-SHAPE',
    sees: API,
    description:
      'Error messages are in Russian ("Отказ антифрод-системы", "Неизвестная ошибка"), validation messages too ("Поле api_key обязательно (required)").',
  },

  // Values
  { name: 'payment-id-large', rule: 'DOC-PAY-ID', sees: PAYMENTS, description: 'Payment ids are random integers up to 2^53 - 1, not sequential.' },
  {
    name: 'ids-per-operation-disjoint',
    hiddenWhenCombined: { by: ['payment-id-large'], why: 'payment-id-large decides the ids (random ones, from one source)' },
    rule: 'DOC-PAY-ID-UNIQUE',
    sees: ['invoice', 'account2card', 'status', 'lifecycle', 'whole-run'],
    description:
      'Invoices and account-to-card payments are numbered by sequences of their own that never meet: invoices 2, 4, 6, …, account to card 1, 3, 5, ….',
  },
  {
    name: 'created-at-any-micros',
    rule: 'DOC-PAY-CREATED_AT',
    sees: ['invoice', 'account2card', 'status', 'whole-run'],
    description: 'created_at microseconds take any value, .000000 included (every third payment is on a whole second).',
  },
  {
    name: 'created-at-clock-skew',
    rule: 'DOC-PAY-CREATED_AT',
    sees: ['invoice', 'account2card', 'whole-run'],
    description: "The provider's clock is 30 seconds ahead (within the profile's tolerance).",
  },
  {
    name: 'created-at-nodes-apart',
    rule: 'DOC-PAY-CREATED_AT-ORDER',
    sees: ['invoice', 'account2card', 'whole-run'],
    description:
      "Payments are created by two nodes in turn whose clocks are 100 s fast and 100 s slow: a payment created after another may be stamped up to 200 s before it (within the profile's tolerance).",
  },
  {
    name: 'error-code-number',
    rule: 'DOC-PAY-ERROR_CODE',
    sees: ['status', 'payment-page', 'callbacks'],
    rulesIn: DECLINE_SEEN,
    description: 'A declined payment carries error_code as a number (1001) instead of a string.',
  },
  {
    name: 'deeplink-other-banks',
    rule: 'DOC-DEEPLINK-KEYS',
    sees: ['invoice', 'payment-page'],
    rulesIn: DEEPLINKS_SEEN,
    description: 'Deeplinks of other banks (ALFABANK, RAIFFEISEN, CREDIT_EUROPE_BANK) with query strings and fragments.',
  },
  {
    name: 'deeplink-app-schemes',
    rule: 'DOC-DEEPLINK-KEYS',
    sees: ['invoice', 'payment-page'],
    rulesIn: DEEPLINKS_SEEN,
    description: 'Deeplink values are app addresses (sberbankonline://payments/p2p?…, tinkoffbank://…).',
  },
  {
    name: 'credentials-card-only',
    rule: 'DOC-PAY-CREDENTIALS',
    sees: PAYMENTS,
    rulesIn: RECIPIENT_SEEN,
    description: 'Every invoice gets card credentials (no fast-payment-system ones).',
  },
  {
    name: 'credentials-fps-only',
    rule: 'DOC-PAY-CREDENTIALS',
    sees: PAYMENTS,
    alone: 'excludes credentials-card-only',
    rulesIn: RECIPIENT_SEEN,
    description: 'Every invoice gets fast-payment-system credentials (no card ones).',
  },
  {
    name: 'holder-names',
    hiddenWhenCombined: { by: ['credentials-card-only'], why: 'credentials-card-only: no fast-payment-system recipient' },
    rule: 'DOC-CRED-FPS',
    sees: PAYMENTS,
    rulesIn: RECIPIENT_SEEN,
    description: 'Holders vary: "Салтыков-Щедрин Михаил Евграфович", "Семёнова Алёна", "IVANOVA ANNA", "Иванов И. И."',
  },
  {
    name: 'fps-phone-other-countries',
    hiddenWhenCombined: { by: ['credentials-card-only'], why: 'credentials-card-only: no fast-payment-system recipient' },
    rule: 'DOC-CRED-FPS',
    sees: PAYMENTS,
    rulesIn: RECIPIENT_SEEN,
    description: 'Fast-payment-system phones of other countries and lengths (375…, 998…, 12 to 13 digits).',
  },
  {
    name: 'a2c-deposited',
    rule: 'DOC-PAY-STATE',
    sees: ['account2card', 'status', 'whole-run'],
    description: 'A new account-to-card payment is deposited at once, not processing.',
  },
  {
    name: 'upload-other-message',
    rule: 'PRO-UPL-SUCCESS',
    sees: ['upload'],
    description: 'The upload success message is another text ("Файл принят в обработку, 2 записи").',
  },

  // Payment page
  {
    name: 'page-other-origin',
    rule: 'PRO-PAGE-CONTENT',
    sees: PAGE_SERVED,
    description: 'The payment page is served by another server (another origin than the API).',
  },
  { name: 'page-redirect', rule: 'PRO-PAGE-CONTENT', sees: PAGE_SERVED, description: 'redirect_url answers 302 to the page at another path.' },
  {
    name: 'page-buttons-input',
    hiddenWhenCombined: { by: ['page-buttons-link'], why: 'page-buttons-link decides what the buttons are' },
    rule: 'PRO-PAGE-CONTENT',
    sees: PAGE,
    description: 'The buttons are `<input type="submit" value="Pay">`.',
  },
  {
    name: 'page-buttons-link',
    rule: 'PRO-PAGE-CONTENT',
    sees: PAGE,
    description: 'The buttons are links with role button that submit a hidden form by script.',
  },
  {
    name: 'page-buttons-aria-label',
    rule: 'PRO-PAGE-CONTENT',
    sees: PAGE,
    description: 'The buttons read "Оплатить" and "Отклонить"; their accessible names (aria-label) are Pay and Decline.',
  },
  {
    name: 'page-script-rendered',
    rule: 'PRO-PAGE-CONTENT',
    sees: PAGE_SERVED,
    description: 'The page is an empty shell at load; a script fetches the payment and builds the content and buttons 300 ms later.',
  },
  { name: 'page-amount-plain', rule: 'PRO-PAGE-CONTENT', ...AMOUNT_READERS, description: 'The amount is written "1234.56 RUB" only.' },
  {
    name: 'page-amount-english',
    rule: 'PRO-PAGE-CONTENT',
    ...AMOUNT_READERS,
    alone: 'excludes the other page-amount variations',
    description: 'The amount is written "RUB 1,234.56" only.',
  },
  {
    name: 'page-amount-russian',
    rule: 'PRO-PAGE-CONTENT',
    ...AMOUNT_READERS,
    alone: 'excludes the other page-amount variations',
    description: 'The amount is written "1\u00a0234,56\u00a0₽" only (no-break spaces).',
  },
  {
    name: 'page-amount-trimmed',
    rule: 'PRO-PAGE-CONTENT',
    ...AMOUNT_READERS,
    alone: 'excludes the other page-amount variations',
    description: 'The amount is written without the trailing zeros of its kopecks, as some currency formats write it: "100 ₽", "1 234,5 ₽", "1 234,56 ₽".',
  },
  { name: 'page-card-full', rule: 'PRO-PAGE-CONTENT', ...CARD_READERS, description: 'The card is shown in full: 2202201234569573.' },
  {
    name: 'page-card-grouped',
    rule: 'PRO-PAGE-CONTENT',
    ...CARD_READERS,
    alone: 'excludes the other page-card variations',
    description: 'The card is shown grouped and masked: 2202 20** **** 9573.',
  },
  {
    name: 'page-card-last4',
    rule: 'PRO-PAGE-CONTENT',
    ...CARD_READERS,
    alone: 'excludes the other page-card variations',
    description: 'Only the last four digits of the card are shown: •••• 9573.',
  },
  { name: 'page-return-redirect', rule: 'PRO-PAGE-PAY', sees: PRESS, description: 'After Pay or Decline the page redirects (303) to the return_url.' },
  {
    name: 'press-see-other',
    rule: 'PRO-PAGE-PAY',
    sees: PRESS,
    hiddenWhenCombined: { by: ['page-return-redirect'], why: 'page-return-redirect sends the payer back to the merchant: no result page' },
    description: 'A press is answered 303 See Other to a result page of its own, /pay/<token>/done (Post/Redirect/Get), which the browser then loads.',
  },
  {
    name: 'press-settles-later',
    rule: 'PRO-PAGE-PAY',
    sees: PRESS,
    description: 'A press is taken at once but the payment moves to its final state one second later (its callback then).',
  },

  // Hostile input (docs/security-probes.md): the ways a careful provider may differ
  {
    name: 'page-description-entity-encoded',
    hiddenWhenCombined: { by: ['page-description-hidden'], why: 'page-description-hidden leaves the description out' },
    rule: 'PRO-SEC-PAGE-TEXT-INERT',
    ...DESCRIPTION_READERS,
    description:
      'The page writes every character of the description but letters, digits and spaces as a numeric character reference (&#60;script&#62;): more than needed, shown the same.',
  },
  {
    name: 'page-description-hidden',
    rule: 'PRO-SEC-PAGE-TEXT-INERT',
    ...DESCRIPTION_READERS,
    description: 'The page does not show the description at all.',
  },
  {
    name: 'page-merchant-data-script',
    rule: 'PRO-SEC-PAGE-TEXT-INERT',
    sees: PAGE,
    description:
      'The page also shows payload.client_id and a link back to return_url, and carries the description as JSON in a script element (<, >, & and the line separators as \\u escapes) that a script copies into the page with textContent.',
  },
  {
    name: 'messages-detailed',
    rule: 'PRO-SEC-ERROR-NO-INTERNALS',
    sees: API,
    description:
      'Error messages say more without revealing anything: the parser\'s word on where a body stops being JSON ("Unexpected token } in JSON at position 12"), the documented digest formula a signature did not match, the X-Sign scheme expected, a request id.',
  },
  {
    name: 'return-url-whatwg',
    rule: 'PRO-VAL-RETURN_URL',
    sees: ['invoice', 'payment-page'],
    description:
      'return_url is read as the URL Standard reads it: tab, CR and LF removed, C0 controls and spaces trimmed at both ends; the URL so read is kept.',
  },
  {
    name: 'amount-literal-strict',
    rule: 'DOC-INV-REQ-AMOUNT',
    sees: ['invoice', 'account2card'],
    description: 'An amount written other than as plain digits (1e4, 10000.0: JSON numbers equal to an integer) is refused keyed amount as not an integer.',
  },

  // Callbacks
  {
    name: 'callback-delayed',
    rule: 'PRO-CB-DELIVERY',
    sees: ['callbacks'],
    description: 'The first delivery of a callback comes 3 seconds after the press (within the profile wait).',
  },
  {
    name: 'callback-at-least-once',
    rule: 'PRO-CB-DELIVERY',
    sees: ['callbacks'],
    description: 'Every callback answered 2xx is delivered once more, with the same body (at-least-once delivery).',
  },
  {
    name: 'callback-extra-headers',
    rule: 'PRO-CB-DELIVERY',
    sees: ['callbacks'],
    description: 'Callbacks carry extra headers: User-Agent, X-Request-Id, X-Signature (an HMAC of the body).',
  },
  {
    name: 'callback-no-charset',
    rule: 'PRO-CB-DELIVERY',
    sees: ['callbacks'],
    description: 'Callbacks are sent as `application/json` without a charset parameter.',
  },
  {
    name: 'callback-pretty',
    rule: 'PRO-CB-DELIVERY',
    sees: ['callbacks'],
    description: 'Callback bodies are pretty-printed with the keys in another order (payload first).',
  },
  {
    name: 'callback-unicode-escapes',
    rule: 'PRO-CB-PAYLOAD-UNCHANGED',
    sees: ['callbacks'],
    description: 'Callback bodies write every character outside ASCII as a \\u escape (the same JSON strings).',
  },
  {
    name: 'callback-payload-jsonb',
    rule: 'PRO-CB-PAYLOAD-UNCHANGED',
    sees: ['callbacks'],
    description:
      'The callback payload is as PostgreSQL jsonb gives it back: the keys of every object shorter first, then byte by byte; numbers in plain decimal notation (1e+300 as a 1 and 300 zeros; the same JSON numbers).',
  },

  // Fields the merchant does not own
  {
    name: 'unknown-fields-refused',
    rule: 'PRO-SEC-OWNED-FIELDS-NOT-TAKEN',
    sees: API,
    description:
      'The invoice, account to card and status requests refuse every top-level field they do not take (a strict deserialiser): 422 keyed by each such field, "The <field> field is not allowed."',
  },
  // Passive look at answers and pages (docs/security-probes.md): the other protections a provider may send
  {
    name: 'page-frame-csp-only',
    rule: 'PRO-SEC-PAGE-NO-FRAMING',
    ...HEADER_READERS,
    description:
      "The page forbids framing by CSP alone, sent as two Content-Security-Policy headers (a permissive default-src, then `FRAME-ANCESTORS 'NONE'` in upper case); no X-Frame-Options.",
  },
  {
    name: 'page-frame-sameorigin',
    hiddenWhenCombined: { by: ['page-frame-csp-only'], why: 'page-frame-csp-only decides the framing headers' },
    rule: 'PRO-SEC-PAGE-NO-FRAMING',
    ...HEADER_READERS,
    description: 'The page sends `X-Frame-Options: sameorigin` (lower case) only; no CSP.',
  },
  {
    name: 'page-frame-merchant-origin',
    hiddenWhenCombined: {
      by: ['page-frame-csp-only', 'page-frame-sameorigin'],
      why: 'page-frame-csp-only, and then page-frame-sameorigin, decide the framing headers',
    },
    rule: 'PRO-SEC-PAGE-NO-FRAMING',
    ...HEADER_READERS,
    description: 'The page lets one merchant origin frame it: `Content-Security-Policy: frame-ancestors https://merchant.example`; no X-Frame-Options.',
  },
  {
    name: 'page-cache-private',
    rule: 'PRO-SEC-PAGE-NO-SHARED-CACHE',
    ...HEADER_READERS,
    description: 'The page and the answers to a press are `Cache-Control: private, no-cache` (no shared cache keeps them; a warning: no no-store).',
  },
  {
    name: 'page-cache-expired',
    hiddenWhenCombined: { by: ['page-cache-private'], why: 'page-cache-private decides Cache-Control' },
    rule: 'PRO-SEC-PAGE-NO-SHARED-CACHE',
    ...HEADER_READERS,
    description: 'The page and the answers to a press are `Cache-Control: No-Store, Max-Age=0` with `Pragma: no-cache` and `Expires: 0`.',
  },
  {
    name: 'api-cors-any-origin',
    hiddenWhenCombined: { by: ['api-cors-allowlist'], why: 'api-cors-allowlist decides the CORS headers' },
    rule: 'PRO-SEC-CORS-NO-CREDENTIALED-ORIGIN',
    sees: API,
    description: 'Every answer carries `Access-Control-Allow-Origin: *` without credentials (harmless for an API signed with a secret).',
  },
  {
    name: 'api-cors-allowlist',
    rule: 'PRO-SEC-CORS-NO-CREDENTIALED-ORIGIN',
    sees: API,
    description:
      'Every answer allows one fixed origin with credentials: `Access-Control-Allow-Origin: https://merchant.example`, `Access-Control-Allow-Credentials: true`, `Vary: Origin`.',
  },
  // Every address the provider hands out, followed and tampered (docs/security-probes.md)
  {
    name: 'press-form-csrf-token',
    rule: 'PRO-SEC-PRESS-OWN-PAYMENT',
    sees: PRESS,
    alone: 'a press without the form token is refused (403): the provider tests that press by HTTP send none',
    description:
      "The page's forms carry a hidden csrf_token bound to the payment; a press without it, or with another value, is refused 403 and changes nothing.",
  },
  {
    name: 'page-head-405',
    rule: 'PRO-SEC-SAFE-METHODS',
    ...SAFE_METHOD_READERS,
    description: 'The payment page answers HEAD 405 (Allow: GET), as it answers OPTIONS: only GET is served.',
  },
  {
    name: 'result-page-link-back',
    hiddenWhenCombined: {
      by: ['page-return-redirect', 'press-see-other'],
      why: 'page-return-redirect sends the payer back to the merchant, press-see-other to a result page of its own: no link on the answer to a press',
    },
    rule: 'PRO-SEC-SAFE-METHODS',
    sees: PAGE,
    description: 'The page shown after a press links back to the payment page (/pay/<token>), which then shows the final state.',
  },
  // Callback refusals and merchant addresses (canaries)
  {
    name: 'callback-retry-after-honoured',
    rule: 'PRO-CB-RETRY',
    sees: ['callbacks'],
    description: 'A callback answered with Retry-After (a 429, a 503) is delivered again no sooner than the seconds it asks (at most 10).',
  },
  {
    name: 'return-url-private-ip-refused',
    rule: 'PRO-VAL-RETURN_URL',
    sees: ['invoice', 'whole-run'],
    description:
      'A return_url whose host is a loopback, private or link-local IP address (127.0.0.1, 10.0.0.1, 169.254.169.254, [::1]) is refused keyed return_url: a provider guarding against request forgery.',
  },
  // The same request spelled another way (docs/security-probes.md, spellings): refused outright, or served
  {
    name: 'spellings-refused',
    rule: 'PRO-HTTP-SAME-REQUEST',
    sees: API,
    description:
      'Every request not spelled as the suite writes it is refused outright: a query string 404, a media type other than exactly application/json (or a form without Content-Length) 415, a chunked JSON body 415, a name given twice 400.',
  },
  {
    name: 'paths-normalised',
    rule: 'PRO-HTTP-SAME-REQUEST',
    sees: API,
    description:
      'A trailing slash and repeated slashes in the path are dropped before routing: /api/v1//payments/account2card/ is served as the operation, with every check.',
  },
  // What the provider exposes besides its operations (docs/security-probes.md, deployment leaks)
  {
    name: 'unknown-paths-spa-shell',
    rule: 'PRO-SEC-NO-EXPOSED-ENDPOINTS',
    ...EXPOSURE_READERS,
    alone: "combined, it would answer the unknown addresses other variations' probes ask for their JSON 404 body (messages-russian) with HTML",
    description:
      "Every GET or HEAD of an address nothing serves (/.git/HEAD, /metrics, /pay/ included) is answered 200 with the single-page application's HTML shell, as a front end with a history fallback does.",
  },
  {
    name: 'dot-paths-403',
    rule: 'PRO-SEC-NO-REPOSITORY-METADATA',
    ...EXPOSURE_READERS,
    description: "Every address with a segment starting with a dot (/.git/HEAD, /.env, /pay/.git/config) is answered 403 with nginx's HTML error page.",
  },
  {
    name: 'openapi-published',
    rule: 'PRO-SEC-NO-EXPOSED-ENDPOINTS',
    ...EXPOSURE_READERS,
    description:
      "GET /openapi.json gives the operations' OpenAPI document, published on purpose (the default profile warns of it; a profile that intends it sets docsEndpoint off).",
  },
  {
    name: 'api-v2-same-checks',
    rule: 'PRO-SEC-NO-STALE-API-VERSION',
    ...EXPOSURE_READERS,
    description: 'Every operation is also served under /api/v2/, with every check of /api/v1/ (a newer version answering exactly like the documented one).',
  },
  // Methods other than POST on the API paths, and CONNECT (mock/methods.ts): refused other ways than the default's
  {
    name: 'methods-501',
    rule: 'PRO-SEC-NO-TRACE',
    ...METHOD_READERS,
    hiddenWhenCombined: { by: ['unknown-method-closed'], why: 'unknown-method-closed closes the connection on an unknown method token before any answer' },
    description:
      'TRACE on an operation path and an unknown or lower-case method token (FOO, post) are answered 501 Not Implemented {message} (RFC 9110 9.1) instead of 405 and 400.',
  },
  {
    name: 'options-204-allow',
    rule: 'PRO-SEC-ONLY-POST-CARRIED-OUT',
    ...METHOD_READERS,
    description:
      'OPTIONS on an operation path is answered 204 with Allow: POST, OPTIONS and CORS preflight headers (Access-Control-Allow-Methods: POST), the body never read.',
  },
  {
    name: 'unknown-method-closed',
    rule: 'PRO-SEC-ONLY-POST-CARRIED-OUT',
    ...METHOD_READERS,
    description: 'An unknown or lower-case method token (FOO, post) makes the parser close the connection without an answer.',
  },
  {
    name: 'connect-405',
    rule: 'PRO-SEC-NO-CONNECT-TUNNEL',
    ...METHOD_READERS,
    description: 'CONNECT to the provider is answered 405 {message} with Allow: POST instead of the connection closed.',
  },
  // Header fields only a proxy may set (mock/forwarded.ts): refused at the edge instead of ignored
  {
    name: 'host-misdirected-421',
    rule: 'PRO-SEC-FORWARDED-HOST-IGNORED',
    ...FORWARDING_READERS,
    description: "An API request whose Host is not the provider's own is answered 421 Misdirected Request {message} (RFC 9110 15.5.20).",
  },
  {
    name: 'forwarded-headers-refused',
    rule: 'PRO-SEC-FORWARDED-FOR-IGNORED',
    ...FORWARDING_READERS,
    description:
      'An API request carrying X-Forwarded-Host, -For or -Proto, X-Real-IP, X-Host or Forwarded is refused 400 {message} by the edge: only its own proxy may set them.',
  },

  // The page's headers beyond the passive set: other correct ways to send them (docs/security-probes.md)
  {
    name: 'page-csp-nonce',
    rule: 'PRO-SEC-PAGE-CSP',
    ...PAGE_HEADER_READERS,
    alone: "its script-src takes only this answer's nonce: the inline onclick of page-buttons-link would not run, and it replaces the framing variations' CSP",
    description:
      "A strict CSP with a fresh nonce per answer on each script element: `script-src 'nonce-…' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; report-to pts-csp`, with Reporting-Endpoints (X-Frame-Options DENY kept).",
  },
  {
    name: 'page-coop-allow-popups',
    rule: 'PRO-SEC-PAGE-COOP',
    ...PAGE_HEADER_READERS,
    description: 'The page sends `Cross-Origin-Opener-Policy: same-origin-allow-popups`.',
  },
  {
    name: 'page-cookie-host-prefix',
    rule: 'PRO-SEC-PAGE-COOKIE-PREFIX',
    ...PAGE_HEADER_READERS,
    description: 'The page sets a session cookie `__Host-pts_session=…; Path=/; Secure; HttpOnly; SameSite=Strict` (the reference provider sets none).',
  },

  // Archives in the vehicle file upload (docs/security-probes.md)
  {
    name: 'upload-unsafe-archives-refused-422',
    rule: 'PRO-SEC-UPLOAD-ARCHIVE-BOUNDED',
    sees: ['upload'],
    description:
      'Archives are unpacked with bounds: a gzip that inflates past the file limit, a zip whose declared sizes add up past it or that holds over 1000 entries, a link or an entry leading out of its folder, is refused keyed file ("The archive unpacks past 10485760 bytes."); anything else, an XLSX or a broken zip included, is stored as it is.',
  },
  // What the page lets other origins learn: other correct ways (docs/security-probes.md)
  {
    name: 'page-referrer-no-referrer',
    rule: 'PRO-SEC-PAGE-REFERRER',
    sees: PAGE,
    rules: ['PRO-SEC-PAGE-REFERRER'],
    description:
      'The page sends `Referrer-Policy: no-referrer` (the reference provider: strict-origin-when-cross-origin): no Referer at all, form posts carry `Origin: null`.',
  },
  {
    name: 'page-corp-same-site',
    rule: 'PRO-SEC-PAGE-CORP',
    sees: PAGE,
    rules: ['PRO-SEC-PAGE-CORP'],
    hiddenWhenCombined: { by: ['page-sec-fetch-refused'], why: 'page-sec-fetch-refused sends no CORP at all' },
    description: 'The page sends `Cross-Origin-Resource-Policy: same-site` (the reference provider: same-origin).',
  },
  {
    name: 'page-sec-fetch-refused',
    rule: 'PRO-SEC-PAGE-CORP',
    sees: PAGE,
    // The checks whose requests another site's load resembles (the cross-site probes, the framing page); the others meet it in the all-at-once run.
    rules: ['PRO-SEC-PAGE-CORP', 'PRO-SEC-PAGE-NO-FRAMING'],
    description:
      'The page sends no CORP; its addresses refuse a request of another site that is no navigation (Sec-Fetch-Site cross-site, Sec-Fetch-Mode other than navigate) with 403 (Resource Isolation Policy).',
  },
  // Content negotiation and content coding: the other answers RFC 9110 allows (docs/security-probes.md)
  {
    name: 'media-type-read-as-json',
    rule: 'PRO-HTTP-MEDIA-TYPE',
    sees: API,
    hiddenWhenCombined: { by: ['spellings-refused'], why: 'spellings-refused refuses every media type but application/json 415' },
    description:
      'The JSON operations read the body as JSON whatever Content-Type says (text/plain, form-urlencoded, application/xml), with every check; a form or XML body is then malformed JSON (400).',
  },
  {
    name: 'gzip-decoded',
    rule: 'PRO-HTTP-CONTENT-CODING',
    sees: API,
    description:
      'A JSON body with Content-Encoding: gzip is decoded (at most 1 MiB decoded, more is 413) and judged as the uncoded body: the signature and X-Sign over the decoded bytes. Other codings are refused 415.',
  },
  {
    name: 'accept-406',
    rule: 'PRO-HTTP-ACCEPT',
    sees: API,
    description: 'A JSON request whose Accept does not take application/json is refused 406 {message} before its body is read.',
  },
  // Request framing (mock/framing-front.ts, server.ts): what RFC 9112 6.1 and 6.3 leave open for an ambiguous message
  {
    name: 'framing-ambiguous-closed',
    rule: 'PRO-SEC-REQUEST-FRAMING',
    ...FRAMING_READERS,
    description:
      'A request with Content-Length beside Transfer-Encoding, an invalid Transfer-Encoding or two Content-Length values makes the parser close the connection without an answer (instead of 400).',
  },
  {
    name: 'framing-te-wins',
    rule: 'PRO-SEC-REQUEST-FRAMING',
    ...FRAMING_READERS,
    alone:
      'a front proxy before the provider frames every request again (one Content-Length each): combined, it would hide the variations of chunked and of Content-Length spellings',
    description:
      'A front before the provider frames a request with Transfer-Encoding chunked by its chunks whatever Content-Length says, forwards it, and closes the connection after the answer (RFC 9112 6.1, 6.3); any other Transfer-Encoding, or two Content-Length values, 400.',
  },
  // The page's own script: message listeners that drop what they must (ASVS 3.5.5)
  {
    name: 'page-postmessage-origin-checked',
    rule: 'PRO-SEC-PAGE-POSTMESSAGE',
    sees: PAGE,
    description:
      'The page has a message listener (a wallet integration) that presses the form a message names, but only for messages of its own origin (event.origin checked).',
  },
  {
    name: 'page-postmessage-resize',
    rule: 'PRO-SEC-PAGE-POSTMESSAGE',
    sees: PAGE,
    description:
      'The page sets window.onmessage to an embedding helper that answers any window\'s `{type:"pts-size-request"}` (an object or JSON text) with the page\'s height and drops everything else, bad JSON included.',
  },
  // HTTP/2 downgrade (mock/h2-front.ts): a correct h2 front before the provider, refusing what RFC 9113 8.2 makes malformed
  {
    name: 'h2-front-strict',
    rule: 'PRO-SEC-H2-DOWNGRADE',
    ...H2_READERS,
    hiddenWhenCombined: {
      by: ['h2-front-refuses-400', 'h2-front-drops-invalid-field'],
      why: 'the same front, combined, answers a malformed stream 400 instead of resetting it, and drops a field with CR or LF',
    },
    description:
      'An HTTP/2 front (cleartext, prior knowledge) before the provider, writing HTTP/1.1 to it: a stream with a connection-specific field, CR, LF or NUL in a field or :path, or a content-length other than its DATA is reset (RST_STREAM PROTOCOL_ERROR, RFC 9113 8.2.1, 8.2.2, 8.1.1); HTTP/1.1 connections pass through.',
  },
  {
    name: 'h2-front-refuses-400',
    rule: 'PRO-SEC-H2-DOWNGRADE',
    ...H2_READERS,
    description: 'The same HTTP/2 front answers a malformed stream with HTTP 400 {message} instead of resetting it (RFC 9113 8.1.1 allows either).',
  },
  {
    name: 'h2-front-drops-invalid-field',
    rule: 'PRO-SEC-H2-DOWNGRADE',
    ...H2_READERS,
    description:
      "The same HTTP/2 front drops a regular field whose value has CR, LF or NUL and forwards the request without it, as nghttp2 (node's http2, nginx, curl) does; connection-specific fields, a wrong content-length and CR or LF in :path are still reset.",
  },
  // Two merchants (API1:2023, ASVS 8.2.2)
  {
    name: 'transaction-unique-across-merchants',
    rule: 'PRO-SEC-MERCHANT-TRANSACTION-ISOLATION',
    sees: ['invoice', 'account2card'],
    rules: ['PRO-SEC-MERCHANT-TRANSACTION-ISOLATION'],
    description:
      'A transaction is unique across merchants: a payment with a transaction another merchant already used on that operation is refused keyed transaction, as a duplicate, and nothing is created.',
  },
] as const satisfies readonly VariationDefinition[];

export type VariationName = (typeof entries)[number]['name'];

/**
 * The panel (mock/stacks/catalog.ts): a correct provider on each stack real providers use, every check run against
 * each. A provider is built on one stack, so each is run alone.
 */
const STACK_ENTRIES: readonly VariationDefinition[] = STACKS.map((stack) => ({
  name: stackVariation(stack.name),
  rule: 'DOC-HTTP-POST',
  // What a stack changes is in the HTTP of the API and of the page's loads and presses (the areas of PRESS_READERS).
  sees: [...API, ...PAGE],
  rulesIn: { 'payment-page': PRESS_READERS.rules },
  alone: "a provider is built on one stack: its defaults exclude every other's",
  description: `${stack.label}, keeping to the document and the default profile where they speak, and doing what the stack does by default where they are silent: ${stack.sources.map((s) => s.what).join('; ')} (the sources in mock/stacks/catalog.ts).`,
}));

export const variationCatalog: readonly VariationDefinition[] = Object.freeze([...entries, ...STACK_ENTRIES].map((e) => Object.freeze({ ...e })));

const known = new Set<string>(variationCatalog.map((e) => e.name));

/**
 * Of the variations the all-at-once run hides, the ones that can still be run at once, in catalog order: each one
 * that none chosen before hides and that hides none of them. A second all-at-once provider shows each of these.
 */
export function combinedUnhidden(variations: readonly VariationDefinition[] = variationCatalog): VariationDefinition[] {
  const hides = (a: VariationDefinition, b: VariationDefinition) => b.hiddenWhenCombined?.by.includes(a.name) ?? false;
  const chosen: VariationDefinition[] = [];
  for (const v of variations) if (v.hiddenWhenCombined && !chosen.some((c) => hides(c, v) || hides(v, c))) chosen.push(v);
  return chosen;
}

/** The variations switched on for one provider; `has` only takes catalog names (checked by tsc). */
export class VariationSet {
  readonly names: readonly string[];
  private readonly set: ReadonlySet<string>;

  constructor(names: readonly string[] = []) {
    const unknown = names.filter((n) => !known.has(n));
    if (unknown.length > 0) throw new Error(`startProvider: unknown variation name(s): ${unknown.join(', ')} (see variationCatalog)`);
    this.names = Object.freeze([...new Set(names)]);
    this.set = new Set(this.names);
  }

  has(name: VariationName): boolean {
    return this.set.has(name);
  }
}

/**
 * The panel's hardest members for a suite's own harness, by what they do (each a correct provider): a connection
 * closed under the client, pages on another origin whose press redirects, callbacks late and delivered again after
 * a 2xx, and a 429 now and then. `npm run flake -- 20 --hardest` runs the whole suite against each, and all at once.
 */
export const HARDEST_MEMBERS: Readonly<Record<string, readonly VariationName[]>> = {
  'idle keep-alive closed after 500 ms': ['keep-alive-500ms'],
  'pages on a second origin, 303 after a press': ['page-other-origin', 'press-see-other'],
  'callbacks late, and again after a 2xx': ['callback-delayed', 'callback-at-least-once'],
  'a 429 now and then': ['rate-limit-429', 'rate-limit-429-pages'],
};
