// Requests in the shape real clients give them: a body announced with `Expect: 100-continue` (curl for large and
// multipart bodies, .NET, Java's HttpClient) and held back until the provider says 100 Continue. RFC 9110 10.1.1
// makes the origin server answer at once, 100 or a final status; one that waits for the body leaves such a client
// waiting (curl gives up after a second, others only at their timeout). Waited for as long as REQUEST_TIMEOUT says.
import type { Operation, RuleId } from '../../contracts/index.js';
import type { ApiCheck } from '../harness/check.js';
import { sendExpectingContinue } from '../harness/expect-continue.js';
import { expectNoServerError, responseOf } from '../harness/expect-response.js';
import { CheckFailure, ProviderUnavailable } from '../harness/failure.js';
import { softly } from '../harness/findings.js';
import { article, OPERATION_NAMES } from './operations.js';
import { bareExchange } from './bare-exchange.js';
import { expectNothingCreated, finished, requireOperation, validRequests } from './spellings.js';

const RULE: RuleId = 'PRO-HTTP-EXPECT-CONTINUE';
const SAME: RuleId = 'PRO-HTTP-SAME-REQUEST';
const NO_SERVER_ERROR: RuleId = 'PRO-ROBUST-NO-SERVER-ERROR';

/**
 * A valid request of the operation whose head says `Expect: 100-continue` gets 100 Continue or a final answer before
 * its body is sent; the body sent after the 100 is carried out as the request itself, or refused with nothing created.
 */
export function expectContinueAnswered(op: Operation): ApiCheck {
  const name = OPERATION_NAMES[op].request;
  return {
    name: `expectContinueAnswered(${op})`,
    title: `${article(name)} whose head carries Expect: 100-continue gets 100 Continue or a final answer before its body is sent, and with the body is carried out or refused with nothing created`,
    rules: [RULE, SAME, NO_SERVER_ERROR],
    async run({ api }) {
      requireOperation(api, op);
      const c = (await validRequests(api, op))();
      const wire = finished(api, c, c.request);
      const path = new URL(api.baseUrl).pathname.replace(/\/$/, '') + wire.path;
      const waitMs = api.requestTimeoutMs;
      const outcome = await sendExpectingContinue(api.baseUrl, { path, headers: wire.headers, body: wire.body }, waitMs, api.requestTimeoutMs);
      const exchange = bareExchange(
        api,
        c,
        { headers: { ...wire.headers, Expect: '100-continue' }, body: wire.body },
        outcome.final,
        outcome.firstMs,
        outcome.ended,
      );
      if (!outcome.connected) throw new ProviderUnavailable(`a bare connection to ${api.baseUrl}: ${outcome.ended}`);
      // Nothing before the body, and nothing after it either: no verdict on the expectation.
      if (outcome.final === undefined) throw new ProviderUnavailable(exchange);
      if (outcome.first === 'nothing')
        throw new CheckFailure({
          rule: RULE,
          expected: `100 Continue or a final answer to the head of ${article(name)} with Expect: 100-continue, at once (RFC 9110 10.1.1: the origin server MUST send either)`,
          received: `neither in ${waitMs / 1000} s; the body, sent then without them, was answered HTTP ${outcome.final.status}: the provider waited for a body the client held back`,
          exchange,
          replay: `curl --expect100-timeout ${waitMs / 1000} -H 'Expect: 100-continue' … (the request below): curl waits that long for the 100 before it sends the body`,
        });
      if (outcome.first === 'final') return; // refused or answered on the head alone: what the RFC allows
      const res = responseOf(exchange, SAME, `an answer to ${article(name)} sent after 100 Continue`);
      await softly(api, () => expectNoServerError(exchange, `${article(name)} sent after 100 Continue`, NO_SERVER_ERROR));
      if (res.status >= 400 && res.status < 500)
        await expectNothingCreated(
          api,
          c,
          exchange,
          `${article(name)} sent after 100 Continue carried out as the request itself, or refused with nothing created`,
        );
    },
  };
}
