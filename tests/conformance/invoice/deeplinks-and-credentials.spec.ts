// Deeplinks and recipient credentials of the invoice response.
import { test, rule } from '../../harness/rule.js';
import { forAll } from '../../harness/property.js';
import { CheckFailure } from '../../harness/failure.js';
import { expectAccepted, validInvoices, sendInvoice } from '../../harness/requests.js';

test(...rule('PRO-INV-DEEPLINK-COUNT', 'the invoice response carries the profile number of deeplinks'), async ({ api }) => {
  const expected = api.profile.invoice.deeplinkCount;
  await forAll(validInvoices(api), async (generated) => {
    const { exchange } = await sendInvoice(api, generated);
    const deeplink = expectAccepted(exchange, 'PRO-INV-SUCCESS', 'a valid invoice').deeplink;
    const count = deeplink && typeof deeplink === 'object' ? Object.keys(deeplink).length : 0;
    if (count !== expected)
      throw new CheckFailure({ rule: 'PRO-INV-DEEPLINK-COUNT', expected: `${expected} deeplinks`, received: `${count}: ${JSON.stringify(deeplink)}`, exchange });
  }, { rule: 'PRO-INV-DEEPLINK-COUNT', numRuns: 5 });
});

test(...rule('DOC-DEEPLINK-KEYS', 'every deeplink key is <BANK>_FOREIGN in upper case with an absolute URL value'), async ({ api }) => {
  await forAll(validInvoices(api), async (generated) => {
    const { exchange } = await sendInvoice(api, generated);
    const deeplink = expectAccepted(exchange, 'PRO-INV-SUCCESS', 'a valid invoice').deeplink as Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(deeplink ?? {})) {
      let absolute = false;
      try {
        absolute = typeof value === 'string' && new URL(value).protocol.length > 0;
      } catch {
        absolute = false;
      }
      if (!/^[A-Z][A-Z0-9]*_FOREIGN$/.test(key) || !absolute)
        throw new CheckFailure({ rule: 'DOC-DEEPLINK-KEYS', expected: 'keys like SBERBANK_FOREIGN with absolute URL values', received: `${JSON.stringify(key)}: ${JSON.stringify(value)}`, exchange });
    }
  }, { rule: 'DOC-DEEPLINK-KEYS', numRuns: 5 });
});

test(...rule(['DOC-CRED-CARD', 'DOC-CRED-FPS', 'DOC-PAY-CREDENTIALS'], 'credentials are either {card_pan} or {phone, holder} with a plus-less phone'), async ({ api }) => {
  await forAll(validInvoices(api), async (generated) => {
    const { exchange } = await sendInvoice(api, generated);
    const payment = expectAccepted(exchange, 'PRO-INV-SUCCESS', 'a valid invoice').payment as { credentials?: Record<string, unknown> } | undefined;
    const c = payment?.credentials ?? {};
    const keys = Object.keys(c).sort().join(',');
    if (keys === 'card_pan') {
      if (typeof c.card_pan !== 'string' || !/^\d{12,19}$/.test(c.card_pan))
        throw new CheckFailure({ rule: 'DOC-CRED-CARD', expected: 'card_pan a string of digits', received: `card_pan ${JSON.stringify(c.card_pan)}`, exchange });
    } else if (keys === 'holder,phone') {
      if (typeof c.phone !== 'string' || !/^\d{10,15}$/.test(c.phone) || typeof c.holder !== 'string' || c.holder.trim() === '')
        throw new CheckFailure({ rule: 'DOC-CRED-FPS', expected: 'phone digits with country prefix and no plus sign, holder a non-empty name', received: JSON.stringify(c), exchange });
    } else {
      throw new CheckFailure({ rule: 'DOC-PAY-CREDENTIALS', expected: 'credentials {card_pan} or {phone, holder}', received: JSON.stringify(c), exchange });
    }
  }, { rule: 'DOC-PAY-CREDENTIALS', numRuns: 10 });
});

test(...rule('DOC-INV-REQ-PAYLOAD-EXTRA', 'extra payload.* merchant parameters of any JSON type are accepted'), async ({ api }) => {
  await forAll(validInvoices(api), async (generated) => {
    const { exchange } = await sendInvoice(api, generated);
    expectAccepted(exchange, 'DOC-INV-REQ-PAYLOAD-EXTRA', `an invoice with payload keys ${Object.keys(generated.payload).join(', ')}`);
  }, { rule: 'DOC-INV-REQ-PAYLOAD-EXTRA' });
});
