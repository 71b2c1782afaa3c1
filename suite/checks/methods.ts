// Methods other than POST on the operations' paths, beyond the profile's 405 for GET, PUT, PATCH and DELETE
// (otherMethodsRefused): RFC 9110's method semantics and ASVS 4.1.4 / 13.4.4, probed as ZAP's "insecure HTTP
// method" rule does. A valid signed request sent with OPTIONS, HEAD, an extension method or a lower-case `post` is
// never carried out; TRACE never loops the request back; every 405 names POST in Allow; CONNECT opens no tunnel.
// A connection the provider closes without an answer, on a method it refuses to parse, is a refusal (node's parser
// and others do that): judged once a control request of the same moment got an answer, else not judged.
import { randomUUID } from 'node:crypto';
import type { Operation, RuleId } from '../../contracts/index.js';
import { buildStatusRequest } from '../../generators/builders.js';
import { multipartBody } from '../../generators/variants/multipart.js';
import { vehicleFile } from '../../generators/vehicle-files.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { authorityOf, sendConnect } from '../harness/connect-request.js';
import { describedParts, type Exchange, type SentRequest } from '../harness/exchange.js';
import { responseOf } from '../harness/expect-response.js';
import { CheckFailure, describeResponse, ProviderUnavailable } from '../harness/failure.js';
import { softly } from '../harness/findings.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { OPERATION_NAMES, PAYMENT_OPERATIONS } from './operations.js';

/** The operations of the document (the status method is the profile's, with otherMethodsRefused of its own). */
type DocumentedOperation = Exclude<Operation, 'status'>;

const CARRIED_OUT: RuleId = 'PRO-SEC-ONLY-POST-CARRIED-OUT';
const NO_TRACE: RuleId = 'PRO-SEC-NO-TRACE';
const ALLOW: RuleId = 'PRO-HTTP-405-ALLOW';
const OPTIONS_ALLOW: RuleId = 'PRO-HTTP-OPTIONS-ALLOW';
const METHOD_CASE: RuleId = 'PRO-HTTP-METHOD-CASE';
const NO_TUNNEL: RuleId = 'PRO-SEC-NO-CONNECT-TUNNEL';

/** Methods that must not carry out a valid request: safe ones a router may send to the handler, an unknown token, POST misspelt. */
const NOT_POST = ['OPTIONS', 'HEAD', 'FOO', 'post'] as const;
/** Methods whose 405 is judged for Allow (the profile's four, and the three RFC 9110 defines besides). */
const REFUSED = ['GET', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;

const is2xx = (status: number) => status >= 200 && status <= 299;
/** The method tokens of an Allow value (`POST, OPTIONS`), case kept: method names are case-sensitive. */
const allowed = (value: string | undefined) => (value ?? '').split(',').map((m) => m.trim());

function requireOperation(api: ProviderApi, op: DocumentedOperation): void {
  if (op === 'account2card') PAYMENT_OPERATIONS.account2card.requireConfigured(api);
}

/** A valid request of the operation on the wire (X-Sign over its bytes), and the transaction it names. */
export interface WireRequest {
  headers: Record<string, string>;
  body: Buffer;
  transaction?: string;
  multipart?: SentRequest['multipart'];
}

export function validRequest(api: ProviderApi, op: DocumentedOperation): WireRequest {
  if (op === 'upload') {
    const parts = [
      { name: 'api_key', value: api.merchant.apiKey },
      { name: 'file', file: vehicleFile() },
    ];
    const { body, contentType } = multipartBody(parts);
    return { headers: { 'Content-Type': contentType }, body, multipart: describedParts(parts) };
  }
  const json = PAYMENT_OPERATIONS[op].build(api);
  const body = Buffer.from(JSON.stringify(json));
  const xSign: Record<string, string> = op === 'account2card' ? { 'X-Sign': api.xSignFor(body) } : {};
  return { headers: { 'Content-Type': 'application/json', ...xSign }, body, transaction: String(json.transaction) };
}

/** The connection closed (or reset) without an answer, after the client's tries. */
const closedUnanswered = (exchange: Exchange) => exchange.response === undefined && exchange.unavailable === true;

/**
 * A control of the same moment: a request of the operation the provider refuses (an empty body, no parts). Its answer
 * shows the provider was there, so the connection it closed was its refusal; none, and the check is not judged.
 */
export async function expectControlAnswered(api: ProviderApi, op: DocumentedOperation, closed: Exchange): Promise<void> {
  const control = op === 'upload' ? await api.upload({}) : await api.request('POST', api.profile.paths[op], '{}', { 'content-type': 'application/json' });
  if (control.response === undefined)
    throw new ProviderUnavailable(
      `${closed.request.method} closed without an answer, and a control request met trouble too: ${describeResponse(control)}`,
      true,
    );
}

/**
 * Whether the request sent with another method was carried out: the status method knows its transaction, or (no
 * status method) the same request with POST is then refused as a used transaction. Undefined: nothing to look up.
 */
async function carriedOutBy(api: ProviderApi, op: DocumentedOperation, req: WireRequest): Promise<{ how?: string; looked: boolean }> {
  if (req.transaction === undefined) return { looked: false };
  if (api.profile.status.enabled) {
    const status = await api.status(buildStatusRequest(api.merchant, req.transaction));
    const res = responseOf(status, CARRIED_OUT, 'the status of the transaction sent with another method');
    return { how: res.status === api.profile.http.success ? `the status method knows its transaction: ${describeResponse(status)}` : undefined, looked: true };
  }
  if (!api.profile.validation.duplicateTransactionRejected) return { looked: false };
  const again = await api.raw({ method: 'POST', path: api.profile.paths[op], headers: req.headers, body: req.body });
  const res = responseOf(again, CARRIED_OUT, 'an answer to the same request sent with POST');
  const used = res.status === api.profile.http.validation && typeof res.json === 'object' && res.json !== null && 'transaction' in res.json;
  return { how: used ? `the same request sent with POST was then refused as a used transaction: ${describeResponse(again)}` : undefined, looked: true };
}

/**
 * OPTIONS, HEAD, an extension method (FOO) and lower-case `post`, each with a valid signed request of its own
 * transaction: nothing is carried out (the status method does not know the transaction), HEAD, FOO and post are
 * refused (any 4xx or 5xx, or the connection closed), OPTIONS may answer 2xx without processing the body. A stack
 * that matches methods without regard to case (Kestrel) carries `post` out as POST: that warns by default.
 */
export function otherMethodTokensNotCarriedOut(op: DocumentedOperation): ApiCheck {
  return {
    name: `otherMethodTokensNotCarriedOut(${op})`,
    title: `a valid ${OPERATION_NAMES[op].request} sent with OPTIONS, HEAD, FOO or lower-case post is not carried out (HEAD, FOO and post are refused)`,
    rules: [CARRIED_OUT, METHOD_CASE],
    async run({ api }) {
      requireOperation(api, op);
      for (const method of NOT_POST)
        await step(method, () => {
          const rule = method === 'post' ? METHOD_CASE : CARRIED_OUT;
          return softly(api, async () => {
            const req = validRequest(api, op);
            const exchange = await api.raw({ method, path: api.profile.paths[op], headers: req.headers, body: req.body }, req.multipart);
            const expected = `a valid ${OPERATION_NAMES[op].request} sent with ${method} not carried out${method === 'OPTIONS' ? '' : ': refused (400, 405, 501, or the connection closed)'}`;
            const { how, looked } = await carriedOutBy(api, op, req);
            if (how) throw new CheckFailure({ rule, expected, received: `${describeResponse(exchange)}; ${how}`, exchange });
            if (closedUnanswered(exchange)) return looked ? undefined : expectControlAnswered(api, op, exchange);
            const res = responseOf(exchange, rule, expected);
            // OPTIONS may answer 2xx (its communication options, a CORS preflight); the other three are no method of the path.
            if (is2xx(res.status) && method !== 'OPTIONS') throw new CheckFailure({ rule, expected, received: describeResponse(exchange), exchange });
          });
        });
    },
  };
}

/** TRACE on the operation's path (a marker header sent): refused, never a 2xx, and the marker in no answer. */
export function traceRefused(op: DocumentedOperation): ApiCheck {
  return {
    name: `traceRefused(${op})`,
    title: `TRACE on the ${OPERATION_NAMES[op].label} path is refused and loops nothing back`,
    rules: [NO_TRACE],
    async run({ api }) {
      requireOperation(api, op);
      const marker = `pts-trace-${randomUUID()}`;
      const exchange = await api.request('TRACE', api.profile.paths[op], undefined, { 'X-Pts-Trace': marker });
      if (closedUnanswered(exchange)) return expectControlAnswered(api, op, exchange);
      const expected = 'TRACE refused (405, 501 or 400), the request looped back in no answer (ASVS 13.4.4)';
      const res = responseOf(exchange, NO_TRACE, expected);
      const echoed = res.bodyText.includes(marker) || Object.values(res.headers).some((v) => v.includes(marker));
      if (is2xx(res.status) || echoed)
        throw new CheckFailure({
          rule: NO_TRACE,
          expected,
          received: `${describeResponse(exchange)}${echoed ? ' (the request header X-Pts-Trace came back: X-Sign and any credential header would too)' : ''}`,
          exchange,
        });
    },
  };
}

/**
 * GET, PUT, PATCH, DELETE, HEAD, OPTIONS and TRACE on the operation's path, without a body: every 405 carries Allow
 * listing POST (RFC 9110's MUST), and an OPTIONS answer that sends Allow lists POST (a SHOULD: it warns by default).
 * Skipped when no answer was a 405 (another status is otherMethodsRefused's to judge).
 */
export function methodRefusalsListAllow(op: DocumentedOperation): ApiCheck {
  return {
    name: `methodRefusalsListAllow(${op})`,
    title: `every 405 on the ${OPERATION_NAMES[op].label} path carries Allow listing POST`,
    rules: [ALLOW, OPTIONS_ALLOW],
    async run({ api }) {
      requireOperation(api, op);
      let judged = 0;
      for (const method of REFUSED)
        await step(method, async () => {
          const exchange = await api.request(method, api.profile.paths[op]);
          if (closedUnanswered(exchange)) return; // no answer, no Allow to read
          const res = responseOf(exchange, ALLOW, `an answer to ${method}`);
          const optionsAllow = method === 'OPTIONS' && is2xx(res.status) && res.headers.allow !== undefined;
          if (res.status !== 405 && !optionsAllow) return;
          judged++;
          if (!allowed(res.headers.allow).includes('POST'))
            await softly(api, () => {
              throw new CheckFailure({
                rule: res.status === 405 ? ALLOW : OPTIONS_ALLOW,
                expected: `${res.status === 405 ? 'a 405 (RFC 9110 15.5.6)' : 'an OPTIONS answer with Allow (RFC 9110 9.3.7, 10.2.1)'} whose Allow lists POST`,
                received: `Allow: ${res.headers.allow ?? '(none)'} in ${describeResponse(exchange)}`,
                exchange,
              });
            });
        });
      requireProfile(judged > 0, `no method on the ${OPERATION_NAMES[op].label} path was answered 405: no Allow to judge`);
    },
  };
}

/** CONNECT to the provider for its own authority and for an internal host's ssh port: never a 2xx (a tunnel). */
export function connectNotTunnelled(): ApiCheck {
  return {
    name: 'connectNotTunnelled()',
    title: 'CONNECT to the provider (its own host, 127.0.0.1:22) opens no tunnel',
    rules: [NO_TUNNEL],
    async run({ api }) {
      for (const target of [authorityOf(api.baseUrl), '127.0.0.1:22'])
        await step(`CONNECT ${target}`, async () => {
          const { exchange, closedUnanswered: closed, replay } = await sendConnect(api.baseUrl, target, api.requestTimeoutMs);
          api.noteExchange(exchange);
          if (closed) return; // the connection was taken and closed: no tunnel
          const status = exchange.response?.status;
          if (status === undefined) throw new ProviderUnavailable(exchange);
          if (is2xx(status))
            throw new CheckFailure({
              rule: NO_TUNNEL,
              expected: `CONNECT ${target} refused (400, 405, 501) or the connection closed: the provider is no proxy`,
              // No exchange: its curl would not send CONNECT; the replay does (the provider as the proxy).
              received: `${exchange.response?.bodyText} to CONNECT ${target} sent to ${new URL(api.baseUrl).origin}: a tunnel through the provider`,
              replay,
            });
        });
    },
  };
}
