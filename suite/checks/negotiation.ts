// Content negotiation and content coding of the JSON operations (RFC 9110 8.3, 8.4, 12.5.1, 15.5.7, 15.5.16). RFC 9110
// lets a provider refuse what it does not take (415 for another media type or a content coding, 406 for an Accept it
// cannot meet) or take it anyway; these checks accept each, and judge what each choice must not break (a defect: the
// merchant told "not done" after it was done sends it again): a refusal creates nothing, a request taken is judged as
// the JSON request is (a wrong signature still refused). What only hardening asks (no 5xx on such input, an unknown
// coding refused rather than read as plain) warns by default. The relations are spellings.ts's.
import { gzipSync } from 'node:zlib';
import type { Operation, RuleId } from '../../contracts/index.js';
import type { WireRequest } from '../../generators/variants/spellings.js';
import { step, type ApiCheck } from '../harness/check.js';
import type { Exchange } from '../harness/exchange.js';
import { expectNoServerError, expectRefused, responseOf } from '../harness/expect-response.js';
import { CheckFailure, describeResponse } from '../harness/failure.js';
import { softly } from '../harness/findings.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { article, OPERATION_NAMES, SIGNATURE_RULES, SUCCESS_RULES } from './operations.js';
import { expectNothingCreated, expectSuccess, json, requireOperation, sameAnswer, send, validRequests, wrongSignature, type Canonical } from './spellings.js';
import { eachAtOnce } from '../harness/at-once.js';

/** The JSON operations: the upload's form is PRO-UPL-MULTIPART's. */
type JsonOperation = Exclude<Operation, 'upload'>;
type Body = Record<string, unknown>;

const MEDIA_TYPE: RuleId = 'PRO-HTTP-MEDIA-TYPE';
const CODING: RuleId = 'PRO-HTTP-CONTENT-CODING';
const ACCEPT: RuleId = 'PRO-HTTP-ACCEPT';
const UNKNOWN_CODING_REFUSED: RuleId = 'PRO-HTTP-UNKNOWN-CODING-REFUSED';
const NO_SERVER_ERROR: RuleId = 'PRO-ROBUST-NO-SERVER-ERROR';

/** Other media types for the same JSON bytes; undefined: no Content-Type at all. */
const OTHER_MEDIA_TYPES = ['text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'application/xml', undefined] as const;
/** Accept values that do not take application/json. */
const ACCEPTS = ['application/xml', 'text/html', 'application/json;q=0'] as const;
/** A content coding no provider knows. */
const UNKNOWN_CODING = 'x-pts-unknown';
const MiB = 1024 * 1024;
/** What the small gzip body expands to: many times any JSON limit, a few KiB on the wire. */
const BOMB_BYTES = 16 * MiB;

const bodyOf = (c: Canonical): Body => JSON.parse(c.request.body.toString('utf8')) as Body;
const headerName = /^content-type$/i;

/** The request with Content-Type replaced (undefined: removed) and the body given. */
function asType(c: Canonical, type: string | undefined, body = c.request.body): Canonical {
  const headers = Object.fromEntries(Object.entries(c.request.headers).filter(([k]) => !headerName.test(k)));
  return { ...c, request: { ...c.request, headers: type === undefined ? headers : { ...headers, 'Content-Type': type }, body } };
}

/** The same fields as a form (nested ones as `payload[client_id]`, as PHP and Rails read them). */
function formOf(body: Body, prefix = ''): string[] {
  return Object.entries(body).flatMap(([k, v]) => {
    const name = prefix ? `${prefix}[${k}]` : k;
    if (v !== null && typeof v === 'object') return formOf(v as Body, name);
    return [`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`];
  });
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The same fields as an XML document, one element a field. */
function xmlOf(body: Body): string {
  const inner = (o: Body): string =>
    Object.entries(o)
      .map(([k, v]) => `<${k}>${v !== null && typeof v === 'object' ? inner(v as Body) : xmlText(String(v))}</${k}>`)
      .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><request>${inner(body)}</request>`;
}

/** The fields of a request written in another format, with its media type. */
const OTHER_FORMATS: readonly { name: string; type: string; write(body: Body): string }[] = [
  { name: 'a form', type: 'application/x-www-form-urlencoded', write: (b) => formOf(b).join('&') },
  { name: 'an XML document', type: 'application/xml', write: xmlOf },
];

/** The request with Content-Encoding and its body coded by `code`; `c` keeps the plain body (X-Sign is over it: sendCoded). */
function coded(c: Canonical, coding: string, code: (plain: Buffer) => Buffer = (b) => b): { c: Canonical; request: WireRequest } {
  return { c, request: { ...c.request, headers: { ...c.request.headers, 'Content-Encoding': coding }, body: code(c.request.body) } };
}

/** Sends a coded request, X-Sign over the decoded bytes; the evidence keeps the text before coding (the replay codes it). */
function sendCoded(api: ProviderApi, one: { c: Canonical; request: WireRequest }, coding?: 'gzip'): Promise<Exchange> {
  const plain = one.c.request.body;
  const headers = one.c.xSign === 'sign' ? { ...one.request.headers, 'X-Sign': api.xSignFor(plain) } : one.request.headers;
  return api.raw({ ...one.request, headers }, undefined, coding && { text: plain.toString('utf8'), coding });
}

/** A failure that carries a replay of its own (the bytes the evidence cannot show). */
async function withReplay(replay: string, judge: () => void | Promise<void>): Promise<void> {
  try {
    await judge();
  } catch (e) {
    if (e instanceof CheckFailure && e.details.replay === undefined) throw new CheckFailure({ ...e.details, replay });
    throw e;
  }
}

const isSuccess = (x: Exchange) => {
  const status = x.response?.status ?? 0;
  return status >= 200 && status <= 299;
};

/** No 5xx for an input nobody classified: a finding of hardening, which warns by default; the check goes on either way. */
const noServerError = (api: ProviderApi, exchange: Exchange, what: string) => softly(api, () => expectNoServerError(exchange, what, NO_SERVER_ERROR));

/**
 * A valid request sent another way: carried out as the JSON request itself was, or refused (any 4xx, or a 5xx, which
 * warns) with nothing created. `answerOf`: how the carried-out answer is compared (default: sameAnswer).
 */
async function expectJudgedAsJson(
  api: ProviderApi,
  op: JsonOperation,
  judged: { canonical: Exchange; c: Canonical; exchange: Exchange; what: string; rule: RuleId; differs?: (exchange: Exchange) => string | undefined },
): Promise<void> {
  const { canonical, c, exchange, what, rule } = judged;
  await noServerError(api, exchange, what);
  responseOf(exchange, rule, what);
  const expected = `${what}: refused with nothing created, or carried out as the JSON request (${describeResponse(canonical)})`;
  // A refused status request asked about a payment that exists: nothing of it to look for.
  if (!isSuccess(exchange)) return op === 'status' ? undefined : expectNothingCreated(api, c, exchange, expected, rule);
  const differs = (judged.differs ?? ((x) => sameAnswer(op, canonical, x, c)))(exchange);
  if (differs) throw new CheckFailure({ rule, expected, received: differs, exchange });
}

/** A request with a wrong signature stays refused, however it is sent: carried out, it skipped the signature's check. */
async function expectStillRefused(api: ProviderApi, op: JsonOperation, exchange: Exchange, what: string): Promise<void> {
  await noServerError(api, exchange, what);
  expectRefused(exchange, SIGNATURE_RULES[op], `${what}, as the JSON request is`);
}

/** The valid requests of the operation and the answer the first got as the suite writes it (the relations' ground). */
async function ground(api: ProviderApi, op: JsonOperation): Promise<{ make: () => Canonical; canonical: Exchange }> {
  requireOperation(api, op);
  const make = await validRequests(api, op);
  const first = make();
  const canonical = await send(api, first, first.request);
  expectSuccess(canonical, SUCCESS_RULES[op], `the ${OPERATION_NAMES[op].request} as the suite writes it (precondition)`);
  return { make, canonical };
}

/** The same request with a wrong signature (X-Sign still right over its bytes). */
const wronglySigned = (api: ProviderApi, op: JsonOperation, c: Canonical): Canonical => json(api, op, wrongSignature(bodyOf(c)), c.xSign);

/**
 * The same JSON bytes sent as text/plain, form-urlencoded, application/xml and with no Content-Type, and the same fields
 * written as a form and as XML: each refused with nothing created or judged as the JSON request; with a wrong signature
 * each refused (carried out, the failure names the signature's rule).
 */
export function otherMediaTypesJudgedAsJson(op: JsonOperation): ApiCheck {
  const name = OPERATION_NAMES[op].request;
  return {
    name: `otherMediaTypesJudgedAsJson(${op})`,
    title: `${article(name)} sent as text/plain, form-urlencoded, application/xml, without Content-Type, or written as a form or XML, is refused with nothing created or judged as the JSON ${name}: a wrong signature still refused, never a server error`,
    rules: [MEDIA_TYPE, SIGNATURE_RULES[op]],
    async run({ api }) {
      const { make, canonical } = await ground(api, op);
      await eachAtOnce(api.atOnce, OTHER_MEDIA_TYPES, (type) =>
        step(`Content-Type ${type ?? '(none)'}`, async () => {
          const what = `the JSON ${name} sent with Content-Type ${type ?? '(none)'}`;
          const c = asType(make(), type);
          await expectJudgedAsJson(api, op, { canonical, c, exchange: await send(api, c, c.request), what, rule: MEDIA_TYPE });
          const wrong = asType(wronglySigned(api, op, make()), type);
          await expectStillRefused(api, op, await send(api, wrong, wrong.request), `${what}, with a wrong signature`);
        }),
      );
      await eachAtOnce(api.atOnce, OTHER_FORMATS, (format) =>
        step(`written as ${format.name}`, async () => {
          const what = `the ${name} written as ${format.name} (${format.type})`;
          const valid = make();
          const c = asType(valid, format.type, Buffer.from(format.write(bodyOf(valid))));
          const exchange = await send(api, c, c.request);
          // Another format taken is read by another parser: its answer is not compared, only a refusal's trace.
          await expectJudgedAsJson(api, op, { canonical, c, exchange, what, rule: MEDIA_TYPE, differs: () => undefined });
          const bad = wronglySigned(api, op, make());
          const wrong = asType(bad, format.type, Buffer.from(format.write(bodyOf(bad))));
          await expectStillRefused(api, op, await send(api, wrong, wrong.request), `${what}, with a wrong signature`);
        }),
      );
    },
  };
}

/**
 * 16 MiB of JSON whitespace, gzip-coded once a worker: sixteen gzip members of 1 MiB each (RFC 1952 2.2: a gzip file is
 * a series of members, decoded one after the other), about 16 KiB, cheaper to make than one member of 16 MiB.
 */
let bomb: Buffer | undefined;
const gzipBomb = () => (bomb ??= Buffer.concat(Array<Buffer>(BOMB_BYTES / MiB).fill(gzipSync(Buffer.alloc(MiB, 0x20), { level: 9 }))));

/**
 * A gzip-coded valid request is refused with nothing created or decoded and judged as the uncoded one; a gzip-coded
 * request with a wrong signature is refused; a plain JSON body declared in a coding no one knows is refused with
 * nothing created or read as plain (RFC 9110 allows each); a small gzip body that expands to 16 MiB gets an answer.
 * Warnings (by default): a 5xx to any of them, and an unknown coding read as plain rather than refused.
 */
export function contentCodingsDecodedOrRefused(op: JsonOperation): ApiCheck {
  const name = OPERATION_NAMES[op].request;
  return {
    name: `contentCodingsDecodedOrRefused(${op})`,
    title: `${article(name)} with Content-Encoding gzip, or declared ${UNKNOWN_CODING}, is refused with nothing created or read as the plain ${name} would be (a wrong signature still refused)`,
    rules: [CODING, SIGNATURE_RULES[op], UNKNOWN_CODING_REFUSED, NO_SERVER_ERROR],
    async run({ api }) {
      const { make, canonical } = await ground(api, op);
      await step('gzip', async () => {
        const valid = coded(make(), 'gzip', (b) => gzipSync(b));
        const what = `the ${name} gzip-coded (Content-Encoding: gzip)`;
        await expectJudgedAsJson(api, op, { canonical, c: valid.c, exchange: await sendCoded(api, valid, 'gzip'), what, rule: CODING });
        const wrong = await sendCoded(
          api,
          coded(wronglySigned(api, op, make()), 'gzip', (b) => gzipSync(b)),
          'gzip',
        );
        await expectStillRefused(api, op, wrong, `${what}, with a wrong signature`);
      });
      await step(`Content-Encoding ${UNKNOWN_CODING}`, async () => {
        const one = coded(make(), UNKNOWN_CODING);
        const what = `the plain JSON ${name} declared Content-Encoding: ${UNKNOWN_CODING}, a coding it cannot know`;
        const exchange = await sendCoded(api, one);
        await expectJudgedAsJson(api, op, { canonical, c: one.c, exchange, what, rule: CODING });
        const wrong = await sendCoded(api, coded(wronglySigned(api, op, make()), UNKNOWN_CODING));
        await expectStillRefused(api, op, wrong, `${what}, with a wrong signature`);
        if (isSuccess(exchange))
          await softly(api, () => {
            throw new CheckFailure({
              rule: UNKNOWN_CODING_REFUSED,
              expected: `${what}: refused (415, RFC 9110 15.5.16), not read as if uncoded`,
              received: `carried out: ${describeResponse(exchange)}`,
              exchange,
            });
          });
      });
      await step('a gzip body expanding to 16 MiB', async () => {
        const c = make();
        const headers = { ...c.request.headers, 'Content-Encoding': 'gzip' };
        const evidence = { text: `<${BOMB_BYTES} spaces>`, coding: 'gzip' } as const;
        const exchange = await api.raw({ ...c.request, headers, body: gzipBomb() }, undefined, evidence);
        const replay = `head -c ${BOMB_BYTES} /dev/zero | tr '\\0' ' ' | gzip | curl -sS -i -X POST '${exchange.request.url}' -H 'Content-Type: application/json' -H 'Content-Encoding: gzip' --data-binary @-`;
        await withReplay(
          replay,
          async () => void (await noServerError(api, exchange, `a gzip body of ${gzipBomb().length} bytes that expands to ${BOMB_BYTES} bytes of whitespace`)),
        );
      });
    },
  };
}

/**
 * A valid request whose Accept does not take application/json (application/xml, text/html, application/json;q=0) is
 * refused (406, RFC 9110 15.5.7, or another 4xx) with nothing created, or carried out: as without Accept (RFC 9110
 * 12.5.1 lets a server disregard Accept), or in another representation it offers. With a wrong signature it is refused.
 */
export function acceptNegotiatedOrIgnored(op: JsonOperation): ApiCheck {
  const name = OPERATION_NAMES[op].request;
  return {
    name: `acceptNegotiatedOrIgnored(${op})`,
    title: `${article(name)} whose Accept is application/xml, text/html or application/json;q=0 is refused with nothing created or carried out as without Accept (a wrong signature still refused)`,
    rules: [ACCEPT, SIGNATURE_RULES[op], NO_SERVER_ERROR],
    async run({ api }) {
      const { make, canonical } = await ground(api, op);
      await eachAtOnce(api.atOnce, ACCEPTS, (accept) =>
        step(`Accept ${accept}`, async () => {
          const what = `the ${name} with Accept: ${accept}`;
          const withAccept = (c: Canonical): Canonical => ({ ...c, request: { ...c.request, headers: { ...c.request.headers, Accept: accept } } });
          const c = withAccept(make());
          const exchange = await send(api, c, c.request);
          // A representation other than JSON (the Accept honoured) is not compared; a JSON one is.
          const differs = (x: Exchange) => (x.response?.json === undefined ? undefined : sameAnswer(op, canonical, x, c));
          await expectJudgedAsJson(api, op, { canonical, c, exchange, what, rule: ACCEPT, differs });
          const wrong = withAccept(wronglySigned(api, op, make()));
          await expectStillRefused(api, op, await send(api, wrong, wrong.request), `${what}, with a wrong signature`);
        }),
      );
    },
  };
}
