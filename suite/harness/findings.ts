// Findings of a passive look at answers (ZAP's passive scan rules: one header or leak a finding), judged by the
// profile's `security.findings`: "fail" fails the check naming the finding's rule, "warn" lets it pass and
// records a warning for the reports, "off" leaves the finding out. A warning never changes a verdict.
import { test } from '@playwright/test';
import type { Profile, RuleId } from '../../contracts/index.js';
import { ANNOTATION, type WarningNote } from '../../contracts/run-protocol.js';
import { redactText } from '../../contracts/redaction.js';
import { requireProfile } from './check.js';
import type { Exchange } from './exchange.js';
import { CheckFailure } from './failure.js';
import type { ProviderApi } from './provider-api.js';

export type FindingName = keyof Profile['security']['findings'];

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

/** Skips the check, with the reason, when the profile turns every finding it looks for off. */
export function requireFindings(api: ProviderApi, names: readonly FindingName[]): void {
  const levels = api.profile.security.findings;
  requireProfile(
    names.some((n) => levels[n] !== 'off'),
    `profile security.findings turns ${names.join(', ')} off`,
  );
}

/** Records the "warn" findings, then fails with the first "fail" one (the others of its rule in its text). */
export function judgeFindings(api: ProviderApi, findings: readonly Finding[]): void {
  const levels = api.profile.security.findings;
  for (const f of findings) if (levels[f.name] === 'warn') warn(f.rule, f.received);
  const failing = findings.filter((f) => levels[f.name] === 'fail');
  const first = failing[0];
  if (!first) return;
  const more = failing.filter((f) => f !== first && f.rule === first.rule).map((f) => f.received);
  throw new CheckFailure({
    rule: first.rule,
    expected: first.expected,
    received: [first.received, ...more.slice(0, 4)].join('; ') + (more.length > 4 ? `; and ${more.length - 4} more` : ''),
    exchange: first.exchange,
  });
}
