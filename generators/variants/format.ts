/**
 * Values of the right type in the wrong format (default profile rules): transaction not a
 * UUID, return_url not an absolute http(s) URL, payload not an object, client_ip not an IP
 * address, recipient_pan not 13..19 Luhn-valid digits, payer_phone not 10..15 digits.
 */
import { withLuhnDigit } from '../arbitraries/luhnPan.js';
import type { MerchantCredentials } from '../signing.js';
import { cloneBody, collateralKeys, freshBody, resignAsSent, setField, show } from './body.js';
import type { RuleId } from '../../contracts/index.js';
import { kindOf, type InvalidVariant } from './types.js';
import type { PaymentOperation } from '../../contracts/operations.js';

interface FormatCase {
  field: string;
  value: unknown;
  rule: RuleId;
  what: string;
}

const UUID_LIKE = '3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f';

/** Format cases shared by both operations. */
const TRANSACTION_CASES: readonly FormatCase[] = [
  { field: 'transaction', value: 'not-a-uuid', what: 'not a UUID', rule: 'PRO-VAL-TRANSACTION-UUID' },
  { field: 'transaction', value: '12345', what: 'a number in a string', rule: 'PRO-VAL-TRANSACTION-UUID' },
  { field: 'transaction', value: UUID_LIKE.replace(/-/g, ''), what: 'a UUID without hyphens', rule: 'PRO-VAL-TRANSACTION-UUID' },
  { field: 'transaction', value: UUID_LIKE.slice(0, -1), what: 'a UUID one digit short', rule: 'PRO-VAL-TRANSACTION-UUID' },
  { field: 'transaction', value: UUID_LIKE.slice(0, -1) + 'g', what: 'a UUID with a non-hex digit', rule: 'PRO-VAL-TRANSACTION-UUID' },
];

const INVOICE_CASES: readonly FormatCase[] = [
  { field: 'return_url', value: '/return/path', what: 'relative', rule: 'PRO-VAL-RETURN_URL' },
  { field: 'return_url', value: 'ftp://shop.example/return', what: 'an ftp URL', rule: 'PRO-VAL-RETURN_URL' },
  { field: 'return_url', value: 'not a url', what: 'not a URL', rule: 'PRO-VAL-RETURN_URL' },
  { field: 'return_url', value: 'shop.example/return', what: 'without a scheme', rule: 'PRO-VAL-RETURN_URL' },
  { field: 'payload', value: 'client_id=1', what: 'a string', rule: 'PRO-VAL-PAYLOAD-OBJECT' },
  { field: 'payload', value: [{ client_id: 'user-1', client_ip: '198.51.100.7' }], what: 'an array', rule: 'PRO-VAL-PAYLOAD-OBJECT' },
  { field: 'payload', value: 42, what: 'a number', rule: 'PRO-VAL-PAYLOAD-OBJECT' },
  { field: 'payload.client_ip', value: '999.1.1.1', what: 'an octet over 255', rule: 'PRO-VAL-CLIENT_IP' },
  { field: 'payload.client_ip', value: 'abc', what: 'letters', rule: 'PRO-VAL-CLIENT_IP' },
  { field: 'payload.client_ip', value: '1.2.3', what: 'three octets', rule: 'PRO-VAL-CLIENT_IP' },
  { field: 'payload.client_ip', value: '1.2.3.4.5', what: 'five octets', rule: 'PRO-VAL-CLIENT_IP' },
  { field: 'payload.client_ip', value: '2001:db8::g', what: 'IPv6 with a non-hex digit', rule: 'PRO-VAL-CLIENT_IP' },
];

const VALID_PAN = '4111111111111111';
const nonLuhn = (pan: string): string => pan.slice(0, -1) + String((Number(pan[pan.length - 1]) + 1) % 10);

const ACCOUNT2CARD_CASES: readonly FormatCase[] = [
  { field: 'recipient_pan', value: nonLuhn(VALID_PAN), what: 'failing the Luhn check', rule: 'PRO-VAL-RECIPIENT_PAN' },
  { field: 'recipient_pan', value: withLuhnDigit('41111111111'), what: 'too short (12 digits, Luhn-valid)', rule: 'PRO-VAL-RECIPIENT_PAN' },
  { field: 'recipient_pan', value: withLuhnDigit('4111111111111111111'), what: 'too long (20 digits, Luhn-valid)', rule: 'PRO-VAL-RECIPIENT_PAN' },
  { field: 'recipient_pan', value: '4111 1111 1111 1111', what: 'with spaces', rule: 'PRO-VAL-RECIPIENT_PAN' },
  { field: 'recipient_pan', value: '4111abcd11111111', what: 'with letters', rule: 'PRO-VAL-RECIPIENT_PAN' },
  { field: 'payer_phone', value: 'abcdefghijk', what: 'letters', rule: 'PRO-VAL-PAYER_PHONE' },
  { field: 'payer_phone', value: '799912345', what: 'too short (9 digits)', rule: 'PRO-VAL-PAYER_PHONE' },
  { field: 'payer_phone', value: '7999123456789012', what: 'too long (16 digits)', rule: 'PRO-VAL-PAYER_PHONE' },
  { field: 'payer_phone', value: '++79991234567', what: 'two plus signs', rule: 'PRO-VAL-PAYER_PHONE' },
  { field: 'payer_phone', value: '+7 (999) 123-45-67', what: 'with spaces and punctuation', rule: 'PRO-VAL-PAYER_PHONE' },
];

/** Right-typed, wrongly formatted values, one field at a time; each body otherwise valid and signed as sent. */
export function formatVariants(operation: PaymentOperation, creds: MerchantCredentials): InvalidVariant[] {
  const cases =
    operation === 'invoice'
      ? [...TRANSACTION_CASES, ...INVOICE_CASES]
      : operation === 'account2card'
        ? [...TRANSACTION_CASES, ...ACCOUNT2CARD_CASES]
        : undefined;
  if (cases === undefined) throw new Error(`formatVariants: unknown operation '${String(operation)}'`);
  return cases.map(({ field, value, rule, what }) => {
    const body = cloneBody(freshBody(operation, creds));
    setField(body, field, value);
    resignAsSent(operation, body, creds, [field]);
    return {
      label: `${field} ${what} = ${show(value)}`,
      body,
      breaks: [field],
      mayAlsoReport: collateralKeys(operation, [field]),
      rule,
      kind: kindOf(rule),
      expectRequired: false,
    };
  });
}
