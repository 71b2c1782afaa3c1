/**
 * Values of the right type in the wrong format (default profile rules): transaction not a
 * UUID, return_url not an absolute http(s) URL, payload not an object, client_ip not an IP
 * address, recipient_pan not 13..19 Luhn-valid digits, payer_phone not 10..15 digits.
 */
import { isIPv4 } from 'node:net';
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
  return variantsOf(operation, creds, cases);
}

function variantsOf(operation: PaymentOperation, creds: MerchantCredentials, cases: readonly FormatCase[]): InvalidVariant[] {
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

/**
 * return_url values a payer's browser would run or open outside the web, and no absolute http(s) URL
 * however leniently read (ASVS 5.0 1.2.2: only safe URL protocols): javascript: (also in another letter
 * case and with an http URL after it, which an unanchored pattern takes), data:, file:, a scheme-relative URL.
 */
const UNSAFE_RETURN_URLS: readonly FormatCase[] = [
  ['javascript:alert(document.domain)', 'a javascript: URL'],
  ['JavaScript:alert(1)//https://shop.example/return', 'a javascript: URL with an https URL after it'],
  ['javascript://shop.example/%0Aalert(1)', 'a javascript: URL that looks like one with a host'],
  ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'a data: URL'],
  ['file:///etc/passwd', 'a file: URL'],
  ['//shop.example/return', 'a scheme-relative URL'],
].map(([value, what]) => ({ field: 'return_url', value, what, rule: 'PRO-VAL-RETURN_URL' as const }));

/**
 * payload.client_ip values that are not an address: with a prefix length (what a database inet column
 * takes), with a port, in URL brackets, a host name, a forwarded-for list of two.
 */
const NOT_ADDRESSES: readonly FormatCase[] = [
  ['198.51.100.7/24', 'an IPv4 network with a prefix length'],
  ['2001:db8::1/64', 'an IPv6 network with a prefix length'],
  ['198.51.100.7:8080', 'an IPv4 address with a port'],
  ['[2001:db8::1]', 'an IPv6 address in URL brackets'],
  ['[2001:db8::1]:443', 'an IPv6 address in brackets with a port'],
  ['localhost', 'a host name'],
  ['198.51.100.7, 203.0.113.9', 'a forwarded-for list of two addresses'],
].map(([value, what]) => ({ field: 'payload.client_ip', value, what, rule: 'PRO-VAL-CLIENT_IP' as const }));

/** Invoices whose return_url is unsafe ({@link UNSAFE_RETURN_URLS}), each refused keyed return_url. */
export function unsafeReturnUrlVariants(creds: MerchantCredentials): InvalidVariant[] {
  return variantsOf('invoice', creds, UNSAFE_RETURN_URLS);
}

/** Invoices whose client_ip is not an address ({@link NOT_ADDRESSES}), each refused keyed payload.client_ip. */
export function notAnAddressVariants(creds: MerchantCredentials): InvalidVariant[] {
  return variantsOf('invoice', creds, NOT_ADDRESSES);
}

/**
 * Addresses the profile leaves open, which a provider may take or refuse keyed by the field. return_url:
 * credentials in the URL, loopback and cloud-metadata hosts (absolute http URLs; only a provider that
 * fetched the URL would be open to request forgery, and it sends the payer there instead), a CR LF raw (no
 * URL by RFC 3986, one by the URL Standard, which removes it). client_ip: the forms BSD inet_aton reads
 * (two or one parts, hex, octal, a 32-bit integer) and an IPv6 zone.
 */
export const OPEN_ADDRESSES: readonly { field: 'return_url' | 'payload.client_ip'; value: string; what: string }[] = [
  { field: 'return_url', value: 'https://user:secret@shop.example/return', what: 'with credentials' },
  { field: 'return_url', value: 'http://127.0.0.1/return', what: 'to the loopback address' },
  { field: 'return_url', value: 'http://[::1]/return', what: 'to the IPv6 loopback address' },
  { field: 'return_url', value: 'http://169.254.169.254/latest/meta-data/', what: 'to the cloud metadata address' },
  { field: 'return_url', value: 'https://shop.example/return\r\nX-Pts-Injected: 1', what: 'with a raw CR LF' },
  { field: 'payload.client_ip', value: '127.1', what: 'in two parts (inet_aton)' },
  { field: 'payload.client_ip', value: '0x7f.0.0.1', what: 'with a hexadecimal part' },
  { field: 'payload.client_ip', value: '0177.0.0.1', what: 'with an octal part' },
  { field: 'payload.client_ip', value: '2130706433', what: 'as a 32-bit integer' },
  { field: 'payload.client_ip', value: 'fe80::1%eth0', what: 'with an IPv6 zone' },
];

/** client_ip texts that are IPv6 addresses (RFC 4291) some parsers trip over: each taken. */
export const ODD_VALID_ADDRESSES: readonly string[] = ['::ffff:127.0.0.1', '::ffff:7f00:1'];

/**
 * Other spellings of one IP address that denote it (RFC 4291 2.2 and 2.5.5.2: hex digits in either case, zeros
 * written or left out, an IPv4 address as its IPv4-mapped IPv6 address in either notation). Label, spelling.
 */
export function addressSpellings(ip: string): [string, string][] {
  if (isIPv4(ip)) {
    const [a, b, c, d] = ip.split('.').map(Number) as [number, number, number, number];
    const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    return [
      ['IPv4-mapped IPv6', `::ffff:${ip}`],
      ['IPv4-mapped IPv6, upper case', `::FFFF:${ip}`],
      ['IPv4-mapped IPv6, zeros written out', `0:0:0:0:0:ffff:${ip}`],
      ['IPv4-mapped IPv6 in hex', `::ffff:${hex}`],
    ];
  }
  const groups = expandedIpv6(ip);
  return [
    ['upper case', ip.toUpperCase()],
    ['every group written out', groups.map((g) => g.padStart(4, '0')).join(':')],
    ['no zeros left out', groups.join(':')],
  ].filter(([, spelled]) => spelled !== ip) as [string, string][];
}

/** The eight groups of an IPv6 address, without leading zeros, lower case. */
function expandedIpv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const fill = tail === undefined ? [] : Array.from({ length: 8 - part(head).length - part(tail).length }, () => '0');
  return [...part(head), ...fill, ...part(tail ?? '')].map((g) => g.replace(/^0+(?=.)/, ''));
}
