// A request of an operation sent on a bare connection (an expectation, another HTTP version), as the evidence shows
// it: the request with the header fields it went with, and the answer read back, or why none came.
import { describedParts, type Exchange } from '../harness/exchange.js';
import type { ProviderApi } from '../harness/provider-api.js';
import type { RawAnswer } from '../harness/raw-answers.js';
import { parseJson } from '../harness/transport-pool.js';
import type { Canonical } from './spellings.js';

export function bareExchange(
  api: ProviderApi,
  c: Canonical,
  sent: { headers: Record<string, string>; body: Buffer },
  answer: RawAnswer | undefined,
  ms: number,
  ended: string,
): Exchange {
  return {
    request: {
      method: 'POST',
      url: api.baseUrl + c.request.path,
      headers: sent.headers,
      ...(c.multipart ? { multipart: describedParts(c.multipart) } : { body: sent.body.toString('utf8') }),
    },
    ...(answer
      ? { response: { status: answer.status, headers: answer.headers, bodyText: answer.body, truncated: false, ...parseJson(answer.body, false) } }
      : { transportError: ended }),
    ms,
    rateLimitedRetries: 0,
  };
}
