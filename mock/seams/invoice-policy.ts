// The seam of the invoice operation's decisions: its amount range, what its payload may hold, how its digest is
// judged, what it does between validation and creating the payment, and how it answers. The clean policy is the
// document's and the profile's.
import { randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { AMOUNT_LIMITS } from '../../contracts/operation-facts.js';
import type { Profile } from '../profile.js';
import type { SeamTable } from './apply.js';

interface InvoicePolicy {
  amountMin: number;
  amountMax: number;
  /** The payload members taken; null: any. */
  payloadMembers: readonly string[] | null;
  /** A payload nested deeper than this makes the handler throw; null: no limit of its own. */
  payloadDepthThrows: number | null;
  digestChecked: boolean;
  /** An HMAC of the digest's text keyed with crypto_key passes as well. */
  hmacAccepted: boolean;
  /** Other part lists of the digest that pass (the documented parts given). */
  digestAlso: (parts: readonly string[]) => ReadonlyArray<readonly string[]>;
  /** A documented state sent along in the request is the new payment's state. */
  stateFromRequest: boolean;
  /** return_url is requested before the invoice is created. */
  returnUrlFetched: boolean;
  /** The status of the anti-fraud refusal; null: the profile's. */
  antifraudStatus: number | null;
  /** The refused invoice is stored all the same, declined, and called back. */
  antifraudRefusalStored: boolean;
  /**
   * Between the duplicate check and the store: nothing, a database round trip, or a round trip after the id was
   * read (two payments may get one id).
   */
  created: 'at-once' | 'after-round-trip' | 'id-read-before-round-trip' | 'merchant-shared-across-round-trip';
  successStatus: number;
  echoedTransaction: (transaction: string) => string;
  /** Whether payload.client_ip is the anti-fraud trigger: the same address however written, or the same text. */
  sameAddress: (clientIp: string, trigger: string) => boolean;
  /** Milliseconds the request's fields cost before it is judged (a validator's work, simulated without blocking). */
  inputCostMs: (body: Record<string, unknown>) => number;
}

/** Most milliseconds a simulated cost holds a request. */
const MAX_COST_MS = 60_000;

/**
 * A return_url host checked by `^https?://([a-z0-9-]+\.?)+…$`: a run of host characters followed by one the
 * expression does not expect backtracks, each character doubling the work (2^(run-11) ms: 20 characters half a second).
 */
function backtrackingCostMs(body: Record<string, unknown>): number {
  const m = typeof body.return_url === 'string' ? /^https?:\/\/(?:[a-z0-9-]+\.)*([a-z0-9-]+)([^./?#:]|$)/i.exec(body.return_url) : null;
  return m && m[2] !== '' ? Math.min(MAX_COST_MS, 2 ** (m[1]!.length - 11)) : 0;
}

/** The payload copied member by member, each copy spreading the last (members² / 50 000 ms: 4 096 members a third of a second). */
function quadraticCopyMs(body: Record<string, unknown>): number {
  const p = body.payload;
  const n = p !== null && typeof p === 'object' ? Object.keys(p).length : 0;
  return Math.min(MAX_COST_MS, (n * n) / 50_000);
}

export const cleanInvoicePolicy = (profile: Profile): InvoicePolicy => ({
  amountMin: AMOUNT_LIMITS.invoice.min,
  amountMax: AMOUNT_LIMITS.invoice.max,
  payloadMembers: null,
  payloadDepthThrows: null,
  digestChecked: true,
  hmacAccepted: false,
  digestAlso: () => [],
  stateFromRequest: false,
  returnUrlFetched: false,
  antifraudStatus: null,
  antifraudRefusalStored: false,
  created: 'at-once',
  successStatus: profile.http.success,
  echoedTransaction: (transaction) => transaction,
  inputCostMs: () => 0,
  sameAddress: (a, b) => canonicalAddress(a) === canonicalAddress(b),
});

/** An IP address in one spelling: IPv6 compressed in lower case (the URL Standard's), an IPv4-mapped one as its IPv4. */
function canonicalAddress(ip: string): string {
  // A zone (fe80::1%eth0) is no host of a URL: that address stays as written.
  if (!isIPv6(ip) || ip.includes('%')) return ip;
  const host = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!mapped) return host;
  const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

export const INVOICE_POLICY_SEAMS: SeamTable<InvoicePolicy> = {
  'invoice-amount-min-exclusive': (s) => void (s.amountMin += 1),
  'invoice-amount-max-off-by-one': (s) => void (s.amountMax += 1),
  'payload-extra-rejected': (s) => void (s.payloadMembers = ['client_id', 'client_ip']),
  'crash-on-deep-json': (s) => void (s.payloadDepthThrows = 32),
  'accept-any-signature': (s) => void (s.digestChecked = false),
  'signature-hmac-accepted': (s) => void (s.hmacAccepted = true),
  // The digest without the amount: [api_key, transaction].
  'signature-ignores-amount': (s) => void (s.digestAlso = (parts) => [parts.slice(0, 2)]),
  'invoice-state-from-request': (s) => void (s.stateFromRequest = true),
  'return-url-fetched': (s) => void (s.returnUrlFetched = true),
  'antifraud-status-200': (s) => void (s.antifraudStatus = 200),
  // The refusal recorded as a declined payment, which the status method and a callback then tell of.
  'antifraud-refusal-stored': (s) => void (s.antifraudRefusalStored = true),
  'duplicate-check-not-atomic': (s) => void (s.created = 'after-round-trip'),
  'ids-reused-under-load': (s) => void (s.created = 'id-read-before-round-trip'),
  // The merchant of the request being served kept in a variable every request shares, read again after an await.
  'merchant-shared-across-requests': (s) => void (s.created = 'merchant-shared-across-round-trip'),
  'invoice-status-201': (s) => void (s.successStatus = 201),
  'transaction-not-echoed': (s) => void (s.echoedTransaction = () => randomUUID()),
  'return-url-backtracking': (s) => void (s.inputCostMs = backtrackingCostMs),
  'payload-copied-quadratically': (s) => void (s.inputCostMs = quadraticCopyMs),
  'antifraud-compares-text': (s) => void (s.sameAddress = (a, b) => a === b),
};
