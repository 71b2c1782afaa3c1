// What only the invoice answers with (Resources): deeplinks, the recipient credentials, and what only it
// accepts or refuses: merchant parameters in payload, the anti-fraud refusal.
import { buildInvoiceRequest } from '../../generators/builders.js';
import { expectAccepted, expectMessageBody } from '../harness/expect-response.js';
import { CheckFailure } from '../harness/failure.js';
import { freshInvoice } from '../harness/fresh.js';
import { forAll } from '../harness/property.js';
import type { ProviderApi } from '../harness/provider-api.js';
import type { RuleId } from '../../contracts/index.js';
import { requireProfile, type ApiCheck } from '../harness/check.js';
import { PAYMENT_OPERATIONS, sendFresh } from './operations.js';

/** What is wrong with one answer, under the check's rule unless it names another of its rules. */
interface Wrong {
  rule?: RuleId;
  expected: string;
  received: string;
}

/** A property of every generated valid invoice's answer: `wrong` says what is wrong with one, or nothing. */
function everyInvoiceAnswer(check: {
  name: string;
  title: string;
  rules: readonly [RuleId, ...RuleId[]];
  /** The rule of a failure that names none: the first of `rules` unless given. */
  rule?: RuleId;
  share?: number;
  /** The rule an invoice's refusal breaks, and how the invoice is described: PRO-INV-SUCCESS and "a valid invoice" unless given. */
  accepted?: (generated: Record<string, unknown>) => [RuleId, string];
  wrong?: (answer: Record<string, unknown>, api: ProviderApi) => Wrong | undefined;
}): ApiCheck {
  const rule = check.rule ?? check.rules[0];
  return {
    name: check.name,
    title: check.title,
    rules: check.rules,
    property: true,
    run: ({ api }) =>
      forAll(
        PAYMENT_OPERATIONS.invoice.valid(api),
        async (generated) => {
          const { exchange } = await sendFresh(api, 'invoice', generated);
          const answer = expectAccepted(exchange, ...(check.accepted?.(generated) ?? ['PRO-INV-SUCCESS', 'a valid invoice']));
          const wrong = check.wrong?.(answer, api);
          if (wrong !== undefined) throw new CheckFailure({ rule, ...wrong, exchange });
        },
        { rule, share: check.share },
      ),
  };
}

/** As many deeplinks as the profile says (three in the document's samples). */
export function deeplinkCount(): ApiCheck {
  return everyInvoiceAnswer({
    name: 'deeplinkCount()',
    title: 'the invoice response carries the profile number of deeplinks',
    rules: ['PRO-INV-DEEPLINK-COUNT'],
    share: 0.2,
    wrong: ({ deeplink }, api) => {
      const expected = api.profile.invoice.deeplinkCount;
      const count = deeplink && typeof deeplink === 'object' ? Object.keys(deeplink).length : 0;
      return count === expected ? undefined : { expected: `${expected} deeplinks`, received: `${count}: ${JSON.stringify(deeplink)}` };
    },
  });
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
  return everyInvoiceAnswer({
    name: 'deeplinkKeys()',
    title: 'every deeplink key is <BANK>_FOREIGN in upper case with an absolute URL value',
    rules: ['DOC-DEEPLINK-KEYS'],
    share: 0.2,
    wrong: ({ deeplink }) => {
      const bad = Object.entries((deeplink ?? {}) as Record<string, unknown>).find(([key, value]) => !DEEPLINK_KEY.test(key) || !isAbsoluteUrl(value));
      return bad && { expected: 'keys like SBERBANK_FOREIGN with absolute URL values', received: `${JSON.stringify(bad[0])}: ${JSON.stringify(bad[1])}` };
    },
  });
}

/** Credentials are one of the two documented shapes: {card_pan} or {phone, holder} (phone digits, no plus). */
export function credentialsShape(): ApiCheck {
  return everyInvoiceAnswer({
    name: 'credentialsShape()',
    title: 'credentials are either {card_pan} or {phone, holder} with a plus-less phone',
    rules: ['DOC-CRED-CARD', 'DOC-CRED-FPS', 'DOC-PAY-CREDENTIALS'],
    rule: 'DOC-PAY-CREDENTIALS',
    share: 0.4,
    wrong: ({ payment }) => {
      const c = ((payment as { credentials?: Record<string, unknown> } | undefined)?.credentials ?? {}) as Record<string, unknown>;
      const keys = Object.keys(c).sort().join(',');
      if (keys === 'card_pan')
        return typeof c.card_pan === 'string' && /^\d{12,19}$/.test(c.card_pan)
          ? undefined
          : { rule: 'DOC-CRED-CARD', expected: 'card_pan a string of digits', received: `card_pan ${JSON.stringify(c.card_pan)}` };
      if (keys === 'holder,phone')
        return typeof c.phone === 'string' && /^\d{10,15}$/.test(c.phone) && typeof c.holder === 'string' && c.holder.trim() !== ''
          ? undefined
          : { rule: 'DOC-CRED-FPS', expected: 'phone digits with country prefix and no plus sign, holder a non-empty name', received: JSON.stringify(c) };
      return { expected: 'credentials {card_pan} or {phone, holder}', received: JSON.stringify(c) };
    },
  });
}

/** Merchant parameters of any JSON type in payload are accepted (they come back in callbacks). */
export function payloadExtrasAccepted(): ApiCheck {
  return everyInvoiceAnswer({
    name: 'payloadExtrasAccepted()',
    title: 'extra payload.* merchant parameters of any JSON type are accepted',
    rules: ['DOC-INV-REQ-PAYLOAD-EXTRA'],
    accepted: (generated) => ['DOC-INV-REQ-PAYLOAD-EXTRA', `an invoice with payload keys ${Object.keys((generated.payload ?? {}) as object).join(', ')}`],
  });
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
