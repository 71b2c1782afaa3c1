// The send-and-expect-acceptance step the positive checks share.
import type { RuleId } from '../../contracts/index.js';
import type { Exchange } from './exchange.js';
import { CheckFailure, describeResponse } from './failure.js';
import { expectJson, responseOf } from './expect-response.js';

/** A 2xx JSON object answer, the ground the response-shape checks stand on; anything else names `rule`. */
export function expectAccepted(exchange: Exchange, rule: RuleId, what: string): Record<string, unknown> {
  const res = responseOf(exchange, rule, `a 2xx answer accepting ${what}`);
  if (res.status < 200 || res.status > 299)
    throw new CheckFailure({ rule, expected: `a 2xx answer accepting ${what}`, received: describeResponse(exchange), exchange });
  const json = expectJson(exchange, rule, what);
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new CheckFailure({ rule, expected: `a JSON object accepting ${what}`, received: describeResponse(exchange), exchange });
  return json as Record<string, unknown>;
}
