// X-Sign (Authentication 4; profile: base64 RSASSA-PKCS1-v1_5 SHA-256 over the exact body bytes): a
// missing or wrong one is refused with 401 {message}, before the body fields are validated. Each
// tampering is made from its own fresh body, so a provider that wrongly accepts one cannot turn the
// next into a duplicate refusal.
import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { RuleId } from '../../contracts/index.js';
import { buildAccount2CardRequest } from '../../generators/builders.js';
import { xSign } from '../../generators/signing.js';
import {
  amountVariants,
  formatVariants,
  missingFieldVariants,
  otherXSignSchemes,
  xSignTamperings,
  type InvalidVariant,
} from '../../generators/variants/index.js';
import type { Exchange } from '../harness/exchange.js';
import { expectMessageBody, expectRefused, expectStatus } from '../harness/expect-response.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { PAYMENT_OPERATIONS } from './operations.js';
import { eachAtOnce } from '../harness/at-once.js';
import { eachFromFreshBody } from '../harness/variants.js';

/** The merchant's private key (the check has been skipped without one). */
function merchantKey(api: ProviderApi): string {
  PAYMENT_OPERATIONS.account2card.requireConfigured(api);
  return api.merchant.privateKeyPem!;
}

let otherKey: Promise<string> | undefined;

/**
 * An RSA key that is not the merchant's, generated once per worker. Generated off the event loop:
 * a long synchronous key generation between two requests lets a pooled keep-alive socket go stale.
 */
function otherPrivateKey(): Promise<string> {
  otherKey ??= promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }).then((pair) => pair.privateKey);
  return otherKey;
}

/** Sends exact body bytes with the given X-Sign header (undefined: no header). */
function sendWithXSign(api: ProviderApi, bodyText: string, header: string | undefined): Promise<Exchange> {
  return api.account2card(undefined, { rawBody: bodyText, xSign: header === undefined ? null : header });
}

/** A wrong or missing X-Sign is refused: a 2xx breaks `rule` (not verified); a refusal other than the profile's 401 {message}, PRO-A2C-XSIGN-401. */
function expectXSignRefused(api: ProviderApi, exchange: Exchange, rule: RuleId, what: string): void {
  expectRefused(exchange, rule, what);
  expectMessageBody(exchange, 'PRO-A2C-XSIGN-401', api.profile.http.unauthorized, what);
}

const base64Only = (api: ProviderApi) =>
  requireProfile(
    api.profile.account2card.xSignEncoding === 'base64',
    `profile account2card.xSignEncoding is ${api.profile.account2card.xSignEncoding}: the harness signs in base64 only`,
  );

/** Each X-Sign tampering of the rule, over its own fresh body, is refused with 401 {message}. */
async function expectEveryTamperingRefused(api: ProviderApi, rule: RuleId): Promise<void> {
  const fresh = async () =>
    xSignTamperings(JSON.stringify(buildAccount2CardRequest(api.merchant)), merchantKey(api), await otherPrivateKey()).filter((t) => t.rule === rule);
  await eachFromFreshBody(
    api,
    fresh,
    async (t) => expectXSignRefused(api, await sendWithXSign(api, t.bodyText, t.header), t.rule, t.label),
    `${rule} X-Sign tamperings`,
  );
}

/** X-Sign over the exact bytes sent is accepted: compact JSON, and pretty-printed JSON with a trailing newline. */
export function xSignOverExactBytesAccepted(): ApiCheck {
  return {
    name: 'xSignOverExactBytesAccepted()',
    title: 'an account to card payment with X-Sign over its exact body bytes is accepted',
    rules: ['DOC-AUTH-A2C-XSIGN', 'PRO-A2C-XSIGN-FORMAT'],
    async run({ api }) {
      const key = merchantKey(api);
      base64Only(api);
      const compact = JSON.stringify(buildAccount2CardRequest(api.merchant));

      await step('compact JSON', async () =>
        expectStatus(
          await sendWithXSign(api, compact, xSign(compact, key)),
          'DOC-AUTH-A2C-XSIGN',
          api.profile.http.success,
          'a correctly signed request is accepted',
        ),
      );

      // The signature is over the bytes as sent, not over a re-serialisation of the parsed body.
      const pretty = JSON.stringify(buildAccount2CardRequest(api.merchant), null, 2) + '\n';

      await step('pretty-printed JSON with a trailing newline', async () =>
        expectStatus(
          await sendWithXSign(api, pretty, xSign(pretty, key)),
          'PRO-A2C-XSIGN-FORMAT',
          api.profile.http.success,
          'X-Sign over the exact (pretty-printed) bytes is accepted',
        ),
      );
    },
  };
}

/** No X-Sign, an empty one, one made with another key, garbage: refused with 401 {message}. */
export function xSignMissingOrForeignRefused(): ApiCheck {
  return {
    name: 'xSignMissingOrForeignRefused()',
    title: 'a missing, empty, foreign-key or garbage X-Sign is refused with 401 and a {message} body',
    rules: ['DOC-AUTH-A2C-XSIGN', 'PRO-A2C-XSIGN-401'],
    run: ({ api }) => expectEveryTamperingRefused(api, 'DOC-AUTH-A2C-XSIGN'),
  };
}

/** An X-Sign over other bytes, truncated, or in another encoding than the profile's: refused with 401 {message}. */
export function xSignWrongFormatRefused(): ApiCheck {
  return {
    name: 'xSignWrongFormatRefused()',
    title: 'an X-Sign over other bytes, truncated, base64url or hex is refused with 401 and a {message} body',
    rules: ['PRO-A2C-XSIGN-FORMAT', 'PRO-A2C-XSIGN-401', 'DOC-AUTH-A2C-XSIGN'],
    async run({ api }) {
      base64Only(api);
      await expectEveryTamperingRefused(api, 'PRO-A2C-XSIGN-FORMAT');
    },
  };
}

/** X-Sign is checked before the body: an invalid body with a missing or wrong X-Sign gets 401, not a validation answer. */
export function xSignCheckedBeforeBody(): ApiCheck {
  return {
    name: 'xSignCheckedBeforeBody()',
    title: 'X-Sign is checked before the body: an invalid body with a missing or wrong X-Sign gets 401, not 422',
    rules: ['PRO-A2C-XSIGN-401', 'DOC-AUTH-A2C-XSIGN'],
    async run({ api }) {
      merchantKey(api);
      requireProfile(api.profile.account2card.xSignCheckedFirst, 'profile account2card.xSignCheckedFirst is false');
      const invalidBodies = (): (InvalidVariant | undefined)[] => [
        missingFieldVariants('account2card', api.merchant).find((v) => v.label === 'amount absent'),
        amountVariants('account2card', api.merchant).find((v) => v.label.startsWith('amount = max+1')),
        formatVariants('account2card', api.merchant).find((v) => v.rule === 'PRO-VAL-RECIPIENT_PAN'),
        missingFieldVariants('account2card', api.merchant).find((v) => v.missing === 'several'),
      ];
      if (invalidBodies().some((v) => v === undefined)) throw new Error('the generators no longer produce the invalid bodies this check sends');
      const other = await otherPrivateKey();
      const headers: [string, (text: string) => string | undefined][] = [
        ['no X-Sign', () => undefined],
        ['X-Sign garbage', () => 'not-a-signature!'],
        ['X-Sign made with another key', (text) => xSign(text, other)],
      ];
      const cases = headers.flatMap(([what, header]) => (invalidBodies() as InvalidVariant[]).map((variant) => ({ what, header, variant })));
      await eachAtOnce(api.atOnce, cases, ({ what, header, variant }) => {
        const text = variant.rawBody ?? JSON.stringify(variant.body);
        return step(`${what}, ${variant.label}`, async () =>
          expectXSignRefused(
            api,
            await sendWithXSign(api, text, header(text)),
            'DOC-AUTH-A2C-XSIGN',
            `${what} on a body with ${variant.label}: 401 before validation`,
          ),
        );
      });
    },
  };
}

/**
 * An X-Sign made another way than the profile's, over a fresh body each: RSA-PSS (profile format), SHA-1 or
 * SHA-512 (the document's SHA-256), a pretty body signed over its compact re-serialisation (exact bytes):
 * refused with 401 {message} (ASVS 5.0 11.6.1: verified with the one algorithm and mode stated).
 */
export function otherXSignSchemesRefused(): ApiCheck {
  return {
    name: 'otherXSignSchemesRefused()',
    title: 'an X-Sign made with RSA-PSS, SHA-1 or SHA-512, or over a re-serialisation of the body, is refused with 401 and a {message} body',
    rules: ['PRO-A2C-XSIGN-FORMAT', 'DOC-AUTH-A2C-XSIGN', 'PRO-A2C-XSIGN-401'],
    async run({ api }) {
      const key = merchantKey(api);
      base64Only(api);
      const fresh = () => otherXSignSchemes(JSON.stringify(buildAccount2CardRequest(api.merchant)), key);
      await eachFromFreshBody(
        api,
        fresh,
        async (t) => expectXSignRefused(api, await sendWithXSign(api, t.bodyText, t.header), t.rule, t.label),
        'other X-Sign schemes',
      );
    },
  };
}
