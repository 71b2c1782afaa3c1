// The seam of how the provider serves: its connections, its parser, where its pages are, the wording of its
// messages and its clock. The clean policy keeps idle connections 5 s, parses HTTP strictly, serves the pages on
// the API's origin, words its messages in English and reads the clock as it is.
import type { SeamTable } from './apply.js';

interface ServingPolicy {
  /** Every answer waits this long; 0: none. */
  slowMs: number;
  keepAliveTimeoutMs: number;
  /** Idle connections closed by a timer of the server's own, announced nowhere; null: none. */
  idleCloseMs: number | null;
  /** Node's lenient parser: Transfer-Encoding beside Content-Length taken, the connection kept. */
  lenientParser: boolean;
  /** A message framed two ways is dropped without an answer (else answered 400). */
  ambiguousFramingDropped: boolean;
  /** The pages on a server of their own (another origin). */
  pagesOnOtherOrigin: boolean;
  language: 'english' | 'russian' | 'other';
  /** Messages say what the parser or validator found. */
  detailedMessages: boolean;
  /** created_at's clock ahead by this much. */
  clockSkewMs: number;
  /** A request with Expect: 100-continue is handed to the handler without a 100 Continue: its body never comes. */
  continueWithheld: boolean;
}

/** Variation slow. */
const SLOW_MS = 300;
/** Variation keep-alive-500ms (Go's IdleTimeout). */
const IDLE_CLOSE_MS = 500;
/** Variation created-at-clock-skew. */
const CLOCK_SKEW_MS = 30_000;

export const cleanServingPolicy = (clockSkewMs: number): ServingPolicy => ({
  slowMs: 0,
  keepAliveTimeoutMs: 5000,
  idleCloseMs: null,
  lenientParser: false,
  ambiguousFramingDropped: false,
  pagesOnOtherOrigin: false,
  language: 'english',
  detailedMessages: false,
  clockSkewMs,
  continueWithheld: false,
});

export const SERVING_POLICY_SEAMS: SeamTable<ServingPolicy> = {
  // Faults
  'http-parser-lenient': (s) => void (s.lenientParser = true),
  // A checkContinue listener added to refuse large uploads early, whose accept path forgot res.writeContinue().
  'expect-continue-unanswered': (s) => void (s.continueWithheld = true),
  // Variations
  slow: (s) => void (s.slowMs = SLOW_MS),
  'keep-alive-500ms': (s) => void ((s.idleCloseMs = IDLE_CLOSE_MS), (s.keepAliveTimeoutMs = 0)),
  'keep-alive-1s': (s) => void (s.keepAliveTimeoutMs = s.idleCloseMs === null ? 1000 : s.keepAliveTimeoutMs),
  'framing-ambiguous-closed': (s) => void (s.ambiguousFramingDropped = true),
  'page-other-origin': (s) => void (s.pagesOnOtherOrigin = true),
  'messages-russian': (s) => void (s.language = 'russian'),
  'validation-other-wording': (s) => void (s.language = s.language === 'russian' ? 'russian' : 'other'),
  'messages-detailed': (s) => void (s.detailedMessages = true),
  'created-at-clock-skew': (s) => void (s.clockSkewMs += CLOCK_SKEW_MS),
};
