// Requests in the shape old clients give them: HTTP/1.0 (load balancers' health checks, curl -0, embedded clients).
// An HTTP/1.0 client knows no chunked coding: RFC 9112 6.1 forbids the server to send Transfer-Encoding to it. The
// request is the operation's valid one, sent on a bare connection; it is carried out as the request itself, or
// refused with nothing created (505 included).
import type { Operation, RuleId } from '../../contracts/index.js';
import type { ApiCheck } from '../harness/check.js';
import { expectNoServerError, responseOf } from '../harness/expect-response.js';
import { CheckFailure, ProviderUnavailable } from '../harness/failure.js';
import { softly } from '../harness/findings.js';
import { sendBytes } from '../harness/raw-exchange.js';
import { article, OPERATION_NAMES } from './operations.js';
import { bareExchange } from './bare-exchange.js';
import { expectNothingCreated, finished, requireOperation, validRequests } from './spellings.js';

const RULE: RuleId = 'PRO-HTTP-10-NO-TRANSFER-CODING';
const SAME: RuleId = 'PRO-HTTP-SAME-REQUEST';
const NO_SERVER_ERROR: RuleId = 'PRO-ROBUST-NO-SERVER-ERROR';

/** The operation's valid request as HTTP/1.0 is answered without Transfer-Encoding, and carried out or refused with nothing created. */
export function http10RequestAnswered(op: Operation): ApiCheck {
  const name = OPERATION_NAMES[op].request;
  return {
    name: `http10RequestAnswered(${op})`,
    title: `${article(name)} sent as HTTP/1.0 is answered without Transfer-Encoding, and carried out or refused with nothing created`,
    rules: [RULE, SAME, NO_SERVER_ERROR],
    async run({ api }) {
      requireOperation(api, op);
      const c = (await validRequests(api, op))();
      const wire = finished(api, c, c.request);
      const url = new URL(api.baseUrl);
      const headers = { Host: url.host, ...wire.headers, 'Content-Length': String(wire.body.length) };
      const head = [`POST ${url.pathname.replace(/\/$/, '')}${wire.path} HTTP/1.0`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join(
        '\r\n',
      );
      const outcome = await sendBytes(api.baseUrl, Buffer.concat([Buffer.from(head, 'latin1'), wire.body]), { timeoutMs: api.requestTimeoutMs });
      const answer = outcome.answers[0];
      if (!outcome.connected || answer === undefined)
        throw new ProviderUnavailable(`${article(name)} as HTTP/1.0 on a bare connection to ${api.baseUrl}: ${outcome.ended}`);
      const exchange = bareExchange(api, c, { headers, body: wire.body }, answer, outcome.ms, outcome.ended);
      if (answer.headers['transfer-encoding'] !== undefined)
        throw new CheckFailure({
          rule: RULE,
          expected: `the answer to ${article(name)} of HTTP/1.0 without Transfer-Encoding (RFC 9112 6.1: the server MUST NOT send it to a request below HTTP/1.1)`,
          received: `Transfer-Encoding: ${answer.headers['transfer-encoding']} (HTTP ${answer.status}): an HTTP/1.0 client reads the chunk sizes as the body`,
          exchange,
          replay: `curl -0 … (the request below)`,
        });
      const res = responseOf(exchange, SAME, `an answer to ${article(name)} of HTTP/1.0`);
      if (res.status !== 505) await softly(api, () => expectNoServerError(exchange, `${article(name)} of HTTP/1.0`, NO_SERVER_ERROR));
      if (res.status >= 400)
        await expectNothingCreated(api, c, exchange, `${article(name)} of HTTP/1.0 carried out as the request itself, or refused with nothing created`);
    },
  };
}
