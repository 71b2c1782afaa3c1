// Metamorphic relations between spellings of one request (generators/variants/spellings.ts): a request spelled
// another way that HTTP and JSON make the same, or sent to another address of the operation, gets the verdict of
// the request itself. A valid one is carried out as the canonical one is, or refused outright with nothing created
// (PRO-HTTP-SAME-REQUEST); an invalid one is refused however it is spelled, and a spelling that gets it carried out
// skipped a check: the failure names the rule of that check (the signature's, the limit's, X-Sign's, api_key's).
import { randomUUID } from 'node:crypto';
import type { Operation, RuleId } from '../../contracts/index.js';
import { AMOUNT_LIMITS } from '../../generators/amounts.js';
import { buildInvoiceRequest, buildStatusRequest } from '../../generators/builders.js';
import { flipHexDigit } from '../../generators/variants/index.js';
import { MULTIPART_SPELLINGS, multipartBody, type FormPart, type MultipartSpelling } from '../../generators/variants/multipart.js';
import { spellingsOf, type WireRequest } from '../../generators/variants/spellings.js';
import { eachAtOnce } from '../harness/at-once.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { describedParts, type Exchange } from '../harness/exchange.js';
import { expectNoServerError, expectRefused, responseOf } from '../harness/expect-response.js';
import { CheckFailure, describeResponse } from '../harness/failure.js';
import { softly } from '../harness/findings.js';
import { sameJson } from '../harness/json.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { knownTransaction } from './known-transaction.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS, SUCCESS_RULES } from './operations.js';
import { vehicleFile } from '../../generators/vehicle-files.js';

type Body = Record<string, unknown>;

/** How titles list the spellings of each operation's requests. */
const JSON_SPELLED = 'key order, whitespace, header case, media type, chunked, another address';
const SPELLED: Record<Operation, string> = {
  invoice: JSON_SPELLED,
  account2card: JSON_SPELLED,
  status: JSON_SPELLED,
  upload: 'part order, part header case, header case, media type case, chunked, another address',
};
const SAME: RuleId = 'PRO-HTTP-SAME-REQUEST';
/** Header names in another letter case: RFC 9110 5.1 leaves no reading but the request's own. */
const HEADER_CASE: RuleId = 'PRO-HTTP-HEADER-NAME-CASE';
/** A 5xx to a request spelled another way: hardening, which warns by default (the spelling is what nobody classified). */
const NO_SERVER_ERROR: RuleId = 'PRO-ROBUST-NO-SERVER-ERROR';

/** One request of an operation, as sent on the wire: a JSON body (X-Sign over its bytes where due) or a form. */
export interface Canonical {
  request: WireRequest;
  /** The transaction it names, for the status lookup after a refusal (payments only). */
  transaction?: string;
  /** X-Sign of the spelled bytes: 'sign' again over them, null none, 'other' over other bytes. */
  xSign?: 'sign' | null | 'other';
  multipart?: FormPart[];
}

export const json = (api: ProviderApi, op: Operation, body: Body, xSign?: Canonical['xSign']): Canonical => ({
  request: { method: 'POST', path: api.profile.paths[op], headers: { 'Content-Type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) },
  transaction: typeof body.transaction === 'string' ? body.transaction : undefined,
  xSign,
});

export const form = (api: ProviderApi, parts: FormPart[], spelling?: MultipartSpelling): Canonical => {
  const { body, contentType } = multipartBody(parts, spelling);
  return { request: { method: 'POST', path: api.profile.paths.upload, headers: { 'Content-Type': contentType }, body }, multipart: parts };
};

/** The request as sent: X-Sign taken again over the spelled bytes, under the header name as spelled. */
export function finished(api: ProviderApi, c: Canonical, spelled: WireRequest): WireRequest {
  if (c.xSign === undefined || c.xSign === null) return spelled;
  const value = api.xSignFor(c.xSign === 'sign' ? spelled.body : Buffer.concat([spelled.body, Buffer.from(' ')]));
  const name = Object.keys(spelled.headers).find((k) => /^content-type$/i.test(k));
  const xName = name === undefined ? 'X-Sign' : name === name.toUpperCase() ? 'X-SIGN' : name === name.toLowerCase() ? 'x-sign' : 'X-Sign';
  return { ...spelled, headers: { ...spelled.headers, [xName]: value } };
}

export function send(api: ProviderApi, c: Canonical, request: WireRequest): Promise<Exchange> {
  return api.raw(finished(api, c, request), c.multipart && describedParts(c.multipart));
}

/** Every spelling of a request the operation takes: the generic ones, and for the upload its form's own. */
function spelled(api: ProviderApi, op: Operation, make: () => Canonical): { name: string; c: Canonical; request: WireRequest; neverRefused?: true }[] {
  const out: { name: string; c: Canonical; request: WireRequest; neverRefused?: true }[] = [];
  const kind = op === 'upload' ? 'multipart' : 'json';
  const names = spellingsOf(make().request, kind).map((s) => s.spelling.name);
  for (const name of names) {
    const c = make();
    const one = spellingsOf(c.request, kind).find((s) => s.spelling.name === name);
    if (one)
      out.push({ name: `${one.spelling.kind}: ${name}`, c, request: one.request, ...(one.spelling.neverRefused ? { neverRefused: true as const } : {}) });
  }
  if (op === 'upload')
    for (const s of MULTIPART_SPELLINGS) {
      const c = make();
      const again = form(api, c.multipart!, s);
      out.push({ name: `same: ${s.name}`, c: again, request: again.request });
    }
  return out;
}

export function requireOperation(api: ProviderApi, op: Operation): void {
  if (op === 'account2card') PAYMENT_OPERATIONS.account2card.requireConfigured(api);
  if (op === 'status') requireProfile(api.profile.status.enabled, 'profile status.enabled is false');
}

/** A valid request of the operation, fresh (a new transaction each), and what its accepted answer must show. */
export async function validRequests(api: ProviderApi, op: Operation): Promise<() => Canonical> {
  if (op === 'upload')
    return () =>
      form(api, [
        { name: 'api_key', value: api.merchant.apiKey },
        { name: 'file', file: vehicleFile() },
      ]);
  if (op === 'status') {
    const { transaction } = await knownTransaction(api);
    return () => json(api, op, buildStatusRequest(api.merchant, transaction) as unknown as Body);
  }
  const spec = PAYMENT_OPERATIONS[op];
  return () => json(api, op, spec.build(api), op === 'account2card' ? 'sign' : undefined);
}

const isObject = (v: unknown): v is Body => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * What two accepted answers must share: status, keys, transaction, state; credentials, id and created_at of the same
 * payment. An answer that is no JSON object (profile account2card.successBody false) is judged by its status.
 */
export function sameAnswer(op: Operation, canonical: Exchange, spelledX: Exchange, c: Canonical): string | undefined {
  const a = canonical.response!;
  const b = spelledX.response!;
  if (a.status !== b.status) return `HTTP ${b.status}, the request itself HTTP ${a.status}`;
  const [ja, jb] = [a.json, b.json];
  if (!isObject(ja)) return undefined;
  if (!isObject(jb)) return `a body that is no JSON object, the request itself ${Object.keys(ja).join(', ')}`;
  const keys = (o: Body) => Object.keys(o).sort().join(', ');
  if (keys(ja) !== keys(jb)) return `keys ${keys(jb)}, the request itself ${keys(ja)}`;
  if (c.transaction !== undefined && 'transaction' in ja && jb.transaction !== c.transaction)
    return `transaction ${JSON.stringify(jb.transaction)}, sent ${c.transaction}`;
  const pa = ja.payment as Body | undefined;
  const pb = jb.payment as Body | undefined;
  if (pa && pb) {
    if (pa.state !== pb.state) return `payment.state ${JSON.stringify(pb.state)}, the request itself ${JSON.stringify(pa.state)}`;
    const same = op === 'status' ? (['id', 'created_at', 'credentials'] as const) : op === 'account2card' ? (['credentials'] as const) : [];
    for (const f of same) if (!sameJson(pa[f], pb[f])) return `payment.${f} ${JSON.stringify(pb[f])}, the request itself ${JSON.stringify(pa[f])}`;
  }
  return undefined;
}

/** A refused payment request created nothing: the status method does not know its transaction. */
export async function expectNothingCreated(api: ProviderApi, c: Canonical, refused: Exchange, expected: string, rule: RuleId = SAME): Promise<void> {
  if (c.transaction === undefined || !api.profile.status.enabled) return;
  const status = await api.status(buildStatusRequest(api.merchant, c.transaction));
  if (responseOf(status, rule, 'the status of the refused request').status === api.profile.http.success)
    throw new CheckFailure({
      rule,
      expected,
      received: `refused (${describeResponse(refused)}), yet the status method knows its transaction ${c.transaction}: ${describeResponse(status)}`,
      exchange: refused,
    });
}

/**
 * Every spelling of a valid request (generators/variants/spellings.ts) is carried out as the request itself (the
 * same status and answer shape, its own transaction echoed, the same state and credentials), or refused outright
 * (4xx) with nothing created.
 */
export function spellingsOfValidRequestAgree(op: Operation): ApiCheck {
  return {
    name: `spellingsOfValidRequestAgree(${op})`,
    title: `${article(OPERATION_NAMES[op].request)} spelled another way (${SPELLED[op]}) is carried out as it is, or refused outright with nothing created`,
    rules: [SAME, HEADER_CASE, NO_SERVER_ERROR],
    async run({ api }) {
      requireOperation(api, op);
      const make = await validRequests(api, op);
      const first = make();
      const canonical = await send(api, first, first.request);
      const successRule = SUCCESS_RULES[op];
      expectSuccess(canonical, successRule, `the ${OPERATION_NAMES[op].request} as the suite writes it (precondition)`);
      await eachAtOnce(api.atOnce, spelled(api, op, make), ({ name, c, request, neverRefused }) =>
        step(name, async () => {
          const exchange = await send(api, c, request);
          await softly(api, () => expectNoServerError(exchange, `the ${OPERATION_NAMES[op].request} spelled another way (${name})`, NO_SERVER_ERROR));
          const res = responseOf(exchange, SAME, `an answer to the ${OPERATION_NAMES[op].request} spelled another way (${name})`);
          if (neverRefused && (res.status < 200 || res.status > 299))
            throw new CheckFailure({
              rule: HEADER_CASE,
              expected: `the ${OPERATION_NAMES[op].request} carried out as the request itself: "Field names are case-insensitive" (RFC 9110 5.1)`,
              received: describeResponse(exchange),
              exchange,
            });
          // A refused status request asked about a payment that exists: nothing of it to look for.
          if (res.status < 200 || res.status > 299)
            return op === 'status'
              ? undefined
              : expectNothingCreated(
                  api,
                  c,
                  exchange,
                  `a request spelled another way (${name}) carried out as the request itself, or refused with nothing created`,
                );
          const differs = sameAnswer(op, canonical, exchange, c);
          if (differs)
            throw new CheckFailure({
              rule: SAME,
              expected: `the answer the request itself got (${describeResponse(canonical)}), or a refusal`,
              received: differs,
              exchange,
            });
        }),
      );
    },
  };
}

/** A 2xx answer (its body is sameAnswer's to compare). */
export function expectSuccess(exchange: Exchange, rule: RuleId, what: string): void {
  const res = responseOf(exchange, rule, `a 2xx answer: ${what}`);
  if (res.status < 200 || res.status > 299) throw new CheckFailure({ rule, expected: `a 2xx answer: ${what}`, received: describeResponse(exchange), exchange });
}

const article = (w: string) => (/^[aeiou]/i.test(w) ? `an ${w}` : `a ${w}`);

interface InvalidBase {
  what: string;
  /** The rule of the check a spelling that gets it carried out skipped. */
  rule: RuleId;
  make(api: ProviderApi): Canonical;
}

export const wrongSignature = (body: Body): Body => ({ ...body, signature: flipHexDigit(String(body.signature), 7) });

/** The invalid requests of each operation whose spellings must all be refused. */
const INVALID: Record<Operation, readonly InvalidBase[]> = {
  invoice: [
    { what: 'a wrong signature', rule: 'DOC-AUTH-INV-DIGEST', make: (api) => json(api, 'invoice', wrongSignature(PAYMENT_OPERATIONS.invoice.build(api))) },
    {
      what: 'an amount over the limit, signed',
      rule: 'DOC-LIMIT-INV-AMOUNT',
      make: (api) => json(api, 'invoice', PAYMENT_OPERATIONS.invoice.build(api, { amount: AMOUNT_LIMITS.invoice.max + 1 })),
    },
    { what: 'an unknown api_key', rule: 'DOC-AUTH-API_KEY', make: (api) => json(api, 'invoice', unknownKey(api, 'invoice')) },
  ],
  account2card: [
    {
      what: 'a wrong signature',
      rule: 'DOC-AUTH-A2C-DIGEST',
      make: (api) => json(api, 'account2card', wrongSignature(PAYMENT_OPERATIONS.account2card.build(api)), 'sign'),
    },
    { what: 'no X-Sign', rule: 'DOC-AUTH-A2C-XSIGN', make: (api) => json(api, 'account2card', PAYMENT_OPERATIONS.account2card.build(api), null) },
    {
      what: 'an X-Sign of other bytes',
      rule: 'DOC-AUTH-A2C-XSIGN',
      make: (api) => json(api, 'account2card', PAYMENT_OPERATIONS.account2card.build(api), 'other'),
    },
    {
      what: 'an amount over the limit, signed',
      rule: 'DOC-LIMIT-A2C-AMOUNT',
      make: (api) => json(api, 'account2card', PAYMENT_OPERATIONS.account2card.build(api, { amount: AMOUNT_LIMITS.account2card.max + 1 }), 'sign'),
    },
  ],
  status: [
    // The transaction is the canonical check's known one at run time; a fresh unknown one here would be refused anyway.
    {
      what: 'a wrong signature',
      rule: 'PRO-STATUS-REQUEST',
      make: (api) => json(api, 'status', wrongSignature(buildStatusRequest(api.merchant, KNOWN.get(api)!) as unknown as Body)),
    },
    { what: 'an unknown api_key', rule: 'DOC-AUTH-API_KEY', make: (api) => json(api, 'status', unknownKey(api, 'status')) },
  ],
  upload: [
    {
      what: 'an unknown api_key',
      rule: 'DOC-AUTH-API_KEY',
      make: (api) =>
        form(api, [
          { name: 'api_key', value: `unknown-${randomUUID()}` },
          { name: 'file', file: vehicleFile() },
        ]),
    },
  ],
};

/** The known transaction the status bases ask about, per provider API. */
const KNOWN = new WeakMap<ProviderApi, string>();

/** A body signed with the merchant's crypto_key under an api_key the provider never issued. */
function unknownKey(api: ProviderApi, op: 'invoice' | 'status'): Body {
  const merchant = { ...api.merchant, apiKey: `unknown-${randomUUID()}` };
  if (op === 'status') return buildStatusRequest(merchant, KNOWN.get(api)!) as unknown as Body;
  return buildInvoiceRequest(merchant) as unknown as Body;
}

/**
 * Every spelling of an invalid request (a wrong signature or X-Sign, an amount over the limit, an unknown api_key)
 * is refused, as the request itself is: a spelling that gets it carried out skipped the check it failed, and the
 * failure names that check's rule.
 */
export function spellingsOfInvalidRequestRefused(op: Operation): ApiCheck {
  const bases = INVALID[op];
  return {
    name: `spellingsOfInvalidRequestRefused(${op})`,
    title: `${article(OPERATION_NAMES[op].request)} with ${bases.map((b) => b.what).join('; or ')} is refused however it is spelled (${SPELLED[op]})`,
    rules: [...new Set([...bases.map((b) => b.rule), NO_SERVER_ERROR])] as [RuleId, ...RuleId[]],
    async run({ api }) {
      requireOperation(api, op);
      if (op === 'status') KNOWN.set(api, (await knownTransaction(api)).transaction);
      for (const base of bases)
        await step(base.what, async () => {
          const c = base.make(api);
          const itself = await send(api, c, c.request);
          expectRefused(itself, base.rule, `the ${OPERATION_NAMES[op].request} with ${base.what}, as the suite writes it`);
          await eachAtOnce(
            api.atOnce,
            spelled(api, op, () => base.make(api)),
            async ({ name, c: one, request }) => {
              const exchange = await send(api, one, request);
              expectRefused(
                exchange,
                base.rule,
                `the ${OPERATION_NAMES[op].request} with ${base.what}, spelled another way (${name}), as the request itself was`,
              );
              await softly(api, () =>
                expectNoServerError(exchange, `the ${OPERATION_NAMES[op].request} with ${base.what}, spelled another way (${name})`, NO_SERVER_ERROR),
              );
            },
          );
        });
    },
  };
}
