// How the payment-page check reads a page: every way of showing the card, the phone and the amount that
// a correct provider may choose is recognised; another number is not.
import { test, expect } from '@playwright/test';
import { cardShown, phoneRecipientShown, rublesPattern } from '../../suite/checks/page-text.js';

const PAN = '2200701234569573';

test.describe('payment page text @checks', () => {
  for (const shown of [
    'Recipient: card 2200701234569573',
    'Recipient: card 220070******9573',
    'Recipient: card 2200 70** **** 9573',
    'Recipient: card 2200-7012-3456-9573',
    'Card •••• 9573',
    'Card *9573 x',
    'card ending 9573',
    'Amount 15661 2200701234569573 RUB',
  ])
    test(`the card is shown in "${shown}"`, () => expect(cardShown(shown, PAN)).toBe(true));

  for (const other of ['card 19573', 'card 220070******9574', 'card 2200701234561234', 'card 3300701234569573', 'no card at all'])
    test(`the card is not shown in "${other}"`, () => expect(cardShown(other, PAN)).toBe(false));

  test('the phone in any grouping, or the holder, shows the fast-payment-system recipient', () => {
    for (const text of ['phone 79991234567', 'phone +7 (999) 123-45-67', 'phone 8 999 123 45 67', 'Иванов Иван Иванович'])
      expect(phoneRecipientShown(text, '79991234567', 'Иванов Иван Иванович'), text).toBe(true);
    expect(phoneRecipientShown('phone 79991234560', '79991234567', 'Иванов Иван Иванович')).toBe(false);
  });

  test('the amount in rubles however it is written; kopecks read as rubles are not it', () => {
    const pattern = rublesPattern(123456);
    for (const text of ['1 234,56 ₽', '1234.56 RUB', 'RUB 1,234.56', '1\u00a0234,56 ₽', '1.234,56 руб.']) expect(pattern.test(text), text).toBe(true);
    for (const text of ['123 456,00 ₽', '1234,5 ₽', '11234.56 RUB', '1234.567']) expect(pattern.test(text), text).toBe(false);
  });
});
