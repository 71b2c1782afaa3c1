// What error answers reveal (ASVS 5.0 16.5.1; API8:2023 Security Misconfiguration; API2:2023 Broken
// Authentication). Every kind of refusal of a signed operation (validation, malformed, wrong method, the
// operation's own: anti-fraud, X-Sign, unknown transaction) and the inputs that make careless code throw
// (wrong types everywhere, quotes in the keys a database looks up, deep nesting, XML with an external entity)
// are judged by what they say, never by their wording: a message may say more than the profile's, but no
// stack trace, server path, exception class, database text, system file or secret, and a refused signature
// never tells the one expected.
import { randomBytes, randomUUID } from 'node:crypto';
import type { RuleId } from '../../contracts/index.js';
import type { SignedOperation } from '../../contracts/operations.js';
import { buildStatusRequest } from '../../generators/builders.js';
import { DIGEST_FIELDS, digestAsSent } from '../../generators/variants/index.js';
import { responseOf } from '../harness/expect-response.js';
import type { Exchange } from '../harness/exchange.js';
import { CheckFailure } from '../harness/failure.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { step, type ApiCheck } from '../harness/check.js';
import { findDisclosure, stringsOf } from './disclosure-patterns.js';
import { article } from './operations.js';
import { pathOf, requireSigned, sendSigned, signedBody, signedLabel, type Body } from './signed-operations.js';
import { eachAtOnce } from '../harness/at-once.js';

const LEAK_RULE: RuleId = 'PRO-SEC-ERROR-NO-INTERNALS';
const ORACLE_RULE: RuleId = 'PRO-SEC-SIGNATURE-NO-ORACLE';
const KEY_RULE: RuleId = 'DOC-AUTH-CRYPTO_KEY-SECRET';

/** A value of the wrong type for every field of the operation: careless deserialisers throw on them. */
const WRONG_TYPES: Record<SignedOperation, Body> = {
  invoice: { api_key: ['x'], transaction: {}, signature: 42, amount: 'ten', description: false, return_url: 7, payload: 'client_id=1' },
  account2card: { api_key: ['x'], transaction: {}, signature: 42, amount: 'ten', payer_fio: [], payer_phone: {}, recipient_pan: 4111111111111111 },
  status: { api_key: ['x'], transaction: {}, signature: 42 },
};

/** An XML body whose external entity a resolving parser reads from the server's disk (ASVS 5.0 1.5.1). */
const XXE = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r><api_key>&x;</api_key></r>';

interface Probe {
  label: string;
  send(): Promise<Exchange>;
}

/** The refusals and the throwing inputs of one operation, each sent from a fresh body. */
function probes(api: ProviderApi, op: SignedOperation): Probe[] {
  const path = pathOf(api, op);
  const withFields = (fields: Body) => async () => sendSigned(api, op, { ...(await signedBody(api, op)), ...fields });
  const list: Probe[] = [
    { label: 'a body that is not valid JSON', send: () => sendSigned(api, op, undefined, { rawBody: '{"amount": 1, "description": "' }) },
    { label: 'every field of the wrong type', send: () => sendSigned(api, op, WRONG_TYPES[op]) },
    {
      label: 'quotes and SQL in api_key and transaction',
      send: withFields({ api_key: `x' OR '1'='1`, transaction: `00000000-0000-4000-8000-000000000000'--"` }),
    },
    {
      label: 'a body nested 10 000 levels deep',
      send: () => sendSigned(api, op, undefined, { rawBody: `{"api_key":${'['.repeat(10_000)}${']'.repeat(10_000)}}` }),
    },
    { label: 'GET on the path', send: () => api.request('GET', path) },
    { label: 'an XML body with an external entity', send: () => api.request('POST', path, XXE, { 'content-type': 'application/xml' }) },
    { label: 'an unknown path under the operation', send: () => api.request('POST', `${path}/%00%27%22`, '{}', { 'content-type': 'application/json' }) },
  ];
  if (op === 'account2card')
    list.push({ label: 'a garbage X-Sign', send: async () => api.account2card(await signedBody(api, op), { xSign: 'not-a-signature!' }) });
  if (op === 'status') list.push({ label: 'an unknown transaction', send: () => api.status(buildStatusRequest(api.merchant, randomUUID())) });
  const trigger = api.profile.antifraud.invoiceClientIp;
  if (op === 'invoice' && trigger)
    list.push({
      label: 'an anti-fraud refusal',
      send: async () => {
        const body = await signedBody(api, op);
        return sendSigned(api, op, { ...body, payload: { ...(body.payload as Body), client_ip: trigger } });
      },
    });
  return list;
}

/** Every string the request carried (its path, its body's strings or text): what an answer may echo. */
function sentStrings(exchange: Exchange): string[] {
  const { url, body } = exchange.request;
  let parsed: unknown;
  try {
    parsed = body === undefined ? undefined : JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const path = new URL(url).pathname;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a path the suite sent percent-encoded on purpose stays as written
  }
  return [path, decoded, ...(parsed === undefined ? (body === undefined ? [] : [body]) : stringsOf(parsed))];
}

/** The answer carries neither the crypto key (headers or body) nor, once echoes are set aside, any internals. */
function expectNothingRevealed(api: ProviderApi, exchange: Exchange, label: string): void {
  const res = responseOf(exchange, LEAK_RULE, `an answer to ${label}`);
  if (`${JSON.stringify(res.headers)}\n${res.bodyText}`.includes(api.merchant.cryptoKey))
    throw new CheckFailure({
      rule: KEY_RULE,
      expected: `no trace of crypto_key in the answer to ${label}`,
      received: 'the crypto key in the answer (shown redacted)',
      exchange,
    });
  const said = res.json === undefined ? res.bodyText : stringsOf(res.json).join('\n');
  const found = findDisclosure(said, sentStrings(exchange));
  if (found)
    throw new CheckFailure({
      rule: LEAK_RULE,
      expected: `the answer to ${label} reveals no internals (stack traces, server paths, exception classes, database text, system files)`,
      received: `${found.what}: …${found.excerpt}…`,
      exchange,
    });
}

/** Every kind of refusal of the operation, and inputs that make careless code throw, reveal no internals and no crypto key. */
export function errorAnswersRevealNothing(op: SignedOperation): ApiCheck {
  return {
    name: `errorAnswersRevealNothing(${op})`,
    title: `no ${signedLabel(op)} error answer (malformed, wrong types, quotes, deep nesting, wrong method, XML entity, unknown path, the operation's own refusals) reveals a stack trace, server path, exception class, database text or the crypto key`,
    rules: [LEAK_RULE, KEY_RULE],
    async run({ api }) {
      requireSigned(api, op);
      await eachAtOnce(api.atOnce, probes(api, op), (p) => step(p.label, async () => expectNothingRevealed(api, await p.send(), p.label)));
    },
  };
}

/** The signature the provider expects for a body, in the forms an answer could write it. */
function expectedForms(op: SignedOperation, body: Body, cryptoKey: string): string[] {
  const hex = digestAsSent(op, body, cryptoKey);
  const bytes = Buffer.from(hex, 'hex');
  return [hex, hex.toUpperCase(), bytes.toString('base64'), bytes.toString('base64url')];
}

/** A request refused for its signature (random digits, absent, over another value): the answer never tells the expected one. */
export function refusedSignatureNotDisclosed(op: SignedOperation): ApiCheck {
  return {
    name: `refusedSignatureNotDisclosed(${op})`,
    title: `the answer to ${article(signedLabel(op))} request with a wrong or missing signature never tells the signature expected`,
    rules: [ORACLE_RULE],
    async run({ api }) {
      requireSigned(api, op);
      const changed = DIGEST_FIELDS[op].includes('amount') ? 'amount' : 'transaction';
      const wrongs: [string, (body: Body) => Body][] = [
        ['64 random hex digits', (b) => ({ ...b, signature: randomBytes(32).toString('hex') })],
        ['no signature', ({ signature: _signature, ...rest }) => rest],
        [`the signature of another ${changed}`, (b) => ({ ...b, [changed]: changed === 'amount' ? Number(b.amount) + 1 : randomUUID() })],
      ];
      await eachAtOnce(api.atOnce, wrongs, ([label, wrong]) =>
        step(label, async () => {
          const body = wrong(await signedBody(api, op));
          const exchange = await sendSigned(api, op, body);
          const res = responseOf(exchange, ORACLE_RULE, `an answer to a request with ${label}`);
          const text = `${JSON.stringify(res.headers)}\n${res.bodyText}`;
          if (expectedForms(op, body, api.merchant.cryptoKey).some((form) => text.includes(form)))
            throw new CheckFailure({
              rule: ORACLE_RULE,
              expected: `the answer to a request with ${label} does not tell the signature expected for it`,
              received: 'the expected signature in the answer: whoever holds api_key can have any request signed by asking',
              exchange,
            });
        }),
      );
    },
  };
}
