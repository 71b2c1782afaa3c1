// The redaction every attachment and report passes through: no full card number survives it, whether
// the number is a string, a JSON number (a merchant's payload parameter), a key, or free text; values
// that are not card numbers stay as they were.
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { luhnPan } from '../../generators/arbitraries/luhnPan.js';
import { payloadExtras } from '../../generators/arbitraries/payloadExtras.js';
import { createHash } from 'node:crypto';
import { cardNumberRuns, luhnValid, maskPan, redactJson, redactText, registerSentCardNumbers } from '../../contracts/redaction.js';

const fullCardNumbers = (text: string): string[] => cardNumberRuns(text).map((c) => c.run);

/** A card number as a JSON number: only those up to 2^53 survive JSON, so 13..16 digits. */
const panAsNumber = luhnPan({ minLength: 13, maxLength: 16 }).map(Number).filter(Number.isSafeInteger);

/** Any JSON value with card numbers planted as strings, numbers, keys and inside text. */
const withCards: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    luhnPan(),
    panAsNumber,
    fc.tuple(fc.string(), luhnPan(), fc.string()).map(([a, pan, b]) => `${a} ${pan} ${b}`),
    payloadExtras(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), luhnPan()), tie('value'), { maxKeys: 4 }),
  ),
})).value;

test.describe('redaction @harness', () => {
  test('no Luhn-valid 13..19-digit run survives redactJson, as the attachments write it', () => {
    fc.assert(
      fc.property(withCards, (value) => {
        const written = JSON.stringify(redactJson(value), null, 2) ?? '';
        expect(fullCardNumbers(written), written).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  test('a card number sent as a JSON number is masked; an amount stays a number', () => {
    // 2^53 + 1 is written to show that a number JSON cannot hold exactly is left as the number it reads as.
    const redacted = redactJson({ amount: 10000, payload: { card: 4111111111111111, big: Number('9007199254740993') } });
    expect(redacted).toEqual({ amount: 10000, payload: { card: '411111******1111', big: 9007199254740992 } });
  });

  test('a digest whose digits happen to pass Luhn is left whole; the same digits alone are masked', () => {
    // A sha256 hex with a Luhn-valid run of 13..19 digits between hex letters (found by search, so the case is real).
    let digest = '';
    let run = '';
    for (let i = 0; !run; i++) {
      digest = createHash('sha256').update(String(i)).digest('hex');
      run = [...digest.matchAll(/(?<![0-9])[0-9]{13,19}(?![0-9])/g)].map((m) => m[0]).find(luhnValid) ?? '';
    }
    expect(redactText(`signature ${digest}`)).toBe(`signature ${digest}`);
    expect(redactText(`card ${run}`)).toBe(`card ${maskPan(run)}`);
  });

  test('the fraction of a number (a JUnit time) is no card number, even when its 16 digits pass Luhn', () => {
    const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => `525618000000000${d}`).find(luhnValid)!;
    expect(redactText(`<testcase time="2.${digits}">`)).toBe(`<testcase time="2.${digits}">`);
    expect(cardNumberRuns(`time 2.${digits}`)).toEqual([]);
    expect(redactText(`card ${digits}`)).toBe(`card ${maskPan(digits)}`);
  });

  test('a card number the suite sent is masked also where the provider glues it to other digits', () => {
    const pan = '2200000000000004';
    const gluedAnswer = `expected the sha256 of "pts-1a2b3c4d150000${pan}"`; // … amount, then recipient_pan
    expect(redactText(gluedAnswer), 'a 22-digit run is no card number by shape').toContain(pan);
    registerSentCardNumbers(JSON.stringify({ amount: 150000, recipient_pan: pan }));
    expect(redactText(gluedAnswer)).toBe(`expected the sha256 of "pts-1a2b3c4d150000${maskPan(pan)}"`);
  });

  test('free text: card numbers masked to the first 6 and last 4, shorter digit runs kept', () => {
    expect(redactText('pan 4111111111111111, amount 150000, phone 79161234567')).toBe('pan 411111******1111, amount 150000, phone 79161234567');
    expect(maskPan('2200000000000004')).toBe('220000******0004');
    expect(redactJson({ recipient_pan: '4111111111111112' })).toEqual({ recipient_pan: '411111******1112' });
  });
});
