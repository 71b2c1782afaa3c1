// The seam of the payment page's decisions: which of its addresses it serves, which methods, how a press is taken
// and settled, and how the payer is answered after it. The clean policy is the profile's: GET and HEAD for the page,
// POST for a press, a final state kept, the state stored before its callback leaves, the result shown at once.
import { beforeChange, PRESS_ROUND_TRIP_MS, STORE_DELAY_MS } from '../faults/concurrency.js';
import type { Payment } from '../store.js';
import type { SeamTable } from './apply.js';

interface PagePolicy {
  /** /go/<token> redirects to the page, and redirect_url names it. */
  goAddress: boolean;
  /** /pay/<token>/view answers the page's content as JSON (a page its script renders). */
  scriptRendered: boolean;
  headAllowed: boolean;
  /** The press addresses answer every method. */
  pressAnyMethod: boolean;
  /** An unknown token made of digits is looked up as an invoice's id. */
  tokenMayBeId: boolean;
  /** An unknown token of at least 8 characters opens the page whose token it begins ("short links"). */
  tokenPrefixOpens: boolean;
  finalStateKept: boolean;
  /** The state is read, then the press applied this much later unchecked; 0: at once. */
  pressRoundTripMs: number;
  /** What Pay makes of a payment. */
  payState: 'deposited' | 'declined';
  /** A decline's error code; null: code and description null. */
  declineCode: string | number | null;
  /** A press's state applied this much later (the press answered before it); 0: at once. */
  settlesAfterMs: number;
  /** The callback leaves before the state is stored, which comes this much later; 0: stored first. */
  callbackBeforeStoreMs: number;
  /** Called with the payment before its final state is stored. */
  beforeStore: (p: Payment) => void;
  /** After a press, back to the merchant: not at once, by a 303 to return_url, or by Location written unchecked. */
  backToMerchant: 'no' | 'see-other' | 'location-unchecked';
  /** A press is answered by a redirect to the result's own page (Post/Redirect/Get); null: the result at once. */
  pressRedirect: 302 | 303 | null;
  /** The result page links back to the payment page. */
  resultLinksBack: boolean;
}

const DECLINE_CODE = 'DECLINED_BY_USER';
/** Variation error-code-number. */
const DECLINE_CODE_NUMBER = 1001;
/** Variation press-settles-later. */
const SETTLE_LATER_MS = 1000;

export const cleanPagePolicy = (pressRedirect: 302 | 303 | undefined): PagePolicy => ({
  goAddress: false,
  scriptRendered: false,
  headAllowed: true,
  pressAnyMethod: false,
  tokenMayBeId: false,
  tokenPrefixOpens: false,
  finalStateKept: true,
  pressRoundTripMs: 0,
  payState: 'deposited',
  declineCode: DECLINE_CODE,
  settlesAfterMs: 0,
  callbackBeforeStoreMs: 0,
  beforeStore: () => undefined,
  backToMerchant: 'no',
  pressRedirect: pressRedirect ?? null,
  resultLinksBack: false,
});

export const PAGE_POLICY_SEAMS: SeamTable<PagePolicy> = {
  // Faults
  'press-answers-get': (s) => void (s.pressAnyMethod = true),
  'page-by-id': (s) => void (s.tokenMayBeId = true),
  'page-token-prefix': (s) => void (s.tokenPrefixOpens = true),
  'final-state-changes': (s) => void (s.finalStateKept = false),
  'press-not-atomic': (s) => void (s.pressRoundTripMs = PRESS_ROUND_TRIP_MS),
  'pay-declines': (s) => void (s.payState = 'declined'),
  'decline-null-error': (s) => void (s.declineCode = null),
  'callback-before-store': (s) => void (s.callbackBeforeStoreMs = STORE_DELAY_MS),
  // The status method's replica remembers the payment as it was.
  'status-lags': (s) => void (s.beforeStore = beforeChange),
  'location-header-split': (s) => void (s.backToMerchant = 'location-unchecked'),
  // Variations
  'page-redirect': (s) => void (s.goAddress = true),
  'page-script-rendered': (s) => void (s.scriptRendered = true),
  'page-head-405': (s) => void (s.headAllowed = false),
  'error-code-number': (s) => void (s.declineCode = DECLINE_CODE_NUMBER),
  'press-settles-later': (s) => void (s.settlesAfterMs = SETTLE_LATER_MS),
  'page-return-redirect': (s) => void (s.backToMerchant = 'see-other'),
  'press-see-other': (s) => void (s.pressRedirect = 303),
  'result-page-link-back': (s) => void (s.resultLinksBack = true),
};
