// Local helpers of the account-to-card checks (the harness has no X-Sign-specific assertion).
import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { Exchange } from '../../harness/exchange.js';
import { expectMessageBody, responseOf } from '../../harness/expect-response.js';
import { CheckFailure, describeResponse } from '../../harness/failure.js';
import type { ProviderApi } from '../../harness/provider-api.js';
import { requireProfile } from '../../harness/rule.js';

/** beforeEach of every account-to-card spec: no merchant RSA key, no account-to-card check. */
export function skipWithoutXSignKey({ api }: { api: ProviderApi }): void {
  requireProfile(api.merchant.privateKeyPem, 'XSIGN_PRIVATE_KEY is not set: account-to-card requests cannot carry X-Sign');
}

/** The merchant's private key (present: the beforeEach has skipped the check otherwise). */
export function merchantKey(api: ProviderApi): string {
  const pem = api.merchant.privateKeyPem;
  if (!pem) throw new Error('account2card: XSIGN_PRIVATE_KEY is not set');
  return pem;
}

let otherKey: Promise<string> | undefined;

/**
 * An RSA key that is not the merchant's, generated once per worker. Generated off the event loop:
 * a long synchronous key generation between two requests lets a pooled keep-alive socket go stale.
 */
export function otherPrivateKey(): Promise<string> {
  otherKey ??= promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }).then((pair) => pair.privateKey);
  return otherKey;
}

/** Sends exact body bytes with the given X-Sign header (undefined: no header). */
export function sendWithXSign(api: ProviderApi, bodyText: string, header: string | undefined): Promise<Exchange> {
  return api.account2card(undefined, { rawBody: bodyText, xSign: header === undefined ? null : header });
}

/**
 * A wrong or missing X-Sign is refused: any 2xx breaks `rule` (the signature was not verified);
 * a refusal other than the profile's 401 {message} breaks PRO-A2C-XSIGN-401.
 */
export function expectXSignRefused(api: ProviderApi, exchange: Exchange, rule: string, what: string): void {
  const res = responseOf(exchange, rule, `a refusal (${what})`);
  if (res.status >= 200 && res.status <= 299)
    throw new CheckFailure({ rule, expected: `a refusal: ${what}`, received: describeResponse(exchange), exchange });
  expectMessageBody(exchange, 'PRO-A2C-XSIGN-401', api.profile.http.unauthorized, what);
}
