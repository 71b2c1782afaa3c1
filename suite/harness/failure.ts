// The one failure shape of the suite: which rule, what was expected, what came back, the evidence,
// and how to replay it. Checks throw it; reports read it.
import type { Exchange } from './exchange.js';
import { toCurl } from './curl.js';
import { redactText } from '../../contracts/redaction.js';
import { requirement, type RuleId } from '../../contracts/requirements.js';

interface FailureDetails {
  /** Requirement ID (contracts/requirements.json) of the broken rule. */
  rule: RuleId;
  /** What the provider should have done, in one sentence. */
  expected: string;
  /** What it did instead. */
  received: string;
  exchange?: Exchange;
  /** Extra replay material (fast-check seed and path). */
  replay?: string;
}

const MAX_SHOWN_BODY = 1500;

export class CheckFailure extends Error {
  override name = 'CheckFailure';
  /**
   * @param leveled already given its level (a finding judged by the profile's security.findings, findings.ts): the
   * runner does not judge its rule's level again.
   */
  constructor(
    readonly details: FailureDetails,
    readonly leveled = false,
  ) {
    super(formatFailure(details));
  }
}

/**
 * A mistake of the suite itself (its own connections closed under a check, say): no verdict on the provider, neither
 * a rule failed nor not judged. The check fails naming no rule, and the reports list it among the suite's errors.
 */
export class SuiteError extends Error {
  override name = 'SuiteError';
}

/** Thrown when the provider cannot be reached at all: a run-level problem, not a conformance verdict. */
export class ProviderUnreachable extends Error {
  override name = 'ProviderUnreachable';
}

/**
 * A check could not get an answer: the provider was unavailable (connections refused or reset, bodies cut short,
 * gateway answers), also after the tries allowed. No verdict: the check is reported as not judged.
 */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
  readonly exchange?: Exchange;
  /**
   * @param judged already judged by what it follows (suite/harness/unavailability.ts): sent again after a control,
   * it stayed a loss of the moment.
   */
  constructor(
    what: Exchange | string,
    readonly judged = false,
  ) {
    super(typeof what === 'string' ? redactText(what) : unavailableText(what));
    if (typeof what !== 'string') this.exchange = what;
  }
}

/**
 * What a check listens for (a callback, a request to a canary) cannot reach the suite, and global setup knows it
 * before any wait: no verdict, as for an unavailable provider, with why and which variable to set. Never judged by a
 * control: the provider is not at fault.
 */
export class OutOfReach extends ProviderUnavailable {
  override name = 'OutOfReach';
  constructor(why: string) {
    super(why, true);
  }
}

/** `POST …/invoice: connection closed before a complete response, after 3 tries (…)`, redacted. */
function unavailableText(exchange: Exchange): string {
  const what = exchange.transportError ?? (exchange.response ? `HTTP ${exchange.response.status}` : 'no response');
  const tries = 1 + (exchange.retries?.length ?? 0);
  const before = exchange.retries?.length ? ` (before: ${exchange.retries.map((r) => r.cause).join('; ')})` : '';
  return redactText(`${exchange.request.method} ${exchange.request.url}: ${what}, after ${tries} ${tries === 1 ? 'try' : 'tries'}${before}`);
}

/** A long text cut to `max` characters for a failure message, saying how long it was. */
export function clip(text: string, max = MAX_SHOWN_BODY): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

export function describeResponse(exchange: Exchange): string {
  const tries = exchange.retries?.length ? ` (after ${1 + exchange.retries.length} tries: ${exchange.retries.map((r) => r.cause).join('; ')})` : '';
  if (exchange.response === undefined) return `${exchange.transportError ?? 'no response'}${tries}`;
  const r = exchange.response;
  const type = r.headers['content-type'] ?? '(no Content-Type)';
  return `HTTP ${r.status} ${type} ${clip(r.bodyText)}${r.truncated ? ' (body cut: longer than the suite reads, not parsed)' : ''}${tries}`;
}

function formatFailure(d: FailureDetails): string {
  const lines = [`[${d.rule}] ${requirement(d.rule).title}`, `  Expected: ${d.expected}`, `  Received: ${d.received}`];
  if (d.exchange) {
    const req = d.exchange.request;
    lines.push(`  Request:  ${req.method} ${req.url} ${req.body !== undefined ? clip(req.body) : req.multipart ? '(multipart)' : ''}`);
    lines.push(`  Response: ${describeResponse(d.exchange)}`);
    lines.push(`  Replay:   ${toCurl(req)}`);
  }
  if (d.replay) lines.push(`  Replay:   ${d.replay}`);
  return redactText(lines.join('\n'));
}
