// The gate's levels (contracts/levels.ts): what a failure does by the rule's basis, and how the profile's gate
// section and the findings' own levels change it.
import { expect, test } from '@playwright/test';
import { defaultProfile, loadProfile, ProfileError, requirements } from '../../contracts/index.js';
import { defaultLevel, findingLevel, findingRules, ruleLevel } from '../../contracts/levels.js';
import type { Profile } from '../../contracts/types.gen.js';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const withGate = (gate: Partial<Profile['gate']>, findings: Partial<Profile['security']['findings']> = {}): Profile => {
  const p = defaultProfile();
  return { ...p, gate: { ...p.gate, ...gate }, security: { findings: { ...p.security.findings, ...findings } } };
};

test('advice warns by default, every other basis fails', () => {
  for (const r of requirements) expect(ruleLevel(defaultProfile(), r.id), r.id).toBe(r.basis.source === 'advice' ? 'warn' : 'fail');
  expect(requirements.some((r) => defaultLevel(r) === 'warn')).toBe(true);
});

test('gate.advice fail raises every advice rule and every finding at warn; off stays off', () => {
  const strict = withGate({ advice: 'fail' }, { docsEndpoint: 'off' });
  for (const r of requirements) expect(ruleLevel(strict, r.id), r.id).toBe('fail');
  expect(findingLevel(strict, 'nosniff', 'PRO-SEC-CONTENT-TYPE-NOSNIFF')).toBe('fail');
  expect(findingLevel(strict, 'docsEndpoint', 'PRO-SEC-NO-EXPOSED-ENDPOINTS')).toBe('off');
});

test('gate.rules sets one rule either way, its findings too; the others keep their levels', () => {
  const p = withGate({ rules: { 'PRO-SEC-HSTS': 'fail', 'DOC-PAY-ID': 'warn' } });
  expect(ruleLevel(p, 'PRO-SEC-HSTS')).toBe('fail');
  expect(findingLevel(p, 'hsts', 'PRO-SEC-HSTS')).toBe('fail');
  expect(ruleLevel(p, 'DOC-PAY-ID')).toBe('warn');
  expect(ruleLevel(p, 'PRO-SEC-PAGE-CSP')).toBe('warn');
  expect(findingLevel(p, 'framing', 'PRO-SEC-PAGE-NO-FRAMING')).toBe('fail');
});

test('a finding that fails by default judges a rule that fails by default: no defect hides behind a warning rule', () => {
  const profile = defaultProfile();
  for (const [name, rule] of Object.entries(findingRules()))
    if (profile.security.findings[name as keyof Profile['security']['findings']] === 'fail') expect(ruleLevel(profile, rule), `${name} (${rule})`).toBe('fail');
});

test('a PROFILE whose gate.rules names no rule is refused, naming it', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'pts-gate-')), 'profile.json');
  writeFileSync(file, JSON.stringify({ gate: { rules: { 'PRO-NO-SUCH-RULE': 'fail' } } }));
  expect(() => loadProfile(file)).toThrow(ProfileError);
  expect(() => loadProfile(file)).toThrow(/PRO-NO-SUCH-RULE/);
});

/** The words a basis quotes: each part between `…` appears verbatim in its document (its Markdown code marks aside). */
function missingParts(quote: string, text: string): string[] {
  const flat = text.replace(/`/g, '').replace(/\s+/g, ' ');
  return quote
    .split('…')
    .map((p) => p.trim())
    .filter((p) => p !== '' && !flat.includes(p));
}

test('every quote of the document and of defaults.md is there, word for word, and every profile key names a key of the profile', () => {
  const spec = readFileSync(new URL('../../docs/spec/payment-transfer-service.md', import.meta.url), 'utf8');
  const defaults = readFileSync(new URL('../../docs/spec/defaults.md', import.meta.url), 'utf8');
  const profile = defaultProfile() as unknown as Record<string, unknown>;
  const problems: string[] = [];
  for (const r of requirements) {
    const { source, quote, key } = r.basis;
    if (source === 'document' || source === 'profile')
      for (const part of missingParts(quote!, source === 'document' ? spec : defaults))
        problems.push(`${r.id}: «${part}» is not in the ${source === 'document' ? 'document' : 'defaults.md'}`);
    if (key !== undefined && key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], profile) === undefined)
      problems.push(`${r.id}: profile key ${key} is not in the default profile`);
  }
  expect(problems).toEqual([]);
});
