// The seam of the account-to-card operation's decisions: how X-Sign is verified, its amount range, its digest,
// what it does between validation and creating the payment, and the card it records. The clean policy is the
// document's and the profile's.
import type { IncomingMessage } from 'node:http';
import { AMOUNT_LIMITS } from '../../contracts/operation-facts.js';
import { maskPan } from '../present.js';
import type { SeamTable } from './apply.js';

interface Account2CardPolicy {
  xSignVerified: boolean;
  /** The X-Sign header of the request, its name read in any letter case (RFC 9110 5.1). */
  xSignOf: (req: IncomingMessage) => string | string[] | undefined;
  /** X-Sign verified over the body's bytes as sent, or over the parsed body written again. */
  xSignOver: 'bytes' | 'reserialized';
  /** An RSASSA-PSS signature passes as well. */
  xSignPssAccepted: boolean;
  amountMin: number;
  amountMax: number;
  /** Other part lists of the digest that pass (the documented parts given). */
  digestAlso: (parts: readonly string[]) => ReadonlyArray<readonly string[]>;
  /** A database round trip between the duplicate check and the store. */
  createdAfterRoundTrip: boolean;
  /** Credentials sent along in the request are the payment's. */
  credentialsFromRequest: boolean;
  /** The card_pan recorded for the recipient_pan paid to. */
  recordedPan: (pan: string) => string;
}

export const cleanAccount2CardPolicy = (): Account2CardPolicy => ({
  xSignVerified: true,
  xSignOf: (req) => req.headers['x-sign'],
  xSignOver: 'bytes',
  xSignPssAccepted: false,
  amountMin: AMOUNT_LIMITS.account2card.min,
  amountMax: AMOUNT_LIMITS.account2card.max,
  digestAlso: () => [],
  createdAfterRoundTrip: false,
  credentialsFromRequest: false,
  recordedPan: (pan) => pan,
});

export const ACCOUNT2CARD_POLICY_SEAMS: SeamTable<Account2CardPolicy> = {
  'xsign-not-verified': (s) => void (s.xSignVerified = false),
  // The header looked up in the raw header list by its exact spelling.
  'xsign-header-exact-case': (s) => void (s.xSignOf = (req) => req.rawHeaders.find((_, i, all) => i % 2 === 1 && all[i - 1] === 'X-Sign')),
  // The signature middleware sees only the parsed body.
  'xsign-over-reserialized-body': (s) => void (s.xSignOver = 'reserialized'),
  'xsign-pss-accepted': (s) => void (s.xSignPssAccepted = true),
  'a2c-amount-max-off-by-one': (s) => void (s.amountMax += 1),
  // The digest without recipient_pan: [api_key, transaction, amount].
  'a2c-signature-ignores-pan': (s) => void (s.digestAlso = (parts) => [parts.slice(0, 3)]),
  'duplicate-check-not-atomic': (s) => void (s.createdAfterRoundTrip = true),
  'a2c-credentials-from-request': (s) => void (s.credentialsFromRequest = true),
  'a2c-credentials-wrong': (s) => void (s.recordedPan = maskPan),
};
