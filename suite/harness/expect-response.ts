// Response assertions shared by the checks. Each one names the rule it enforces and throws a
// CheckFailure with the exchange; none of them can pass on a missing response. Where a response is
// wrong in a way another rule states (a 5xx, the validation status, the validation body's shape), the
// failure names that rule, so that a report counts each defect once, under the rule it breaks.
import { formatDiagnostics, validate, type RuleId, type SchemaName } from '../../contracts/index.js';
import type { Exchange, ReceivedResponse } from './exchange.js';
import { CheckFailure, describeResponse, ProviderUnavailable } from './failure.js';
import { ruleOf, type RuleTable } from './schema-rules.js';

/**
 * The response, or a failure naming the rule when none came in time; when the provider was unavailable (the
 * exchange says so: refused, reset, cut short, a gateway answer, also after its tries) the check is not judged.
 */
export function responseOf(exchange: Exchange, rule: RuleId, expected: string): ReceivedResponse {
  if (exchange.unavailable) throw new ProviderUnavailable(exchange);
  if (exchange.response === undefined) throw new CheckFailure({ rule, expected, received: describeResponse(exchange), exchange });
  return exchange.response;
}

/** Every exchange of a burst got an answer: one the provider was unavailable for leaves the whole burst unjudged. */
export function requireAnswers(exchanges: readonly Exchange[]): void {
  const lost = exchanges.find((x) => x.unavailable);
  if (lost) throw new ProviderUnavailable(lost);
}

export function expectStatus(exchange: Exchange, rule: RuleId, status: number, what: string): ReceivedResponse {
  const expected = `HTTP ${status} (${what})`;
  const res = responseOf(exchange, rule, expected);
  if (res.status !== status) throw new CheckFailure({ rule, expected, received: describeResponse(exchange), exchange });
  return res;
}

export function expectJson(exchange: Exchange, rule: RuleId, what: string): unknown {
  const res = responseOf(exchange, rule, `a JSON body (${what})`);
  if (res.json === undefined)
    throw new CheckFailure({
      rule,
      expected: `a JSON body (${what})`,
      received: `a body that is not JSON (${res.jsonError}): ${describeResponse(exchange)}`,
      exchange,
    });
  return res.json;
}

/**
 * The body validates against a contract schema. With a rule table, the failure names the rule of the
 * first violated field (e.g. created_at) instead of `rule`.
 */
export function expectSchema<T>(exchange: Exchange, rule: RuleId, schema: SchemaName, what: string, table?: RuleTable): T {
  const json = expectJson(exchange, rule, what);
  const { valid, errors } = validate(schema, json);
  if (!valid) {
    const named = table ? ruleOf(errors[0], table, rule) : rule;
    throw new CheckFailure({
      rule: named,
      expected: `${what} matching schema ${schema}`,
      received: `${formatDiagnostics(errors)} in ${describeResponse(exchange)}`,
      exchange,
    });
  }
  return json as T;
}

export function expectJsonContentType(exchange: Exchange, rule: RuleId): void {
  const res = responseOf(exchange, rule, 'Content-Type application/json');
  const type = res.headers['content-type'];
  if (type === undefined || !/^application\/json\s*(;|$)/i.test(type))
    throw new CheckFailure({
      rule,
      expected: 'Content-Type: application/json (a charset parameter may follow)',
      received: `Content-Type: ${type ?? '(none)'}`,
      exchange,
    });
}

/** A value with the documented "other error" shape: an object whose only key is a non-empty string `message`. */
export function expectMessageBody(exchange: Exchange, rule: RuleId, status: number, what: string): string {
  expectStatus(exchange, rule, status, what);
  const body = expectSchema<{ message: string }>(exchange, 'PRO-ERR-MESSAGE-ONLY', 'message-error', `a {message} body (${what})`);
  return body.message;
}

/** A request the provider must refuse: any 2xx breaks `rule` (the refusal is what the rule demands). */
export function expectRefused(exchange: Exchange, rule: RuleId, what: string): ReceivedResponse {
  const res = responseOf(exchange, rule, `a refusal (${what})`);
  if (res.status >= 200 && res.status <= 299) throw new CheckFailure({ rule, expected: `a refusal: ${what}`, received: describeResponse(exchange), exchange });
  return res;
}

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

/** Input of the suite's making never makes the provider fail itself. */
export function expectNoServerError(exchange: Exchange, what: string, rule: RuleId = 'PRO-ERR-SERVER'): ReceivedResponse {
  const res = responseOf(exchange, rule, `a non-5xx answer to ${what}`);
  if (res.status >= 500)
    throw new CheckFailure({
      rule,
      expected: `a 4xx or 2xx answer to ${what} (input is never a provider failure)`,
      received: describeResponse(exchange),
      exchange,
    });
  return res;
}

export interface ValidationExpectation {
  /** The rule broken when the provider accepts the request (or gives no answer). */
  rule: RuleId;
  /**
   * The rule broken when it refuses the request but not as a validation failure keyed by the broken fields
   * (another status, other keys); default: PRO-VAL-STATUS for the status, `rule` for the keys.
   */
  keysRule?: RuleId;
  /** The profile's validation status. */
  status: number;
  /** Keys that must be reported, nested fields with a dot (`payload.client_id`). */
  breaks: readonly string[];
  /** Keys a correct provider may report besides (a broken digest input also breaks the signature). */
  mayAlsoReport?: readonly string[];
  /** Each broken key's messages must contain this pattern (the profile's `required` word); a failure names `rule`. */
  required?: { pattern: RegExp; rule: RuleId };
  /** false: the provider may report only some of the broken keys (profile reportsAllFields off). */
  allFields?: boolean;
  /** The profile's separator of nested field names (default "."). */
  separator?: string;
  /** The rule of the body's shape: DOC-ERR-VALIDATION-SHAPE (stated for the invoice) unless given. */
  shapeRule?: RuleId;
}

/** A nested key written with another separator than the profile's (payload_client_id for payload.client_id). */
function otherSeparator(expected: string, got: string): boolean {
  const parts = expected.split('.');
  if (parts.length < 2 || got === expected) return false;
  const rest = got.slice(parts[0].length, got.length - parts[parts.length - 1].length);
  return got.startsWith(parts[0]) && got.endsWith(parts[parts.length - 1]) && rest.length > 0 && rest.length <= 3 && !/\w/.test(rest.replace(/_/g, ''));
}

/**
 * The documented validation body: invalid field names to arrays of strings, naming exactly the broken
 * fields. Which rule a wrong answer breaks: acceptance `rule`; a 5xx PRO-ERR-SERVER; another status
 * `keysRule` or PRO-VAL-STATUS; another body shape `shapeRule`; nested names with another separator PRO-VAL-DOT-NAMES;
 * only some of several broken fields PRO-VAL-ALL-FIELDS; other fields `keysRule`; no "required" word
 * `required.rule`.
 */
export function expectValidationBody(exchange: Exchange, e: ValidationExpectation): Record<string, string[]> {
  const sep = e.separator ?? '.';
  const named = (key: string) => key.split('.').join(sep);
  const breaks = e.breaks.map(named);
  const what = `a validation body keyed ${breaks.join(', ')}`;
  const res = expectRefused(exchange, e.rule, what);
  expectNoServerError(exchange, what);
  // A variant with a rule of its own for how it is reported (types, formats, the signature) names it; others the status rule.
  if (res.status !== e.status) expectStatus(exchange, e.keysRule ?? 'PRO-VAL-STATUS', e.status, what);
  const body = expectSchema<Record<string, string[]>>(exchange, e.shapeRule ?? 'DOC-ERR-VALIDATION-SHAPE', 'validation-error', what);
  const keys = Object.keys(body);
  const missing = breaks.filter((k) => !(k in body));
  const allowed = new Set([...breaks, ...(e.mayAlsoReport ?? []).map(named)]);
  const extra = keys.filter((k) => !allowed.has(k));
  const expected = `validation keys ${breaks.join(', ')}${e.mayAlsoReport?.length ? ` (and possibly ${e.mayAlsoReport.map(named).join(', ')})` : ''}`;
  const received = `keys ${keys.join(', ') || '(none)'}${missing.length ? `; missing ${missing.join(', ')}` : ''}${extra.length ? `; unexpected ${extra.join(', ')}` : ''}`;
  const renamed = missing.filter((k) => extra.some((x) => otherSeparator(k.split(sep).join('.'), x)));
  if (renamed.length > 0) throw new CheckFailure({ rule: 'PRO-VAL-DOT-NAMES', expected: `nested fields named ${renamed.join(', ')}`, received, exchange });
  const enough = e.allFields === false ? missing.length < breaks.length : missing.length === 0;
  if (!enough || extra.length > 0) {
    const partial = e.allFields !== false && missing.length > 0 && missing.length < breaks.length && extra.length === 0;
    throw new CheckFailure({ rule: partial ? 'PRO-VAL-ALL-FIELDS' : (e.keysRule ?? e.rule), expected, received, exchange });
  }
  if (e.required) {
    const { pattern, rule } = e.required;
    const silent = breaks.filter((k) => k in body && !body[k].some((m) => pattern.test(m)));
    if (silent.length > 0)
      throw new CheckFailure({
        rule,
        expected: `a message containing "${pattern.source}" for ${silent.join(', ')}`,
        received: silent.map((k) => `${k}: ${JSON.stringify(body[k])}`).join('; '),
        exchange,
      });
  }
  return body;
}
