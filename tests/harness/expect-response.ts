// Response assertions shared by the checks. Each one names the rule it enforces and throws a
// CheckFailure with the exchange; none of them can pass on a missing response.
import { validate, type SchemaName } from '../../contracts/index.js';
import type { Exchange, ReceivedResponse } from './exchange.js';
import { CheckFailure, describeResponse } from './failure.js';
import { ruleOf, violationPath, type RuleTable } from './schema-rules.js';

/** The response, or a failure naming the rule when none came. */
export function responseOf(exchange: Exchange, rule: string, expected: string): ReceivedResponse {
  if (exchange.response === undefined)
    throw new CheckFailure({ rule, expected, received: exchange.transportError ?? 'no response', exchange });
  return exchange.response;
}

export function expectStatus(exchange: Exchange, rule: string, status: number, what: string): ReceivedResponse {
  const expected = `HTTP ${status} (${what})`;
  const res = responseOf(exchange, rule, expected);
  if (res.status !== status) throw new CheckFailure({ rule, expected, received: describeResponse(exchange), exchange });
  return res;
}

export function expectJson(exchange: Exchange, rule: string, what: string): unknown {
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
export function expectSchema<T>(exchange: Exchange, rule: string, schema: SchemaName, what: string, table?: RuleTable): T {
  const json = expectJson(exchange, rule, what);
  const { valid, errors } = validate(schema, json);
  if (!valid) {
    const list = errors.map((e) => `${violationPath(e) || '/'} ${e.message}`).join('; ');
    const named = table ? ruleOf(errors[0], table, rule) : rule;
    throw new CheckFailure({ rule: named, expected: `${what} matching schema ${schema}`, received: `${list} in ${describeResponse(exchange)}`, exchange });
  }
  return json as T;
}

export function expectJsonContentType(exchange: Exchange, rule: string): void {
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
export function expectMessageBody(exchange: Exchange, rule: string, status: number, what: string): string {
  expectStatus(exchange, rule, status, what);
  const body = expectSchema<{ message: string }>(exchange, rule, 'message-error', `a {message} body (${what})`);
  return body.message;
}

export interface ValidationExpectation {
  rule: string;
  status: number;
  /** Keys that must be reported. */
  breaks: readonly string[];
  /** Keys a correct provider may report besides (a broken digest input also breaks the signature). */
  mayAlsoReport?: readonly string[];
  /** Each broken key's messages must contain this pattern (the profile's `required` word); a failure names `rule`. */
  required?: { pattern: RegExp; rule: string };
  /** false: the provider may report only some of the broken keys (profile reportsAllFields off). */
  allFields?: boolean;
}

/** The documented validation body: invalid field names to arrays of strings, naming exactly the broken fields. */
export function expectValidationBody(exchange: Exchange, e: ValidationExpectation): Record<string, string[]> {
  const what = `a validation body keyed ${e.breaks.join(', ')}`;
  expectStatus(exchange, e.rule, e.status, what);
  const body = expectSchema<Record<string, string[]>>(exchange, e.rule, 'validation-error', what);
  const keys = Object.keys(body);
  const missing = e.breaks.filter((k) => !(k in body));
  const allowed = new Set([...e.breaks, ...(e.mayAlsoReport ?? [])]);
  const extra = keys.filter((k) => !allowed.has(k));
  const enough = e.allFields === false ? missing.length < e.breaks.length : missing.length === 0;
  if (!enough || extra.length > 0)
    throw new CheckFailure({
      rule: e.rule,
      expected: `validation keys ${[...e.breaks].join(', ')}${e.mayAlsoReport?.length ? ` (and possibly ${e.mayAlsoReport.join(', ')})` : ''}`,
      received: `keys ${keys.join(', ') || '(none)'}${missing.length ? `; missing ${missing.join(', ')}` : ''}${extra.length ? `; unexpected ${extra.join(', ')}` : ''}`,
      exchange,
    });
  if (e.required) {
    const { pattern, rule } = e.required;
    const silent = e.breaks.filter((k) => k in body && !body[k].some((m) => pattern.test(m)));
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
