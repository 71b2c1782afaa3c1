// Findings of a passive look at answers (ZAP's passive scan rules: one header or leak a finding), judged by the
// profile's `security.findings` and `gate` (contracts/levels.ts): "fail" fails the check naming the finding's rule,
// "warn" lets it pass and records a warning for the reports, "off" leaves the finding out.
import { test } from '@playwright/test';
import type { RuleId } from '../../contracts/index.js';
import { findingLevel, ruleLevel, type FindingName } from '../../contracts/levels.js';
import { ANNOTATION, type WarningNote } from '../../contracts/run-protocol.js';
import { redactText } from '../../contracts/redaction.js';
import { requireProfile } from './check.js';
import type { Exchange } from './exchange.js';
import { CheckFailure } from './failure.js';
import type { ProviderApi } from './provider-api.js';

export type { FindingName };

export interface Finding {
  name: FindingName;
  rule: RuleId;
  /** What a provider should send, in one sentence. */
  expected: string;
  /** What it sent, and where. */
  received: string;
  exchange?: Exchange;
}

/**
 * The finding of what a look `found` (each a short account), or none when it found nothing; `where` (the answer, the
 * page) leads what it received.
 */
export function findingOf(found: readonly string[], finding: Omit<Finding, 'received'>, where?: string): Finding[] {
  if (found.length === 0) return [];
  return [{ ...finding, received: `${where === undefined ? '' : `${where}: `}${found.join('; ')}` }];
}

/** Records a warning on the running check (annotation `warning`, read by the summary reporter). */
export function warn(rule: RuleId, text: string): void {
  const note: WarningNote = { rule, text: redactText(text) };
  const description = JSON.stringify(note);
  const annotations = test.info().annotations;
  if (!annotations.some((a) => a.type === ANNOTATION.warning && a.description === description)) annotations.push({ type: ANNOTATION.warning, description });
}

/** Records a failure that only warns, in the words of its expectation and what came. */
export function warnOf(e: CheckFailure): void {
  warn(e.details.rule, `expected ${e.details.expected}; received ${e.details.received}`);
}

/** Skips the check, with the reason, when the profile turns every finding it looks for off. */
export function requireFindings(api: ProviderApi, names: readonly FindingName[]): void {
  const levels = api.profile.security.findings;
  requireProfile(
    names.some((n) => levels[n] !== 'off'),
    `profile security.findings turns ${names.join(', ')} off`,
  );
}

/** Records the findings that warn, then fails with the first that fails (the others of its rule in its text). */
export function judgeFindings(api: ProviderApi, findings: readonly Finding[]): void {
  const level = (f: Finding) => findingLevel(api.profile, f.name, f.rule);
  for (const f of findings) if (level(f) === 'warn') warn(f.rule, f.received);
  const failing = findings.filter((f) => level(f) === 'fail');
  const first = failing[0];
  if (!first) return;
  const more = failing.filter((f) => f !== first && f.rule === first.rule).map((f) => f.received);
  throw new CheckFailure(
    {
      rule: first.rule,
      expected: first.expected,
      received: [first.received, ...more.slice(0, 4)].join('; ') + (more.length > 4 ? `; and ${more.length - 4} more` : ''),
      exchange: first.exchange,
    },
    true,
  );
}

/**
 * A judgement whose failure may only warn, inside a check that goes on judging other rules: a CheckFailure naming a
 * rule the profile only warns of (contracts/levels.ts) is recorded as a warning, and `judge` counts as passed
 * (undefined); any other failure is thrown. Judgements of a rule that fails the gate need no wrapping.
 */
export async function softly<T>(api: ProviderApi, judge: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await judge();
  } catch (e) {
    if (!(e instanceof CheckFailure) || e.leveled || ruleLevel(api.profile, e.details.rule) !== 'warn') throw e;
    warnOf(e);
    return undefined;
  }
}
