import type { CallbackDispatcher } from './callbacks.js';
import type { XSignEncoding } from './crypto.js';
import type { ErrorTable } from './errors.js';
import type { FaultSet } from './faults/catalog.js';
import type { Merchants } from './merchants.js';
import type { Profile } from './profile.js';
import type { Output, ValidationStyle } from './respond.js';
import type { PaymentStore } from './store.js';
import type { Later } from './later.js';
import type { Values } from './values.js';
import type { VariationSet } from './variations/catalog.js';
import type { StackBehaviour } from './stacks/catalog.js';
import type { NetworkConditions } from './network.js';
import type { Policies } from './seams/policies.js';

/** The switches validation reads on every request (profile, faults, variations), resolved once. */
export interface Rules {
  /** null counts as missing ("required"); else it is a wrong type. */
  readonly nullIsMissing: boolean;
  /** "" counts as missing ("required"); else it is refused without "required" (or accepted: fault empty-string-accepted). */
  readonly emptyIsMissing: boolean;
  readonly emptyAccepted: boolean;
  readonly signatureCaseSensitive: boolean;
  readonly rejectDuplicates: boolean;
  readonly antifraudClientIp: string | null;
  readonly xSignFirst: boolean;
  readonly xSignEncoding: XSignEncoding;
  /** A required text field of only whitespace counts as missing (profile blankTextIsMissing true, variation blank-text-required). */
  readonly blankIsMissing: boolean;
  /** Variation return-url-whatwg: return_url read as the URL Standard reads it (CR, LF and tab removed, ends trimmed). */
  readonly urlWhatwg: boolean;
  /** Variation return-url-private-ip-refused: a return_url to a loopback, private or link-local IP address is refused. */
  readonly refusePrivateIp: boolean;
  /** Variation validation-reports-signature (when the digest cannot be computed or verified). */
  readonly reportsSignature: boolean;
  /** State of a new invoice (profile; fault state-pending) and of a new account-to-card payment (variation, fault). */
  readonly invoiceState: string;
  readonly account2cardState: string;
  /** Variation unknown-fields-refused: a top-level field the operation does not take is refused keyed by its name. */
  readonly refusesUnknownFields: boolean;
}

/** What every handler gets; everything here is decided once per provider. */
export interface Ctx {
  readonly faults: FaultSet;
  readonly variations: VariationSet;
  readonly profile: Profile;
  /** Each seam's decisions (mock/seams/): the profile's, as the faults and variations change them. */
  readonly policy: Policies;
  /** How answers are written. */
  readonly out: Output;
  /** The {message} errors with this provider's statuses and wording. */
  readonly err: ErrorTable;
  readonly validation: ValidationStyle;
  readonly rules: Rules;
  /** Ids, created_at, credentials and deeplinks of new payments. */
  readonly values: Values;
  readonly merchants: Merchants;
  readonly store: PaymentStore;
  readonly callbacks: CallbackDispatcher;
  /** Timers of deferred work (a press settling later, a late store), cleared on close. */
  readonly later: Later;
  /** Base address of this provider's API, no trailing slash. */
  baseUrl: string;
  /**
   * redirect_url up to the page token: on the API's origin or another server's (variation
   * page-other-origin), /pay/ or /go/ (variation page-redirect).
   */
  pageUrl: string;
  /** Invoice payments created so far (credentials alternate on it). */
  invoiceCount: number;
  /** API requests so far (variation rate-limit-429 refuses every 40th). */
  apiRequests: number;
  /** The stack of the panel the provider is built on (variation stack-<name>, mock/stacks/catalog.ts), if any. */
  readonly stack?: StackBehaviour;
  /** Requests to the payment pages' addresses so far (variation rate-limit-429-pages). */
  pageRequests: number;
  /** What the network in front of the provider does (network variations, the CLI's --network); undefined: nothing. */
  readonly network?: NetworkConditions;
}
