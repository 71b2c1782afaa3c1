// The seam of how a request reaches its handler: which paths route where, which spellings of a request are taken,
// which requests are refused before processing, and how a JSON body is read. The clean policy routes the profile's
// paths as written, takes every spelling HTTP and JSON allow, and answers a body that is no JSON with the profile's
// refusal.
import type { SeamTable } from './apply.js';

interface RequestPolicy {
  /** The path as routed (before the paths' spelling is judged). */
  routed: (path: string) => string;
  /** A trailing slash and repeated slashes dropped before routing. */
  pathsNormalised: boolean;
  /**
   * Only the plainest spelling is taken: no query string, no body without Content-Length, media types written
   * exactly `application/json` or `multipart/form-data; …`, no member name given twice.
   */
  plainestSpellingOnly: boolean;
  /** The invoice path with a trailing slash is an alias routed apart from the signature check. */
  slashAliasUnsigned: boolean;
  /** A gzip-coded invoice body passes the signature check undecoded (the decoder sits after it). */
  gzipUnsigned: boolean;
  /** Every this-many-th API request, or page request, is refused with 429; 0: none. */
  apiRateLimitEvery: number;
  pageRateLimitEvery: number;
  /** A body that is no JSON: the profile's refusal, a server error, the parser's stack trace, or where it stops being JSON. */
  malformed: 'refused' | 'server-error' | 'stack-trace' | 'where';
  /** A member name given twice: the last wins (JSON.parse); validated on the first and carried out on the last. */
  duplicateNames: 'last-wins' | 'split';
  /** The amount kept as written in the body's bytes (1.0 and 1e2 are no integers). */
  amountAsWritten: boolean;
  /** An amount written with an exponent makes the handler throw. */
  exponentAmountThrows: boolean;
  /** A body without Content-Length is carried out, then the answer refused. */
  lengthlessCarriedOutThenRefused: boolean;
  /** Member names read without regard to letter case (a case-insensitive deserialiser): `Amount` stands for `amount`. */
  namesFolded: boolean;
}

/** Variation rate-limit-429 and rate-limit-429-pages: every this-many-th request is refused. */
const RATE_LIMIT_EVERY = 40;

export const cleanRequestPolicy = (): RequestPolicy => ({
  routed: (path) => path,
  pathsNormalised: false,
  plainestSpellingOnly: false,
  slashAliasUnsigned: false,
  gzipUnsigned: false,
  apiRateLimitEvery: 0,
  pageRateLimitEvery: 0,
  malformed: 'refused',
  duplicateNames: 'last-wins',
  amountAsWritten: false,
  exponentAmountThrows: false,
  lengthlessCarriedOutThenRefused: false,
  namesFolded: false,
});

/** /api/payments/... serves what /api/v1/payments/... should, and /api/v1/ is unknown. */
function unversioned(path: string): string {
  if (path.startsWith('/api/v1/')) return '/unknown' + path;
  return path.startsWith('/api/') ? '/api/v1/' + path.slice('/api/'.length) : path;
}

export const REQUEST_POLICY_SEAMS: SeamTable<RequestPolicy> = {
  // Faults
  'unversioned-paths': (s) => void (s.routed = unversioned),
  'path-alias-skips-signature': (s) => void (s.slashAliasUnsigned = true),
  'gzip-body-signature-skipped': (s) => void (s.gzipUnsigned = true),
  'malformed-json-500': (s) => void (s.malformed = 'server-error'),
  'error-stack-trace': (s) => void (s.malformed = 'stack-trace'),
  // Validated on the first of each name (a streaming reader), carried out on the last (JSON.parse).
  'json-duplicate-keys-split': (s) => void (s.duplicateNames = 'split'),
  // An integer parser that throws on 1e4.
  'amount-exponent-crash': (s) => void (s.exponentAmountThrows = true),
  // An audit layer after the handler that needs Content-Length.
  'chunked-created-then-refused': (s) => void (s.lengthlessCarriedOutThenRefused = true),
  // A deserialiser told to ignore letter case (System.Text.Json's PropertyNameCaseInsensitive, Jackson's ACCEPT_CASE_INSENSITIVE_PROPERTIES).
  'json-names-case-folded': (s) => void (s.namesFolded = true),
  // Variations
  'paths-normalised': (s) => void (s.pathsNormalised = true),
  'spellings-refused': (s) => void (s.plainestSpellingOnly = true),
  'rate-limit-429': (s) => void (s.apiRateLimitEvery = RATE_LIMIT_EVERY),
  'rate-limit-429-pages': (s) => void (s.pageRateLimitEvery = RATE_LIMIT_EVERY),
  'messages-detailed': (s) => void (s.malformed = 'where'),
  'amount-literal-strict': (s) => void (s.amountAsWritten = true),
};
