// What only the invoice answers with (Resources): deeplinks, the recipient credentials, and what only it
// accepts or refuses: merchant parameters in payload, the anti-fraud refusal.
import { buildInvoiceRequest } from '../../generators/builders.js';
import { expectAccepted, expectMessageBody } from '../harness/expect-response.js';
import { CheckFailure } from '../harness/failure.js';
import { freshInvoice } from '../harness/fresh.js';
import { forAll } from '../harness/property.js';
import type { ProviderApi } from '../harness/provider-api.js';
import type { Exchange } from '../harness/exchange.js';
import type { RuleId } from '../../contracts/index.js';
import { requireProfile, type ApiCheck } from '../harness/check.js';
import { PAYMENT_OPERATIONS, sendFresh } from './operations.js';

/** Runs `judge` on every generated valid invoice's answer. */
function forEachInvoiceAnswer(
  api: ProviderApi,
  rule: RuleId,
  share: number | undefined,
  judge: (answer: Record<string, unknown>, exchange: Exchange) => void,
): Promise<void> {
  return forAll(
    PAYMENT_OPERATIONS.invoice.valid(api),
    async (generated) => {
      const { exchange } = await sendFresh(api, 'invoice', generated);
      judge(expectAccepted(exchange, 'PRO-INV-SUCCESS', 'a valid invoice'), exchange);
    },
    { rule, share },
  );
}

/** As many deeplinks as the profile says (three in the document's samples). */
export function deeplinkCount(): ApiCheck {
  return {
    name: 'deeplinkCount()',
    title: 'the invoice response carries the profile number of deeplinks',
    rules: ['PRO-INV-DEEPLINK-COUNT'],
    property: true,
    run: ({ api }) =>
      forEachInvoiceAnswer(api, 'PRO-INV-DEEPLINK-COUNT', 0.2, ({ deeplink }, exchange) => {
        const expected = api.profile.invoice.deeplinkCount;
        const count = deeplink && typeof deeplink === 'object' ? Object.keys(deeplink).length : 0;
        if (count !== expected)
          throw new CheckFailure({
            rule: 'PRO-INV-DEEPLINK-COUNT',
            expected: `${expected} deeplinks`,
            received: `${count}: ${JSON.stringify(deeplink)}`,
            exchange,
          });
      }),
  };
}

/** `<BANK>_FOREIGN`: an upper-case bank name (letters, digits, underscores between words) and the suffix. */
const DEEPLINK_KEY = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_FOREIGN$/;

function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return new URL(value).protocol.length > 0;
  } catch {
    return false;
  }
}

/** Every deeplink key is <BANK>_FOREIGN in upper case, every value an address. */
export function deeplinkKeys(): ApiCheck {
  return {
    name: 'deeplinkKeys()',
    title: 'every deeplink key is <BANK>_FOREIGN in upper case with an absolute URL value',
    rules: ['DOC-DEEPLINK-KEYS'],
    property: true,
    run: ({ api }) =>
      forEachInvoiceAnswer(api, 'DOC-DEEPLINK-KEYS', 0.2, ({ deeplink }, exchange) => {
        for (const [key, value] of Object.entries((deeplink ?? {}) as Record<string, unknown>))
          if (!DEEPLINK_KEY.test(key) || !isAbsoluteUrl(value))
            throw new CheckFailure({
              rule: 'DOC-DEEPLINK-KEYS',
              expected: 'keys like SBERBANK_FOREIGN with absolute URL values',
              received: `${JSON.stringify(key)}: ${JSON.stringify(value)}`,
              exchange,
            });
      }),
  };
}

/** Credentials are one of the two documented shapes: {card_pan} or {phone, holder} (phone digits, no plus). */
export function credentialsShape(): ApiCheck {
  return {
    name: 'credentialsShape()',
    title: 'credentials are either {card_pan} or {phone, holder} with a plus-less phone',
    rules: ['DOC-CRED-CARD', 'DOC-CRED-FPS', 'DOC-PAY-CREDENTIALS'],
    property: true,
    run: ({ api }) =>
      forEachInvoiceAnswer(api, 'DOC-PAY-CREDENTIALS', 0.4, ({ payment }, exchange) => {
        const c = ((payment as { credentials?: Record<string, unknown> } | undefined)?.credentials ?? {}) as Record<string, unknown>;
        const keys = Object.keys(c).sort().join(',');
        if (keys === 'card_pan') {
          if (typeof c.card_pan !== 'string' || !/^\d{12,19}$/.test(c.card_pan))
            throw new CheckFailure({
              rule: 'DOC-CRED-CARD',
              expected: 'card_pan a string of digits',
              received: `card_pan ${JSON.stringify(c.card_pan)}`,
              exchange,
            });
        } else if (keys === 'holder,phone') {
          if (typeof c.phone !== 'string' || !/^\d{10,15}$/.test(c.phone) || typeof c.holder !== 'string' || c.holder.trim() === '')
            throw new CheckFailure({
              rule: 'DOC-CRED-FPS',
              expected: 'phone digits with country prefix and no plus sign, holder a non-empty name',
              received: JSON.stringify(c),
              exchange,
            });
        } else {
          throw new CheckFailure({ rule: 'DOC-PAY-CREDENTIALS', expected: 'credentials {card_pan} or {phone, holder}', received: JSON.stringify(c), exchange });
        }
      }),
  };
}

/** Merchant parameters of any JSON type in payload are accepted (they come back in callbacks). */
export function payloadExtrasAccepted(): ApiCheck {
  return {
    name: 'payloadExtrasAccepted()',
    title: 'extra payload.* merchant parameters of any JSON type are accepted',
    rules: ['DOC-INV-REQ-PAYLOAD-EXTRA'],
    property: true,
    run: ({ api }) =>
      forAll(
        PAYMENT_OPERATIONS.invoice.valid(api),
        async (generated) => {
          const { exchange } = await sendFresh(api, 'invoice', generated);
          const keys = Object.keys((generated.payload ?? {}) as object).join(', ');
          expectAccepted(exchange, 'DOC-INV-REQ-PAYLOAD-EXTRA', `an invoice with payload keys ${keys}`);
        },
        { rule: 'DOC-INV-REQ-PAYLOAD-EXTRA' },
      ),
  };
}

/** An invoice from the profile's anti-fraud trigger is refused with the profile's status and a {message} body. */
export function antifraudRefused(): ApiCheck {
  return {
    name: 'antifraudRefused()',
    title: 'an invoice that trips the anti-fraud trigger is refused with a {message} body',
    rules: ['PRO-ERR-ANTIFRAUD', 'DOC-ERR-ANTIFRAUD'],
    async run({ api }) {
      const trigger = api.profile.antifraud.invoiceClientIp;
      requireProfile(trigger, 'profile antifraud.invoiceClientIp is null: no known anti-fraud trigger');
      const body = freshInvoice(buildInvoiceRequest(api.merchant, { payload: { client_id: 'antifraud-probe', client_ip: trigger } }), api.merchant);
      expectMessageBody(await api.invoice(body), 'PRO-ERR-ANTIFRAUD', api.profile.http.antifraud, 'anti-fraud refusal');
    },
  };
}
