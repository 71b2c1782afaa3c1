// Security decisions under equivalence: a value on which the provider decides something, spelled another way. What
// its standard treats as the same value gets the same decision (the anti-fraud trigger written as its IPv4-mapped
// IPv6 address is still the trigger); what is another string is refused (the merchant's api_key padded, or in
// characters Unicode normalisation folds into it, is no key the merchant was issued). Both warn by default: the
// document names one trigger and one key, and neither says how a provider must read other spellings of them.
import type { Operation, RuleId } from '../../contracts/index.js';
import { FIELD_ROLES } from '../../contracts/field-roles.js';
import type { SignedOperation } from '../../contracts/operations.js';
import { buildInvoiceRequest, buildStatusRequest } from '../../generators/builders.js';
import { statusDigest } from '../../generators/signing.js';
import { addressSpellings, apiKeySpellings } from '../../generators/variants/index.js';
import { vehicleFile } from '../../generators/vehicle-files.js';
import { eachAtOnce } from '../harness/at-once.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import type { Exchange } from '../harness/exchange.js';
import { expectNoServerError, expectRefused } from '../harness/expect-response.js';
import { softly } from '../harness/findings.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { knownTransaction } from './known-transaction.js';
import { article, OPERATION_NAMES, PAYMENT_OPERATIONS } from './operations.js';
import { requireSigned, sendSigned, signedBody } from './signed-operations.js';
import { requireOperation } from './spellings.js';

const KEY_RULE: RuleId = 'PRO-SEC-API-KEY-EXACT';
const ANTIFRAUD_RULE: RuleId = 'PRO-SEC-ANTIFRAUD-ADDRESS-FORMS';
const NAME_RULE: RuleId = 'PRO-VAL-FIELD-NAME-EXACT';
const NO_SERVER_ERROR: RuleId = 'PRO-ROBUST-NO-SERVER-ERROR';

/**
 * The requests of `op` naming the merchant by `spelled`: a signed request signed over the key as spelled and over the
 * key itself (a provider may read the field one way for the lookup and another for the digest); an upload as is.
 */
async function sendsWithKey(api: ProviderApi, op: Operation, spelled: string): Promise<Exchange[]> {
  const own = api.merchant.apiKey;
  if (op === 'upload') return [await api.upload({ api_key: spelled, file: vehicleFile() })];
  if (op === 'status') {
    const { transaction } = await knownTransaction(api);
    const overSpelled = buildStatusRequest(api.merchant, transaction, {
      api_key: spelled,
      signature: statusDigest({ api_key: spelled, transaction }, api.merchant.cryptoKey),
    });
    const overOwn = buildStatusRequest(api.merchant, transaction, {
      api_key: spelled,
      signature: statusDigest({ api_key: own, transaction }, api.merchant.cryptoKey),
    });
    return Promise.all([api.status(overSpelled), api.status(overOwn)]);
  }
  const spec = PAYMENT_OPERATIONS[op];
  return Promise.all([spec.send(api, spec.build(api, { api_key: spelled })), spec.send(api, { ...spec.build(api), api_key: spelled })]);
}

/** The merchant's api_key padded, or written in characters NFKC folds into it, is refused: no such key was issued. */
export function apiKeySpellingsRefused(op: Operation): ApiCheck {
  const name = OPERATION_NAMES[op].request;
  return {
    name: `apiKeySpellingsRefused(${op})`,
    title: `${article(name)} whose api_key is the merchant's own padded with whitespace, in fullwidth characters, or with an invisible character in it, is refused`,
    rules: [KEY_RULE, NO_SERVER_ERROR],
    async run({ api }) {
      requireOperation(api, op);
      await eachAtOnce(api.atOnce, apiKeySpellings(api.merchant.apiKey), ([label, spelled]) =>
        step(`api_key ${label}`, async () => {
          for (const exchange of await sendsWithKey(api, op, spelled)) {
            await softly(api, () => expectNoServerError(exchange, `${article(name)} with the api_key ${label}`, NO_SERVER_ERROR));
            expectRefused(exchange, KEY_RULE, `${article(name)} with the merchant's api_key ${label}: it is no key the merchant was issued`);
          }
        }),
      );
    },
  };
}

/**
 * The profile's anti-fraud trigger written another way that denotes the same address (RFC 4291: its IPv4-mapped IPv6
 * address, hex digits in upper case, zeros written out) is not carried out: refused as fraud, or refused keyed
 * payload.client_ip as a notation the provider does not take.
 */
export function antifraudTriggerSpellingsRefused(): ApiCheck {
  return {
    name: 'antifraudTriggerSpellingsRefused()',
    title:
      'an invoice whose payload.client_ip is the anti-fraud trigger written as its IPv4-mapped IPv6 address (or otherwise spelled the same address) is refused, never carried out',
    rules: [ANTIFRAUD_RULE, NO_SERVER_ERROR],
    async run({ api }) {
      const trigger = api.profile.antifraud.invoiceClientIp;
      requireProfile(trigger, 'profile antifraud.invoiceClientIp is null: no known anti-fraud trigger');
      await eachAtOnce(api.atOnce, addressSpellings(trigger), ([label, spelled]) =>
        step(`client_ip ${spelled} (${label})`, async () => {
          const base = buildInvoiceRequest(api.merchant, { payload: { client_id: 'antifraud-spelling-probe' } });
          const exchange = await api.invoice({ ...base, payload: { ...base.payload, client_ip: spelled } });
          await softly(api, () => expectNoServerError(exchange, `an invoice from ${spelled}`, NO_SERVER_ERROR));
          expectRefused(
            exchange,
            ANTIFRAUD_RULE,
            `an invoice from ${spelled}, the anti-fraud trigger ${trigger} ${label}, as fraud or keyed payload.client_ip`,
          );
        }),
      );
    },
  };
}

/** A name in other letter case: its first letter raised (`Amount`), or all of it (`API_KEY`). */
const nameSpellings = (name: string): [string, string][] =>
  [
    ['its first letter in upper case', name.charAt(0).toUpperCase() + name.slice(1)],
    ['in upper case', name.toUpperCase()],
  ].filter(([, spelled]) => spelled !== name) as [string, string][];

/**
 * Every documented field of a signed request, missing but present under its name in other letter case: refused,
 * never carried out (a request without the field). The values stay, and so does the signature over them.
 */
export function fieldNameSpellingsRefused(op: SignedOperation): ApiCheck {
  const name = OPERATION_NAMES[op].request;
  return {
    name: `fieldNameSpellingsRefused(${op})`,
    title: `${article(name)} missing a documented field but carrying it under its name in other letter case (Amount, API_KEY) is refused, never carried out`,
    rules: [NAME_RULE, NO_SERVER_ERROR],
    async run({ api }) {
      requireSigned(api, op);
      const fields = Object.keys(FIELD_ROLES[op]).filter((f) => !f.includes('.'));
      const cases = fields.flatMap((field) => nameSpellings(field).map(([how, spelled]) => ({ field, how, spelled })));
      await eachAtOnce(api.atOnce, cases, ({ field, how, spelled }) =>
        step(`${field} as ${spelled} (${how})`, async () => {
          const { [field]: value, ...rest } = await signedBody(api, op);
          const exchange = await sendSigned(api, op, { ...rest, [spelled]: value });
          await softly(api, () => expectNoServerError(exchange, `${article(name)} with ${field} named ${spelled}`, NO_SERVER_ERROR));
          expectRefused(exchange, NAME_RULE, `${article(name)} without ${field}, carrying ${spelled} instead: ${field} is missing`);
        }),
      );
    },
  };
}
