/**
 * Sample documents valid against each contract schema. Typed by the generated types, so a
 * schema change that the types miss fails the typecheck too. Self-tests assert each one is
 * valid; generators and the mock may use them as seeds.
 */
import { readFileSync } from 'node:fs';
import type { SchemaName } from './schema-files.js';
import type { SchemaTypeMap } from './types.gen.js';

export const UUID = '3f2b8c1e-9d4a-4c7b-8e2f-1a2b3c4d5e6f';
export const SHA256 = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
export const CREATED_AT = '20240229T235959.123456Z';

const cardPayment = {
  id: 1001,
  state: 'processing',
  error_code: null,
  error_description: null,
  credentials: { card_pan: '4111111111111111' },
  created_at: CREATED_AT,
} satisfies SchemaTypeMap['payment'];

const fpsPayment = {
  id: 1002,
  state: 'declined',
  error_code: 'E_DECLINED',
  error_description: 'Declined by the payer',
  credentials: { phone: '79001234567', holder: 'Ivan Ivanov' },
  created_at: '20230101T000000.000000Z',
} satisfies SchemaTypeMap['payment'];

const deeplink = {
  SBER_FOREIGN: 'https://sber.example/pay?id=1',
  TINKOFF_FOREIGN: 'https://tinkoff.example/pay?id=1',
  VTB24_FOREIGN: 'bank://vtb/pay/1',
} satisfies SchemaTypeMap['deeplink'];

const invoiceRequest = {
  api_key: 'merchant-key-1',
  transaction: UUID,
  signature: SHA256,
  amount: 10000,
  description: 'Order 42',
  return_url: 'https://merchant.example/return?order=42',
  payload: { client_id: 'user-7', client_ip: '198.51.100.7', campaign: 'spring', nested: { a: [1, 2] } },
} satisfies SchemaTypeMap['invoice-request'];

const invoiceResponse = {
  transaction: UUID,
  redirect_url: 'https://pts.example/pay/1001',
  payment: cardPayment,
  deeplink,
} satisfies SchemaTypeMap['invoice-response'];

const account2cardRequest = {
  api_key: 'merchant-key-1',
  transaction: UUID,
  signature: SHA256.toUpperCase(),
  amount: 100000,
  payer_fio: 'Petr Petrov',
  payer_phone: '+79001234567',
  recipient_pan: '4111111111111111',
} satisfies SchemaTypeMap['account2card-request'];

/** At least one valid document per schema name; the first is the base of the counter-examples. */
export const validExamples: { [N in SchemaName]: ReadonlyArray<SchemaTypeMap[N]> } = {
  common: [{}, { anything: true }],
  'invoice-request': [
    invoiceRequest,
    { ...invoiceRequest, amount: 40000000, payload: { client_id: 'u', client_ip: '2001:db8::1' } },
  ],
  'invoice-response': [invoiceResponse, { ...invoiceResponse, payment: fpsPayment, deeplink: { A_FOREIGN: 'https://a.example/' } }],
  payment: [
    cardPayment,
    fpsPayment,
    { ...cardPayment, state: 'deposited', error_code: 0 },
    { ...cardPayment, error_code: 51, error_description: 'Insufficient funds' },
  ],
  credentials: [{ card_pan: '4111111111111111' }, { phone: '442071838750', holder: 'John Smith' }],
  deeplink: [deeplink, { X1_FOREIGN: 'http://x.example' }],
  'validation-error': [
    { api_key: ['The api key field is required.'] },
    { transaction: ['must be a UUID'], amount: ['too small', 'not an integer'], 'payload.client_ip': ['invalid'] },
  ],
  'message-error': [{ message: 'Unknown error' }, { message: 'Anti-fraud refusal' }],
  'account2card-request': [account2cardRequest, { ...account2cardRequest, amount: 1500000 }],
  'upload-request': [{ api_key: 'merchant-key-1', file: 'VIN;PLATE\n1HGCM82633A004352;A123BC77\n' }],
  'account2card-response': [{ transaction: UUID, payment: { ...cardPayment, state: 'deposited' } }],
  'status-request': [{ api_key: 'merchant-key-1', transaction: UUID, signature: SHA256 }],
  'status-response': [{ transaction: UUID, payment: fpsPayment }],
  callback: [
    { transaction: UUID, payment: { ...cardPayment, state: 'deposited' }, payload: invoiceRequest.payload },
    { transaction: UUID, payment: fpsPayment, payload: {} },
  ],
  'upload-response': [{ message: 'File accepted' }],
  profile: [JSON.parse(readFileSync(new URL('./profile.default.json', import.meta.url), 'utf8')) as SchemaTypeMap['profile']],
  'profile-override': [
    {},
    { http: { validation: 400 } },
    { antifraud: { invoiceClientIp: null }, callbacks: { enabled: false }, $comment: 'a provider without callbacks' },
  ],
};
