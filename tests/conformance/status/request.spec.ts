// The status request: {api_key, transaction, signature = sha256(api_key + transaction + crypto_key)}.
// A wrong digest, a missing field and a method other than POST are refused. Every request asks about
// a transaction of its own (a real invoice where the answer could leak a payment).
import { randomUUID } from 'node:crypto';
import { test, rule, requireProfile } from '../../harness/rule.js';
import { expectStatus, expectValidationBody, expectJsonContentType } from '../../harness/expect-response.js';
import type { ProviderApi } from '../../harness/provider-api.js';
import { expectAccepted } from '../../harness/requests.js';
import { buildInvoiceRequest, buildStatusRequest } from '../../../generators/builders.js';
import { flipHexDigit } from '../../../generators/variants/index.js';
import { digestInput, sha256Hex, statusDigest } from '../../../generators/signing.js';

const skipUnlessStatus = (enabled: boolean) => requireProfile(enabled, 'profile status.enabled is false');

/** A transaction the provider knows: a fresh accepted invoice. */
async function knownTransaction(api: ProviderApi): Promise<{ transaction: string; amount: number }> {
  const body = buildInvoiceRequest(api.merchant);
  expectAccepted(await api.invoice(body), 'PRO-INV-SUCCESS', 'the invoice (precondition)');
  return { transaction: body.transaction, amount: body.amount };
}

test(...rule(['PRO-STATUS-REQUEST', 'PRO-VAL-SIGNATURE'], 'a status request with a wrong signature is refused keyed signature'), async ({ api }) => {
  skipUnlessStatus(api.profile.status.enabled);
  const { transaction, amount } = await knownTransaction(api);
  const { apiKey, cryptoKey } = api.merchant;
  const digest = (parts: unknown[]) => sha256Hex(digestInput(parts));
  const right = statusDigest({ api_key: apiKey, transaction }, cryptoKey);
  const tamperings: { label: string; rule: string; signature: string }[] = [
    { label: 'one hex digit changed', rule: 'PRO-VAL-SIGNATURE', signature: flipHexDigit(right, 17, 5) },
    { label: 'last hex digit changed', rule: 'PRO-VAL-SIGNATURE', signature: flipHexDigit(right, 63, 1) },
    { label: 'the digest truncated to 63 digits', rule: 'PRO-VAL-SIGNATURE', signature: right.slice(0, 63) },
    { label: 'a digest of another transaction', rule: 'PRO-VAL-SIGNATURE', signature: statusDigest({ api_key: apiKey, transaction: randomUUID() }, cryptoKey) },
    { label: 'the invoice digest (amount included)', rule: 'PRO-STATUS-REQUEST', signature: digest([apiKey, transaction, amount, cryptoKey]) },
    { label: 'the digest without crypto_key', rule: 'PRO-STATUS-REQUEST', signature: digest([apiKey, transaction]) },
    { label: 'the digest without api_key', rule: 'PRO-STATUS-REQUEST', signature: digest([transaction, cryptoKey]) },
    { label: 'the digest without transaction', rule: 'PRO-STATUS-REQUEST', signature: digest([apiKey, cryptoKey]) },
    { label: 'the digest of the fields in another order', rule: 'PRO-STATUS-REQUEST', signature: digest([transaction, apiKey, cryptoKey]) },
    { label: 'the digest with a wrong crypto_key', rule: 'PRO-STATUS-REQUEST', signature: digest([apiKey, transaction, `${cryptoKey}x`]) },
  ];
  for (const t of tamperings)
    await test.step(t.label, async () => {
      const exchange = await api.status(buildStatusRequest(api.merchant, transaction, { signature: t.signature }));
      expectValidationBody(exchange, { rule: t.rule, status: api.profile.http.validation, breaks: ['signature'] });
    });
});

test(...rule(['PRO-VAL-SIGNATURE', 'PRO-STATUS-REQUEST'], 'a status signature in upper-case hex is accepted'), async ({ api }) => {
  skipUnlessStatus(api.profile.status.enabled);
  requireProfile(api.profile.validation.signatureCaseInsensitive, 'profile validation.signatureCaseInsensitive is false');
  const { transaction } = await knownTransaction(api);
  const body = buildStatusRequest(api.merchant, transaction);
  const exchange = await api.status({ ...body, signature: body.signature.toUpperCase() });
  expectStatus(exchange, 'PRO-VAL-SIGNATURE', api.profile.http.success, 'the upper-case digest is accepted');
});

test(...rule(['PRO-STATUS-REQUEST', 'PRO-VAL-MISSING', 'PRO-VAL-STATUS'], 'a status request without api_key, transaction or signature is refused keyed by the field'),
  async ({ api }) => {
    skipUnlessStatus(api.profile.status.enabled);
    const v = api.profile.validation;
    const absentValues: { label: string; value: unknown; when: boolean }[] = [
      { label: 'absent', value: undefined, when: true },
      { label: 'null', value: null, when: v.nullIsMissing },
      { label: 'empty string', value: '', when: v.emptyStringIsMissing },
    ];
    const required = { pattern: new RegExp(v.requiredPattern, 'i'), rule: 'PRO-VAL-MISSING' };
    for (const field of ['api_key', 'transaction', 'signature'] as const)
      for (const { label, value } of absentValues.filter((a) => a.when))
        await test.step(`${field} ${label}`, async () => {
          const { transaction } = await knownTransaction(api);
          const body: Record<string, unknown> = { ...buildStatusRequest(api.merchant, transaction) };
          if (value === undefined) delete body[field];
          else body[field] = value;
          // The digest as the provider would take it over the body as sent (a missing part is empty).
          if (field !== 'signature') body.signature = statusDigest({ api_key: body.api_key, transaction: body.transaction }, api.merchant.cryptoKey);
          const exchange = await api.status(body);
          expectValidationBody(exchange, {
            rule: 'PRO-STATUS-REQUEST',
            status: api.profile.http.validation,
            breaks: [field],
            mayAlsoReport: field === 'signature' ? [] : ['signature'],
            allFields: v.reportsAllFields,
            required,
          });
        });
    await test.step('all three absent', async () => {
      const exchange = await api.status({});
      expectValidationBody(exchange, {
        rule: 'PRO-STATUS-REQUEST',
        status: api.profile.http.validation,
        breaks: ['api_key', 'transaction', 'signature'],
        allFields: v.reportsAllFields,
        required,
      });
    });
  });

test(...rule(['PRO-VAL-TRANSACTION-UUID', 'PRO-VAL-UNKNOWN-API_KEY', 'DOC-AUTH-API_KEY', 'PRO-STATUS-REQUEST'],
  'a status request with a transaction that is not a UUID, or an unknown api_key, is refused keyed by the field'),
  async ({ api }) => {
    skipUnlessStatus(api.profile.status.enabled);
    await test.step('transaction not a UUID', async () => {
      const exchange = await api.status(buildStatusRequest(api.merchant, `not-a-uuid-${randomUUID().slice(0, 8)}`));
      expectValidationBody(exchange, { rule: 'PRO-VAL-TRANSACTION-UUID', status: api.profile.http.validation, breaks: ['transaction'], mayAlsoReport: ['signature'] });
    });
    await test.step('unknown api_key', async () => {
      const creds = { apiKey: `unknown-${randomUUID()}`, cryptoKey: api.merchant.cryptoKey };
      const exchange = await api.status(buildStatusRequest(creds, randomUUID()));
      expectValidationBody(exchange, { rule: 'PRO-VAL-UNKNOWN-API_KEY', status: api.profile.http.validation, breaks: ['api_key'], mayAlsoReport: ['signature'] });
    });
  });

test(...rule('PRO-HTTP-405', 'methods other than POST on the status path get 405'), async ({ api }) => {
  skipUnlessStatus(api.profile.status.enabled);
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
    const exchange = await api.request(method, api.profile.paths.status, method === 'GET' || method === 'DELETE' ? undefined : '{}', { 'content-type': 'application/json' });
    expectStatus(exchange, 'PRO-HTTP-405', api.profile.http.methodNotAllowed, `${method} is not allowed`);
  }
});

test(...rule('PRO-HTTP-CONTENT-TYPE', 'status answers (success, not found, validation) are application/json'), async ({ api }) => {
  skipUnlessStatus(api.profile.status.enabled);
  const { transaction } = await knownTransaction(api);
  for (const body of [buildStatusRequest(api.merchant, transaction), buildStatusRequest(api.merchant, randomUUID()), {}])
    expectJsonContentType(await api.status(body), 'PRO-HTTP-CONTENT-TYPE');
});
