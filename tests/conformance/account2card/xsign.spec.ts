// X-Sign: base64 RSASSA-PKCS1-v1_5 SHA-256 over the exact body bytes; a missing or wrong one is refused
// with 401 {message}, before the body fields are validated. Each tampering is made from its own fresh
// body, so a provider that wrongly accepts one cannot turn the next into a duplicate refusal.
import { test, rule, requireProfile } from '../../harness/rule.js';
import { buildAccount2CardRequest } from '../../../generators/builders.js';
import { amountVariants, formatVariants, missingFieldVariants, xSignTamperings, type InvalidVariant } from '../../../generators/variants/index.js';
import { xSign } from '../../../generators/signing.js';
import { expectStatus } from '../../harness/expect-response.js';
import type { ProviderApi } from '../../harness/provider-api.js';
import { expectXSignRefused, merchantKey, otherPrivateKey, sendWithXSign, skipWithoutXSignKey } from './support.js';

test.beforeEach(skipWithoutXSignKey);

const base64Only = (api: ProviderApi) =>
  requireProfile(api.profile.account2card.xSignEncoding === 'base64', `profile account2card.xSignEncoding is ${api.profile.account2card.xSignEncoding}: the harness signs in base64 only`);

/** The X-Sign tamperings of the given rule over a fresh valid body. */
async function freshTamperings(api: ProviderApi, ruleId: string) {
  const bodyText = JSON.stringify(buildAccount2CardRequest(api.merchant));
  return xSignTamperings(bodyText, merchantKey(api), await otherPrivateKey()).filter((t) => t.rule === ruleId);
}

/** Each tampering of the rule is sent over its own fresh body and must be refused with 401 {message}. */
async function expectEveryTamperingRefused(api: ProviderApi, ruleId: string): Promise<void> {
  let list = await freshTamperings(api, ruleId);
  const count = list.length;
  test.expect(count, `generators produce ${ruleId} X-Sign tamperings`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    if (i > 0) list = await freshTamperings(api, ruleId);
    const t = list[i];
    await test.step(t.label, async () => expectXSignRefused(api, await sendWithXSign(api, t.bodyText, t.header), t.rule, t.label));
  }
}

test(...rule(['DOC-AUTH-A2C-XSIGN', 'PRO-A2C-XSIGN-FORMAT'], 'an account to card payment with X-Sign over its exact body bytes is accepted'), async ({ api }) => {
  base64Only(api);
  const compact = JSON.stringify(buildAccount2CardRequest(api.merchant));
  await test.step('compact JSON', async () => {
    const exchange = await sendWithXSign(api, compact, xSign(compact, merchantKey(api)));
    expectStatus(exchange, 'DOC-AUTH-A2C-XSIGN', api.profile.http.success, 'a correctly signed request is accepted');
  });
  // The signature is over the bytes as sent, not over a re-serialisation of the parsed body.
  const pretty = JSON.stringify(buildAccount2CardRequest(api.merchant), null, 2) + '\n';
  await test.step('pretty-printed JSON with a trailing newline', async () => {
    const exchange = await sendWithXSign(api, pretty, xSign(pretty, merchantKey(api)));
    expectStatus(exchange, 'PRO-A2C-XSIGN-FORMAT', api.profile.http.success, 'X-Sign over the exact (pretty-printed) bytes is accepted');
  });
});

test(...rule(['DOC-AUTH-A2C-XSIGN', 'PRO-A2C-XSIGN-401'], 'a missing, empty, foreign-key or garbage X-Sign is refused with 401 and a {message} body'), async ({ api }) => {
  await expectEveryTamperingRefused(api, 'DOC-AUTH-A2C-XSIGN');
});

test(...rule(['PRO-A2C-XSIGN-FORMAT', 'PRO-A2C-XSIGN-401', 'DOC-AUTH-A2C-XSIGN'], 'an X-Sign over other bytes, truncated, base64url or hex is refused with 401 and a {message} body'), async ({ api }) => {
  base64Only(api);
  await expectEveryTamperingRefused(api, 'PRO-A2C-XSIGN-FORMAT');
});

test(...rule(['PRO-A2C-XSIGN-401', 'DOC-AUTH-A2C-XSIGN'], 'X-Sign is checked before the body: an invalid body with a missing or wrong X-Sign gets 401, not 422'), async ({ api }) => {
  requireProfile(api.profile.account2card.xSignCheckedFirst, 'profile account2card.xSignCheckedFirst is false');
  const invalidBodies = (): InvalidVariant[] => [
    missingFieldVariants('account2card', api.merchant).find((v) => v.label === 'amount absent')!,
    amountVariants('account2card', api.merchant).find((v) => v.label.startsWith('amount = max+1'))!,
    formatVariants('account2card', api.merchant).find((v) => v.rule === 'PRO-VAL-RECIPIENT_PAN')!,
    missingFieldVariants('account2card', api.merchant).find((v) => v.rule === 'PRO-VAL-ALL-FIELDS')!,
  ];
  const other = await otherPrivateKey();
  const headers: [string, (text: string) => string | undefined][] = [
    ['no X-Sign', () => undefined],
    ['X-Sign garbage', () => 'not-a-signature!'],
    ['X-Sign made with another key', (text) => xSign(text, other)],
  ];
  test.expect(invalidBodies().every((v) => v !== undefined), 'generators produce the invalid bodies').toBe(true);
  for (const [what, header] of headers) {
    for (const variant of invalidBodies()) {
      const text = variant.rawBody ?? JSON.stringify(variant.body);
      await test.step(`${what}, ${variant.label}`, async () => {
        const exchange = await sendWithXSign(api, text, header(text));
        expectXSignRefused(api, exchange, 'DOC-AUTH-A2C-XSIGN', `${what} on a body with ${variant.label}: 401 before validation`);
      });
    }
  }
});
